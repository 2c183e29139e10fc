// tile-run --compare: the gemm 128x128x32 4x4 GEMM kernel (Inputs/gemm_128x128x32_4x4.mlir)
// against the tile interpreter on aligned and ragged shapes, each under three
// thread orders (races would make them disagree).

// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:4096:random:1 --arg B=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:4096:random:1 --arg B=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:16384:random:1 --arg B=f32:16384:random:2 --arg C=f32:16384:zeros --arg M=128 --arg N=128 --arg K=128 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:16384:random:1 --arg B=f32:16384:random:2 --arg C=f32:16384:zeros --arg M=128 --arg N=128 --arg K=128 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:1:random:1 --arg B=f32:1:random:2 --arg C=f32:1:zeros --arg M=1 --arg N=1 --arg K=1 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:1:random:1 --arg B=f32:1:random:2 --arg C=f32:1:zeros --arg M=1 --arg N=1 --arg K=1 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:64:random:1 --arg B=f32:64:random:2 --arg C=f32:64:zeros --arg M=8 --arg N=8 --arg K=8 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 1,1 --arg A=f32:64:random:1 --arg B=f32:64:random:2 --arg C=f32:64:zeros --arg M=8 --arg N=8 --arg K=8 --compare | FileCheck %s
// RUN: tile-run %S/Inputs/gemm_128x128x32_4x4.mlir --grid 3,2 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_128x128x32_4x4.mlir --grid 3,2 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s

// CHECK: ran gemm on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok
