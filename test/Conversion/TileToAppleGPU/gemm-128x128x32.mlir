// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// A 128x128 output tile on a 4x4 SIMD-group grid: 512 threads, each SIMD
// group a 32x32 block as 4x4 fragments. Padded staging would need 35328
// bytes of threadgroup memory, more than 32768, so the operands are staged
// unpadded (2 x 4096 floats = 32768 bytes, exactly the limit).

// CHECK-LABEL: func.func @matmul_128
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 512, 1, 1>
// CHECK-DAG:     %[[TGA:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[SG:.*]] = applegpu.simdgroup_index_in_threadgroup : index
// CHECK:         %[[ROWGROUP:.*]] = arith.divui %[[SG]], %[[C4]] : index
// CHECK:         %[[COLGROUP:.*]] = arith.remui %[[SG]], %[[C4]] : index
// The SIMD group's first row and column in the tile, computed once.
// CHECK:         %[[ROWBASE:.*]] = arith.muli %[[ROWGROUP]], %[[C32]] : index
// CHECK:         %[[COLBASE:.*]] = arith.muli %[[COLGROUP]], %[[C32]] : index
// 4x4 fragments per SIMD group: an array of 16, carried by the K loop.
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:         scf.for %{{.*}} = %[[C0]] to %{{.*}} step %[[C32]] {
// 128x32 = 4096 A elements over 512 threads: 8 slots each (2 vector loads
// when aligned, 8 loads on the unchecked and on the guarded path).
// CHECK-NEXT:      %[[AS:.*]] = memref.alloca() : memref<8xf32>
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:               vector.load %arg0{{.*}}, vector<4xf32>
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:               memref.load %arg0
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:               memref.load %arg0
// CHECK-NOT:       memref.load %arg0
// CHECK:           %[[BS:.*]] = memref.alloca() : memref<8xf32>
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:               vector.load %arg1{{.*}}, vector<4xf32>
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:               memref.load %arg1
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:               memref.load %arg1
// Staged unpadded: rows of 32 floats for A, of 128 for B.
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:             memref.load %[[AS]]
// CHECK-NEXT:        memref.store %{{.*}}, %[[TGA]]
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:             memref.load %[[BS]]
// CHECK-NEXT:        memref.store %{{.*}}, %[[TGB]]
// CHECK:           applegpu.threadgroup_barrier
// Per 8-wide K step: 4 A fragments from the SIMD group's rows, 4 B
// fragments from its columns, and a 4x4 loop of MMAs.
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C32]] step %[[C8]] {
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               arith.addi %[[ROWBASE]], %{{.*}} : index
// CHECK:               applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[C32]]
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               arith.addi %[[COLBASE]], %{{.*}} : index
// CHECK:               applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[C128]]
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:          scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:             scf.for
// CHECK:                 applegpu.simdgroup_mma
// CHECK-NOT:             applegpu.simdgroup_mma
// CHECK:                 memref.store %{{.*}}, %[[ACC]]
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      applegpu.threadgroup_barrier
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
