// The emulator's fault finding, through tile-run on hand-written MSL
// (fixtures/*.metal, ABIs in Inputs/*.json): each fault is detected,
// reported with kernel, threadgroup and thread where it has one, and makes
// tile-run exit with 1.

// A race: the result depends on the thread order.
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/race.metal --abi %S/Inputs/race.json --kernel write_write_race --grid 1 --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/race.metal --abi %S/Inputs/race.json --kernel read_write_race --grid 1 --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: tile-run: kernel '{{.*}}_race': the result depends on the order in which threads run {{.*}}: buffer 'out' element 0 is {{.*}} under schedule 0 (forward) but {{.*}} under schedule {{[0-9]+}}

// Threadgroup memory read before any thread wrote it.
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/uninit.metal --abi %S/Inputs/uninit.json --grid 1 --arg out=f32:64:zeros --arg out_h=f16:64:zeros 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: tile-run: kernel read_uninitialized: 64 reads of threadgroup memory no thread wrote; the first by thread 32 of threadgroup (0, 0, 0) at byte 128

// A write one element past the end of a buffer.
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/oob.metal --abi %S/Inputs/oob.json --grid 2 --arg in=f32:64:random --arg out=f32:32:zeros --arg n=64 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: tile-run: kernel 'write_past_end', threadgroup (0,0,0), thread 31: out-of-bounds write of buffer 'out' at element 32 (the buffer has 128 bytes = 32 elements of 4 bytes)

// The same off-by-one on a 37-float buffer stays within the 16-byte
// alignment slack behind it (no fault); the canary there reports it.
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/oob_slack.metal --abi %S/Inputs/oob.json --grid 2 --arg in=f32:37:random --arg out=f32:37:zeros --arg n=37 2>&1 | FileCheck %s --check-prefix=SLACK
// SLACK: tile-run: kernel 'write_past_end': out-of-bounds write of buffer 'out' at element 37 (the buffer has 148 bytes; found after the run in the alignment slack behind it)

// A barrier that only some threads reach, and an MMA in divergent control
// flow: reported, not a hang.
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/divergent_barrier.metal --abi %S/Inputs/divergent_barrier.json --grid 1 --arg out=f32:32:zeros 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: tile-run: kernel 'barrier_in_if', threadgroup (0,0,0), thread 0: divergent barrier {{.*}} thread 16 has returned from the kernel
// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/divergent_mma.metal --abi %S/Inputs/divergent_mma.json --grid 1 --arg in=f32:64:random --arg out=f32:64:zeros 2>&1 | FileCheck %s --check-prefix=MMA
// MMA: tile-run: kernel 'mma_in_if', threadgroup (0,0,0), thread 0: simdgroup_multiply_accumulate in divergent control flow

// RUN: sh %S/Inputs/expect-exit.sh 1 tile-run %S/fixtures/divergent_load.metal --abi %S/Inputs/divergent_load.json --grid 1 --arg in=f32:64:random --arg out=f32:64:zeros 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: tile-run: kernel 'load_in_if', threadgroup (0,0,0), thread 0: simdgroup_load/simdgroup_store in divergent control flow
