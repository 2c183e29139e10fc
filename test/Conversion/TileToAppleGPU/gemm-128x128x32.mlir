// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// A 128x128 output tile on a 4x4 SIMD-group grid: 512 threads, each SIMD
// group a 32x32 block as 4x4 fragments. Padded staging would need 35328
// bytes of threadgroup memory, more than 32768, so the operands are staged
// unpadded (2 x 4096 floats = 32768 bytes, exactly the limit).

// CHECK-LABEL: func.func @matmul_128
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 512, 1, 1>
// CHECK-DAG:     %[[TGA:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[SG:.*]] = applegpu.simdgroup_index_in_threadgroup : index
// CHECK:         %[[ROWGROUP:.*]] = arith.divui %[[SG]], %[[C4]] : index
// CHECK:         %[[COLGROUP:.*]] = arith.remui %[[SG]], %[[C4]] : index
// CHECK:         scf.for {{.*}} -> ({{(!applegpu.simdgroup_matrix<8x8xf32>, )+}}!applegpu.simdgroup_matrix<8x8xf32>)
// 128x32 = 4096 A elements over 512 threads: 8 each, on the unchecked
// and on the guarded path.
// CHECK-COUNT-16:  memref.load %arg0
// CHECK-NOT:       memref.load %arg0
// CHECK-COUNT-16:  memref.load %arg1
// CHECK:           applegpu.threadgroup_barrier
// CHECK:           %[[ROWBASE:.*]] = arith.muli %[[ROWGROUP]], %[[C32]] : index
// CHECK:           applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[C32]]
// CHECK:           applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[C128]]
// CHECK-COUNT-16:  applegpu.simdgroup_mma
func.func @matmul_128(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                      %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c128 : index
  %col = arith.muli %pn, %c128 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<128x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x128xf32>
    %d = tile.dot %a, %b, %a0 : tensor<128x32xf32>, tensor<32x128xf32> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}
