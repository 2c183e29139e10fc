// RUN: tile-opt %s -split-input-file --tile-to-applegpu=fuse-epilogue=false | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu=fuse-epilogue=false | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Elementwise math on the accumulator, left unfused (fuse-epilogue=false),
// runs on the two elements each lane holds per fragment (get_element,
// scalar math, set_element): no trip through memory. A second tile of the output's shape (a residual) is read
// straight into the same lanes, at the coordinates of their elements.

// ReLU as maximumf against a zero splat: per fragment, two elements.
// CHECK-LABEL: func.func @relu
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %[[ACC]][0]
// CHECK:         %[[E1:.*]] = applegpu.simdgroup_get_element %[[ACC]][1]
// CHECK:         %[[R0:.*]] = arith.maximumf %[[E0]], %[[ZERO]] : f32
// CHECK:         %[[R1:.*]] = arith.maximumf %[[E1]], %[[ZERO]] : f32
// CHECK:         %[[F0:.*]] = applegpu.simdgroup_set_element %[[R0]], %{{.*}}[0]
// CHECK:         %[[F1:.*]] = applegpu.simdgroup_set_element %[[R1]], %[[F0]][1]
// CHECK:         applegpu.simdgroup_store %[[F1]]
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
// meaning per element (the mask is a per-lane i1, never a matrix).
// CHECK-LABEL: func.func @where
// CHECK-DAG:     %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %{{.*}}[0]
// CHECK:         %[[E1:.*]] = applegpu.simdgroup_get_element %{{.*}}[1]
// CHECK:         %[[M0:.*]] = arith.cmpf ogt, %[[E0]], %[[FIVE]] : f32
// CHECK:         %[[M1:.*]] = arith.cmpf ogt, %[[E1]], %[[FIVE]] : f32
// CHECK:         %[[D0:.*]] = arith.mulf %[[E0]], %[[TWO]] : f32
// CHECK:         %[[D1:.*]] = arith.mulf %[[E1]], %[[TWO]] : f32
// CHECK:         %[[S0:.*]] = arith.select %[[M0]], %[[D0]], %[[E0]] : f32
// CHECK:         %[[S1:.*]] = arith.select %[[M1]], %[[D1]], %[[E1]] : f32
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
// elements it holds, at row laneRow, columns laneCol and laneCol + 1,
// guarded by the bounds.
// CHECK-LABEL: func.func @residual
// CHECK:         %[[LANE:.*]] = applegpu.thread_index_in_simdgroup
// CHECK:         %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:         %[[COL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:         %[[ACC:.*]] = applegpu.simdgroup_mma
// CHECK:         %[[R:.*]]:2 = scf.if %{{.*}} -> (f32, f32) {
// CHECK-COUNT-2:   memref.load %arg1
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        memref.load %arg1
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        memref.load %arg1
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %[[ACC]][0]
// CHECK:         %[[E1:.*]] = applegpu.simdgroup_get_element %[[ACC]][1]
// CHECK:         arith.addf %[[E0]], %[[R]]#0 : f32
// CHECK:         arith.addf %[[E1]], %[[R]]#1 : f32
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
