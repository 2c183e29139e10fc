// The reduction examples (row softmax, layernorm, TinyTon's loop_sum,
// tiled_dot and tiled_matmul) match the tile interpreter on the emulator on
// ragged shapes, under three thread schedules, on apple7 and apple9; their
// `make run` MSL compiles against the shim.

// RUN: tile-run %tile_src_root/examples/softmax.mlir --target apple9 --schedules 3 --grid 5 --arg X=f32:3700:random:1 --arg Y=f32:3700:zeros --arg M=37 --arg N=100 --compare | FileCheck %s --check-prefix=SOFTMAX
// RUN: tile-run %tile_src_root/examples/softmax.mlir --target apple7 --schedules 3 --grid 2 --arg X=f32:117:random:2 --arg Y=f32:117:zeros --arg M=9 --arg N=13 --compare | FileCheck %s --check-prefix=SOFTMAX
// RUN: tile-run %tile_src_root/examples/layernorm.mlir --target apple9 --schedules 3 --grid 5 --arg X=f32:3700:random:1 --arg Gamma=f32:100:random:2 --arg Beta=f32:100:random:3 --arg Y=f32:3700:zeros --arg M=37 --arg N=100 --arg eps=0.00001 --compare | FileCheck %s --check-prefix=LAYERNORM
// RUN: tile-run %tile_src_root/examples/layernorm.mlir --target apple7 --schedules 3 --grid 3 --arg X=f32:2211:random:4 --arg Gamma=f32:123:random:5 --arg Beta=f32:123:random:6 --arg Y=f32:2211:zeros --arg M=17 --arg N=123 --arg eps=0.001 --compare | FileCheck %s --check-prefix=LAYERNORM
// RUN: tile-run %tile_src_root/examples/tinyton/loop_sum.mlir --target apple9 --schedules 3 --grid 1 --arg src=f32:1000:random:1 --arg dst=f32:1:zeros --arg N=1000 --compare | FileCheck %s --check-prefix=LOOPSUM
// RUN: tile-run %tile_src_root/examples/tinyton/loop_sum.mlir --target apple7 --schedules 3 --grid 1 --arg src=f32:77:random:2 --arg dst=f32:1:zeros --arg N=77 --compare | FileCheck %s --check-prefix=LOOPSUM
// RUN: tile-run %tile_src_root/examples/tinyton/tiled_dot.mlir --target apple9 --schedules 3 --grid 37 --arg A=f32:7363:random:1 --arg B=f32:199:random:2 --arg C=f32:37:zeros --arg M=37 --arg K=199 --compare | FileCheck %s --check-prefix=DOT
// RUN: tile-run %tile_src_root/examples/tinyton/tiled_dot.mlir --target apple7 --schedules 3 --grid 5 --arg A=f32:165:random:3 --arg B=f32:33:random:4 --arg C=f32:5:zeros --arg M=5 --arg K=33 --compare | FileCheck %s --check-prefix=DOT
// RUN: tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir --target apple9 --schedules 3 --grid 13 --arg A=f32:2587:random:1 --arg B=f32:2189:random:2 --arg C=f32:143:zeros --arg M=13 --arg N=11 --arg K=199 --compare | FileCheck %s --check-prefix=MATMUL
// RUN: tile-run %tile_src_root/examples/tinyton/tiled_matmul.mlir --target apple7 --schedules 3 --grid 3 --arg A=f32:21:random:3 --arg B=f32:35:random:4 --arg C=f32:15:zeros --arg M=3 --arg N=5 --arg K=7 --compare | FileCheck %s --check-prefix=MATMUL

// RUN: tile-opt %tile_src_root/examples/softmax.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.softmax.metal
// RUN: %msl_check %t.softmax.metal
// RUN: tile-opt %tile_src_root/examples/layernorm.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.layernorm.metal
// RUN: %msl_check %t.layernorm.metal
// RUN: tile-opt %tile_src_root/examples/tinyton/tiled_matmul.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.matmul.metal
// RUN: %msl_check %t.matmul.metal

// The row softmax reads each input element from device memory once and
// reduces with SIMD-group shuffles, without threadgroup memory.
// RUN: tile-run %tile_src_root/examples/softmax.mlir --grid 5 --arg X=f32:3700:random:1 --arg Y=f32:3700:zeros --arg M=37 --arg N=100 --stats | FileCheck %s --check-prefix=TRAFFIC
// RUN: FileCheck %s --check-prefix=SOFTMAX-MSL < %t.softmax.metal

// SOFTMAX: ran softmax on the emulator: ok
// SOFTMAX-NEXT: compare Y: {{.*}}: ok
// LAYERNORM: ran layernorm on the emulator: ok
// LAYERNORM-NEXT: compare Y: {{.*}}: ok
// LOOPSUM: ran loop_sum on the emulator: ok
// LOOPSUM-NEXT: compare dst: {{.*}}: ok
// DOT: ran tiled_dot on the emulator: ok
// DOT-NEXT: compare C: {{.*}}: ok
// MATMUL: ran tiled_matmul on the emulator: ok
// MATMUL-NEXT: compare C: {{.*}}: ok

// TRAFFIC: stats: threadgroups 5, threads 1280, threadgroup barriers 0
// TRAFFIC: stats: buffer X: 14800 bytes read, 0 bytes written
// TRAFFIC: stats: threadgroup memory: 0 bytes read, 0 bytes written, 0 bytes per threadgroup

// SOFTMAX-MSL: {{\[\[}}kernel]] void softmax(
// SOFTMAX-MSL-NOT: threadgroup float
// SOFTMAX-MSL: simd_shuffle_xor({{.*}}, ushort(16))
// SOFTMAX-MSL: simd_shuffle_xor({{.*}}, ushort(1))
// SOFTMAX-MSL: exp(
// SOFTMAX-MSL: simd_shuffle_xor({{.*}}, ushort(16))
