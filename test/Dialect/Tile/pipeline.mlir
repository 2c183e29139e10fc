// The tile passes compose in textual pipelines, anchored on the module or
// nested on functions (they are op-agnostic), with upstream passes between.
// RUN: tile-opt %s --pass-pipeline='builtin.module(func.func(tile-unroll{factor=2},canonicalize),tile-for-range-to-scf)' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-unroll{max-trip-count=4},canonicalize,cse)' | FileCheck %s --check-prefix=FULL

// CHECK-LABEL: func.func @reduce
// CHECK-NOT:     tile.for_range
// CHECK:         %[[MAIN:.*]] = scf.for {{.*}} iter_args
// CHECK-COUNT-2:   arith.addf
// CHECK:         scf.yield
// CHECK:         %[[REM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]])
// CHECK:         return %[[REM]]

// FULL-LABEL: func.func @reduce
// FULL:         tile.for_range
// FULL-LABEL: func.func @short
// FULL-NOT:     tile.for_range
// FULL-COUNT-4: tile.load
func.func @reduce(%X: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%s = %f0) -> (f32) {
    %t = tile.load %X[%i] : memref<?xf32> -> tensor<1xf32>
    %e = tensor.extract %t[%c0] : tensor<1xf32>
    %n2 = arith.addf %s, %e : f32
    tile.yield %n2 : f32
  }
  return %r : f32
}

func.func @short(%X: memref<?xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = tile.for_range %i = %c0 to %c4 step %c1 iter_args(%s = %z) -> (tensor<4xf32>) {
    %t = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
    %n2 = arith.addf %s, %t : tensor<4xf32>
    tile.yield %n2 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
