// Software-pipelined K loops (num_stages = 2 and 3) on the simdgroup
// backend, on ragged shapes, under 3 thread orders, against the
// interpreter, f32 and f16, with and without a bias + relu epilogue. The
// loads of the next N - 1 iterations are read ahead into registers
// (tile-pipeline-loads) and the dots alternate between two staging halves:
// one barrier per staging step instead of two, plus one after the loop
// (and 2 for the bias's layout conversion).
//
// 64x64x32 tiles, 257x129x65: 15 threadgroups, 3 K steps (an odd count:
// the last iteration's half differs from the first's), (3 + 1) x 15 = 60
// barriers (without pipelining: 90).
// RUN: tile-run --schedules 3 %s --kernel gemm_f32_s2 --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare --stats | FileCheck %s --check-prefix=F32-S2
// F32-S2: ran gemm_f32_s2 on the emulator: ok
// F32-S2-NEXT: compare C: max abs error {{.*}}: ok
// F32-S2-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 60,
// F32-S2: 32768 bytes per threadgroup
//
// 257x130x100: 4 K steps (even), (4 + 1) x 15 = 75 barriers.
// RUN: tile-run --schedules 3 %s --kernel gemm_f32_s2 --grid 5,3 --arg A=f32:25700:random:1 --arg B=f32:13000:random:2 --arg C=f32:33410:zeros --arg M=257 --arg N=130 --arg K=100 --compare --stats | FileCheck %s --check-prefix=F32-S2-EVEN
// F32-S2-EVEN: ran gemm_f32_s2 on the emulator: ok
// F32-S2-EVEN-NEXT: compare C: max abs error {{.*}}: ok
// F32-S2-EVEN-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 75,
//
// RUN: tile-run --schedules 3 %s --kernel gemm_f16_s3 --grid 5,3 --arg A=f16:16705:random:1 --arg B=f16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare --stats | FileCheck %s --check-prefix=F16-S3
// F16-S3: ran gemm_f16_s3 on the emulator: ok
// F16-S3-NEXT: compare C: max abs error {{.*}}: ok
// F16-S3-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 60,
//
// With the epilogue: (3 + 1 + 2) x 15 = 90 barriers.
// RUN: tile-run --schedules 3 %s --kernel gemm_bias_relu_f16_s2 --grid 5,3 --arg A=f16:16705:random:1 --arg B=f16:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg M=257 --arg N=129 --arg K=65 --compare --stats | FileCheck %s --check-prefix=F16-EPI
// F16-EPI: ran gemm_bias_relu_f16_s2 on the emulator: ok
// F16-EPI-NEXT: compare C: max abs error {{.*}}: ok
// F16-EPI-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 90,
//
// f32 64x64x32 with the epilogue: two halves of a whole K step take 32768
// bytes; the bias's 256 reuse them after the loop
// (tile-plan-threadgroup-memory), so the whole K step alternates (summed,
// they did not fit: halves of 16-column sub-steps, 2 barriers per K step,
// 165 barriers). 257x130x100 is 4 K steps: (4 + 1 + 2) x 15 = 105
// barriers.
// RUN: tile-run --schedules 3 %s --kernel gemm_bias_relu_f32_s3 --grid 5,3 --arg A=f32:25700:random:1 --arg B=f32:13000:random:2 --arg C=f32:33410:zeros --arg Bias=f32:130:random:3 --arg M=257 --arg N=130 --arg K=100 --compare --stats | FileCheck %s --check-prefix=F32-EPI
// F32-EPI: ran gemm_bias_relu_f32_s3 on the emulator: ok
// F32-EPI-NEXT: compare C: max abs error {{.*}}: ok
// F32-EPI-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 105,
//
// A's K index is the loop's plus an offset (A has %off leading columns to
// skip): the loads read ahead cannot rely on the bounds to mask an
// iteration past the end and are guarded (tile-pipeline-loads).
// RUN: tile-run --schedules 3 %s --kernel gemm_offset_f32_s3 --grid 5,3 --arg A=f32:19275:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --arg off=10 --compare --stats | FileCheck %s --check-prefix=OFFSET
// OFFSET: ran gemm_offset_f32_s3 on the emulator: ok
// OFFSET-NEXT: compare C: max abs error {{.*}}: ok
// OFFSET-NEXT: stats: threadgroups 15, threads 1920, threadgroup barriers 60,
//
// On apple10 the tensor-ops backend reads these operands through tensor
// views from device memory: nothing to read ahead or stage (a remark says
// so), same results.
// RUN: tile-run --target apple10 --schedules 3 %s --kernel gemm_f16_s3 --grid 5,3 --arg A=f16:16705:random:1 --arg B=f16:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare 2>&1 | FileCheck %s --check-prefix=TENSOR-OPS
// TENSOR-OPS: remark: num_stages = 3: no tile.load of this loop can be read ahead
// TENSOR-OPS: ran gemm_f16_s3 on the emulator: ok
// TENSOR-OPS-NEXT: compare C: max abs error {{.*}}: ok
//
// f32 128x128x32 with bias + relu on 4x4 SIMD groups: two halves of a whole
// K step do not fit; two unpadded halves of 16-column sub-steps take 32768
// bytes, which the bias's conversion after the loop reuses (2 barriers per
// K step; with the bias's bytes counted apart, 8-column sub-steps and 4):
// 257x129x65 is 3 K steps: (3 x 2 + 1 + 2) x 6 = 54 barriers.
// RUN: tile-run --schedules 3 %s --kernel gemm_bias_relu_128_f32_s3 --grid 3,2 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg Bias=f32:129:random:3 --arg M=257 --arg N=129 --arg K=65 --compare --stats | FileCheck %s --check-prefix=F32-128
// F32-128: ran gemm_bias_relu_128_f32_s3 on the emulator: ok
// F32-128-NEXT: compare C: max abs error {{.*}}: ok
// F32-128-NEXT: stats: threadgroups 6, threads 3072, threadgroup barriers 54,

func.func @gemm_f32_s2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
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
  } {num_stages = 2}
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_f16_s3(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
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
  } {num_stages = 3}
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_bias_relu_f16_s2(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>, %Bias: memref<?xf32>,
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
  } {num_stages = 2}
  %bv = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bb = tile.broadcast %bv dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %s = arith.addf %acc, %bb : tensor<64x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = arith.maximumf %s, %z : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_bias_relu_f32_s3(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %Bias: memref<?xf32>,
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
  } {num_stages = 3}
  %bv = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bb = tile.broadcast %bv dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %s = arith.addf %acc, %bb : tensor<64x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = arith.maximumf %s, %z : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

func.func @gemm_bias_relu_128_f32_s3(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %Bias: memref<?xf32>,
    %M: index, %N: index, %K: index)
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
  } {num_stages = 3}
  %bv = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<128xf32>
  %bb = tile.broadcast %bv dim 1 : tensor<128xf32> -> tensor<128x128xf32>
  %s = arith.addf %acc, %bb : tensor<128x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %r = arith.maximumf %s, %z : tensor<128x128xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}

func.func @gemm_offset_f32_s3(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
    %M: index, %N: index, %K: index, %off: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bm : index
  %lda = arith.addi %K, %off : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %ka = arith.addi %k, %off : index
    %a = tile.load %A[%row, %ka] strides [%lda, %c1] bounds [%M, %lda] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  } {num_stages = 3}
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
