// tile-run --compare on GEMMs whose program ids go through each tile.swizzle
// pattern, on grids that are and are not multiples of the blocks: every tile
// of C is computed exactly once, wherever the swizzle sends its program.

// The default pipeline swizzles 2-D kernels without a tile.swizzle (morton,
// block 2): the GEMM example, on grids with and without whole 2x2 squares.
// RUN: tile-run %tile_src_root/examples/gemm.mlir --grid 3,5 --arg A=f32:6660:random:1 --arg B=f32:11100:random:2 --arg C=f32:54000:zeros --arg M=180 --arg N=300 --arg K=37 --compare --emit-msl %t.metal | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm.mlir --grid 3,5 --arg A=f32:6660:random:1 --arg B=f32:11100:random:2 --arg C=f32:54000:zeros --arg M=180 --arg N=300 --arg K=37 --compare | FileCheck %s
// RUN: FileCheck %s --check-prefix=MORTON < %t.metal
// MORTON: uint3 tgcount {{\[\[}}threadgroups_per_grid]]
// RUN: tile-run %tile_src_root/examples/gemm.mlir --grid 4,4 --arg A=f32:5412:random:1 --arg B=f32:5500:random:2 --arg C=f32:61500:zeros --arg M=246 --arg N=250 --arg K=22 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %tile_src_root/examples/gemm.mlir --grid 4,4 --arg A=f32:5412:random:1 --arg B=f32:5500:random:2 --arg C=f32:61500:zeros --arg M=246 --arg N=250 --arg K=22 --compare | FileCheck %s

// RUN: tile-run %S/Inputs/gemm_swizzle_linear.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_linear.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_linear.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_linear.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_linear.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_linear.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_linear.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_linear.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_diagonal.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_diagonal.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_diagonal.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_diagonal.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_diagonal.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_diagonal.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_diagonal.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_diagonal.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_morton.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_morton.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_morton.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_morton.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_morton.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_morton.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_morton.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_morton.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_grouped.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_grouped.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_grouped.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_grouped.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_grouped.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_grouped.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_grouped.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_grouped.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_hilbert.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_hilbert.mlir --grid 3,5 --arg A=f32:1820:random:1 --arg B=f32:3140:random:2 --arg C=f32:14287:zeros --arg M=91 --arg N=157 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_hilbert.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_hilbert.mlir --grid 4,4 --arg A=f32:2460:random:1 --arg B=f32:2500:random:2 --arg C=f32:15375:zeros --arg M=123 --arg N=125 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_hilbert.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_hilbert.mlir --grid 7,9 --arg A=f32:4380:random:1 --arg B=f32:5700:random:2 --arg C=f32:62415:zeros --arg M=219 --arg N=285 --arg K=20 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_swizzle_hilbert.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_swizzle_hilbert.mlir --grid 16,16 --arg A=f32:10140:random:1 --arg B=f32:10180:random:2 --arg C=f32:258063:zeros --arg M=507 --arg N=509 --arg K=20 --compare | FileCheck %s

// CHECK: ran {{matmul|gemm_[a-z]+}} on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok
