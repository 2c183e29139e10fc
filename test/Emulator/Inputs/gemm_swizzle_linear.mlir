// A 32x32-tile GEMM whose program ids go through tile.swizzle "linear".
func.func @gemm_linear(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %px = tile.program_id x : index
  %py = tile.program_id y : index
  %pm, %pn = tile.swizzle %px, %py {pattern = "linear", block = 1} : index
  %row = arith.muli %pm, %c32 : index
  %col = arith.muli %pn, %c32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %c16 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<32x16xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<16x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
