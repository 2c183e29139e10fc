// RMSNorm with a weight, as LLMs apply it before attention and the MLP:
// Y[r, :] = X[r, :] * rsqrt(mean(X[r, :]^2) + eps) * W, over the rows of an
// M x N row-major f16 matrix, with the statistics in f32. Each program owns 4
// rows and walks them in blocks of 256 columns twice: once for the sum of
// squares, once to scale. Rows may be of any length; padding reads 0, which
// adds nothing to the sum of squares.
func.func @rmsnorm(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf16>,
                   %M: index, %N: index, %eps: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c4 : index
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %sumsq = tile.for_range %j = %c0 to %N step %c256 iter_args(%acc = %zero) -> (tensor<4xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : memref<?xf16> -> tensor<4x256xf16>
    %xf = arith.extf %x : tensor<4x256xf16> to tensor<4x256xf32>
    %sq = arith.mulf %xf, %xf : tensor<4x256xf32>
    %s = tile.reduce add %sq dim 1 : tensor<4x256xf32> -> tensor<4xf32>
    %next = arith.addf %acc, %s : tensor<4xf32>
    tile.yield %next : tensor<4xf32>
  }
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %count = tile.splat %nf : f32 -> tensor<4xf32>
  %mean = arith.divf %sumsq, %count : tensor<4xf32>
  %epsv = tile.splat %eps : f32 -> tensor<4xf32>
  %meanEps = arith.addf %mean, %epsv : tensor<4xf32>
  %rstd = math.rsqrt %meanEps : tensor<4xf32>
  %rstd2d = tile.broadcast %rstd dim 0 : tensor<4xf32> -> tensor<4x256xf32>
  tile.for_range %j = %c0 to %N step %c256 {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : memref<?xf16> -> tensor<4x256xf16>
    %xf = arith.extf %x : tensor<4x256xf16> to tensor<4x256xf32>
    %w = tile.load %W[%j] bounds [%N] : memref<?xf16> -> tensor<256xf16>
    %wf = arith.extf %w : tensor<256xf16> to tensor<256xf32>
    %w2d = tile.broadcast %wf dim 1 : tensor<256xf32> -> tensor<4x256xf32>
    %normed = arith.mulf %xf, %rstd2d : tensor<4x256xf32>
    %yf = arith.mulf %normed, %w2d : tensor<4x256xf32>
    %y = arith.truncf %yf : tensor<4x256xf32> to tensor<4x256xf16>
    tile.store %y, %Y[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : tensor<4x256xf16>, memref<?xf16>
    tile.yield
  }
  return
}
