// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-assign-layouts=target=apple10 --convert-tile-to-applegpu="target=apple10 relaxed-f32=false"
// What the tensor-ops backend refuses, at the op it is about.

// relaxed-f32=false: an f32 dot would be multiplied with relaxed_precision.
func.func @f32_refused(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  // expected-error @+1 {{'tile.dot' op has f32 operands, which the tensor-ops backend multiplies with relaxed_precision}}
  %d = tile.dot %a, %a, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// A 2x2 grid over a 24x24 accumulator gives 12x12 matmul2d destinations,
// which Apple rejects (12 is not 1, 2, 4 or a multiple of 8).
func.func @bad_destination(%A: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %a = tile.load %A[%c0, %c0] strides [%c24, %c1] : memref<?xf16> -> tensor<24x24xf16>
  %z = arith.constant dense<0.0> : tensor<24x24xf32>
  // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<24x24xf32>' cannot be split over a 2x2 SIMD-group grid into matmul2d destinations}}
  %d = tile.dot %a, %a, %z : tensor<24x24xf16>, tensor<24x24xf16> -> tensor<24x24xf32>
  tile.store %d, %C[%c0, %c0] strides [%c24, %c1] : tensor<24x24xf32>, memref<?xf32>
  return
}
