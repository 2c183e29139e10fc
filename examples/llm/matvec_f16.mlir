// Decode-shaped product y = x W with f16 weights: x is 1 x K, W is K x N
// row-major, y is 1 x N; f16 in and out, f32 accumulation. Each program
// owns 64 columns of y and walks K 64 rows of W at a time.
//
// The 1 x 64 accumulator makes every tile.dot a matvec dot:
// tile-assign-layouts marks it `tile.matvec` and gives it a distributed
// accumulator, and the conversion multiplies on lanes (docs/llm.md): each
// of the 128 threads holds groups of 4 columns of the 64x64 W tile in one
// column group (16 per row), the 8 lanes of a SIMD-group sharing a column
// group split K and add up with simd_shuffle_xor, and the 4 SIMD-groups'
// partial rows meet in threadgroup memory. No simdgroup_matrix, and W is
// read once.
func.func @matvec_f16(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf16>,
                      %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %col0 = arith.muli %p, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<1x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c64 iter_args(%a = %zero) -> (tensor<1x64xf32>) {
    %x = tile.load %X[%c0, %k] strides [%K, %c1] bounds [%c1, %K]
        : memref<?xf16> -> tensor<1x64xf16>
    %w = tile.load %W[%k, %col0] strides [%N, %c1] bounds [%K, %N]
        : memref<?xf16> -> tensor<64x64xf16>
    %d = tile.dot %x, %w, %a : tensor<1x64xf16>, tensor<64x64xf16> -> tensor<1x64xf32>
    tile.yield %d : tensor<1x64xf32>
  }
  %y = arith.truncf %acc : tensor<1x64xf32> to tensor<1x64xf16>
  tile.store %y, %Y[%c0, %col0] strides [%N, %c1] bounds [%c1, %N]
      : tensor<1x64xf16>, memref<?xf16>
  return
}
