// The README's GEMM example (examples/gemm.mlir) parses, verifies and
// round-trips through two tile-opt runs unchanged in meaning.
// RUN: tile-opt %tile_src_root/examples/gemm.mlir | tile-opt | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/gemm.mlir > %t.1.mlir
// RUN: tile-opt %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[K:.*]]: index)
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>}
// CHECK:         %[[PM:.*]] = tile.program_id x : index
// CHECK:         %[[PN:.*]] = tile.program_id y : index
// CHECK:         %[[ROW:.*]] = arith.muli %[[PM]]
// CHECK:         %[[COL:.*]] = arith.muli %[[PN]]
// CHECK:         %[[ACC:.*]] = tile.for_range %[[KK:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<64x64xf32>)
// CHECK:           %[[TA:.*]] = tile.load %[[A]][%[[ROW]], %[[KK]]] strides [%[[K]], %{{.*}}] bounds [%[[M]], %[[K]]] : memref<?xf32> -> tensor<64x32xf32>
// CHECK:           %[[TB:.*]] = tile.load %[[B]][%[[KK]], %[[COL]]] strides [%[[N]], %{{.*}}] bounds [%[[K]], %[[N]]] : memref<?xf32> -> tensor<32x64xf32>
// CHECK:           %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[A0]]
// CHECK:           tile.yield %[[D]]
// CHECK:         tile.store %[[ACC]], %[[C]][%[[ROW]], %[[COL]]] strides [%[[N]], %{{.*}}] bounds [%[[M]], %[[N]]]
