// attention_block of chained-dots.mlir on apple10: its two dots have
// different cooperative tensor types (one reads device views, the other
// staged operands), whose element orders may differ; combining their
// accumulators element by element is reported, not guessed.
// RUN: not tile-opt %s --tile-to-applegpu=target=apple10 2>&1 | FileCheck %s
// CHECK: error: a cooperative tile of type {{.*}} is combined with one of type {{.*}}; their element orders may differ

func.func @attention_block(%Q: memref<?xf32>, %Kt: memref<?xf32>, %V: memref<?xf32>,
                           %O: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  // S = Q K^T on one block of 32 keys; K (N x 32, row-major) read transposed.
  %q = tile.load %Q[%row, %c0] strides [%c32, %c1] bounds [%M, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %kt = tile.load %Kt[%c0, %c0] strides [%c1, %c32] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %q, %kt, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  // Keys past N get -inf (a mask from tile.arange).
  %j = tile.arange : tensor<32xi32>
  %ni = arith.index_cast %N : index to i32
  %nv = tile.splat %ni : i32 -> tensor<32xi32>
  %valid = arith.cmpi slt, %j, %nv : tensor<32xi32>
  %valid2 = tile.broadcast %valid dim 1 : tensor<32xi1> -> tensor<32x32xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<32x32xf32>
  %sm = arith.select %valid2, %s, %ninf : tensor<32x32xi1>, tensor<32x32xf32>
  // Row softmax numerator and denominator.
  %m = tile.reduce maxnumf %sm dim 1 : tensor<32x32xf32> -> tensor<32xf32>
  %m2 = tile.broadcast %m dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %d = arith.subf %sm, %m2 : tensor<32x32xf32>
  %e = math.exp %d : tensor<32x32xf32>
  %l = tile.reduce add %e dim 1 : tensor<32x32xf32> -> tensor<32xf32>
  // O = softmax(S) V: the second dot's operand comes from the first's accumulator.
  %v = tile.load %V[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %o = tile.dot %e, %v, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %l2 = tile.broadcast %l dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %out = arith.divf %o, %l2 : tensor<32x32xf32>
  tile.store %out, %O[%row, %c0] strides [%c32, %c1] bounds [%M, %c32] : tensor<32x32xf32>, memref<?xf32>
  return
}
