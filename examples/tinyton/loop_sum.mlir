// TinyTon's loop_sum: the sum of the N elements of `src`, written to dst[0].
// One program walks `src` in tiles of 128; masked elements read 0, the
// identity of add; the loop carries the running sum as a scalar.
func.func @loop_sum(%src: memref<?xf32>, %dst: memref<?xf32>, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %sum = tile.for_range %t = %c0 to %N step %c128 iter_args(%acc = %zero) -> (f32) {
    %x = tile.load %src[%t] bounds [%N] : memref<?xf32> -> tensor<128xf32>
    %s = tile.reduce add %x dim 0 : tensor<128xf32> -> f32
    %next = arith.addf %acc, %s : f32
    tile.yield %next : f32
  }
  tile.store %sum, %dst[%c0] : f32, memref<?xf32>
  return
}
