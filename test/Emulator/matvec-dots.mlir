// tile.matvec dots (at most 8 rows; tile-assign-layouts-matvec.mlir) on the
// emulator against the interpreter, ragged, under three thread orders:
// 5 of 8 rows with a K loop (lanes of a column group split K), and whole
// columns per thread (N / V = 128 column groups on 128 threads), on both
// targets; none runs a simdgroup_matrix multiply.

// RUN: tile-run %s --kernel rows8 --arg A=f32:555:random:1 --arg B=f32:11100:random:2 --arg C=f32:500:random:3 --arg M=5 --arg N=100 --arg K=111 --compare --schedules 3 --stats | FileCheck %s --check-prefix=ROWS8
// RUN: tile-run %s --kernel rows8 --target apple10 --arg A=f32:555:random:1 --arg B=f32:11100:random:2 --arg C=f32:500:random:3 --arg M=5 --arg N=100 --arg K=111 --compare --schedules 3 --stats | FileCheck %s --check-prefix=ROWS8
// ROWS8: ran rows8 on the emulator: ok
// ROWS8-NEXT: compare C: {{.*}}: ok
// ROWS8-NEXT: stats: {{.*}} simdgroup MMAs 0,
func.func @rows8(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c128 : index
  %init = tile.load %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %init) -> (tensor<8x128xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<8x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x128xf32>
    %d = tile.dot %a, %b, %a0 : tensor<8x32xf32>, tensor<32x128xf32> -> tensor<8x128xf32>
    tile.yield %d : tensor<8x128xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<8x128xf32>, memref<?xf32>
  return
}

