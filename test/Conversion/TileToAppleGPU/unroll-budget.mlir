// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=LOOP
// RUN: tile-opt %s --tile-to-applegpu=unroll-max-ops=15 | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=LOOP
// RUN: tile-opt %s --tile-to-applegpu=unroll-max-ops=16 | tile-translate --mlir-to-msl > %t.metal
// RUN: FileCheck %s --check-prefix=UNROLLED < %t.metal
// RUN: %msl_check %t.metal
// RUN: not tile-opt %s --tile-to-applegpu=unroll-max-ops=-1 2>&1 | FileCheck %s --check-prefix=NEG
// The pipeline runs tile-unroll only when asked (unroll-max-ops=N, its size
// budget): by default a loop with constant bounds stays a loop. This one
// has 4 trips of a 4-op body, 16 ops: unrolled with a budget of 16, whose
// copies have constant offsets (0, 64, 128, 192, all in bounds, so each
// copy is one vector load and no bounds checks); kept with 15.

// LOOP:      for (int [[I:i[0-9]+]] = 0; [[I]] < 4; [[I]] += 1) {
// LOOP-NEXT:   int {{v[0-9]+}} = [[I]] * 64;

// UNROLLED-NOT:   * 64;
// UNROLLED-COUNT-4: float4 {{v[0-9]+}} = *(device const float4*)(&X[
// UNROLLED-NOT:   * 64;

// NEG: error: tile-to-applegpu option unroll-max-ops=-1: expected a number of ops >= 0
func.func @add_rows(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  tile.for_range %i = %c0 to %c4 step %c1 {
    %off = arith.muli %i, %c64 : index
    %x = tile.load %X[%off] strides [%c1] bounds [%c256] : memref<?xf32> -> tensor<64xf32>
    %y = arith.addf %x, %x : tensor<64xf32>
    tile.store %y, %Y[%off] strides [%c1] bounds [%c256] : tensor<64xf32>, memref<?xf32>
    tile.yield
  }
  return
}
