// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The thread-level ops round-trip in every form.

// CHECK-LABEL: func.func @thread_level
func.func @thread_level(%X: memref<?xf32>, %W: memref<?xi32>, %n: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 1>} {
  // CHECK: tile.thread_id : index
  %t = tile.thread_id : index
  // CHECK: tile.simd_lane_id : index
  %l = tile.simd_lane_id : index
  // CHECK: tile.simd_group_id : index
  %g = tile.simd_group_id : index
  // CHECK: %[[S:.*]] = tile.shared : memref<2xf32>
  %s = tile.shared : memref<2xf32>
  // CHECK: tile.thread_load %{{.*}}[%{{.*}}] : memref<?xf32>
  %x = tile.thread_load %X[%t] : memref<?xf32>
  // CHECK: tile.thread_load %{{.*}}[%{{.*}}] : memref<?xi32>
  %w = tile.thread_load %W[%l] : memref<?xi32>
  // CHECK: tile.simd_reduce add %{{.*}} : f32
  %sum = tile.simd_reduce add %x : f32
  // CHECK: tile.simd_reduce maxnumf %{{.*}} : f32
  %max = tile.simd_reduce maxnumf %x : f32
  // CHECK: tile.simd_reduce xor %{{.*}} : i32
  %bits = tile.simd_reduce xor %w : i32
  // CHECK: tile.simd_shuffle_xor %{{.*}} mask 16 : f32
  %y = tile.simd_shuffle_xor %sum mask 16 : f32
  // CHECK: tile.thread_store %{{.*}}, %[[S]][%{{.*}}] : memref<2xf32>
  tile.thread_store %y, %s[%g] : memref<2xf32>
  // CHECK: tile.barrier
  tile.barrier
  // CHECK: tile.thread_store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>
  tile.thread_store %bits, %W[%t] : memref<?xi32>
  return
}
