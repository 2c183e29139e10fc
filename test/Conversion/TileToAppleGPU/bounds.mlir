// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// `bounds` decide the guards: without them every access is unguarded (the
// author's promise) and the accumulator is stored with simdgroup_store
// only; with them every load is guarded (masked elements read the padding,
// here -1.5) and every store is either the interior fast path or guarded.
// A non-unit column stride rules out simdgroup_store.

// 8x8 over 32 threads: 16 groups of 4, held by threads 0..15 (the only
// guard), no bounds comparisons anywhere, and simdgroup_store with no edge
// path.
// The lane coordinates are not needed (simdgroup_store only) and not made.
// CHECK-LABEL: func.func @no_bounds
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// CHECK-NOT:     applegpu.thread_index_in_simdgroup
// CHECK:         scf.for %{{.*}} to %arg3
// CHECK-NEXT:      %[[AS:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// CHECK:           %[[HELD:.*]] = arith.cmpi ult, %{{.*}}, %c16 : index
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// CHECK:           scf.if %[[HELD]] -> (vector<4xf32>) {
// CHECK-NEXT:        vector.load %arg0
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// B's offset (column 0) and row stride (8) are constants, so its alignment
// test is known true at conversion time: no test (no `& 3`), only the
// vector load under the held guard, and no unchecked scalar path after it.
// CHECK:           %[[BS:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:      %[[BHELD:.*]] = arith.cmpi ult, %{{.*}}, %c16 : index
// CHECK-NOT:       arith.andi
// CHECK-NOT:       arith.cmpi
// CHECK:           scf.if %[[BHELD]] -> (vector<4xf32>) {
// CHECK-NEXT:        vector.load %arg1
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// CHECK:           memref.store %{{.*}}, %[[BS]][%c3]
// Staging writes only the slots the thread holds.
// CHECK-NEXT:      scf.for %[[S:.*]] = %c0 to %c4 step %c1 {
// CHECK:             %[[H:.*]] = arith.cmpi ult, %{{.*}}, %c16 : index
// CHECK:             %[[V:.*]] = memref.load %[[AS]][%[[S]]]
// CHECK-NEXT:        scf.if %[[H]] {
// CHECK-NEXT:          memref.store %[[V]], %{{.*}} : memref<96xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     arith.cmpi s{{lt|le|ge|gt}}
// CHECK:           applegpu.simdgroup_mma
// CHECK:           applegpu.threadgroup_barrier
// CHECK-NEXT:    }
// The store: one simdgroup_store, unguarded, and no edge path (no
// simdgroup_get_element) before the return.
// CHECK-NOT:     scf.if
// CHECK:         %[[ACC:.*]] = memref.load
// CHECK-NEXT:    applegpu.simdgroup_store %[[ACC]], %arg2
// CHECK-NEXT:    return
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

