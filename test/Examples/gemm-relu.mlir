// The ReLU GEMM example: the zero splat folds to a constant under
// canonicalize and the maximumf stays between the loop and the store.
// RUN: tile-opt %tile_src_root/examples/gemm_relu.mlir | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tile-opt %tile_src_root/examples/gemm_relu.mlir --canonicalize | FileCheck %s

// ROUNDTRIP-LABEL: func.func @matmul_relu
// ROUNDTRIP:         %[[Z:.*]] = tile.splat %{{.*}} : f32 -> tensor<64x64xf32>
// ROUNDTRIP:         arith.maximumf %{{.*}}, %[[Z]] : tensor<64x64xf32>

// CHECK-LABEL: func.func @matmul_relu
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
// CHECK-NOT:     tile.splat
// CHECK:         %[[ACC:.*]] = tile.for_range
// CHECK:         %[[RELU:.*]] = arith.maximumf %[[ACC]], %[[ZERO]] : tensor<64x64xf32>
// CHECK:         tile.store %[[RELU]]
