// Layer normalization over the rows of an M x N row-major matrix of any
// width, with its statistics in two passes as they are usually written:
// Y[r, :] = (X[r, :] - mean) * rsqrt(var + eps) * gamma + beta, the mean and
// the (biased) variance of the row's N elements. Each program instance owns
// 8 rows and walks them 32 columns at a time; the statistics are per-row
// vectors (tensor<8xf32>). Columns past N read as 0, which adds nothing to
// the sum, and are selected out of the squares (their x - mean is not 0);
// rows past M are neither read nor written.
//
// As written, X is read three times. tile-merge-online-loops (in the
// tile-to-applegpu pipeline unless merge-online-loops=false) merges the
// first two loops into one online loop carrying a count, a running mean and
// the squares about it (Chan's update), so X is read twice.
func.func @layernorm_two_pass(%X: memref<?xf32>, %Gamma: memref<?xf32>,
                              %Beta: memref<?xf32>, %Y: memref<?xf32>,
                              %M: index, %N: index, %eps: f32)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %zero2d = arith.constant dense<0.0> : tensor<8x32xf32>
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %count = tile.splat %nf : f32 -> tensor<8xf32>
  %lanes = tile.arange : tensor<32xi32>
  %lanes2d = tile.broadcast %lanes dim 1 : tensor<32xi32> -> tensor<8x32xi32>
  // Pass 1: the mean of each row.
  %sum = tile.for_range %j = %c0 to %N step %c32
      iter_args(%s = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : memref<?xf32> -> tensor<8x32xf32>
    %chunk = tile.reduce add %x dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %s, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %mean = arith.divf %sum, %count : tensor<8xf32>
  %mean2d = tile.broadcast %mean dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  // Pass 2: the variance of each row, the sum of (x - mean)^2 over the
  // row's columns (the tail's padding selected out).
  %sqsum = tile.for_range %j = %c0 to %N step %c32
      iter_args(%q = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : memref<?xf32> -> tensor<8x32xf32>
    %j32 = arith.index_cast %j : index to i32
    %j2d = tile.splat %j32 : i32 -> tensor<8x32xi32>
    %cols = arith.addi %lanes2d, %j2d : tensor<8x32xi32>
    %n2d = tile.splat %n32 : i32 -> tensor<8x32xi32>
    %valid = arith.cmpi slt, %cols, %n2d : tensor<8x32xi32>
    %centered = arith.subf %x, %mean2d : tensor<8x32xf32>
    %d = arith.select %valid, %centered, %zero2d
        : tensor<8x32xi1>, tensor<8x32xf32>
    %sq = arith.mulf %d, %d : tensor<8x32xf32>
    %chunk = tile.reduce add %sq dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %q, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %var = arith.divf %sqsum, %count : tensor<8xf32>
  %epsv = tile.splat %eps : f32 -> tensor<8xf32>
  %varEps = arith.addf %var, %epsv : tensor<8xf32>
  %rstd = math.rsqrt %varEps : tensor<8xf32>
  %rstd2d = tile.broadcast %rstd dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  // Pass 3: normalize, scale and shift.
  tile.for_range %j = %c0 to %N step %c32 {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : memref<?xf32> -> tensor<8x32xf32>
    %gamma = tile.load %Gamma[%j] bounds [%N] : memref<?xf32> -> tensor<32xf32>
    %beta = tile.load %Beta[%j] bounds [%N] : memref<?xf32> -> tensor<32xf32>
    %gamma2d = tile.broadcast %gamma dim 1 : tensor<32xf32> -> tensor<8x32xf32>
    %beta2d = tile.broadcast %beta dim 1 : tensor<32xf32> -> tensor<8x32xf32>
    %centered = arith.subf %x, %mean2d : tensor<8x32xf32>
    %normed = arith.mulf %centered, %rstd2d : tensor<8x32xf32>
    %scaled = arith.mulf %normed, %gamma2d : tensor<8x32xf32>
    %y = arith.addf %scaled, %beta2d : tensor<8x32xf32>
    tile.store %y, %Y[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : tensor<8x32xf32>, memref<?xf32>
  }
  return
}
