// RUN: tile-opt %s -split-input-file --tile-to-applegpu=fuse-epilogue=false | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu=fuse-epilogue=false | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Elementwise math on the accumulator, left unfused (fuse-epilogue=false),
// runs on the two elements each lane holds per fragment (get_element into a
// thread-private array of lane elements, a loop of scalar math over it,
// set_element back): no trip through threadgroup or device memory. A
// second tile of the output's shape (a residual) is read straight into the
// same lanes, at the coordinates of their elements.

// ReLU as maximumf against a zero splat: one fragment, two elements. The
// lane elements are reached by get/set_element, which need no lane
// coordinates, and the store is a simdgroup_store: none are made.
// CHECK-LABEL: func.func @relu
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     applegpu.thread_index_in_simdgroup
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<1x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:    %[[INIT:.*]] = applegpu.simdgroup_fill %[[ZERO]]
// CHECK-NEXT:    memref.store %[[INIT]], %[[ACC]][%[[C0]]]
// CHECK:         scf.for
// CHECK:           applegpu.simdgroup_mma
// CHECK:           applegpu.threadgroup_barrier
// CHECK-NEXT:    }
// The lane's two elements of the accumulator, into an array.
// CHECK-NEXT:    %[[LANES:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[LANES]][%[[C0]]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK-NEXT:    memref.store %[[E1]], %[[LANES]][%[[C1]]]
// maximumf: one loop over the two elements, updating them in place; the
// zero splat stays one scalar.
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[LANES]][%[[I]]]
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:      memref.store %[[R]], %[[LANES]][%[[I]]]
// CHECK-NEXT:    }
// Back into a fragment with set_element (into a fresh zero fill), which is
// stored.
// CHECK-NEXT:    %[[OUT:.*]] = memref.alloca() : memref<1x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:    %[[BLANK:.*]] = applegpu.simdgroup_fill %[[ZERO]]
// CHECK-NEXT:    %[[R0:.*]] = memref.load %[[LANES]][%[[C0]]]
// CHECK-NEXT:    %[[F0:.*]] = applegpu.simdgroup_set_element %[[R0]], %[[BLANK]][0]
// CHECK-NEXT:    %[[R1:.*]] = memref.load %[[LANES]][%[[C1]]]
// CHECK-NEXT:    %[[F1:.*]] = applegpu.simdgroup_set_element %[[R1]], %[[F0]][1]
// CHECK-NEXT:    memref.store %[[F1]], %[[OUT]][%[[C0]]]
// CHECK-NOT:     memref.store
// CHECK:         %[[G:.*]] = memref.load %[[OUT]][%[[C0]]]
// CHECK-NEXT:    applegpu.simdgroup_store %[[G]]
func.func @relu(%A: memref<?xf32>, %C: memref<?xf32>, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.for_range %k = %c0 to %K step %c8 iter_args(%a0 = %zero) -> (tensor<8x8xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] : memref<?xf32> -> tensor<8x8xf32>
    %d = tile.dot %a, %a, %a0 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    tile.yield %d : tensor<8x8xf32>
  }
  %fz = arith.constant 0.0 : f32
  %z = tile.splat %fz : f32 -> tensor<8x8xf32>
  %r = arith.maximumf %acc, %z : tensor<8x8xf32>
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// where(acc > 5, acc * 2, acc): the comparison and the select keep their
// meaning per element (the mask is a per-lane i1 array, never a matrix).
// CHECK-LABEL: func.func @where
// CHECK-DAG:     %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         applegpu.simdgroup_mma
// CHECK-NEXT:    memref.store %{{.*}}, %[[ACC:alloca(_[0-9]+)?]][%[[C0]]]
// CHECK-NEXT:    applegpu.threadgroup_barrier
// mask = acc > 5, on the accumulator's lane elements.
// CHECK-NEXT:    %[[E:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[E]][%[[C0]]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK-NEXT:    memref.store %[[E1]], %[[E]][%[[C1]]]
// CHECK-NEXT:    %[[MASK:.*]] = memref.alloca() : memref<2xi1>
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[E]][%[[I]]]
// CHECK-NEXT:      %[[M:.*]] = arith.cmpf ogt, %[[X]], %[[FIVE]] : f32
// CHECK-NEXT:      memref.store %[[M]], %[[MASK]][%[[I]]]
// CHECK-NEXT:    }
// acc * 2, on lane elements of the accumulator.
// CHECK-NEXT:    %[[D:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[D]][%[[C0]]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK-NEXT:    memref.store %[[E1]], %[[D]][%[[C1]]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[D]][%[[I]]]
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[X]], %[[TWO]] : f32
// CHECK-NEXT:      memref.store %[[P]], %[[D]][%[[I]]]
// CHECK-NEXT:    }
// select(mask, acc * 2, acc), per element, with acc's lane elements.
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[A]][%[[C0]]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK-NEXT:    memref.store %[[E1]], %[[A]][%[[C1]]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[M:.*]] = memref.load %[[MASK]][%[[I]]]
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[D]][%[[I]]]
// CHECK-NEXT:      %[[Y:.*]] = memref.load %[[A]][%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[M]], %[[X]], %[[Y]] : f32
// CHECK-NEXT:      memref.store %[[S]], %[[D]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.alloca() : memref<1x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:    applegpu.simdgroup_fill
// CHECK-NEXT:    memref.load %[[D]][%[[C0]]]
// CHECK-NEXT:    applegpu.simdgroup_set_element
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         applegpu.simdgroup_store
func.func @where(%A: memref<?xf32>, %C: memref<?xf32>, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %a = tile.load %A[%c0, %c0] strides [%K, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %five = arith.constant dense<5.0> : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %mask = arith.cmpf ogt, %acc, %five : tensor<8x8xf32>
  %dbl = arith.mulf %acc, %two : tensor<8x8xf32>
  %r = arith.select %mask, %dbl, %acc : tensor<8x8xi1>, tensor<8x8xf32>
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A residual tile added to the accumulator: each lane loads the two
// elements it holds, at row laneRow, columns laneCol and laneCol + 1 (the
// row plus the simdgroup's row offset, simdgroup index * 8; with one
// simdgroup column the column offset is 0 and not computed at all), into a
// 2-element array: unguarded when the tile is inside [M, N], else guarded
// by the bounds. The row is computed again for the second element.
// CHECK-LABEL: func.func @residual
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[SG:.*]] = applegpu.simdgroup_index_in_threadgroup
// CHECK-NEXT:    %[[LANE:.*]] = applegpu.thread_index_in_simdgroup
// CHECK-NOT:     arith.{{divui|remui}} %[[SG]],
// CHECK:         %[[LROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:         %[[LCOL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[SGROW:.*]] = arith.muli %[[SG]], %[[C8]] : index
// CHECK-NOT:     arith.{{divui|remui}} %[[SG]],
// CHECK:         applegpu.simdgroup_mma
// CHECK-NEXT:    memref.store %{{.*}}, %[[ACC:alloca(_[0-9]+)?]][%[[C0]]]
// CHECK-NEXT:    applegpu.threadgroup_barrier
// CHECK-NEXT:    %[[RES:.*]] = memref.alloca() : memref<2xf32>
// CHECK:         %[[INSIDE:.*]] = arith.andi
// CHECK-NEXT:    scf.if %[[INSIDE]] {
// CHECK-NEXT:      %[[ROW:.*]] = arith.addi %[[SGROW]], %[[LROW]] : index
// CHECK-NEXT:      %[[ROWOFF:.*]] = arith.muli %[[ROW]], %arg4 : index
// CHECK-NEXT:      %[[OFF0:.*]] = arith.addi %[[ROWOFF]], %[[LCOL]] : index
// CHECK-NEXT:      %[[X0:.*]] = memref.load %arg1[%[[OFF0]]]
// CHECK-NEXT:      memref.store %[[X0]], %[[RES]][%[[C0]]]
// CHECK-NEXT:      %[[ROW1:.*]] = arith.addi %[[SGROW]], %[[LROW]] : index
// CHECK-NEXT:      %[[COL1:.*]] = arith.addi %[[C1]], %[[LCOL]] : index
// CHECK-NEXT:      %[[ROWOFF1:.*]] = arith.muli %[[ROW1]], %arg4 : index
// CHECK-NEXT:      %[[OFF1:.*]] = arith.addi %[[ROWOFF1]], %[[COL1]] : index
// CHECK-NEXT:      %[[X1:.*]] = memref.load %arg1[%[[OFF1]]]
// CHECK-NEXT:      memref.store %[[X1]], %[[RES]][%[[C1]]]
// CHECK-NEXT:    } else {
// CHECK:           %[[G0:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.load %arg1
// CHECK:           memref.store %[[G0]], %[[RES]][%[[C0]]]
// CHECK:           %[[G1:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.load %arg1
// CHECK:           memref.store %[[G1]], %[[RES]][%[[C1]]]
// CHECK-NEXT:    }
// The sum: the accumulator's lane elements (get_element) plus the
// residual's, in a loop over the two.
// CHECK-NEXT:    %[[LANES:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[LANES]][%[[C0]]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK-NEXT:    memref.store %[[E1]], %[[LANES]][%[[C1]]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[LANES]][%[[I]]]
// CHECK-NEXT:      %[[Y:.*]] = memref.load %[[RES]][%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      memref.store %[[S]], %[[LANES]][%[[I]]]
// CHECK-NEXT:    }
func.func @residual(%A: memref<?xf32>, %R: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %a = tile.load %A[%c0, %c0] strides [%N, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %res = tile.load %R[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x8xf32>
  %sum = arith.addf %acc, %res : tensor<8x8xf32>
  tile.store %sum, %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<8x8xf32>, memref<?xf32>
  return
}
