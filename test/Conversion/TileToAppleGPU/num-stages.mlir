// RUN: tile-opt %s --tile-to-applegpu -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// Software-pipelined K loops (num_stages >= 2) on the simdgroup backend:
// their dots alternate between two halves of the staging buffers, so a
// staging step needs one barrier (between writing and reading) instead of
// two: the half a step writes was last read two steps before, and every
// thread passed the previous step's barrier after that read. One barrier
// after the loop frees the halves for later staging. The attribute stays
// on the scf.for. tile-pipeline-loads, in the same pipeline, reads the
// operand tiles of the next N - 1 iterations ahead (see its own test): here
// that shows as thread-private arrays of those tiles, loaded before the
// loop and refilled in it (the loop loads the tiles of iteration i + N - 1
// into new arrays before it multiplies, and copies them into the carried
// arrays at the end of the iteration).

// One dot per iteration, one staging step: the half alternates with the
// iteration, so the loop carries its parity (the last index value) and
// each step writes and reads at parity * 2048.
// CHECK-LABEL: func.func @pipelined_gemm
// CHECK-DAG:     %[[TGA:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.threadgroup_view {{.*}} to memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C2048:.*]] = arith.constant 2048 : index
// The first iteration's A and B tiles (16 f32 slots each per thread), read
// before the loop into the arrays the loop carries.
// CHECK:         %[[A:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           memref.load %arg0
// CHECK:         %[[B:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           memref.load %arg1
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
// The loop carries only the parity.
// CHECK:         scf.for %[[K:.*]] = %[[C0]] to %arg5 step %[[C32]] iter_args(%[[PARITY:.*]] = %[[C0]]) -> (index) {
// First, the loads of the next iteration's tiles, [k + 32, k + 64) of K.
// CHECK-NEXT:      %[[KNEXT:.*]] = arith.addi %[[K]], %[[C32]] : index
// CHECK-NEXT:      %[[ANEXT:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NEXT:      arith.cmpi sge, %arg3, %[[C64]] : index
// CHECK-NEXT:      %[[KEND:.*]] = arith.addi %[[KNEXT]], %[[C32]] : index
// CHECK-NEXT:      arith.cmpi sle, %[[KEND]], %arg5 : index
// CHECK:             arith.andi %[[KNEXT]], %{{.*}} : index
// CHECK:             vector.load %arg0
// CHECK:           %[[BNEXT:.*]] = memref.alloca() : memref<16xf32>
// CHECK:             vector.load %arg1
// CHECK-NOT:       applegpu.simdgroup_mma
// Then this iteration's tiles are staged in the half at parity * 2048
// (the offset is computed once for A and once for B).
// CHECK:           %[[HALFA:.*]] = arith.muli %[[PARITY]], %[[C2048]] : index
// CHECK-NEXT:      %[[HALFB:.*]] = arith.muli %[[PARITY]], %[[C2048]] : index
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:             %[[OFF:.*]] = arith.addi %[[HALFA]], %{{.*}} : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[A]][%[[S]]]
// CHECK-NEXT:        memref.store %[[V]], %[[TGA]][%[[OFF]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:             %[[OFF:.*]] = arith.addi %[[HALFB]], %{{.*}} : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[B]][%[[S]]]
// CHECK-NEXT:        memref.store %[[V]], %[[TGB]][%[[OFF]]]
// CHECK-NEXT:      }
// One barrier, between writing and reading; the fragments are read from
// the same half.
// CHECK-NEXT:      applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               %[[FA:.*]] = arith.addi %[[HALFA]], %{{.*}} : index
// CHECK-NEXT:          applegpu.simdgroup_load %[[TGA]][%[[FA]]]
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               %[[FB:.*]] = arith.addi %[[HALFB]], %{{.*}} : index
// CHECK-NEXT:          applegpu.simdgroup_load %[[TGB]][%[[FB]]]
// CHECK:                 applegpu.simdgroup_mma
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:           %[[NEXT:.*]] = arith.subi %[[C1]], %[[PARITY]] : index
// The next iteration's tiles become the carried ones.
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[ANEXT]][%[[S]]]
// CHECK-NEXT:        memref.store %[[V]], %[[A]][%[[S]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[BNEXT]][%[[S]]]
// CHECK-NEXT:        memref.store %[[V]], %[[B]][%[[S]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[NEXT]] : index
// CHECK-NEXT:    } {applegpu.unroll = false, tile.loads_pipelined, tile.num_stages = 2 : i64}
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
func.func @pipelined_gemm(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                          %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %c0] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  } {num_stages = 2}
  tile.store %acc, %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// Two staging steps per iteration (two dots): step 0 uses the first half,
