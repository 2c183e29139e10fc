// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// A dot whose operands do not fit in threadgroup memory at once is staged
// in K sub-steps. Staging 128x64 and 64x128 f32 operands takes 65536 bytes;
// 32 columns of K at a time take 32768 (unpadded: padded rows would not
// fit), so the dot runs two steps, each: stage A[:, step] and B[step, :],
// barrier, 4 x 16 MMAs (a loop of 4 K steps of 8 around a 4x4 loop of
// fragments), barrier.
//
// 512 threads hold A and B in 16-element arrays of slots, in groups of 4.
// Each step is a loop over the 16 slots that writes a slot only when it
// belongs to the step: for A when its column / 32 == step (at column % 32),
// for B when its row / 32 == step (at row % 32). B's test has the same
// value in every thread for a given slot (slots 0-7 hold rows 0-31, slots
// 8-15 rows 32-63), but the loop evaluates it like A's.

// CHECK-LABEL: func.func @substeps
// CHECK-DAG:     %[[TGA:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[AS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:         %[[BS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
// Step 0: A's slots with column / 32 == 0, at column % 32 in rows of 32.
// CHECK:         scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:           %[[ACOL:.*]] = arith.remui %{{.*}}, %[[C64]] : index
// CHECK-NEXT:      %[[ASTEP:.*]] = arith.divui %[[ACOL]], %[[C32]] : index
// CHECK-NEXT:      %[[AIN:.*]] = arith.cmpi eq, %[[ASTEP]], %[[C0]] : index
// CHECK-NEXT:      %[[AX:.*]] = arith.remui %[[ACOL]], %[[C32]] : index
// CHECK-NEXT:      %[[AROW:.*]] = arith.muli %{{.*}}, %[[C32]] : index
// CHECK-NEXT:      %[[AOFF:.*]] = arith.addi %[[AROW]], %[[AX]] : index
// CHECK-NEXT:      %[[AV:.*]] = memref.load %[[AS]][%[[S]]]
// CHECK-NEXT:      scf.if %[[AIN]] {
// CHECK-NEXT:        memref.store %[[AV]], %[[TGA]][%[[AOFF]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// B's slots with row / 32 == 0, at row % 32 in rows of 128.
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:           %[[BROW:.*]] = arith.divui %{{.*}}, %[[C128]] : index
// CHECK:           %[[BSTEP:.*]] = arith.divui %[[BROW]], %[[C32]] : index
// CHECK-NEXT:      %[[BIN:.*]] = arith.cmpi eq, %[[BSTEP]], %[[C0]] : index
// CHECK-NEXT:      %[[BY:.*]] = arith.remui %[[BROW]], %[[C32]] : index
// CHECK-NEXT:      %[[BROWOFF:.*]] = arith.muli %[[BY]], %[[C128]] : index
// CHECK-NEXT:      %[[BOFF:.*]] = arith.addi %[[BROWOFF]], %{{.*}} : index
// CHECK-NEXT:      %[[BV:.*]] = memref.load %[[BS]][%[[S]]]
// CHECK-NEXT:      scf.if %[[BIN]] {
// CHECK-NEXT:        memref.store %[[BV]], %[[TGB]][%[[BOFF]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     memref.store
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C32]] step %[[C8]] {
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[C32]]
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[C128]]
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           scf.for
// CHECK:               applegpu.simdgroup_mma
// CHECK-NOT:           applegpu.simdgroup_mma
// CHECK:               memref.store %{{.*}}, %[[ACC]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// Step 1: the same slots of A under column / 32 == 1, of B under
// row / 32 == 1.
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:           %[[ACOL:.*]] = arith.remui %{{.*}}, %[[C64]] : index
// CHECK-NEXT:      %[[ASTEP:.*]] = arith.divui %[[ACOL]], %[[C32]] : index
// CHECK-NEXT:      %[[AIN:.*]] = arith.cmpi eq, %[[ASTEP]], %[[C1]] : index
// CHECK:           %[[AV:.*]] = memref.load %[[AS]][%[[S]]]
// CHECK-NEXT:      scf.if %[[AIN]] {
// CHECK-NEXT:        memref.store %[[AV]], %[[TGA]][%{{.*}}]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:           %[[BROW:.*]] = arith.divui %{{.*}}, %[[C128]] : index
// CHECK:           %[[BSTEP:.*]] = arith.divui %[[BROW]], %[[C32]] : index
// CHECK-NEXT:      %[[BIN:.*]] = arith.cmpi eq, %[[BSTEP]], %[[C1]] : index
// CHECK:           %[[BV:.*]] = memref.load %[[BS]][%[[S]]]
// CHECK-NEXT:      scf.if %[[BIN]] {
// CHECK-NEXT:        memref.store %[[BV]], %[[TGB]][%{{.*}}]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     memref.store
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C32]] step %[[C8]] {
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[C32]]
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[C128]]
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           scf.for
// CHECK:               applegpu.simdgroup_mma
// CHECK-NOT:           applegpu.simdgroup_mma
// CHECK:               memref.store %{{.*}}, %[[ACC]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK-NOT:     applegpu.simdgroup_mma
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
