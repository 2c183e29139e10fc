// SIMD-group functions (simd_sum & co.) through tile-run on hand-written MSL
// (fixtures/simd_functions.metal, ABI in Inputs/simd_functions.json): --stats
// counts them once per SIMD-group and call, and one that only some threads of
// a SIMD-group reach is reported, naming the function, with exit status 1.
// (Their results are checked by simd-functions.c.)

// A threadgroup of 48 threads: 2 SIMD-groups (the second has 16 threads),
// one simd_sum per thread. (One threadgroup: every threadgroup would store
// to the same out[t], a race between threadgroups.)
// RUN: tile-run %S/fixtures/simd_functions.metal --abi %S/Inputs/simd_functions.json --kernel sum_below_48 --grid 1 --arg in=f32:48:ones --arg out=f32:48:zeros --stats | FileCheck %s --check-prefix=STATS
// STATS:      ran sum_below_48 on the emulator: ok
// STATS-NEXT: stats: threadgroups 1, threads 48, threadgroup barriers 0, simdgroup barriers 0, simdgroup MMAs 0, simd collectives 2

// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/simd_functions.metal --abi %S/Inputs/simd_functions.json --kernel sum_in_if --grid 1 --arg in=f32:32:random --arg out=f32:32:zeros 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: tile-run: kernel 'sum_in_if', threadgroup (0,0,0), thread 0: simd_sum in divergent control flow {{.*}} thread 16 has returned from the kernel