// step 1 the second (at 768 and 640 elements: rows padded by 8 halves),
// whatever the iteration: no parity is carried. Two barriers per
// iteration, not four. With num_stages = 3 the loop carries the A and B
// tiles of iterations i and i + 1 (4 f16 slots each) and loads those of
// i + 2 before its first multiply.
// CHECK-LABEL: func.func @two_steps
// CHECK-DAG:     %[[TGA:.*]] = applegpu.threadgroup_view {{.*}} to memref<1536xf16, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.threadgroup_view {{.*}} to memref<1280xf16, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C640:.*]] = arith.constant 640 : index
// CHECK-DAG:     %[[C768:.*]] = arith.constant 768 : index
// CHECK:         %[[A0:.*]] = memref.alloca() : memref<4xf16>
// CHECK:         %[[A1:.*]] = memref.alloca() : memref<4xf16>
// CHECK:         %[[B0:.*]] = memref.alloca() : memref<4xf16>
// CHECK:         %[[B1:.*]] = memref.alloca() : memref<4xf16>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %arg2 step %{{.*}} {
// CHECK:           %[[A2:.*]] = memref.alloca() : memref<4xf16>
// CHECK:             memref.load %arg0
// B's column offset (0) and row stride (32) are constants, so its groups
// are known aligned: no alignment test, the vector load is right inside the
// bounds test (and the guarded scalar loads outside it).
// CHECK:           %[[B2:.*]] = memref.alloca() : memref<4xf16>
// CHECK-NEXT:      %[[B2END:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[B2IN:.*]] = arith.cmpi sle, %[[B2END]], %arg2 : index
// CHECK-NEXT:      scf.if %[[B2IN]] {
// CHECK-NOT:         arith.andi
// CHECK-NOT:         scf.if
// CHECK:               vector.load %arg0
// CHECK:           } else {
// CHECK:             memref.load %arg0
// CHECK-NOT:       applegpu.simdgroup_mma
// Step 0: the first halves.
// CHECK:             %[[X:.*]] = memref.load %[[A0]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGA]][%{{.*}}]
// CHECK:             %[[X:.*]] = memref.load %[[B0]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGB]][%{{.*}}]
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:             applegpu.simdgroup_load %[[TGA]]
// CHECK:             applegpu.simdgroup_load %[[TGB]]
// CHECK:             applegpu.simdgroup_mma
// Step 1: the second halves, without a barrier before the writes.
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:             %[[OFF:.*]] = arith.addi %[[C768]], %{{.*}} : index
// CHECK-NEXT:        %[[X:.*]] = memref.load %[[A0]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGA]][%[[OFF]]]
// CHECK:             %[[OFF:.*]] = arith.addi %[[C640]], %{{.*}} : index
// CHECK-NEXT:        %[[X:.*]] = memref.load %[[B0]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGB]][%[[OFF]]]
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:               %[[OFF:.*]] = arith.addi %[[C768]], %{{.*}} : index
// CHECK-NEXT:          applegpu.simdgroup_load %[[TGA]][%[[OFF]]]
// CHECK:               %[[OFF:.*]] = arith.addi %[[C640]], %{{.*}} : index
// CHECK-NEXT:          applegpu.simdgroup_load %[[TGB]][%[[OFF]]]
// CHECK:             applegpu.simdgroup_mma
// CHECK-NOT:       applegpu.threadgroup_barrier
// The carried tiles move up one iteration: (A0, A1) <- (A1, A2), (B0, B1)
// <- (B1, B2).
// CHECK:             memref.load %[[A1]]
// CHECK:             memref.load %[[B1]]
// CHECK:             memref.store %{{.*}}, %[[A0]]
// CHECK:             %[[X:.*]] = memref.load %[[A2]]
// CHECK-NEXT:        memref.store %[[X]], %[[A1]]
// CHECK:             memref.store %{{.*}}, %[[B0]]
// CHECK:             %[[X:.*]] = memref.load %[[B2]]
// CHECK-NEXT:        memref.store %[[X]], %[[B1]]
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:         } {applegpu.unroll = false, tile.loads_pipelined, tile.num_stages = 3 : i64}
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
func.func @two_steps(%A: memref<?xf16>, %C: memref<?xf32>, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %c16 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%c32, %K] : memref<?xf16> -> tensor<32x16xf16>
    %b = tile.load %A[%k, %c0] strides [%c32, %c1] bounds [%K, %c32] : memref<?xf16> -> tensor<16x32xf16>
    %d = tile.dot %a, %b, %a0 : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
    %e = tile.dot %a, %b, %d : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
    tile.yield %e : tensor<32x32xf32>
  } {num_stages = 3}
  tile.store %acc, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// Two halves of a 128x128x24 f32 step would take 49152 bytes. Halves of
