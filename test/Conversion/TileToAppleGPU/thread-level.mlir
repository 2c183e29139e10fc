// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=MSL
// Thread-level ops lower one to one to applegpu builtins, threadgroup
// memory, barriers and SIMD-group functions; the scalar code around them is
// copied as it is, per thread.

// CHECK-LABEL: func.func @thread_level
// The tile.shared array is a view of the kernel's one threadgroup arena
// (docs/threadgroup-memory.md), placed by tile-plan-threadgroup-memory.
// CHECK-DAG: %[[ARENA:.*]] = applegpu.alloc_threadgroup : memref<8xi8, #applegpu.address_space<threadgroup>>
// CHECK-DAG: %[[TG:.*]] = applegpu.threadgroup_view %[[ARENA]][0] : memref<8xi8, #applegpu.address_space<threadgroup>> to memref<2xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG: %[[TID:.*]] = applegpu.thread_index_in_threadgroup : index
// CHECK-DAG: %[[LANE:.*]] = applegpu.thread_index_in_simdgroup : index
// CHECK-DAG: %[[SG:.*]] = applegpu.simdgroup_index_in_threadgroup : index
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[TID]]]
// CHECK: %[[SUM:.*]] = applegpu.simd_reduce sum %[[X]] : f32
// CHECK: %[[MAX:.*]] = applegpu.simd_reduce max %[[X]] : f32
// CHECK: %[[Y:.*]] = applegpu.simd_shuffle_xor %[[SUM]] mask 16 : f32
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[Y]], %[[TG]][%[[SG]]]
// CHECK: applegpu.threadgroup_barrier mem_flags<mem_device | mem_threadgroup>
// CHECK: memref.load %[[TG]][%[[LANE]]]
// CHECK-NOT: simdgroup_multiply_accumulate
// MSL: threadgroup float
// MSL: simd_sum(
// MSL: simd_max(
// MSL: simd_shuffle_xor(
// MSL: threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup)
func.func @thread_level(%X: memref<?xf32>, %Y: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 1>,
                tile.launch_grid = array<i64: -1, 1, -1, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = tile.thread_id : index
  %l = tile.simd_lane_id : index
  %g = tile.simd_group_id : index
  %s = tile.shared : memref<2xf32>
  %x = tile.thread_load %X[%t] : memref<?xf32>
  %sum = tile.simd_reduce add %x : f32
  %max = tile.simd_reduce maxnumf %x : f32
  %y = tile.simd_shuffle_xor %sum mask 16 : f32
  %first = arith.cmpi eq, %l, %c0 : index
  scf.if %first {
    tile.thread_store %y, %s[%g] : memref<2xf32>
  }
  tile.barrier
  %few = arith.cmpi ult, %l, %c2 : index
  scf.if %few {
    %p = tile.thread_load %s[%l] : memref<2xf32>
    %q = arith.addf %p, %max : f32
    tile.thread_store %q, %Y[%t] : memref<?xf32>
  }
  return
}
