// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// A dot whose operands do not fit in threadgroup memory at once is staged
// in K sub-steps. Staging 128x64 and 64x128 f32 operands takes 65536 bytes;
// 32 columns of K at a time take 32768 (unpadded: padded rows would not
// fit), so the dot runs two steps, each: stage A[:, step] and B[step, :],
// barrier, 4 x 16 MMAs, barrier.
//
// 512 threads hold A in groups of 4: a thread's columns do not tell the
// step at compile time, so each slot is written under a test of its column
// (column / 32 == step) at column % 32. B's slots are whole rows: slots 0-7
// (rows 0-31) belong to step 0, 8-15 to step 1, and are written unguarded.

// CHECK-LABEL: func.func @substeps
// CHECK-DAG:     %[[TGA:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// Step 0.
// CHECK:         %[[STEP:.*]] = arith.divui %{{.*}}, %[[C32]] : index
// CHECK:         %[[IN0:.*]] = arith.cmpi eq, %[[STEP]], %c0 : index
// CHECK:         scf.if %[[IN0]] {
// CHECK-NEXT:      memref.store %{{.*}}, %[[TGA]][%{{.*}}]
// CHECK-COUNT-8: memref.store %{{.*}}, %[[TGB]][%{{.*}}]
// CHECK-NOT:     memref.store
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[C32]]
// CHECK:         applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[C128]]
// CHECK-COUNT-64: applegpu.simdgroup_mma
// CHECK-NOT:     applegpu.simdgroup_mma
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// Step 1: the same slots of A under column / 32 == 1, the other 8 of B.
// CHECK:         %[[IN1:.*]] = arith.cmpi eq, %[[STEP]], %c1 : index
// CHECK:         scf.if %[[IN1]] {
// CHECK-NEXT:      memref.store %{{.*}}, %[[TGA]][%{{.*}}]
// CHECK-COUNT-8: memref.store %{{.*}}, %[[TGB]][%{{.*}}]
// CHECK-NOT:     memref.store
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-64: applegpu.simdgroup_mma
// CHECK-NOT:     applegpu.simdgroup_mma
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         return
func.func @substeps(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a = tile.load %A[%c0, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<128x64xf32>
  %b = tile.load %B[%c0, %c0] strides [%c128, %c1] : memref<?xf32> -> tensor<64x128xf32>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = tile.dot %a, %b, %z : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
  tile.store %d, %C[%c0, %c0] strides [%c128, %c1] : tensor<128x128xf32>, memref<?xf32>
  return
}