// 8-column sub-steps would fit, but cost 3 barriers per K step, more than
// the 2 of staging the whole step in one buffer: the loop does that, and a
// remark says so. (With K = 32, two halves of 16 columns cost 2 barriers,
// as one buffer does, and are taken.)
// CHECK-LABEL: func.func @too_large_to_alternate
// CHECK-DAG:     applegpu.threadgroup_view {{.*}} to memref<3584xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C24:.*]] = arith.constant 24 : index
// CHECK:         scf.for
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C24]] step %[[C8]] {
// CHECK:             applegpu.simdgroup_mma
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:         } {applegpu.unroll = false, tile.loads_pipelined, tile.num_stages = 3 : i64}
// CHECK-NOT:     applegpu.threadgroup_barrier
func.func @too_large_to_alternate(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                                  %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @+1 {{num_stages = 3: two staging buffers for the dots of this loop would need 49152 bytes of threadgroup memory, more than the 32768 a threadgroup has; the dots stage their operands in one buffer, with a barrier before and after each multiply (the loads the loop issues ahead are not affected)}}
  %acc = tile.for_range %k = %c0 to %K step %c24 iter_args(%a0 = %zero) -> (tensor<128x128xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<128x24xf32>
    %b = tile.load %B[%k, %c0] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<24x128xf32>
    %d = tile.dot %a, %b, %a0 : tensor<128x24xf32>, tensor<24x128xf32> -> tensor<128x128xf32>
    tile.yield %d : tensor<128x128xf32>
  } {num_stages = 3}
  tile.store %acc, %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<128x128xf32>, memref<?xf32>
  return
}

// -----

// A loop without dots has nothing to stage: num_stages = 1 asks for
// nothing either way.
// CHECK-LABEL: func.func @single_stage
// CHECK:       } {applegpu.unroll = false, tile.num_stages = 1 : i64}
func.func @single_stage(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> tensor<64xf32>
  %acc = tile.for_range %k = %c0 to %n step %c64 iter_args(%a = %init) -> (tensor<64xf32>) {
    %x = tile.load %X[%k] bounds [%n] : memref<?xf32> -> tensor<64xf32>
    %s = arith.addf %a, %x : tensor<64xf32>
    tile.yield %s : tensor<64xf32>
  } {num_stages = 1}
  tile.store %acc, %Z[%c0] : tensor<64xf32>, memref<?xf32>
  return
}
