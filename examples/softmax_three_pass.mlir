// Row softmax in three passes over column chunks, as meTile writes it
// (kernels/softmax.py: the maximum, the sum of exp(x - max), then the
// normalized output), for an M x N row-major matrix of any width. Each
// program instance owns 8 rows and walks them 32 columns at a time; the
// statistics are per-row vectors (tensor<8xf32>). Columns past N read as
// -inf (they never win the maximum and exp gives 0); rows past M are
// neither read nor written.
//
// As written, X is read three times. tile-merge-online-loops (in the
// tile-to-applegpu pipeline unless merge-online-loops=false) merges the
// first two loops into one online loop that rescales the sum when the
// maximum moves, so X is read twice.
func.func @softmax_three_pass(%X: memref<?xf32>, %Y: memref<?xf32>,
                              %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %ninf = arith.constant dense<0xFF800000> : tensor<8xf32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  // Pass 1: the maximum of each row.
  %max = tile.for_range %j = %c0 to %N step %c32
      iter_args(%m = %ninf) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %chunk = tile.reduce maximumf %x dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.maximumf %m, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %max2d = tile.broadcast %max dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  // Pass 2: the sum of exp(x - max) of each row.
  %sum = tile.for_range %j = %c0 to %N step %c32
      iter_args(%s = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %shifted = arith.subf %x, %max2d : tensor<8x32xf32>
    %e = math.exp %shifted : tensor<8x32xf32>
    %chunk = tile.reduce add %e dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %s, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %sum2d = tile.broadcast %sum dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  // Pass 3: exp(x - max) / sum.
  tile.for_range %j = %c0 to %N step %c32 {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N]
        {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %shifted = arith.subf %x, %max2d : tensor<8x32xf32>
    %e = math.exp %shifted : tensor<8x32xf32>
    %y = arith.divf %e, %sum2d : tensor<8x32xf32>
    tile.store %y, %Y[%row, %j] strides [%N, %c1] bounds [%M, %N]
        : tensor<8x32xf32>, memref<?xf32>
  }
  return
}
