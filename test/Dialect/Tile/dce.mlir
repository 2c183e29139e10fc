// RUN: tile-opt %s --canonicalize | FileCheck %s
// Dead code removal during canonicalization. An op is erased when its
// results are unused and it has no memory effect other than reads:
// tile.program_id, num_programs, splat, dot, swizzle (Pure) and tile.load
// (only reads its buffer) go; tile.store stays. tile.for_range has
// RecursiveMemoryEffects, so it is as dead as its body: a loop whose results
// are unused and whose body only computes or loads is erased too (upstream
// does not care that the trip count is a runtime value), while a loop whose
// body stores is kept.

// CHECK-LABEL: func.func @unused_ops
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[S:.*]]: f32,
// CHECK-NEXT:    %[[T:.*]] = tile.splat %[[S]] : f32 -> tensor<4xf32>
// CHECK-NEXT:    tile.store %[[T]], %[[X]][%[[I]]] : tensor<4xf32>, memref<?xf32>
// CHECK-NEXT:    return
func.func @unused_ops(%X: memref<?xf32>, %i: index, %s: f32, %a: tensor<16x16xf32>) {
  %l = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  %d = tile.dot %a, %a, %a : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %dead_splat = tile.splat %s : f32 -> tensor<8xf32>
  %p = tile.program_id x : index
  %q = tile.num_programs y : index
  %m:2 = tile.swizzle %p, %q {pattern = "morton"} : index
  %t = tile.splat %s : f32 -> tensor<4xf32>
  tile.store %t, %X[%i] : tensor<4xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @unused_loops
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[A:.*]]: tensor<16x16xf32>, %[[N:.*]]: index)
// CHECK-NOT:     tile.dot
// CHECK-NOT:     tile.load
// CHECK:         tile.for_range %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[A]]) -> (tensor<16x16xf32>) {
// CHECK-NEXT:      tile.store %[[ACC]], %[[X]][%[[K]], %[[K]]]
// CHECK-NEXT:      tile.yield %[[ACC]]
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.for_range %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      tile.store %[[A]], %[[X]][%[[J]], %[[J]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @unused_loops(%X: memref<?xf32>, %a: tensor<16x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // Pure body, result unused: erased.
  %r0 = tile.for_range %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<16x16xf32>) {
    %v = tile.dot %acc, %acc, %acc : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    tile.yield %v : tensor<16x16xf32>
  }
  // Body only loads, result unused: erased.
  %r1 = tile.for_range %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<16x16xf32>) {
    %v = tile.load %X[%k, %k] strides [%k, %c1] : memref<?xf32> -> tensor<16x16xf32>
    tile.yield %v : tensor<16x16xf32>
  }
  // Body stores, result unused: kept.
  %r2 = tile.for_range %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<16x16xf32>) {
    tile.store %acc, %X[%k, %k] strides [%k, %c1] : tensor<16x16xf32>, memref<?xf32>
    tile.yield %acc : tensor<16x16xf32>
  }
  // No results at all, body stores: kept.
  tile.for_range %j = %c0 to %n step %c1 {
    tile.store %a, %X[%j, %j] strides [%j, %c1] : tensor<16x16xf32>, memref<?xf32>
  }
  return
}
