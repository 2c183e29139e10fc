// RUN: tile-opt %s --cse | FileCheck %s
// Common subexpression elimination over tile ops. program_id, num_programs,
// splat, dot and swizzle are Pure, so identical copies merge. tile.load only
// reads memory: two identical loads merge unless a write that may alias
// (any tile.store, since CSE does no alias analysis) sits between them.
// tile.store writes, so two identical stores both stay.

// CHECK-LABEL: func.func @pure_ops
// CHECK-SAME:    (%[[PM:.*]]: index, %[[PN:.*]]: index, %[[S:.*]]: f32, %[[A:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<8x16xf32>, %[[C:.*]]: tensor<16x16xf32>)
// CHECK-NEXT:    %[[P:.*]] = tile.program_id x : index
// CHECK-NEXT:    %[[N:.*]] = tile.num_programs y : index
// CHECK-NEXT:    %[[T:.*]] = tile.splat %[[S]] : f32 -> tensor<4xf32>
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[C]]
// CHECK-NEXT:    %[[M:.*]], %[[Q:.*]] = tile.swizzle %[[PM]], %[[PN]]
// CHECK-NEXT:    return %[[P]], %[[P]], %[[N]], %[[N]], %[[T]], %[[T]], %[[D]], %[[D]], %[[M]], %[[M]], %[[Q]], %[[Q]] :
func.func @pure_ops(%pm: index, %pn: index, %s: f32, %a: tensor<16x8xf32>,
                    %b: tensor<8x16xf32>, %c: tensor<16x16xf32>)
    -> (index, index, index, index, tensor<4xf32>, tensor<4xf32>,
        tensor<16x16xf32>, tensor<16x16xf32>, index, index, index, index) {
  %p0 = tile.program_id x : index
  %p1 = tile.program_id x : index
  %n0 = tile.num_programs y : index
  %n1 = tile.num_programs y : index
  %s0 = tile.splat %s : f32 -> tensor<4xf32>
  %s1 = tile.splat %s : f32 -> tensor<4xf32>
  %d0 = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %d1 = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
  %m0, %q0 = tile.swizzle %pm, %pn {pattern = "grouped", block = 4} : index
  %m1, %q1 = tile.swizzle %pm, %pn {pattern = "grouped", block = 4} : index
  return %p0, %p1, %n0, %n1, %s0, %s1, %d0, %d1, %m0, %m1, %q0, %q1
      : index, index, index, index, tensor<4xf32>, tensor<4xf32>,
        tensor<16x16xf32>, tensor<16x16xf32>, index, index, index, index
}

// Ops that differ only in an attribute are different values.
// CHECK-LABEL: func.func @different_attrs
// CHECK:         %[[L0:.*]] = tile.load %{{.*}}[%{{.*}}] bounds [%{{.*}}] : memref
// CHECK-NEXT:    %[[L1:.*]] = tile.load {{.*}} {padding = 1.000000e+00 : f32}
// CHECK-NEXT:    %[[X:.*]] = tile.program_id x
// CHECK-NEXT:    %[[Y:.*]] = tile.program_id y
// CHECK-NEXT:    %[[G:.*]], %{{.*}} = tile.swizzle {{.*}} {pattern = "linear"}
// CHECK-NEXT:    %[[H:.*]], %{{.*}} = tile.swizzle {{.*}} {pattern = "diagonal"}
// CHECK-NEXT:    return %[[L0]], %[[L1]], %[[X]], %[[Y]], %[[G]], %[[H]] :
func.func @different_attrs(%X: memref<?xf32>, %i: index, %n: index)
    -> (tensor<4xf32>, tensor<4xf32>, index, index, index, index) {
  %a = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<4xf32>
  %b = tile.load %X[%i] bounds [%n] {padding = 1.0 : f32} : memref<?xf32> -> tensor<4xf32>
  %p = tile.program_id x : index
  %q = tile.program_id y : index
  %g:2 = tile.swizzle %i, %n {pattern = "linear"} : index
  %h:2 = tile.swizzle %i, %n {pattern = "diagonal"} : index
  return %a, %b, %p, %q, %g#0, %h#0
      : tensor<4xf32>, tensor<4xf32>, index, index, index, index
}

// Nothing writes memory between the two loads: they merge.
// CHECK-LABEL: func.func @loads_merge
// CHECK-NEXT:    %[[L:.*]] = tile.load
// CHECK-NEXT:    return %[[L]], %[[L]] :
func.func @loads_merge(%X: memref<?xf32>, %i: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  %b = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// A store to the loaded buffer in between: the second load sees new data.
// CHECK-LABEL: func.func @store_between_same_buffer
// CHECK-NEXT:    %[[L0:.*]] = tile.load
// CHECK-NEXT:    tile.store
// CHECK-NEXT:    %[[L1:.*]] = tile.load
// CHECK-NEXT:    return %[[L0]], %[[L1]] :
func.func @store_between_same_buffer(%X: memref<?xf32>, %i: index, %v: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %a = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  tile.store %v, %X[%i] : tensor<4xf32>, memref<?xf32>
  %b = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// A store to another buffer argument also blocks the merge: the two
// memrefs may alias and CSE does not try to prove otherwise.
// CHECK-LABEL: func.func @store_between_other_buffer
// CHECK-NEXT:    %[[L0:.*]] = tile.load
// CHECK-NEXT:    tile.store
// CHECK-NEXT:    %[[L1:.*]] = tile.load
// CHECK-NEXT:    return %[[L0]], %[[L1]] :
func.func @store_between_other_buffer(%X: memref<?xf32>, %Y: memref<?xf32>, %i: index,
                                      %v: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  tile.store %v, %Y[%i] : tensor<4xf32>, memref<?xf32>
  %b = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @stores_kept
// CHECK-NEXT:    tile.store
// CHECK-NEXT:    tile.store
// CHECK-NEXT:    return
func.func @stores_kept(%X: memref<?xf32>, %i: index, %v: tensor<4xf32>) {
  tile.store %v, %X[%i] : tensor<4xf32>, memref<?xf32>
  tile.store %v, %X[%i] : tensor<4xf32>, memref<?xf32>
  return
}
