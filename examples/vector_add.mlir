// Z = X + Y over n elements: no dot, one 256-element tile per program
// instance, bounds masking the last (partial) tile.
func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>,
                      %n: index) attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %z = arith.addf %x, %y : tensor<256xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}
