// RUN: tile-opt %s --loop-invariant-code-motion | FileCheck %s
// tile.for_range implements LoopLikeOpInterface, so upstream LICM hoists its
// loop-invariant ops that are free of memory effects and speculatable:
// program_id, splat (Pure) and arith on values from outside. tile.load
// reads memory, so it is never hoisted, with or without a tile.store in
// the loop (upstream LICM only moves memory-effect-free ops). The dot that
// consumes the iter arg is loop-variant and stays.

// CHECK-LABEL: func.func @hoist
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>, %[[K:.*]]: index, %[[ROW:.*]]: index, %[[S:.*]]: f32)
// CHECK:         %[[PM:.*]] = tile.program_id x : index
// CHECK-NEXT:    %[[R:.*]] = arith.muli %[[PM]], %{{.*}} : index
// CHECK-NEXT:    %[[T:.*]] = tile.splat %[[S]] : f32 -> tensor<16x16xf32>
// CHECK-NEXT:    %[[ACC:.*]] = tile.for_range %{{.*}} = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<16x16xf32>) {
// CHECK-NEXT:      %[[B:.*]] = tile.load %[[A]][%[[R]], %{{.*}}]
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[B]], %[[T]], %[[A0]]
// CHECK-NEXT:      tile.store %[[D]], %[[A]][%[[R]], %{{.*}}]
// CHECK-NEXT:      tile.yield %[[D]]
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[ACC]], %[[C]]
func.func @hoist(%A: memref<?xf32>, %C: memref<?xf32>, %K: index, %row: index, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<16x16xf32>) {
    %pm = tile.program_id x : index
    %r = arith.muli %pm, %c32 : index
    %t = tile.splat %s : f32 -> tensor<16x16xf32>
    // Invariant operands, but the loop stores to %A.
    %b = tile.load %A[%r, %c0] strides [%K, %c1] : memref<?xf32> -> tensor<16x16xf32>
    %d = tile.dot %b, %t, %a0 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    tile.store %d, %A[%r, %c0] strides [%K, %c1] : tensor<16x16xf32>, memref<?xf32>
    tile.yield %d : tensor<16x16xf32>
  }
  tile.store %acc, %C[%row, %c0] strides [%K, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// No store in the loop: the invariant load still stays inside, but a dot
// of invariant tiles (not using the iter arg) is hoisted.
// CHECK-LABEL: func.func @load_without_store
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[K:.*]]: index, %[[X:.*]]: tensor<16x16xf32>)
// CHECK:         %[[XX:.*]] = tile.dot %[[X]], %[[X]], %[[X]]
// CHECK-NEXT:    tile.for_range %{{.*}} = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<16x16xf32>) {
// CHECK-NEXT:      %[[B:.*]] = tile.load %[[A]]
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[B]], %[[XX]], %[[A0]]
// CHECK-NEXT:      tile.yield %[[D]]
// CHECK-NEXT:    }
func.func @load_without_store(%A: memref<?xf32>, %K: index, %x: tensor<16x16xf32>)
    -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<16x16xf32>) {
    %b = tile.load %A[%c0, %c0] strides [%K, %c1] : memref<?xf32> -> tensor<16x16xf32>
    %xx = tile.dot %x, %x, %x : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    %d = tile.dot %b, %xx, %a0 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    tile.yield %d : tensor<16x16xf32>
  }
  return %acc : tensor<16x16xf32>
}
