// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file | FileCheck %s --check-prefix=MSL
// A loop of the program with constant bounds is not unrolled by Metal's
// compiler unless someone asked for it (tile.unroll, which tile-unroll puts
// on a remainder loop): the conversion marks it applegpu.unroll = false,
// and the MSL prints `#pragma unroll` only before its own loops over
// thread-private arrays (and requested loops).

// CHECK-LABEL: func.func @program_loop
// CHECK:         scf.for
// CHECK:         } {applegpu.unroll = false}
// MSL-LABEL:   {{\[\[}}kernel{{\]\]}} void program_loop(
// MSL-NOT:       #pragma unroll
// MSL:           for (int [[I:i[0-9]+]] = 0; [[I]] < 3; [[I]] += 1) {
// MSL:             #pragma unroll
// MSL-NEXT:        for (int
// MSL:         }
func.func @program_loop(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> tensor<1024xf32>
  %r = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<1024xf32>) {
    %b = arith.addf %a, %a : tensor<1024xf32>
    tile.yield %b : tensor<1024xf32>
  }
  tile.store %r, %Y[%c0] strides [%c1] : tensor<1024xf32>, memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @requested_loop
// CHECK:         scf.for
// CHECK:         } {applegpu.unroll = true, tile.unroll}
// MSL-LABEL:   {{\[\[}}kernel{{\]\]}} void requested_loop(
// MSL:           #pragma unroll
// MSL-NEXT:      for (int [[I:i[0-9]+]] = 0; [[I]] < 3; [[I]] += 1) {
func.func @requested_loop(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> tensor<1024xf32>
  %r = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<1024xf32>) {
    %b = arith.addf %a, %a : tensor<1024xf32>
    tile.yield %b : tensor<1024xf32>
  } {tile.unroll}
  tile.store %r, %Y[%c0] strides [%c1] : tensor<1024xf32>, memref<?xf32>
  return
}
