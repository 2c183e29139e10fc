// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-assign-layouts --convert-tile-to-applegpu
// A tensor kernel argument cannot be passed to a Metal kernel, whether or
// not the body uses it: the user must get the ABI diagnostic at the kernel
// (as for an unused tensor argument in invalid.mlir), not an internal error
// from the lowering.
//
// KNOWN BUG (this test fails until it is fixed): setABI checks the argument
// types only after KernelLowering::run, and the lowering reads the argument
// as a tile that was never defined, so the pass reports
//   error: internal error: tile used before it is lowered
// at the first use instead.

// expected-error @+1 {{kernel argument #0 of type 'tensor<256xf32>' cannot be passed to a Metal kernel}}
func.func @tensor_argument_stored(%t: tensor<256xf32>, %Z: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  tile.store %t, %Z[%c0] : tensor<256xf32>, memref<?xf32>
  return
}

// -----

// expected-error @+1 {{kernel argument #0 of type 'tensor<16x16xf32>' cannot be passed to a Metal kernel}}
func.func @tensor_argument_as_accumulator(%acc: tensor<16x16xf32>, %A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %d = tile.dot %a, %a, %acc : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// A dynamically shaped one, used elementwise.
// expected-error @+1 {{kernel argument #0 of type 'tensor<?xf32>' cannot be passed to a Metal kernel}}
func.func @dynamic_tensor_argument(%t: tensor<?xf32>, %Z: memref<?xf32>) attributes {tile.kernel} {
  %s = arith.addf %t, %t : tensor<?xf32>
  return
}
