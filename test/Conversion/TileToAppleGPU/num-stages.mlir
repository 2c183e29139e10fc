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
// operand tiles of the next N - 1 iterations ahead into registers (see its
// own test); here that shows as more values carried by the loop.

// One dot per iteration, one staging step: the half alternates with the
// iteration, so the loop carries its parity (the last index value) and
// each step writes and reads at parity * 2048.
// CHECK-LABEL: func.func @pipelined_gemm
// CHECK-DAG:     %[[TGA:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
// The loop also carries the next A and B tiles (tile-pipeline-loads): 16
// f32 slots each per thread, before the parity.
// CHECK:         scf.for {{.*}} iter_args({{.*}}, %[[PARITY:.*]] = %c0) -> ({{.*}}f32, f32, index) {
// CHECK:           %[[HALF:.*]] = arith.muli %[[PARITY]], %c2048 : index
// CHECK:           memref.store %{{.*}}, %[[TGA]]
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:           %[[NEXT:.*]] = arith.subi %c1, %[[PARITY]] : index
// CHECK:           scf.yield {{.*}}, %[[NEXT]] :
// CHECK-NEXT:    } {tile.loads_pipelined, tile.num_stages = 2 : i64}
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
// iteration, not four.
// CHECK-LABEL: func.func @two_steps
// CHECK-DAG:     %[[TGA:.*]] = applegpu.alloc_threadgroup : memref<1536xf16, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.alloc_threadgroup : memref<1280xf16, #applegpu.address_space<threadgroup>>
// CHECK:         scf.for {{.*}} -> ({{.*}}f16, f16) {
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:           applegpu.simdgroup_mma
// CHECK:           memref.store %{{.*}}, %[[TGA]][%{{.*}}]
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NOT:       applegpu.threadgroup_barrier
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 3 : i64}
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
// CHECK-DAG:     applegpu.alloc_threadgroup : memref<3584xf32, #applegpu.address_space<threadgroup>>
// CHECK:         scf.for
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 3 : i64}
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
// CHECK:       } {tile.num_stages = 1 : i64}
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
