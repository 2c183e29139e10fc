// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu=target=apple6 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu=backend=magic 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not tile-opt %s --tile-assign-layouts "--convert-tile-to-applegpu=target=apple6 backend=magic" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %s --tile-to-applegpu=target=apple6 2>&1 | FileCheck %s --check-prefix=PIPE-TARGET
// RUN: not tile-opt %s --tile-to-applegpu=backend=magic 2>&1 | FileCheck %s --check-prefix=PIPE-BACKEND
//
// Each failing option set prints nothing on stdout:
// RUN: not tile-opt %s --tile-to-applegpu=target=apple6 > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --check-prefix=PIPE-TARGET < %t.err
// RUN: not tile-opt %s --tile-to-applegpu=backend=magic > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --check-prefix=PIPE-BACKEND < %t.err
//
// The target option beats a kernel's own tile.target:
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-applegpu=target=apple9 | FileCheck %s --check-prefix=OVERRIDE
//
// Options of convert-tile-to-applegpu (and of the tile-to-applegpu pipeline,
// which forwards them): an unknown target or backend is rejected (the
// target first). Only one error is reported (the
// pass stops at the first failure).

// An unknown target or backend is checked once, before any kernel, and
// reported at the module, without printing the module (a bad option is not
// a problem of the IR); the backend choice at each kernel.
// TARGET: invalid-options.mlir:0:0: error: option target=apple6: unknown target; expected apple7, apple8, apple9 or apple10
// TARGET-NOT: {{note|func.func|builtin.module}}
// BACKEND: invalid-options.mlir:0:0: error: option backend=magic: unknown backend; expected auto, simdgroup or tensorops
// BACKEND-NOT: {{note|func.func|builtin.module}}
// The pipeline checks them when it is parsed, before any pass runs.
// PIPE-TARGET: error: tile-to-applegpu option target=apple6: expected apple7, apple8, apple9 or apple10
// PIPE-TARGET-NOT: {{note|func.func|builtin.module}}
// PIPE-BACKEND: error: tile-to-applegpu option backend=magic: expected auto, simdgroup or tensorops
// PIPE-BACKEND-NOT: {{note|func.func|builtin.module}}
func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  tile.store %x, %Y[%c0] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

// TARGET-NOT: error
// BACKEND-NOT: error

// A kernel whose own tile.target is apple10 lowers with the simdgroup
// backend when the option says apple9 (this second kernel is never reached
// by the failing runs above).
// OVERRIDE: func.func @own_target_apple10
// OVERRIDE-SAME: applegpu.target = "apple9"
func.func @own_target_apple10(%X: memref<?xf32>) attributes {tile.kernel, tile.target = "apple10"} {
  return
}
