// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Every applegpu op, type and attribute round-trips, also through the
// generic form.

!tg = memref<2560xf32, #applegpu.address_space<threadgroup>>
!dev = memref<?xf32>
!f32m = !applegpu.simdgroup_matrix<8x8xf32>
!f16m = !applegpu.simdgroup_matrix<8x8xf16>

// CHECK-LABEL: func.func @all_ops
// CHECK-SAME:    (%{{.*}}: memref<?xf32> {applegpu.access = "read", applegpu.buffer = 0 : i32},
// CHECK-SAME:     %{{.*}}: memref<?xf32> {applegpu.access = "write", applegpu.buffer = 1 : i32},
// CHECK-SAME:     %{{.*}}: index {applegpu.buffer = 2 : i32})
// CHECK-SAME:    attributes {applegpu.grid = ["ceildiv(M, 64)", "ceildiv(N, 64)", "1"], applegpu.kernel, applegpu.target = "apple9", applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>}
func.func @all_ops(%A: !dev {applegpu.buffer = 0 : i32, applegpu.access = "read"},
                  %C: !dev {applegpu.buffer = 1 : i32, applegpu.access = "write"},
                  %ld: index {applegpu.buffer = 2 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>,
                applegpu.grid = ["ceildiv(M, 64)", "ceildiv(N, 64)", "1"],
                applegpu.target = "apple9"} {
  // CHECK: applegpu.thread_index_in_threadgroup : index
  // CHECK: applegpu.simdgroup_index_in_threadgroup : index
  // CHECK: applegpu.thread_index_in_simdgroup : index
  // CHECK: applegpu.threadgroup_position_in_grid x : index
  // CHECK: applegpu.threadgroups_per_grid z : index
  %tid = applegpu.thread_index_in_threadgroup : index
  %sg = applegpu.simdgroup_index_in_threadgroup : index
  %lane = applegpu.thread_index_in_simdgroup : index
  %px = applegpu.threadgroup_position_in_grid x : index
  %nz = applegpu.threadgroups_per_grid z : index
  // CHECK: %[[TG:.*]] = applegpu.alloc_threadgroup : memref<2560xf32, #applegpu.address_space<threadgroup>>
  %tg = applegpu.alloc_threadgroup : !tg
  %c0 = arith.constant 0 : index
  %c40 = arith.constant 40 : index
  %v = memref.load %A[%tid] : !dev
  memref.store %v, %tg[%tid] : !tg
  // CHECK: applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
  // CHECK: applegpu.threadgroup_barrier mem_flags<mem_device | mem_threadgroup>
  // CHECK: applegpu.simdgroup_barrier mem_flags<mem_none>
  applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
  applegpu.threadgroup_barrier mem_flags<mem_device | mem_threadgroup>
  applegpu.simdgroup_barrier mem_flags<mem_none>
  %zero = arith.constant 0.0 : f32
  // CHECK: %[[Z:.*]] = applegpu.simdgroup_fill %{{.*}} : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
  %z = applegpu.simdgroup_fill %zero : f32 -> !f32m
  // CHECK: %[[A:.*]] = applegpu.simdgroup_load %[[TG]][%{{.*}}] stride %{{.*}} : memref<2560xf32, #applegpu.address_space<threadgroup>> -> !applegpu.simdgroup_matrix<8x8xf32>
  // CHECK: %[[B:.*]] = applegpu.simdgroup_load %[[TG]][%{{.*}}] stride %{{.*}} transpose : memref<2560xf32, #applegpu.address_space<threadgroup>> -> !applegpu.simdgroup_matrix<8x8xf32>
  %a = applegpu.simdgroup_load %tg[%c0] stride %c40 : !tg -> !f32m
  %b = applegpu.simdgroup_load %tg[%c40] stride %c40 transpose : !tg -> !f32m
  // CHECK: %[[D:.*]] = applegpu.simdgroup_mma %[[A]], %[[B]], %[[Z]] : !applegpu.simdgroup_matrix<8x8xf32>, !applegpu.simdgroup_matrix<8x8xf32>, !applegpu.simdgroup_matrix<8x8xf32>
  %d = applegpu.simdgroup_mma %a, %b, %z : !f32m, !f32m, !f32m
  // CHECK: %[[E:.*]] = applegpu.simdgroup_get_element %[[D]][1] : !applegpu.simdgroup_matrix<8x8xf32> -> f32
  %e = applegpu.simdgroup_get_element %d[1] : !f32m -> f32
  %r = arith.maximumf %e, %zero : f32
  // CHECK: %[[D2:.*]] = applegpu.simdgroup_set_element %{{.*}}, %[[D]][1] : !applegpu.simdgroup_matrix<8x8xf32>
  %d2 = applegpu.simdgroup_set_element %r, %d[1] : !f32m
  // CHECK: applegpu.simdgroup_store %[[D2]], %{{.*}}[%{{.*}}] stride %{{.*}} : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xf32>
  // CHECK: applegpu.simdgroup_store %[[D2]], %[[TG]][%{{.*}}] stride %{{.*}} transpose : !applegpu.simdgroup_matrix<8x8xf32>, memref<2560xf32, #applegpu.address_space<threadgroup>>
  applegpu.simdgroup_store %d2, %C[%px] stride %ld : !f32m, !dev
  applegpu.simdgroup_store %d2, %tg[%c0] stride %c40 transpose : !f32m, !tg
  return
}

// Half and bfloat fragments; an f16 accumulator with f16 operands.
// CHECK-LABEL: func.func @types
func.func @types(%h: f16, %b: bf16) {
  // CHECK: !applegpu.simdgroup_matrix<8x8xf16>
  // CHECK: !applegpu.simdgroup_matrix<8x8xbf16>
  %x = applegpu.simdgroup_fill %h : f16 -> !f16m
  %y = applegpu.simdgroup_fill %b : bf16 -> !applegpu.simdgroup_matrix<8x8xbf16>
  %z = applegpu.simdgroup_mma %x, %x, %x : !f16m, !f16m, !f16m
  %f = arith.constant 0.0 : f32
  %acc = applegpu.simdgroup_fill %f : f32 -> !f32m
  %w = applegpu.simdgroup_mma %y, %y, %acc : !applegpu.simdgroup_matrix<8x8xbf16>, !applegpu.simdgroup_matrix<8x8xbf16>, !f32m
  return
}

// CHECK-LABEL: func.func @constant_space
// CHECK-SAME:    memref<?xf32, #applegpu.address_space<constant>>
func.func @constant_space(%x: memref<?xf32, #applegpu.address_space<constant>>) {
  return
}

// SIMD-group functions: every reduction (sum, product, min, max on floats
// and integers; and, or, xor on integers of every width) and shuffles by
// the smallest, a middle and the largest mask.
// CHECK-LABEL: func.func @simd_functions
// CHECK-SAME:    (%[[F:[a-z0-9]+]]: f32, %[[H:[a-z0-9]+]]: f16, %[[I:[a-z0-9]+]]: i32, %[[B:[a-z0-9]+]]: i8, %[[S:[a-z0-9]+]]: i16, %[[L:[a-z0-9]+]]: i64)
func.func @simd_functions(%f: f32, %h: f16, %i: i32, %b: i8, %s: i16, %l: i64) {
  // CHECK-NEXT: %[[SUM:.*]] = applegpu.simd_reduce sum %[[F]] : f32
  // CHECK-NEXT: applegpu.simd_reduce product %[[F]] : f32
  // CHECK-NEXT: applegpu.simd_reduce min %[[H]] : f16
  // CHECK-NEXT: applegpu.simd_reduce max %[[H]] : f16
  // CHECK-NEXT: applegpu.simd_reduce sum %[[I]] : i32
  // CHECK-NEXT: applegpu.simd_reduce product %[[L]] : i64
  // CHECK-NEXT: applegpu.simd_reduce min %[[I]] : i32
  // CHECK-NEXT: applegpu.simd_reduce max %[[S]] : i16
  // CHECK-NEXT: applegpu.simd_reduce and %[[I]] : i32
  // CHECK-NEXT: applegpu.simd_reduce or %[[B]] : i8
  // CHECK-NEXT: applegpu.simd_reduce xor %[[L]] : i64
  %0 = applegpu.simd_reduce sum %f : f32
  %1 = applegpu.simd_reduce product %f : f32
  %2 = applegpu.simd_reduce min %h : f16
  %3 = applegpu.simd_reduce max %h : f16
  %4 = applegpu.simd_reduce sum %i : i32
  %5 = applegpu.simd_reduce product %l : i64
  %6 = applegpu.simd_reduce min %i : i32
  %7 = applegpu.simd_reduce max %s : i16
  %8 = applegpu.simd_reduce and %i : i32
  %9 = applegpu.simd_reduce or %b : i8
  %10 = applegpu.simd_reduce xor %l : i64
  // CHECK-NEXT: applegpu.simd_shuffle_xor %[[SUM]] mask 1 : f32
  // CHECK-NEXT: applegpu.simd_shuffle_xor %[[H]] mask 8 : f16
  // CHECK-NEXT: applegpu.simd_shuffle_xor %[[I]] mask 16 : i32
  // CHECK-NEXT: applegpu.simd_shuffle_xor %[[L]] mask 31 : i64
  // CHECK-NEXT: return
  %11 = applegpu.simd_shuffle_xor %0 mask 1 : f32
  %12 = applegpu.simd_shuffle_xor %h mask 8 : f16
  %13 = applegpu.simd_shuffle_xor %i mask 16 : i32
  %14 = applegpu.simd_shuffle_xor %l mask 31 : i64
  return
}

// Fragments are memref elements: thread-private arrays of them (memref.alloca
// without a memory space), written and read with memref.store / memref.load.
// CHECK-LABEL: func.func @fragment_arrays
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: f32, %[[I:[a-z0-9]+]]: index)
func.func @fragment_arrays(%x: f32, %i: index) {
  // CHECK-NEXT: %[[F32A:.*]] = memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
  // CHECK-NEXT: %[[F16A:.*]] = memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf16>>
  // CHECK-NEXT: %[[BF16A:.*]] = memref.alloca() : memref<2x!applegpu.simdgroup_matrix<8x8xbf16>>
  // CHECK-NEXT: %[[M:.*]] = applegpu.simdgroup_fill %[[X]] : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
  // CHECK-NEXT: memref.store %[[M]], %[[F32A]][%[[I]]] : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
  // CHECK-NEXT: %{{.*}} = memref.load %[[F32A]][%[[I]]] : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
  // CHECK-NEXT: %{{.*}} = memref.load %[[F16A]][%[[I]]] : memref<4x!applegpu.simdgroup_matrix<8x8xf16>>
  // CHECK-NEXT: %{{.*}} = memref.load %[[BF16A]][%[[I]]] : memref<2x!applegpu.simdgroup_matrix<8x8xbf16>>
  // CHECK-NEXT: return
  %a = memref.alloca() : memref<16x!f32m>
  %h = memref.alloca() : memref<4x!f16m>
  %b = memref.alloca() : memref<2x!applegpu.simdgroup_matrix<8x8xbf16>>
  %m = applegpu.simdgroup_fill %x : f32 -> !f32m
  memref.store %m, %a[%i] : memref<16x!f32m>
  %0 = memref.load %a[%i] : memref<16x!f32m>
  %1 = memref.load %h[%i] : memref<4x!f16m>
  %2 = memref.load %b[%i] : memref<2x!applegpu.simdgroup_matrix<8x8xbf16>>
  return
}

