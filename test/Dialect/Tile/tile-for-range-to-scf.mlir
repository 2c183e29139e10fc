// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-for-range-to-scf | FileCheck %s
// tile.for_range becomes scf.for with the same bounds, step, iter_args and
// body; tile.yield becomes scf.yield; no tile.for_range is left.

// Runtime bounds and a loop-carried tensor.
// CHECK-LABEL: func.func @gemm_k_loop
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[K:.*]]: index, %[[INIT:.*]]: tensor<8x8xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[R:.*]] = scf.for %[[IV:.*]] = %[[C0]] to %[[K]] step %[[C8]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<8x8xf32>) {
// CHECK:           %[[T:.*]] = tile.load %[[A]][%[[IV]], %[[IV]]]
// CHECK:           %[[D:.*]] = tile.dot %[[T]], %[[T]], %[[ACC]]
// CHECK:           scf.yield %[[D]] : tensor<8x8xf32>
// CHECK:         }
// CHECK-NOT:     tile.for_range
// CHECK:         return %[[R]]
func.func @gemm_k_loop(%A: memref<?xf32>, %K: index, %init: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %r = tile.for_range %k = %c0 to %K step %c8 iter_args(%acc = %init) -> (tensor<8x8xf32>) {
    %t = tile.load %A[%k, %k] strides [%K, %K] : memref<?xf32> -> tensor<8x8xf32>
    %d = tile.dot %t, %t, %acc : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    tile.yield %d : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

// No loop-carried values: an scf.for without results.
// CHECK-LABEL: func.func @no_iter_args
// CHECK:         scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      "test.effect"(%[[IV]]) : (index) -> ()
// CHECK-NEXT:    }
func.func @no_iter_args(%lb: index, %ub: index, %s: index) {
  tile.for_range %i = %lb to %ub step %s {
    "test.effect"(%i) : (index) -> ()
  }
  return
}

// -----

// Several loop-carried values of different types keep their order; the
// num_stages hint and discardable attributes survive.
// CHECK-LABEL: func.func @many_carried
// CHECK:         %[[R:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}, %[[Z:.*]] = %{{.*}}) -> (f32, index, tensor<4xf16>) {
// CHECK:           "test.use"(%[[X]])
// CHECK:           %[[W:.*]] = arith.index_cast %[[Y]] : index to i32
// CHECK:           %[[V:.*]] = arith.sitofp %[[W]]
// CHECK:           %[[U:.*]] = arith.index_cast %[[W]] : i32 to index
// CHECK:           scf.yield %[[V]], %[[U]], %[[Z]] : f32, index, tensor<4xf16>
// CHECK:         } {my.tag, tile.num_stages = 3 : i64}
// CHECK:         return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @many_carried(%n: index, %f: f32, %t: tensor<4xf16>) -> (f32, index, tensor<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = arith.constant 2.0 : f32
  %r:3 = tile.for_range %i = %c0 to %n step %c1 iter_args(%x = %f, %y = %n, %z = %t) -> (f32, index, tensor<4xf16>) {
    "test.use"(%x) : (f32) -> ()
    %w = arith.index_cast %y : index to i32
    %v = arith.sitofp %w : i32 to f32
    %u = arith.index_cast %w : i32 to index
    tile.yield %v, %u, %z : f32, index, tensor<4xf16>
  } {num_stages = 3, my.tag}
  return %r#0, %r#1, %r#2 : f32, index, tensor<4xf16>
}

// -----

// Nested loops: both levels are lowered and the inner loop uses the outer
// induction variable and carried value.
// CHECK-LABEL: func.func @nested
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK:           %[[IN:.*]] = scf.for %[[J:.*]] = %[[I]] to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK:             "test.step"(%[[I]], %[[J]], %[[B]])
// CHECK:             scf.yield
// CHECK:           }
// CHECK:           scf.yield %[[IN]] : f32
// CHECK-NOT:     tile.
func.func @nested(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %f) -> (f32) {
    %q = tile.for_range %j = %i to %n step %c1 iter_args(%b = %a) -> (f32) {
      %s = "test.step"(%i, %j, %b) : (index, index, f32) -> f32
      tile.yield %s : f32
    }
    tile.yield %q : f32
  }
  return %r : f32
}

// -----

// A for_range nested in an scf.if inside another region is found too.
// CHECK-LABEL: func.func @inside_if
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK-NOT:     tile.for_range
func.func @inside_if(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    tile.for_range %i = %c0 to %n step %c1 {
      "test.effect"(%i) : (index) -> ()
    }
  }
  return
}
