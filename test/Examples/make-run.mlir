// The pipeline `make run` prints for examples/gemm.mlir (keep in sync with
// the Makefile): K is a runtime value, so the K loop stays a loop and is
// lowered to scf.for carrying the accumulator.
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-unroll --canonicalize --cse --tile-for-range-to-scf | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-NOT:     tile.for_range
// CHECK:         %[[ACC:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<64x64xf32>)
// CHECK:           tile.dot %{{.*}}, %{{.*}}, %[[A0]]
// CHECK:           scf.yield
// CHECK:         tile.store %[[ACC]]
