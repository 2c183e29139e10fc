// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// B stored as N x K (row-major B^T) is read with strides [1, K]: element
// (a, b) of the 32x64 tile comes from Bt[(col + b) * K + (k + a)]. The
// lowering must use those strides, not assume row-major B; A is a strided,
// non-contiguous sub-matrix (row stride lda, column stride 2).

// CHECK-LABEL: func.func @matmul_bt
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32> {{.*}}, %[[BT:[^:]*]]: memref<?xf32> {{.*}}, %[[C:[^:]*]]: memref<?xf32> {{.*}}, %[[M:[^:]*]]: index {{.*}}, %[[N:[^:]*]]: index {{.*}}, %[[K:[^:]*]]: index {{.*}}, %[[LDA:[^:]*]]: index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         scf.for %[[KK:[^ ]*]] =
// A on the unchecked path (a loop over the thread's 16 slots, no vector
// loads since the column stride is 2): row (row + a) * lda, column
// (k + b) * 2.
// CHECK:           %[[AS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               %[[AR:.*]] = arith.muli %{{.*}}, %[[LDA]] : index
// CHECK-NEXT:          %[[AC:.*]] = arith.addi %[[KK]], %{{.*}} : index
// CHECK-NEXT:          %[[AC2:.*]] = arith.muli %[[AC]], %[[C2]] : index
// CHECK-NEXT:          %[[AOFF:.*]] = arith.addi %[[AR]], %[[AC2]] : index
// CHECK-NEXT:          %[[AV:.*]] = memref.load %[[A]][%[[AOFF]]]
// CHECK-NEXT:          memref.store %[[AV]], %[[AS]][%[[S]]]
// CHECK-NEXT:        }
// And on the guarded path, at the same address, computed under the guard.
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               arith.remui %{{.*}}, %c32 : index
// CHECK-NEXT:          %[[GAR:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[GAC:.*]] = arith.addi %[[KK]], %{{.*}} : index
// CHECK-NEXT:          arith.cmpi slt, %[[GAR]], %[[M]] : index
// CHECK-NOT:           arith.muli
// CHECK:               scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:            %[[AR:.*]] = arith.muli %[[GAR]], %[[LDA]] : index
// CHECK-NEXT:            %[[AC2:.*]] = arith.muli %[[GAC]], %[[C2]] : index
// CHECK-NEXT:            %[[AOFF:.*]] = arith.addi %[[AR]], %[[AC2]] : index
// CHECK-NEXT:            memref.load %[[A]][%[[AOFF]]]
// CHECK-NOT:       memref.load %[[A]]
// B^T on the unchecked path: row index k + a has stride 1 (no multiply),
// column col + b has stride K.
// CHECK:           %[[BS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               %[[BR:.*]] = arith.addi %[[KK]], %{{.*}} : index
// CHECK-NEXT:          %[[BC:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[BC2:.*]] = arith.muli %[[BC]], %[[K]] : index
// CHECK-NEXT:          %[[BOFF:.*]] = arith.addi %[[BR]], %[[BC2]] : index
// CHECK-NEXT:          %[[BV:.*]] = memref.load %[[BT]][%[[BOFF]]]
// CHECK-NEXT:          memref.store %[[BV]], %[[BS]][%[[S]]]
// CHECK-NEXT:        }
// And guarded by row < K, column < N at the edges.
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               %[[GR:.*]] = arith.addi %[[KK]], %{{.*}} : index
// CHECK-NEXT:          %[[GC:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[ROK:.*]] = arith.cmpi slt, %[[GR]], %[[K]] : index
// CHECK-NEXT:          %[[COK:.*]] = arith.cmpi slt, %[[GC]], %[[N]] : index
// CHECK-NEXT:          %[[OK:.*]] = arith.andi %[[ROK]], %[[COK]] : i1
// CHECK-NEXT:          %[[GV:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:            %[[GC2:.*]] = arith.muli %[[GC]], %[[K]] : index
// CHECK-NEXT:            %[[GOFF:.*]] = arith.addi %[[GR]], %[[GC2]] : index
// CHECK-NEXT:            memref.load %[[BT]][%[[GOFF]]]
// CHECK:               memref.store %[[GV]], %[[BS]][%[[S]]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NOT:       memref.load %[[BT]]
func.func @matmul_bt(%A: memref<?xf32>, %Bt: memref<?xf32>, %C: memref<?xf32>,
                     %M: index, %N: index, %K: index, %lda: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%lda, %c2] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %Bt[%k, %col] strides [%c1, %K] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
