// RUN: tile-opt %s -split-input-file --tile-assign-layouts --convert-tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// A tile.epilogue on an accumulator becomes its body once, in a loop over
// the elements a lane holds (two per 8x8 fragment, read from the fragments
// with get_element into a thread-private array); a tile.broadcast vector
// goes through threadgroup memory once: the threads holding it write it
// between two barriers, and each lane reads the entries its elements need,
// once per distinct position, into an array the loop reads beside them.

// CHECK-LABEL: func.func @bias_relu
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[TG:.*]] = applegpu.threadgroup_view {{.*}} to memref<8xf32, #applegpu.address_space<threadgroup>>
// CHECK:         applegpu.simdgroup_mma
// CHECK-NEXT:    memref.store %{{.*}}, %[[ACC:alloca(_[0-9]+)?]][
// The bias: read by the threads that hold it, then published. Inside
// [0, N) it is one vector load: its offset (0) is known aligned, so there
// is no alignment test and no unchecked scalar path; at the edge, guarded
// scalar loads.
// CHECK:         %[[BA:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[BIN:.*]] = arith.cmpi sge, %arg3, %[[C8]] : index
// CHECK-NEXT:    scf.if %[[BIN]] {
// CHECK-NEXT:      %[[BHELD:.*]] = arith.cmpi ult, %{{.*}}, %[[C2]] : index
// CHECK-NOT:       memref.load %arg1
// CHECK:           scf.if %[[BHELD]] -> (vector<4xf32>) {
// CHECK-NEXT:        vector.load %arg1
// CHECK-NOT:       memref.load %arg1
// CHECK:           memref.store %{{.*}}, %[[BA]][%[[C3]]]
// CHECK-NEXT:    } else {
// CHECK:             arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK:             memref.load %arg1
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[TG]]
// CHECK-NOT:     memref.store %{{.*}}, %[[TG]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// The lane's two columns: two reads of the bias.
// CHECK:         %[[B0:.*]] = memref.load %[[TG]]
// CHECK:         %[[B1:.*]] = memref.load %[[TG]]
// CHECK-NOT:     memref.load %[[TG]]
// The accumulator's lane elements, and the bias's beside them.
// CHECK:         %[[X:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    %[[F:.*]] = memref.load %[[ACC]]
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %[[F]][0]
// CHECK-NEXT:    memref.store %[[E0]], %[[X]]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F]][1]
// CHECK:         memref.store %[[E1]], %[[X]]
// CHECK-NEXT:    %[[Y:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NEXT:    memref.store %[[B0]], %[[Y]][%[[C0]]]
// CHECK-NEXT:    memref.store %[[B1]], %[[Y]][%[[C1]]]
// The body once, in a loop over the lane's 2 elements, updating them.
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT:      %[[YI:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[XI]], %[[YI]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[R]], %[[X]][%[[I]]]
// CHECK-NEXT:    }
// Back into a fragment with set_element, which is stored.
// CHECK-NOT:     memref.load %[[TG]]
// CHECK:         %[[R0:.*]] = memref.load %[[X]]
// CHECK-NEXT:    %[[F0:.*]] = applegpu.simdgroup_set_element %[[R0]], %{{.*}}[0]
// CHECK:         %[[R1:.*]] = memref.load %[[X]]
// CHECK-NEXT:    %[[F1:.*]] = applegpu.simdgroup_set_element %[[R1]], %[[F0]][1]
// CHECK-NEXT:    memref.store %[[F1]], %[[OUT:alloca(_[0-9]+)?]][
// CHECK:         %[[G:.*]] = memref.load %[[OUT]]
// CHECK-NEXT:    applegpu.simdgroup_store %[[G]]
func.func @bias_relu(%A: memref<?xf32>, %Bias: memref<?xf32>, %C: memref<?xf32>, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %bias = tile.load %Bias[%c0] bounds [%N] : memref<?xf32> -> tensor<8xf32>
  %b = tile.broadcast %bias dim 1 : tensor<8xf32> -> tensor<8x8xf32>
  %r = tile.epilogue ins(%acc, %b : tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%x: f32, %y: f32):
    %z = arith.constant 0.0 : f32
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %z : f32
    tile.yield %m : f32
  }
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A per-row bias over 2x1 fragments per SIMD group: one read per fragment
// row, shared by the two elements of the lane in that row; a scalar used
// from above (%alpha) is the kernel's own argument in the body, which runs
// in one loop over the lane's 4 elements.
// CHECK-LABEL: func.func @row_bias_scaled
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[TG:.*]] = applegpu.threadgroup_view {{.*}} to memref<16xf32, #applegpu.address_space<threadgroup>>
// CHECK:         applegpu.simdgroup_mma
// CHECK-NEXT:    memref.store %{{.*}}, %[[ACC:alloca(_[0-9]+)?]][
// The bias (no bounds, offset 0 known aligned): one vector load by the
// threads that hold it (0..3), with no alignment test and no scalar path.
// CHECK:         %[[BA:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[BHELD:.*]] = arith.cmpi ult, %{{.*}}, %[[C4]] : index
// CHECK-NEXT:    %[[BOFF:.*]] = arith.muli %{{.*}}, %[[C4]] : index
// CHECK-NEXT:    scf.if %[[BHELD]] -> (vector<4xf32>) {
// CHECK-NEXT:      vector.load %arg1[%[[BOFF]]]
// CHECK-NOT:     memref.load %arg1
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[TG]]
// CHECK-NOT:     memref.store %{{.*}}, %[[TG]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         %[[B0:.*]] = memref.load %[[TG]]
// CHECK:         %[[B1:.*]] = memref.load %[[TG]]
// CHECK-NOT:     memref.load
// The lane elements of the 2 fragments: a loop of 2, two get_elements each.
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    scf.for %[[FI:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      %[[F:.*]] = memref.load %[[ACC]][%[[FI]]]
// CHECK:           applegpu.simdgroup_get_element %[[F]][0]
// CHECK:           applegpu.simdgroup_get_element %[[F]][1]
// CHECK:         }
// The bias per element: B0 for both elements of fragment row 0, B1 for
// both of row 1.
// CHECK-NEXT:    %[[Y:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    memref.store %[[B0]], %[[Y]][%[[C0]]]
// CHECK-NEXT:    memref.store %[[B0]], %[[Y]][%[[C1]]]
// CHECK-NEXT:    memref.store %[[B1]], %[[Y]][%[[C2]]]
// CHECK-NEXT:    memref.store %[[B1]], %[[Y]][%[[C3]]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT:      %[[YI:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.mulf %[[XI]], %[[ALPHA]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.addf %[[S]], %[[YI]] : f32
// CHECK-NEXT:      memref.store %[[T]], %[[X]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NOT:     memref.load %[[TG]]
// CHECK:         applegpu.simdgroup_set_element
// CHECK:         applegpu.simdgroup_store
func.func @row_bias_scaled(%A: memref<?xf32>, %Bias: memref<?xf32>, %C: memref<?xf32>, %alpha: f32)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<16x8xf32>
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<16x8xf32>
  %bt = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %acc = tile.dot %a, %bt, %zero : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>
  %bias = tile.load %Bias[%c0] : memref<?xf32> -> tensor<16xf32>
  %b = tile.broadcast %bias dim 0 : tensor<16xf32> -> tensor<16x8xf32>
  %r = tile.epilogue ins(%acc, %b : tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %alpha : f32
    %t = arith.addf %s, %y : f32
    tile.yield %t : f32
  }
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<16x8xf32>, memref<?xf32>
  return
}
