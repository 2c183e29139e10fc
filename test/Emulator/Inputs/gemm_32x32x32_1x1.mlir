// C = A @ B with a 32x32 output tile, K step 32, 1x1 SIMD groups.
func.func @gemm(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bk = arith.constant 32 : index
  %bm = arith.constant 32 : index
  %bn = arith.constant 32 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %bm : index
  %col = arith.muli %pn, %bn : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %bk iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<32x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
