// Dots whose operands do not fit in 32 KiB of threadgroup memory at once are
// staged in K sub-steps (stage A[:, step] and B[step, :], barrier, MMAs,
// barrier), on ragged shapes, under 3 thread orders, against the
// interpreter. Barriers per threadgroup: K steps x sub-steps x 2 (+ 2 for a
// bias vector's layout conversion).

// The meTile seed's f32 128x128x64 config on 4x4 SIMD groups: 64 KiB per K
// step, staged 32 columns at a time (32768 bytes). 257x130x100: 2 K steps,
// 2 sub-steps each: 8 barriers x 6 threadgroups.
// RUN: tile-run --target apple9 --schedules 3 %s --kernel gemm_128x128x64_f32 --grid 3,2 --arg A=f32:25700:random:1 --arg B=f32:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare --stats | FileCheck %s --check-prefix=F32-64
// F32-64: ran gemm_128x128x64_f32 on the emulator: ok
// F32-64-NEXT: compare C: max abs error {{.*}}: ok
// F32-64-NEXT: stats: threadgroups 6, threads 3072, threadgroup barriers 48,
// F32-64: 32768 bytes per threadgroup

// f32 128x128x32 with a bias + relu epilogue: a whole K step (32768 bytes)
// and the bias's 512 bytes did not fit together; the bias's conversion,
// after the loop, now reuses the staging bytes (tile-plan-threadgroup-memory)
// and the whole K step is staged at once. 257x129x65: 3 K steps x 2 + 2 = 8
// barriers (14 with 16-column sub-steps).
// RUN: tile-run --target apple9 --schedules 3 %s --kernel gemm_bias_relu_128x128x32_f32 --grid 3,2 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg M=257 --arg N=129 --arg K=65 --compare --stats | FileCheck %s --check-prefix=EPILOGUE
// EPILOGUE: ran gemm_bias_relu_128x128x32_f32 on the emulator: ok
// EPILOGUE-NEXT: compare C: max abs error {{.*}}: ok
// EPILOGUE-NEXT: stats: threadgroups 6, threads 3072, threadgroup barriers 48,
// EPILOGUE: 32768 bytes per threadgroup

// f16 128x128x128: 64 KiB per K step, 64 columns at a time. 257x130x200:
// 2 K steps x 2 sub-steps x 2 = 8 barriers.
// RUN: tile-run --target apple9 --schedules 3 %s --kernel gemm_128x128x128_f16 --grid 3,2 --arg A=f16:51400:random:1 --arg B=f16:26000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=200 --compare --stats | FileCheck %s --check-prefix=F16-128
// F16-128: ran gemm_128x128x128_f16 on the emulator: ok
// F16-128-NEXT: compare C: max abs error {{.*}}: ok
// F16-128-NEXT: stats: threadgroups 6, threads 3072, threadgroup barriers 48,
// F16-128: 32768 bytes per threadgroup

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

func.func @gemm_bias_relu_128x128x32_f32(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                                         %Bias: memref<?xf32>, %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 128 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<128x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x128xf32>
    %d = tile.dot %a, %b, %a0 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  }
  %bv = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<128xf32>
  %bb = tile.broadcast %bv dim 1 : tensor<128xf32> -> tensor<128x128xf32>
  %s = arith.addf %acc, %bb : tensor<128x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = arith.maximumf %s, %z : tensor<128x128xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}

func.func @gemm_128x128x128_f16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                                %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 128 : index
  %bm = arith.constant 128 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<128x128xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<128x128xf16>
    %d = tile.dot %a, %b, %a0 : tensor<128x128xf16>, tensor<128x128xf16> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}
