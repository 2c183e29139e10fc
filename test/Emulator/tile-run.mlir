// tile-run's other outputs: --stats (exact counters for a vector add of
// 1000 floats: every element read once from X and Y, written once to Z),
// --emit-msl (the MSL it ran, with the source's parameter names), and
// running existing MSL with its ABI (what tile-translate wrote).

// RUN: tile-run %tile_src_root/examples/vector_add.mlir --grid 4 --arg X=f32:1000:random:1 --arg Y=f32:1000:random:2 --arg Z=f32:1000:zeros --arg n=1000 --compare --stats --emit-msl %t.metal | FileCheck %s --check-prefix=STATS
// STATS:      ran vector_add on the emulator: ok
// STATS-NEXT: compare Z: max abs error 0, max rel error 0 {{.*}}: ok
// STATS-NEXT: stats: threadgroups 4, threads 256, threadgroup barriers 0, simdgroup barriers 0, simdgroup MMAs 0
// STATS-NEXT: stats: buffer X: 4000 bytes read, 0 bytes written
// STATS-NEXT: stats: buffer Y: 4000 bytes read, 0 bytes written
// STATS-NEXT: stats: buffer Z: 0 bytes read, 4000 bytes written
// STATS-NEXT: stats: global memory: 8000 bytes read, 4000 bytes written
// STATS-NEXT: stats: threadgroup memory: 0 bytes read, 0 bytes written, 0 bytes per threadgroup

// RUN: FileCheck %s --check-prefix=EMITTED < %t.metal
// EMITTED: {{\[\[}}kernel]] void vector_add(
// EMITTED-NEXT: device const float* X {{\[\[}}buffer(0)]],
// EMITTED-NEXT: device const float* Y {{\[\[}}buffer(1)]],
// EMITTED-NEXT: device float* Z {{\[\[}}buffer(2)]],
// EMITTED-NEXT: constant uint& n {{\[\[}}buffer(3)]],

// The GEMM example's MSL and ABI from tile-translate, run as MSL: the
// parameters keep the source's names (tile-opt names the kernel's arguments
// as the source text does), and without --grid the launch grid is the one
// the ABI computes (ceildiv(M, 64) x ceildiv(N, 64): 2 x 1 here).
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.gemm.metal
// RUN: tile-run %t.gemm.metal --abi %t.json --arg A=f32:5300:random --arg B=f32:1961:random --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --stats | FileCheck %s --check-prefix=GEMM
// GEMM:      ran matmul on the emulator: ok
// GEMM-NEXT: stats: threadgroups 2, threads 256, threadgroup barriers 8, simdgroup barriers 0, simdgroup MMAs 1024
// GEMM:      stats: threadgroup memory: {{[0-9]+}} bytes read, {{[0-9]+}} bytes written, 17920 bytes per threadgroup

// A hand-written kernel with a different builtin (thread_position_in_grid).
// RUN: tile-run %S/fixtures/vector_add.metal --abi %S/Inputs/vector_add.json --grid 3 --arg a=f32:150:random --arg b=f32:150:random --arg out=f32:150:zeros --arg n=150 | FileCheck %s --check-prefix=HAND
// HAND: ran vector_add on the emulator: ok
