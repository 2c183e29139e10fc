// A three-pass row softmax in the form the meTile-style front end
// (python/tile_mlir) traces a kernel like meTile's kernels/softmax.py into:
// one row per program, 128-column chunks, elementwise tile accumulators
// whose masked-off lanes (columns past N) keep their value, reduced to
// scalars after each loop. Loads pad with 0; the masks keep those lanes out.
func.func @softmax_tiles(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %row = tile.program_id x : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %lowest = arith.constant -1.0e+38 : f32
  %lowests = tile.splat %lowest : f32 -> tensor<128xf32>
  %zero = arith.constant 0.0 : f32
  %zeros = tile.splat %zero : f32 -> tensor<128xf32>
  %start = arith.muli %N, %row : index
  %end = arith.addi %N, %start : index
  %izeros = arith.constant dense<0> : tensor<128xi32>
  %lanes = tile.arange : tensor<128xi32>
  %m = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %lowests) -> (tensor<128xf32>) {
    %off = arith.addi %start, %i : index
    %x = tile.load %X[%off] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %bigger = arith.maximumf %acc, %x : tensor<128xf32>
    %left = arith.subi %i, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<128xi32>
    %col = arith.addi %lanes, %lefts : tensor<128xi32>
    %keep = arith.cmpi slt, %col, %izeros : tensor<128xi32>
    %next = arith.select %keep, %bigger, %acc : tensor<128xi1>, tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %mr = tile.reduce maximumf %m dim 0 : tensor<128xf32> -> f32
  %s = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %zeros) -> (tensor<128xf32>) {
    %off = arith.addi %start, %i : index
    %x = tile.load %X[%off] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %ms = tile.splat %mr : f32 -> tensor<128xf32>
    %d = arith.subf %x, %ms : tensor<128xf32>
    %e = math.exp %d : tensor<128xf32>
    %added = arith.addf %acc, %e : tensor<128xf32>
    %left = arith.subi %i, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<128xi32>
    %col = arith.addi %lanes, %lefts : tensor<128xi32>
    %keep = arith.cmpi slt, %col, %izeros : tensor<128xi32>
    %next = arith.select %keep, %added, %acc : tensor<128xi1>, tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %sr = tile.reduce add %s dim 0 : tensor<128xf32> -> f32
  tile.for_range %i = %c0 to %N step %c128 {
    %off = arith.addi %start, %i : index
    %x = tile.load %X[%off] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %ms = tile.splat %mr : f32 -> tensor<128xf32>
    %d = arith.subf %x, %ms : tensor<128xf32>
    %e = math.exp %d : tensor<128xf32>
    %ss = tile.splat %sr : f32 -> tensor<128xf32>
    %y = arith.divf %e, %ss : tensor<128xf32>
    tile.store %y, %Out[%off] strides [%c1] bounds [%end] : tensor<128xf32>, memref<?xf32>
  }
  return
}
