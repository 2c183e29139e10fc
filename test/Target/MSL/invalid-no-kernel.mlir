// RUN: not tile-translate --mlir-to-msl %s > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// The usual mistake: translating tile IR that was not lowered with the
// tile-to-applegpu pipeline. A tile.kernel is not an applegpu.kernel, so
// there is nothing to translate: one error (at the implicit top-level
// module, which has no line of its own) and nothing on stdout.

// CHECK: invalid-no-kernel.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no 'applegpu.kernel' function to translate (run the tile-to-applegpu pipeline first)
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
