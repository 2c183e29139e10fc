// The GEMM example unrolled by 2 along its runtime K: a main loop stepping
// 64 with two chained dots, then a remainder loop stepping 32 from where the
// main loop stopped, fed by the main loop's accumulator.
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-unroll=factor=2 --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    %[[K:[^:]*]]: index)
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
// CHECK:         %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[K]], %{{.*}} : index
// CHECK:         %[[SPAN:.*]] = arith.select %[[NONEMPTY]], %[[K]], %{{.*}} : index
// CHECK:         %[[TRIPS:.*]] = arith.divui %[[SPAN]], %[[C64]] : index
// CHECK:         %[[MAINUB:.*]] = arith.muli %[[TRIPS]], %[[C64]] : index
// CHECK:         %[[MAIN:.*]] = tile.for_range %[[IV:.*]] = %{{.*}} to %[[MAINUB]] step %[[C64]] iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK:           %[[D0:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK:           %[[IV1:.*]] = arith.addi %[[IV]], %[[C32]] : index
// CHECK:           tile.load %{{.*}}[%{{.*}}, %[[IV1]]]
// CHECK:           %[[D1:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[D0]]
// CHECK:           tile.yield %[[D1]]
// CHECK:         %[[REM:.*]] = tile.for_range %{{.*}} = %[[MAINUB]] to %[[K]] step %[[C32]] iter_args(%[[RACC:.*]] = %[[MAIN]])
// CHECK:           %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[RACC]]
// CHECK:           tile.yield %[[D]]
// CHECK:         tile.store %[[REM]]
