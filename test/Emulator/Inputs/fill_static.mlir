// A kernel with a statically sized buffer (64 floats), for bad-arguments.mlir.
func.func @fill(%Z: memref<64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = tile.splat %one : f32 -> tensor<64xf32>
  tile.store %t, %Z[%c0] : tensor<64xf32>, memref<64xf32>
  return
}
