// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-assign-layouts=target=apple10 --convert-tile-to-applegpu=target=apple10
// RUN: tile-opt %S/Inputs/cooperative-gather.mlir -verify-diagnostics --convert-tile-to-applegpu=target=apple10
// The diagnostics of the tensor-ops backend's choices in
// KernelLowering::lowerOp, each at the op it is about.

// A cooperative-layout tile is read where it is used; from a buffer the
// kernel also writes it could see a later store.
func.func @cooperative_load_of_written_buffer(%A: memref<?xf16>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %a, %z : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  // expected-error @+1 {{'tile.load' op reads a tile in the cooperative layout from a buffer the kernel also writes; the tensor-ops backend reads such tiles where they are used, which could see a later store}}
  %r = tile.load %C[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %s = arith.addf %d, %r : tensor<32x32xf32>
  tile.store %s, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// An op no case of the table takes names the backend.
func.func @unsupported(%A: memref<?xf16>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %a, %z : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  // expected-error @+1 {{'tensor.extract' op is not supported by the tensor-ops backend of convert-tile-to-applegpu}}
  %e = tensor.extract %d[%c0, %c0] : tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
