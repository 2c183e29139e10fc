// Log-sum-exp of each row of an M x N row-major matrix, one row per
// program, 64 columns at a time: the row maximum m, then
// m + log(sum exp(x - m)), stored to Out[row]. Columns past N read as -inf.
func.func @logsumexp_rows(%X: memref<?xf32>, %Out: memref<?xf32>, %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %row = tile.program_id x : index
  %max = tile.for_range %j = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<1x64xf32>
    %r = tile.reduce maximumf %x dim 1 : tensor<1x64xf32> -> tensor<1xf32>
    %r0 = tile.reduce maximumf %r dim 0 : tensor<1xf32> -> f32
    %n = arith.maximumf %m, %r0 : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %j = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<1x64xf32>
    %ms = tile.splat %max : f32 -> tensor<1x64xf32>
    %d = arith.subf %x, %ms : tensor<1x64xf32>
    %e = math.exp %d : tensor<1x64xf32>
    %t = tile.reduce add %e dim 1 : tensor<1x64xf32> -> tensor<1xf32>
    %t0 = tile.reduce add %t dim 0 : tensor<1xf32> -> f32
    %n = arith.addf %s, %t0 : f32
    tile.yield %n : f32
  }
  %log = math.log %sum : f32
  %lse = arith.addf %max, %log : f32
  tile.store %lse, %Out[%row] bounds [%M] : f32, memref<?xf32>
  return
}
