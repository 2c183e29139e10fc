// The meTile seed's two autotune configurations, f32 and f16, on ragged
// shapes: 64x64 output tiles with K step 32 on 2x2 SIMD groups, and 128x128
// tiles with K step 64 on 4x4 SIMD groups. On apple10 (tensor ops) both read
// their operands through device tensor views and need no threadgroup memory;
// on apple9 (simdgroup_matrix) all run: the f32 128x128x64 one would need
// 64 KiB to stage a whole K step, so it stages 32 columns of K at a time.

// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_64x64x32_f32 --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=F32-64
// RUN: tile-run --target apple9 %s --kernel gemm_64x64x32_f32 --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=F32-64
// F32-64: ran gemm_64x64x32_f32 on the emulator: ok
// F32-64-NEXT: compare C: max abs error {{.*}}: ok

// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_64x64x32_f16 --grid 5,3 --arg A=f16:16705:random:1 --arg B=f16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=F16-64
// RUN: tile-run --target apple9 %s --kernel gemm_64x64x32_f16 --grid 5,3 --arg A=f16:16705:random:1 --arg B=f16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=F16-64
// F16-64: ran gemm_64x64x32_f16 on the emulator: ok
// F16-64-NEXT: compare C: max abs error {{.*}}: ok

// And bf16 operands (f32 accumulation), on the 64x64 configuration.
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_64x64x32_bf16 --grid 5,3 --arg A=bf16:16705:random:1 --arg B=bf16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=BF16-64
// RUN: tile-run --target apple9 %s --kernel gemm_64x64x32_bf16 --grid 5,3 --arg A=bf16:16705:random:1 --arg B=bf16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s --check-prefix=BF16-64
// BF16-64: ran gemm_64x64x32_bf16 on the emulator: ok
// BF16-64-NEXT: compare C: max abs error {{.*}}: ok

// RUN: tile-run --target apple9 --schedules 3 %s --kernel gemm_128x128x64_f32 --grid 3,2 --arg A=f32:25700:random:1 --arg B=f32:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare | FileCheck %s --check-prefix=F32-128
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_128x128x64_f32 --grid 3,2 --arg A=f32:25700:random:1 --arg B=f32:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare | FileCheck %s --check-prefix=F32-128
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_128x128x64_f32 --grid 1,1 --arg A=f32:8192:random:1 --arg B=f32:8192:random:2 --arg C=f32:16384:zeros --arg M=128 --arg N=128 --arg K=64 --compare | FileCheck %s --check-prefix=F32-128
// F32-128: ran gemm_128x128x64_f32 on the emulator: ok
// F32-128-NEXT: compare C: max abs error {{.*}}: ok

// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_128x128x64_f16 --grid 3,2 --arg A=f16:25700:random:1 --arg B=f16:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare | FileCheck %s --check-prefix=F16-128
// RUN: tile-run --target apple9 %s --kernel gemm_128x128x64_f16 --grid 3,2 --arg A=f16:25700:random:1 --arg B=f16:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare | FileCheck %s --check-prefix=F16-128
// F16-128: ran gemm_128x128x64_f16 on the emulator: ok
// F16-128-NEXT: compare C: max abs error {{.*}}: ok

func.func @gemm_64x64x32_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                             %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_64x64x32_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                             %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<64x32xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<32x64xf16>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_64x64x32_bf16(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xf32>,
                             %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xbf16> -> tensor<64x32xbf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xbf16> -> tensor<32x64xbf16>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_128x128x64_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                               %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<128x64xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<64x128xf32>
    %d = tile.dot %a, %b, %a0 : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}

func.func @gemm_128x128x64_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                               %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 64 : index
  %bm = arith.constant 128 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<128x64xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<64x128xf16>
    %d = tile.dot %a, %b, %a0 : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}
