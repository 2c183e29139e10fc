// The no-dot example: round-trips, and the tile passes leave it alone (there
// is no loop to unroll or lower).
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-unroll --tile-for-range-to-scf | FileCheck %s

// CHECK-LABEL: func.func @vector_add
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK-SAME:    attributes {tile.kernel}
// CHECK:         %[[P:.*]] = tile.program_id x : index
// CHECK:         %[[I:.*]] = arith.muli %[[P]]
// CHECK:         %[[TX:.*]] = tile.load %[[X]][%[[I]]] bounds [%[[N]]] : memref<?xf32> -> tensor<256xf32>
// CHECK:         %[[TY:.*]] = tile.load %[[Y]][%[[I]]] bounds [%[[N]]] : memref<?xf32> -> tensor<256xf32>
// CHECK:         %[[S:.*]] = arith.addf %[[TX]], %[[TY]] : tensor<256xf32>
// CHECK:         tile.store %[[S]], %[[Z]][%[[I]]] bounds [%[[N]]] : tensor<256xf32>, memref<?xf32>
// CHECK-NOT:     scf.for
