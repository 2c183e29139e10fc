// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// `bounds` decide the guards: without them every access is unguarded (the
// author's promise) and the accumulator is stored with simdgroup_store
// only; with them every load is guarded (masked elements read the padding,
// here -1.5) and every store is either the interior fast path or guarded.
// A non-unit column stride rules out simdgroup_store.

// 8x8 over 32 threads: 16 groups of 4, held by threads 0..15 (the only
// guard), no bounds comparisons, and simdgroup_store with no edge path.
// CHECK-LABEL: func.func @no_bounds
// CHECK-NOT:     arith.cmpi slt
// CHECK-NOT:     arith.cmpi sle
// CHECK:         scf.for
// CHECK:           vector.load %arg0
// CHECK:         applegpu.simdgroup_store
// CHECK-NOT:     applegpu.simdgroup_get_element
// CHECK:         return
func.func @no_bounds(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.for_range %k = %c0 to %K step %c8 iter_args(%a0 = %zero) -> (tensor<8x8xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] : memref<?xf32> -> tensor<8x8xf32>
    %b = tile.load %B[%k, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
    %d = tile.dot %a, %b, %a0 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    tile.yield %d : tensor<8x8xf32>
  }
  tile.store %acc, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// 8x8 over 32 threads: a group of 4 for threads 0..15; unchecked (vector
// loads) when the tile is inside [M, N], else each element reads -1.5
// where masked.
// CHECK-LABEL: func.func @padding
// CHECK-DAG:     %[[PAD:.*]] = arith.constant -1.500000e+00 : f32
// CHECK:         %[[INSIDE:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:         scf.if %[[INSIDE]] -> (f32, f32, f32, f32) {
// CHECK:           vector.load
// CHECK:         } else {
// CHECK:         arith.cmpi slt, %{{.*}}, %arg2 : index
// CHECK:         arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK:         %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT:    scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[PAD]] : f32
// CHECK-NEXT:    }
func.func @padding(%A: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.load %A[%c0, %c0] strides [%N, %c1] bounds [%M, %N] {padding = -1.5} : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %d = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// Column stride 2: no simdgroup_store, only guarded element stores.
// CHECK-LABEL: func.func @strided_store
// CHECK-NOT:     applegpu.simdgroup_store
// CHECK-COUNT-2: memref.store %{{.*}}, %arg1
// CHECK-NOT:     applegpu.simdgroup_store
func.func @strided_store(%A: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c2] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %d = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%N, %c2] bounds [%M, %N] : tensor<8x8xf32>, memref<?xf32>
  return
}
