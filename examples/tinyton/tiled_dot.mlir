// TinyTon's tiled_dot, a matrix-vector product: C[row] = sum_k A[row, k] * B[k]
// for a row-major M x K matrix A, one program per row, K in tiles of 128.
func.func @tiled_dot(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                     %M: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %row = tile.program_id x : index
  %dot = tile.for_range %k0 = %c0 to %K step %c128 iter_args(%acc = %zero) -> (f32) {
    %a = tile.load %A[%row, %k0] strides [%K, %c1] bounds [%M, %K]
        : memref<?xf32> -> tensor<1x128xf32>
    %b = tile.load %B[%k0] bounds [%K] : memref<?xf32> -> tensor<128xf32>
    %b2d = tile.broadcast %b dim 1 : tensor<128xf32> -> tensor<1x128xf32>
    %p = arith.mulf %a, %b2d : tensor<1x128xf32>
    %rowSum = tile.reduce add %p dim 1 : tensor<1x128xf32> -> tensor<1xf32>
    %s = tile.reduce add %rowSum dim 0 : tensor<1xf32> -> f32
    %next = arith.addf %acc, %s : f32
    tile.yield %next : f32
  }
  tile.store %dot, %C[%row] bounds [%M] : f32, memref<?xf32>
  return
}
