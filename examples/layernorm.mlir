// Layer normalization over the rows of an M x N row-major matrix (N <= 128):
// Y[r, :] = (X[r, :] - mean) * rsqrt(var + eps) * gamma + beta, with the
// mean and the (biased) variance of the row's N elements. Each program
// instance owns 8 rows; padding columns are masked out of the variance
// with tile.arange.
func.func @layernorm(%X: memref<?xf32>, %Gamma: memref<?xf32>, %Beta: memref<?xf32>,
                     %Y: memref<?xf32>, %M: index, %N: index, %eps: f32)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x128xf32>
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : memref<?xf32> -> tensor<8x128xf32>
  // The row length as a float and as a mask of the valid columns.
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %count = tile.splat %nf : f32 -> tensor<8xf32>
  %cols = tile.arange : tensor<128xi32>
  %cols2d = tile.broadcast %cols dim 1 : tensor<128xi32> -> tensor<8x128xi32>
  %bound = tile.splat %n32 : i32 -> tensor<8x128xi32>
  %valid = arith.cmpi slt, %cols2d, %bound : tensor<8x128xi32>
  // Mean and variance.
  %sum = tile.reduce add %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %mean = arith.divf %sum, %count : tensor<8xf32>
  %mean2d = tile.broadcast %mean dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %centered = arith.subf %x, %mean2d : tensor<8x128xf32>
  %d = arith.select %valid, %centered, %zero : tensor<8x128xi1>, tensor<8x128xf32>
  %sq = arith.mulf %d, %d : tensor<8x128xf32>
  %sqsum = tile.reduce add %sq dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %var = arith.divf %sqsum, %count : tensor<8xf32>
  %epsv = tile.splat %eps : f32 -> tensor<8xf32>
  %varEps = arith.addf %var, %epsv : tensor<8xf32>
  %rstd = math.rsqrt %varEps : tensor<8xf32>
  %rstd2d = tile.broadcast %rstd dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  // Scale and shift.
  %gamma = tile.load %Gamma[%c0] bounds [%N] : memref<?xf32> -> tensor<128xf32>
  %beta = tile.load %Beta[%c0] bounds [%N] : memref<?xf32> -> tensor<128xf32>
  %gamma2d = tile.broadcast %gamma dim 1 : tensor<128xf32> -> tensor<8x128xf32>
  %beta2d = tile.broadcast %beta dim 1 : tensor<128xf32> -> tensor<8x128xf32>
  %normed = arith.mulf %d, %rstd2d : tensor<8x128xf32>
  %scaled = arith.mulf %normed, %gamma2d : tensor<8x128xf32>
  %y = arith.addf %scaled, %beta2d : tensor<8x128xf32>
  tile.store %y, %Y[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : tensor<8x128xf32>, memref<?xf32>
  return
}
