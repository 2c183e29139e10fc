// RMSNorm with a weight, as LLMs apply it before attention and the MLP:
// Y[r, :] = X[r, :] * rsqrt(mean(X[r, :]^2) + eps) * W, over the rows of an
// M x N row-major f16 matrix, with the statistics in f32, for any N.
//
// One pass, so that global reads stay at the minimum: each program owns 32
// consecutive rows, loads W once into registers (a 1 x 4096 tile, 16 values
// a thread at 256 threads) and keeps it across its row loop, and loads each
// row of X once: the sum of squares and the scaling use the same registers.
// W is then read once per 32 rows (1/32 of X's bytes at M = N) instead of
// once per 4 rows, and X once instead of twice. Columns past N read 0, which
// adds nothing to the sum of squares, and are not stored; the loop stops at
// row M. Rows longer than 4096 (more than a Llama 7B/8B hidden size) go on in
// 4096-column chunks: their squares in one loop, their scaling in another,
// so only those columns are read twice; at N <= 4096 both loops run zero
// times.
func.func @rmsnorm(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf16>,
                   %M: index, %N: index, %eps: f32)
    attributes {tile.kernel, tile.launch_grid = array<i64: 3, 32, -1, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %p = tile.program_id x : index
  %first = arith.muli %p, %c32 : index
  %past = arith.addi %first, %c32 : index
  %end = arith.minsi %past, %M : index
  %w = tile.load %W[%c0] bounds [%N] : memref<?xf16> -> tensor<4096xf16>
  %wf = arith.extf %w : tensor<4096xf16> to tensor<4096xf32>
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  tile.for_range %row = %first to %end step %c1 {
    %base = arith.muli %row, %N : index
    %rowEnd = arith.addi %base, %N : index
    %x = tile.load %X[%base] bounds [%rowEnd] : memref<?xf16> -> tensor<4096xf16>
    %xf = arith.extf %x : tensor<4096xf16> to tensor<4096xf32>
    %sq = arith.mulf %xf, %xf : tensor<4096xf32>
    %sumsq0 = tile.reduce add %sq dim 0 : tensor<4096xf32> -> f32
    %sumsq = tile.for_range %col = %c4096 to %N step %c4096
        iter_args(%s = %sumsq0) -> (f32) {
      %start = arith.addi %base, %col : index
      %xc = tile.load %X[%start] bounds [%rowEnd] : memref<?xf16> -> tensor<4096xf16>
      %xcf = arith.extf %xc : tensor<4096xf16> to tensor<4096xf32>
      %sqc = arith.mulf %xcf, %xcf : tensor<4096xf32>
      %part = tile.reduce add %sqc dim 0 : tensor<4096xf32> -> f32
      %more = arith.addf %s, %part : f32
      tile.yield %more : f32
    }
    %mean = arith.divf %sumsq, %nf : f32
    %meanEps = arith.addf %mean, %eps : f32
    %rstd = math.rsqrt %meanEps : f32
    %rstdv = tile.splat %rstd : f32 -> tensor<4096xf32>
    %normed = arith.mulf %xf, %rstdv : tensor<4096xf32>
    %yf = arith.mulf %normed, %wf : tensor<4096xf32>
    %y = arith.truncf %yf : tensor<4096xf32> to tensor<4096xf16>
    tile.store %y, %Y[%base] bounds [%rowEnd] : tensor<4096xf16>, memref<?xf16>
    tile.for_range %col = %c4096 to %N step %c4096 {
      %start = arith.addi %base, %col : index
      %xc = tile.load %X[%start] bounds [%rowEnd] : memref<?xf16> -> tensor<4096xf16>
      %wc = tile.load %W[%col] bounds [%N] : memref<?xf16> -> tensor<4096xf16>
      %xcf = arith.extf %xc : tensor<4096xf16> to tensor<4096xf32>
      %wcf = arith.extf %wc : tensor<4096xf16> to tensor<4096xf32>
      %nc = arith.mulf %xcf, %rstdv : tensor<4096xf32>
      %ycf = arith.mulf %nc, %wcf : tensor<4096xf32>
      %yc = arith.truncf %ycf : tensor<4096xf32> to tensor<4096xf16>
      tile.store %yc, %Y[%start] bounds [%rowEnd] : tensor<4096xf16>, memref<?xf16>
      tile.yield
    }
    tile.yield
  }
  return
}
