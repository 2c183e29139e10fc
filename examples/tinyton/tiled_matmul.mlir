// TinyTon's tiled_matmul: C = A @ B for row-major A (M x K), B (K x N),
// C (M x N); one program per row of C, a loop over its N columns, and for
// each a loop over K in tiles of 128 (a row of A times a strided column of
// B, reduced to one scalar per column).
func.func @tiled_matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                        %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %row = tile.program_id x : index
  tile.for_range %col = %c0 to %N step %c1 {
    %dot = tile.for_range %k0 = %c0 to %K step %c128 iter_args(%acc = %zero) -> (f32) {
      %a = tile.load %A[%row, %k0] strides [%K, %c1] bounds [%M, %K]
          : memref<?xf32> -> tensor<1x128xf32>
      // Column `col` of B as a 1 x 128 tile: element (0, b) is B[k0 + b, col].
      %b = tile.load %B[%col, %k0] strides [%c1, %N] bounds [%N, %K]
          : memref<?xf32> -> tensor<1x128xf32>
      %p = arith.mulf %a, %b : tensor<1x128xf32>
      %rowSum = tile.reduce add %p dim 1 : tensor<1x128xf32> -> tensor<1xf32>
      %s = tile.reduce add %rowSum dim 0 : tensor<1xf32> -> f32
      %next = arith.addf %acc, %s : f32
      tile.yield %next : f32
    }
    %at = arith.muli %row, %N : index
    %i = arith.addi %at, %col : index
    %end = arith.muli %M, %N : index
    tile.store %dot, %C[%i] bounds [%end] : f32, memref<?xf32>
    tile.yield
  }
  return
}
