// RUN: not tile-opt %s --tile-to-applegpu 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT
// RUN: not tile-run %s --arg X=f32:64:ones --arg Y=f32:64:zeros --arg n=64 2>&1 | FileCheck %s --check-prefix=EMU
// A kernel written without `tile.kernel` is not passed through unchanged (for
// tile-translate to fail on later): the pipeline and tile-run say, at the
// function, that the attribute is missing.

// OPT: missing-kernel-attribute.mlir:[[@LINE+3]]:1: error: function 'copy' uses tile ops (tile.program_id) but is not a tile kernel: it lacks the 'tile.kernel' attribute
// EMU: missing-kernel-attribute.mlir:[[@LINE+2]]:1: error: function 'copy' is not a tile kernel: it lacks the 'tile.kernel' attribute
// EMU-NOT: no tile kernel
func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) {
  %p = tile.program_id x : index
  %c64 = arith.constant 64 : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %x, %Y[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
