// Triton tutorial 05's layer norm forward (_layer_norm_fwd_fused) in the
// form the Triton-style front end traces it (test/python/triton_style/
// softmax_layernorm.py), in f32: one row per program, 64-column chunks,
// elementwise tile accumulators reduced after each loop, loads padded with
// 0, tl.where zeroing the tail of x - mean. Stores the row's mean, 1/std
// and the normalized row.
func.func @layernorm_tiles(%X: memref<?xf32>, %Y: memref<?xf32>, %W: memref<?xf32>, %B: memref<?xf32>, %Mean: memref<?xf32>, %Rstd: memref<?xf32>, %N: index, %eps: f32) attributes {tile.kernel} {
  %row = tile.program_id x : index
  %zeros = arith.constant dense<0.0> : tensor<64xf32>
  %izeros = arith.constant dense<0> : tensor<64xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %base = arith.muli %N, %row : index
  %end = arith.addi %base, %N : index
  %s = tile.for_range %off = %c0 to %N step %c64 iter_args(%acc = %zeros) -> (tensor<64xf32>) {
    %at = arith.addi %base, %off : index
    %a = tile.load %X[%at] strides [%c1] bounds [%end] {padding = 0.0 : f32} : memref<?xf32> -> tensor<64xf32>
    %next = arith.addf %acc, %a : tensor<64xf32>
    tile.yield %next : tensor<64xf32>
  }
  %sum = tile.reduce add %s dim 0 : tensor<64xf32> -> f32
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %mean = arith.divf %sum, %nf : f32
  %v = tile.for_range %off = %c0 to %N step %c64 iter_args(%acc = %zeros) -> (tensor<64xf32>) {
    %at = arith.addi %base, %off : index
    %x = tile.load %X[%at] strides [%c1] bounds [%end] {padding = 0.0 : f32} : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %centered = arith.subf %x, %ms : tensor<64xf32>
    %range = tile.arange : tensor<64xi32>
    %left = arith.subi %off, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<64xi32>
    %col = arith.addi %range, %lefts : tensor<64xi32>
    %mask = arith.cmpi slt, %col, %izeros : tensor<64xi32>
    %d = arith.select %mask, %centered, %zeros : tensor<64xi1>, tensor<64xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %next = arith.addf %acc, %sq : tensor<64xf32>
    tile.yield %next : tensor<64xf32>
  }
  %vs = tile.reduce add %v dim 0 : tensor<64xf32> -> f32
  %var = arith.divf %vs, %nf : f32
  %varEps = arith.addf %var, %eps : f32
  %std = math.sqrt %varEps : f32
  %one = arith.constant 1.0 : f32
  %rstd = arith.divf %one, %std : f32
  %c1n = arith.addi %row, %c1 : index
  tile.store %mean, %Mean[%row] bounds [%c1n] : f32, memref<?xf32>
  tile.store %rstd, %Rstd[%row] bounds [%c1n] : f32, memref<?xf32>
  tile.for_range %off = %c0 to %N step %c64 {
    %at = arith.addi %base, %off : index
    %w = tile.load %W[%off] strides [%c1] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %b = tile.load %B[%off] strides [%c1] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %x = tile.load %X[%at] strides [%c1] bounds [%end] {padding = 0.0 : f32} : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %centered = arith.subf %x, %ms : tensor<64xf32>
    %rs = tile.splat %rstd : f32 -> tensor<64xf32>
    %xhat = arith.mulf %centered, %rs : tensor<64xf32>
    %scaled = arith.mulf %xhat, %w : tensor<64xf32>
    %y = arith.addf %scaled, %b : tensor<64xf32>
    tile.store %y, %Y[%at] strides [%c1] bounds [%end] : tensor<64xf32>, memref<?xf32>
  }
  return
}
