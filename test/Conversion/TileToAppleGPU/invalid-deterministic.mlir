// RUN: tile-opt %s -verify-diagnostics --tile-assign-layouts --convert-tile-to-applegpu
// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu 2> %t.1.err
// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu 2> %t.2.err
// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu 2> %t.3.err
// RUN: cmp %t.1.err %t.2.err
// RUN: cmp %t.1.err %t.3.err
// The accumulator-shape diagnostic is reported at the same place on every
// run: at the dot, as when the accumulator has few values (invalid.mlir).
// Here the accumulator's tie group (dot result, 20 epilogue ops, the loop's
// init, iter_arg, yield and result) has more than 16 values.
//
// KNOWN BUG (this test fails until it is fixed): LayoutPlan::build keeps
// the accumulator values in an llvm::SmallPtrSet<Value, 16> and reports the
// first one it iterates over; past 16 elements the set iterates in pointer
// hash order, so the error lands on a different epilogue op, or on the
// scf.for, from one run to the next.

func.func @long_epilogue(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split into 8x8 fragments over a 4x1 SIMD-group grid (its shape must be a multiple of 32x8)}}
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %e0 = math.exp %d : tensor<16x16xf32>
  %e1 = math.exp %e0 : tensor<16x16xf32>
  %e2 = math.exp %e1 : tensor<16x16xf32>
  %e3 = math.exp %e2 : tensor<16x16xf32>
  %e4 = math.exp %e3 : tensor<16x16xf32>
  %e5 = math.exp %e4 : tensor<16x16xf32>
  %e6 = math.exp %e5 : tensor<16x16xf32>
  %e7 = math.exp %e6 : tensor<16x16xf32>
  %e8 = math.exp %e7 : tensor<16x16xf32>
  %e9 = math.exp %e8 : tensor<16x16xf32>
  %e10 = math.exp %e9 : tensor<16x16xf32>
  %e11 = math.exp %e10 : tensor<16x16xf32>
  %e12 = math.exp %e11 : tensor<16x16xf32>
  %e13 = math.exp %e12 : tensor<16x16xf32>
  %e14 = math.exp %e13 : tensor<16x16xf32>
  %e15 = math.exp %e14 : tensor<16x16xf32>
  %e16 = math.exp %e15 : tensor<16x16xf32>
  %e17 = math.exp %e16 : tensor<16x16xf32>
  %e18 = math.exp %e17 : tensor<16x16xf32>
  %e19 = math.exp %e18 : tensor<16x16xf32>
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %e19) -> tensor<16x16xf32> {
    %t = math.exp %s : tensor<16x16xf32>
    scf.yield %t : tensor<16x16xf32>
  }
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}
