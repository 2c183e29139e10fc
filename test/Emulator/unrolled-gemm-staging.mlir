// The GEMM example unrolled by 2 (tile-unroll{factor=2}: two dots in the
// main loop and one in the remainder loop) lowers with the threadgroup
// memory of one dot: every dot uses its staging buffers only between its
// own two barriers, so the dots share them. (It used to need 3 x 16 KiB
// unpadded, 49152 bytes, and was refused.) It must match the interpreter on
// a ragged shape whose K leaves a remainder iteration. tile-opt's output
// keeps the parameters' names (%A, ...), so tile-run takes them by name.

// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-unroll=factor=2 > %t.mlir
// RUN: tile-opt %t.mlir --tile-to-applegpu=target=apple9 | FileCheck %s --check-prefix=IR
// RUN: tile-run %t.mlir --arg A=f32:13231:random:1 --arg B=f32:16899:random:2 --arg C=f32:13029:zeros --arg M=101 --arg N=129 --arg K=131 --compare --schedules 3 --stats | FileCheck %s
// RUN: tile-run %t.mlir --target apple10 --arg A=f32:13231:random:1 --arg B=f32:16899:random:2 --arg C=f32:13029:zeros --arg M=101 --arg N=129 --arg K=131 --compare --schedules 3 | FileCheck %s --check-prefix=M5

// Two buffers in all (A and B, rows padded by 4 floats) in one arena, used
// by all three dots.
// IR:      applegpu.alloc_threadgroup : memref<17920xi8, #applegpu.address_space<threadgroup>>
// IR-NEXT: applegpu.threadgroup_view %{{.*}}[0] : {{.*}} to memref<2304xf32, #applegpu.address_space<threadgroup>>
// IR-NEXT: applegpu.threadgroup_view %{{.*}}[9216] : {{.*}} to memref<2176xf32, #applegpu.address_space<threadgroup>>
// IR-NOT:  applegpu.alloc_threadgroup
// IR-NOT:  applegpu.threadgroup_view

// CHECK:      ran matmul on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok
// CHECK:      17920 bytes per threadgroup

// M5:      ran matmul on the emulator: ok
// M5-NEXT: compare C: max abs error {{.*}}: ok
