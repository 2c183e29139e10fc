// GEMM with alpha scaling, a per-column bias, a residual and a ReLU: C = relu(alpha * A @ B + bias + R).
func.func @gemm_bias_res(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                       %Bias: memref<?xf32>, %R: memref<?xf32>, %alpha: f32,
                       %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %bias = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bias2d = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %res = tile.load %R[%row, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<64x64xf32>
  %al = tile.splat %alpha : f32 -> tensor<64x64xf32>
  %x = arith.mulf %acc, %al : tensor<64x64xf32>
  %y = arith.addf %x, %bias2d : tensor<64x64xf32>
  %z = arith.addf %y, %res : tensor<64x64xf32>
  %o = arith.maximumf %z, %zero : tensor<64x64xf32>
  tile.store %o, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
