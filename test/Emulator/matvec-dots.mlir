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
