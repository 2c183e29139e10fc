// tile-run --compare where values fall below the smallest normal f32 value.
// Every correct result must pass, including a GPU's that flushes
// single-precision subnormals to zero, which the MSL specification allows
// (docs/architecture.md, "Comparing against the reference").

// A mul reduction whose product falls into the subnormal range, and x
// divided by it. Below the smallest normal value a product keeps fewer
// significant bits, so two orders of multiplication (the emulator's tree,
// the reference's index order) differ by far more than (n + 1) * eps of the
// result (an earlier tile-run reported "emulated 1.588053e+38, reference
// 1.613118e+38, allowed 2.54e+33"); a GPU that flushes may even give 0, and
// x / 0 = inf. Such a product's bound counts the smallest normal value per
// rounding, so the quotient's bound covers a divisor of 0. Rows of 95 values
// in [-1, 1): products from about 1e-32 down to 0.

// DEFINE: %{product} = --kernel product_quotient --grid 8 --arg X=f32:6080:random:3 --arg P=f32:64:zeros --arg Y=f32:6080:zeros --arg M=64 --arg N=95
// RUN: tile-run %s %{product} --schedules 3 --compare | FileCheck %s --check-prefix=PRODUCT
// PRODUCT:      ran product_quotient on the emulator: ok
// PRODUCT-NEXT: compare P: {{.*}}: ok
// PRODUCT-NEXT: compare Y: {{.*}}: ok

// The same rows padded with -inf: where a partial product underflows to 0
// first, 0 * -inf is NaN, in another order the product is +-inf. Both are
// correct: the bound of such a product is unknown.
// RUN: tile-run %s --kernel product_of_padded --grid 8 --arg X=f32:6080:random:3 --arg P=f32:64:zeros --arg M=64 --arg N=95 --schedules 3 --compare | FileCheck %s --check-prefix=PADDED
// PADDED: compare P: {{.*}}: ok

// x * 1e-38 is subnormal for |x| < 1; times 1e30 it is normal again. A GPU
// that flushes the subnormal product (simulated here by editing the MSL)
// stores 0 where the reference has about x * 1e-8: the bound allows it.
// RUN: tile-run %s --kernel through_subnormals --grid 2 --arg X=f32:100:random:1 --arg Z=f32:100:zeros --arg n=100 --emit-msl=%t.metal > /dev/null
// RUN: sed -e 's/(\(v[0-9]*\) \* 9.99999935E-39f)/((fabs(\1 * 9.99999935E-39f) < 1.17549435e-38f) ? 0.0f : \1 * 9.99999935E-39f)/' %t.metal > %t.flushed.metal
// RUN: tile-run %s --kernel through_subnormals --grid 2 --arg X=f32:100:random:1 --arg Z=f32:100:zeros --arg n=100 --run-msl %t.flushed.metal --compare | FileCheck %s --check-prefix=FLUSHED
// FLUSHED: compare Z: max abs error {{.*}}, max rel error 1 ({{.*}}): ok

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

func.func @product_of_padded(%X: memref<?xf32>, %P: memref<?xf32>, %M: index,
                             %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<8x128xf32>
  %prod = tile.reduce mul %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  tile.store %prod, %P[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  return
}

func.func @through_subnormals(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %p = tile.program_id x : index
  %c64 = arith.constant 64 : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  %tiny = arith.constant dense<1.0e-38> : tensor<64xf32>
  %big = arith.constant dense<1.0e30> : tensor<64xf32>
  %y = arith.mulf %x, %tiny : tensor<64xf32>
  %z = arith.mulf %y, %big : tensor<64xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
