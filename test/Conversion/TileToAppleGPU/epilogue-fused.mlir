// RUN: tile-opt %s -split-input-file --tile-assign-layouts --convert-tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// A tile.epilogue on an accumulator becomes its body once per element a
// lane holds (two per 8x8 fragment), on the fragments' elements; a
// tile.broadcast vector goes through threadgroup memory once: the threads
// holding it write it between two barriers, and each lane reads the
// entries its elements need, once per distinct position.

// CHECK-LABEL: func.func @bias_relu
// CHECK:         %[[TG:.*]] = applegpu.alloc_threadgroup : memref<8xf32, #applegpu.address_space<threadgroup>>
// CHECK:         %[[ACC:.*]] = applegpu.simdgroup_mma
// The bias: read by the threads that hold it, then published.
// CHECK:         memref.load %arg1
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         memref.store %{{.*}}, %[[TG]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// The lane's two columns: two reads of the bias.
// CHECK:         %[[B0:.*]] = memref.load %[[TG]]
// CHECK:         %[[B1:.*]] = memref.load %[[TG]]
// CHECK-NOT:     memref.load %[[TG]]
// The body per element, on the fragment's elements.
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %[[ACC]][0]
// CHECK:         %[[E1:.*]] = applegpu.simdgroup_get_element %[[ACC]][1]
// CHECK:         %[[S0:.*]] = arith.addf %[[E0]], %[[B0]] : f32
// CHECK-NEXT:    %[[R0:.*]] = arith.maximumf %[[S0]], %{{.*}} : f32
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %[[E1]], %[[B1]] : f32
// CHECK-NEXT:    %[[R1:.*]] = arith.maximumf %[[S1]], %{{.*}} : f32
// CHECK:         %[[F0:.*]] = applegpu.simdgroup_set_element %[[R0]], %{{.*}}[0]
// CHECK:         %[[F1:.*]] = applegpu.simdgroup_set_element %[[R1]], %[[F0]][1]
// CHECK:         applegpu.simdgroup_store %[[F1]]
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
// from above (%alpha) is the kernel's own argument in the body.
// CHECK-LABEL: func.func @row_bias_scaled
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32
// CHECK:         memref.load %arg1
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         %[[B0:.*]] = memref.load
// CHECK:         %[[B1:.*]] = memref.load
// CHECK-NOT:     memref.load
// CHECK:         arith.mulf %{{.*}}, %[[ALPHA]] : f32
// CHECK:         arith.addf %{{.*}}, %[[B0]] : f32
// CHECK:         arith.mulf %{{.*}}, %[[ALPHA]] : f32
// CHECK:         arith.addf %{{.*}}, %[[B0]] : f32
// CHECK:         arith.mulf %{{.*}}, %[[ALPHA]] : f32
// CHECK:         arith.addf %{{.*}}, %[[B1]] : f32
// CHECK:         arith.mulf %{{.*}}, %[[ALPHA]] : f32
// CHECK:         arith.addf %{{.*}}, %[[B1]] : f32
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
