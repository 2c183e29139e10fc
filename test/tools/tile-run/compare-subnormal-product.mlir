// A mul reduction whose product falls into the subnormal range, and x
// divided by it. Below the smallest normal value a product keeps fewer
// significant bits, so two orders of multiplication (the emulator's tree,
// the reference's index order) differ by far more than (n + 1) * eps of the
// result (an earlier tile-run reported "emulated 1.588053e+38, reference
// 1.613118e+38, allowed 2.54e+33"); a GPU that flushes single-precision
// subnormals to zero may even give 0, and x / 0 = inf. The bound of such a
// product counts the smallest normal value per rounding (ErrorBound.h), so
// the quotient's bound covers a divisor of 0: every correct result passes.
// Rows of 95 values in [-1, 1): products from about 1e-32 down to 0.

// DEFINE: %{args} = --grid 8 --arg X=f32:6080:random:3 --arg P=f32:64:zeros --arg Y=f32:6080:zeros --arg M=64 --arg N=95

// RUN: tile-run %s %{args} --schedules 3 --compare | FileCheck %s
// CHECK:      ran product_quotient on the emulator: ok
// CHECK-NEXT: compare P: {{.*}}: ok
// CHECK-NEXT: compare Y: {{.*}}: ok

func.func @product_quotient(%X: memref<?xf32>, %P: memref<?xf32>,
                            %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 1.0 : f32}
      : memref<?xf32> -> tensor<8x128xf32>
  %prod = tile.reduce mul %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  tile.store %prod, %P[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  %prod2d = tile.broadcast %prod dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %y = arith.divf %x, %prod2d : tensor<8x128xf32>
  tile.store %y, %Y[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : tensor<8x128xf32>, memref<?xf32>
  return
}