// CHECK-LABEL: func.func @atomics
// CHECK: %{{.*}} = applegpu.atomic_compare_exchange %arg0[%arg1], %arg2, %arg3 : memref<?xi32>, i32
func.func @atomics(%buf: memref<?xi32>, %i: index, %cmp: i32, %v: i32) {
  %old = applegpu.atomic_compare_exchange %buf[%i], %cmp, %v : memref<?xi32>, i32
  return
}

// The threadgroup memory plan: an arena of bytes with typed views into it,
// and the plan's attributes (tile-plan-threadgroup-memory).
!arena = memref<1024xi8, #applegpu.address_space<threadgroup>>
// CHECK-LABEL: func.func @arena
// CHECK-SAME:    attributes {applegpu.threadgroup_memory = 1024 : i64}
// CHECK:         %[[ARENA:.*]] = applegpu.alloc_threadgroup : memref<1024xi8, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    applegpu.threadgroup_view %[[ARENA]][0] : memref<1024xi8, #applegpu.address_space<threadgroup>> to memref<128xf32, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    applegpu.threadgroup_view %[[ARENA]][512] : memref<1024xi8, #applegpu.address_space<threadgroup>> to memref<256xf16, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    arith.constant {applegpu.scratch = #applegpu.scratch<offset = 512, bytes = 512, reused = true>} 0 : index
// CHECK-NEXT:    arith.constant {applegpu.dot_staging = #applegpu.dot_staging<k_step = 16, pad = true, alternating = true, a_offset = 0, a_bytes = 256, b_offset = 256, b_bytes = 256, reused = false>} 1 : index
func.func @arena() attributes {applegpu.threadgroup_memory = 1024 : i64} {
  %arena = applegpu.alloc_threadgroup : !arena
  %f = applegpu.threadgroup_view %arena[0] : !arena to memref<128xf32, #applegpu.address_space<threadgroup>>
  %h = applegpu.threadgroup_view %arena[512] : !arena to memref<256xf16, #applegpu.address_space<threadgroup>>
  %c0 = arith.constant {applegpu.scratch = #applegpu.scratch<offset = 512, bytes = 512, reused = true>} 0 : index
  %c1 = arith.constant {applegpu.dot_staging = #applegpu.dot_staging<k_step = 16, pad = true, alternating = true, a_offset = 0, a_bytes = 256, b_offset = 256, b_bytes = 256, reused = false>} 1 : index
  return
}
