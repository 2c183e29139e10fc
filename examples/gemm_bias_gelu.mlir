// GEMM with a bias and a GELU epilogue: C = gelu(A @ B + bias), bias one
// value per column of C. GELU in its tanh form,
//   gelu(x) = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))),
// written as ordinary elementwise math on the accumulator tile; the
// tile-fuse-epilogue pass (in the default pipeline) turns it into one
// tile.epilogue that runs on the accumulator's registers.
func.func @matmul_bias_gelu(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                            %Bias: memref<?xf32>, %M: index, %N: index, %K: index)
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
  // The bias entries of this program's columns, masked at N.
  %bias = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bias2d = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %x = arith.addf %acc, %bias2d : tensor<64x64xf32>
  %half = arith.constant dense<0.5> : tensor<64x64xf32>
  %one = arith.constant dense<1.0> : tensor<64x64xf32>
  %k0 = arith.constant dense<0.7978845608> : tensor<64x64xf32>
  %k1 = arith.constant dense<0.044715> : tensor<64x64xf32>
  %x2 = arith.mulf %x, %x : tensor<64x64xf32>
  %x3 = arith.mulf %x2, %x : tensor<64x64xf32>
  %t0 = arith.mulf %x3, %k1 : tensor<64x64xf32>
  %t1 = arith.addf %x, %t0 : tensor<64x64xf32>
  %t2 = arith.mulf %t1, %k0 : tensor<64x64xf32>
  %t3 = math.tanh %t2 : tensor<64x64xf32>
  %t4 = arith.addf %t3, %one : tensor<64x64xf32>
  %hx = arith.mulf %x, %half : tensor<64x64xf32>
  %gelu = arith.mulf %hx, %t4 : tensor<64x64xf32>
  tile.store %gelu, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
