// Row softmax, numerically stable: Y[r, :] = exp(X[r, :] - max) / sum over
// the row, for an M x N row-major matrix with N <= 128. Each program
// instance owns 8 rows; columns past N are read as -inf (so exp gives 0
// and they never win the max), rows past M are neither read nor written.
func.func @softmax(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<8x128xf32>
  %max = tile.reduce maximumf %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %max2d = tile.broadcast %max dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %shifted = arith.subf %x, %max2d : tensor<8x128xf32>
  %e = math.exp %shifted : tensor<8x128xf32>
  %sum = tile.reduce add %e dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %sum2d = tile.broadcast %sum dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %y = arith.divf %e, %sum2d : tensor<8x128xf32>
  tile.store %y, %Y[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : tensor<8x128xf32>, memref<?xf32>
  return
}
