// tile-run --compare with B stored transposed (N x K, read with strides [1, K])
// and A a strided, non-contiguous view (column stride 2, row stride lda).

// RUN: tile-run %S/Inputs/gemm_bt.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg Bt=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_bt.mlir --grid 2,1 --arg A=f32:5300:random:1 --arg Bt=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run %S/Inputs/gemm_bt.mlir --grid 1,1 --arg A=f32:4096:random:1 --arg Bt=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_bt.mlir --grid 1,1 --arg A=f32:4096:random:1 --arg Bt=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run %S/Inputs/gemm_bt.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg Bt=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_bt.mlir --grid 5,3 --arg A=f32:16705:random:1 --arg Bt=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=BT
// RUN: tile-run %S/Inputs/gemm_strided_a.mlir --grid 2,1 --arg A=f32:10900:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --arg lda=109 --compare | FileCheck %s --check-prefix=SA
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_strided_a.mlir --grid 2,1 --arg A=f32:10900:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --arg lda=109 --compare | FileCheck %s --check-prefix=SA
// RUN: tile-run %S/Inputs/gemm_strided_a.mlir --grid 1,1 --arg A=f32:8384:random:1 --arg B=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --arg lda=131 --compare | FileCheck %s --check-prefix=SA
// RUN: tile-run --target apple10 --schedules 3 %S/Inputs/gemm_strided_a.mlir --grid 1,1 --arg A=f32:8384:random:1 --arg B=f32:4096:random:2 --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=64 --arg lda=131 --compare | FileCheck %s --check-prefix=SA

// BT: ran gemm_bt on the emulator: ok
// BT-NEXT: compare C: max abs error {{.*}}: ok
// SA: ran gemm_strided_a on the emulator: ok
// SA-NEXT: compare C: max abs error {{.*}}: ok