// 8x8 over 32 threads: a group of 4 for threads 0..15, in a 4-element
// array. Unchecked when the tile is inside [M, N] (one vector load when N
// is a multiple of 4, else a loop of 4 scalar loads; threads 16..31 hold
// nothing and take the padding), else each element reads -1.5 where masked.
// The store is the same: simdgroup_store inside, guarded elements outside.
// The inside test (M >= 8 and N >= 8) is made again for the store, not
// shared with the load's.
// CHECK-LABEL: func.func @padding
// CHECK-DAG:     %[[PAD:.*]] = arith.constant -1.500000e+00 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[AS:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[MIN:.*]] = arith.cmpi sge, %arg2, %[[C8]] : index
// CHECK-NEXT:    %[[NIN:.*]] = arith.cmpi sge, %arg3, %[[C8]] : index
// CHECK-NEXT:    %[[INSIDE:.*]] = arith.andi %[[MIN]], %[[NIN]] : i1
// CHECK-NEXT:    scf.if %[[INSIDE]] {
// The alignment test is N's only: the column offset 0 is known aligned.
// CHECK-NEXT:      %[[NLOW:.*]] = arith.andi %arg3, %[[C3]] : index
// CHECK-NEXT:      arith.cmpi eq, %[[NLOW]], %[[C0]] : index
// CHECK-NOT:       arith.andi %[[C0]], %[[C3]]
// CHECK:           scf.if %{{.*}} {
// CHECK:             scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK-NEXT:          vector.load %arg0
// CHECK-NEXT:          scf.yield
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %[[VPAD:.*]] = vector.broadcast %[[PAD]] : f32 to vector<4xf32>
// CHECK-NEXT:          scf.yield %[[VPAD]] : vector<4xf32>
// CHECK-NEXT:        }
// CHECK-COUNT-4:     memref.store %{{.*}}, %[[AS]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           arith.cmpi slt
// CHECK:               memref.load %arg0
// CHECK-NOT:           arith.cmpi slt
// CHECK:               memref.store %{{.*}}, %[[AS]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             arith.cmpi slt, %{{.*}}, %arg2 : index
// CHECK-NEXT:        arith.andi
// CHECK-NEXT:        %[[COLOK:.*]] = arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK-NEXT:        %[[OK:.*]] = arith.andi %{{.*}}, %[[COLOK]] : i1
// The address is computed under the guard: a row past M times the row
// stride could overflow.
// CHECK-NEXT:        %[[X:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:          %[[ROWAT:.*]] = arith.muli %{{.*}}, %arg3 : index
// CHECK-NEXT:          %[[AT:.*]] = arith.addi %[[ROWAT]], %{{.*}} : index
// CHECK-NEXT:          memref.load %arg0[%[[AT]]]
// CHECK-NEXT:          scf.yield
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %[[PAD]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        memref.store %[[X]], %[[AS]][%[[S]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK:         applegpu.simdgroup_mma
// CHECK:         %[[SMIN:.*]] = arith.cmpi sge, %arg2, %[[C8]] : index
// CHECK-NEXT:    %[[SNIN:.*]] = arith.cmpi sge, %arg3, %[[C8]] : index
// CHECK-NEXT:    %[[SINSIDE:.*]] = arith.andi %[[SMIN]], %[[SNIN]] : i1
// CHECK-NEXT:    scf.if %[[SINSIDE]] {
// CHECK:           applegpu.simdgroup_store
// CHECK-NEXT:    } else {
// CHECK-NOT:       applegpu.simdgroup_store
// CHECK:           %[[E0:.*]] = applegpu.simdgroup_get_element %{{.*}}[0]
// CHECK-NOT:       arith.muli
// CHECK:           %[[OK0:.*]] = arith.andi
// CHECK-NEXT:      scf.if %[[OK0]] {
// CHECK-NEXT:        arith.muli %{{.*}}, %arg3 : index
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.store %[[E0]], %arg1
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[E1:.*]] = applegpu.simdgroup_get_element %{{.*}}[1]
// CHECK-NOT:       arith.muli
// CHECK:           %[[OK1:.*]] = arith.andi
// CHECK-NEXT:      scf.if %[[OK1]] {
// CHECK-NEXT:        arith.muli %{{.*}}, %arg3 : index
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.store %[[E1]], %arg1
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
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

// Column stride 2: no simdgroup_store, only the lane's 2 elements, each
// stored under its bounds guard at row * N + column * 2, computed under the
// guard.
// CHECK-LABEL: func.func @strided_store
// CHECK-NOT:     applegpu.simdgroup_store
// CHECK:         %[[E0:.*]] = applegpu.simdgroup_get_element %{{.*}}[0]
// CHECK-NOT:     arith.muli
// CHECK:         %[[OK0:.*]] = arith.andi
// CHECK-NEXT:    scf.if %[[OK0]] {
// CHECK-NEXT:      arith.muli %{{.*}}, %arg3 : index
// CHECK-NEXT:      arith.muli %{{.*}}, %c2 : index
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      memref.store %[[E0]], %arg1
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %{{.*}}[1]
// CHECK-NOT:     arith.muli
// CHECK:         %[[OK1:.*]] = arith.andi
// CHECK-NEXT:    scf.if %[[OK1]] {
// CHECK-NEXT:      arith.muli %{{.*}}, %arg3 : index
// CHECK-NEXT:      arith.muli %{{.*}}, %c2 : index
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      memref.store %[[E1]], %arg1
// CHECK-NEXT:    }
// CHECK-NOT:     applegpu.simdgroup_store
// CHECK-NOT:     memref.store %{{.*}}, %arg1
// CHECK:         return
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