// RUN: tile-run %s --kernel own_columns --arg X=f16:7:random:4 --arg W=f16:3535:random:5 --arg Y=f32:505:zeros --arg N=505 --arg K=7 --compare --schedules 3 --stats | FileCheck %s --check-prefix=OWN
// RUN: tile-run %s --kernel own_columns --target apple10 --arg X=f16:7:random:4 --arg W=f16:3535:random:5 --arg Y=f32:505:zeros --arg N=505 --arg K=7 --compare --schedules 3 --stats | FileCheck %s --check-prefix=OWN
// OWN: ran own_columns on the emulator: ok
// OWN-NEXT: compare Y: {{.*}}: ok
// OWN-NEXT: stats: {{.*}} simdgroup MMAs 0, simd collectives 0,
func.func @own_columns(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>,
                       %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c512 : index
  %zero = arith.constant dense<0.0> : tensor<1x512xf32>
  %x = tile.load %X[%c0, %c0] strides [%K, %c1] bounds [%c1, %K] : memref<?xf16> -> tensor<1x8xf16>
  %w = tile.load %W[%c0, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<8x512xf16>
  %d = tile.dot %x, %w, %zero : tensor<1x8xf16>, tensor<8x512xf16> -> tensor<1x512xf32>
  tile.store %d, %Y[%c0, %col] strides [%N, %c1] bounds [%c1, %N] : tensor<1x512xf32>, memref<?xf32>
  return
}

// Other numbers of column groups (applegpu::matvecColumnStride): with d the
// gcd of the 128 threads and N / V, threads congruent mod d share columns;
// for d < 32 the lanes of a SIMD-group meet by shuffles, for d >= 32 the
// 128 / d threads of a column each write a partial row. Ragged M, N and K
// on both targets, no simdgroup_matrix multiply.

// N / V = 24 column groups: d = 8, each thread in 3 column groups, the
// lanes congruent mod 8 meet by shuffles (masks 8 and 16).
// RUN: tile-run %s --kernel cols96 --arg A=f32:525:random:8 --arg B=f32:18750:random:96 --arg C=f32:1750:zeros --arg M=7 --arg N=250 --arg K=75 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
// RUN: tile-run %s --kernel cols96 --target apple10 --arg A=f32:525:random:8 --arg B=f32:18750:random:96 --arg C=f32:1750:zeros --arg M=7 --arg N=250 --arg K=75 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
func.func @cols96(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 32 : index
  %cN = arith.constant 96 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %cN : index
  %zero = arith.constant dense<0.0> : tensor<8x96xf32>
  %acc = tile.for_range %k = %c0 to %K step %cK iter_args(%a0 = %zero) -> (tensor<8x96xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<8x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x96xf32>
    %d = tile.dot %a, %b, %a0 : tensor<8x32xf32>, tensor<32x96xf32> -> tensor<8x96xf32>
    tile.yield %d : tensor<8x96xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<8x96xf32>, memref<?xf32>
  return
}

// N / V = 3: d = 1, a full butterfly (masks 1 to 16), 3 groups a thread.
// RUN: tile-run %s --kernel cols12 --arg A=f16:120:random:3 --arg B=f16:1200:random:12 --arg C=f32:90:zeros --arg M=3 --arg N=30 --arg K=40 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
// RUN: tile-run %s --kernel cols12 --target apple10 --arg A=f16:120:random:3 --arg B=f16:1200:random:12 --arg C=f32:90:zeros --arg M=3 --arg N=30 --arg K=40 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
func.func @cols12(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 16 : index
  %cN = arith.constant 12 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %cN : index
  %zero = arith.constant dense<0.0> : tensor<3x12xf32>
  %acc = tile.for_range %k = %c0 to %K step %cK iter_args(%a0 = %zero) -> (tensor<3x12xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<3x16xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<16x12xf16>
    %d = tile.dot %a, %b, %a0 : tensor<3x16xf16>, tensor<16x12xf16> -> tensor<3x12xf32>
    tile.yield %d : tensor<3x12xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<3x12xf32>, memref<?xf32>
  return
}

// N = 6 (V = 1: 6 column groups): d = 2, masks 2 to 16.
// RUN: tile-run %s --kernel cols6 --arg A=f16:33:random:2 --arg B=f16:561:random:6 --arg C=f32:17:zeros --arg M=1 --arg N=17 --arg K=33 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
// RUN: tile-run %s --kernel cols6 --target apple10 --arg A=f16:33:random:2 --arg B=f16:561:random:6 --arg C=f32:17:zeros --arg M=1 --arg N=17 --arg K=33 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
func.func @cols6(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 16 : index
  %cN = arith.constant 6 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %cN : index
  %zero = arith.constant dense<0.0> : tensor<2x6xf32>
  %acc = tile.for_range %k = %c0 to %K step %cK iter_args(%a0 = %zero) -> (tensor<2x6xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<2x16xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<16x6xf16>
    %d = tile.dot %a, %b, %a0 : tensor<2x16xf16>, tensor<16x6xf16> -> tensor<2x6xf32>
    tile.yield %d : tensor<2x6xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<2x6xf32>, memref<?xf32>
  return
}

// N / V = 96: d = 32, no shuffles, each SIMD-group's threads write a
// partial row of their 3 column groups (4 partial rows).
// RUN: tile-run %s --kernel cols384 --arg A=f16:21:random:1 --arg B=f16:14700:random:384 --arg C=f32:700:zeros --arg M=1 --arg N=700 --arg K=21 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
// RUN: tile-run %s --kernel cols384 --target apple10 --arg A=f16:21:random:1 --arg B=f16:14700:random:384 --arg C=f32:700:zeros --arg M=1 --arg N=700 --arg K=21 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
func.func @cols384(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 8 : index
  %cN = arith.constant 384 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %cN : index
  %zero = arith.constant dense<0.0> : tensor<1x384xf32>
  %acc = tile.for_range %k = %c0 to %K step %cK iter_args(%a0 = %zero) -> (tensor<1x384xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<1x8xf16>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<8x384xf16>
    %d = tile.dot %a, %b, %a0 : tensor<1x8xf16>, tensor<8x384xf16> -> tensor<1x384xf32>
    tile.yield %d : tensor<1x384xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<1x384xf32>, memref<?xf32>
  return
}

// N / V = 64: d = 64, threads t and t + 64 share columns (2 partial rows).
// RUN: tile-run %s --kernel cols256 --arg A=f32:200:random:4 --arg B=f32:15000:random:256 --arg C=f32:1200:zeros --arg M=4 --arg N=300 --arg K=50 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
// RUN: tile-run %s --kernel cols256 --target apple10 --arg A=f32:200:random:4 --arg B=f32:15000:random:256 --arg C=f32:1200:zeros --arg M=4 --arg N=300 --arg K=50 --compare --schedules 3 --stats 2>&1 | FileCheck %s --check-prefix=COLS
func.func @cols256(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                 %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cK = arith.constant 16 : index
  %cN = arith.constant 256 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %cN : index
  %zero = arith.constant dense<0.0> : tensor<4x256xf32>
  %acc = tile.for_range %k = %c0 to %K step %cK iter_args(%a0 = %zero) -> (tensor<4x256xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<4x16xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<16x256xf32>
    %d = tile.dot %a, %b, %a0 : tensor<4x16xf32>, tensor<16x256xf32> -> tensor<4x256xf32>
    tile.yield %d : tensor<4x256xf32>
  }
  tile.store %acc, %C[%c0, %col] strides [%N, %c1] bounds [%M, %N] : tensor<4x256xf32>, memref<?xf32>
  return
}

// COLS: ran {{.*}} on the emulator: ok
// COLS-NEXT: compare C: {{.*}}: ok
// COLS-NEXT: stats: {{.*}} simdgroup MMAs 0,
