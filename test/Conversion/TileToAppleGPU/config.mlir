// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Kernel configuration: the default SIMD-group grid (2x2, reduced to 1
// along a dimension whose fragments cannot be split in two), tile.simdgroups
// when given, f16 operands staged as half with 8 halves (16 bytes) of
// padding and an f32 accumulator, and the target taken from the module.

// 64x64 accumulator, no tile.simdgroups: 2x2 -> 128 threads.
// Each SIMD group a 32x32 block: 4x4 fragments.
// CHECK-LABEL: func.func @default_2x2
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK:         memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
func.func @default_2x2(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %a = tile.load %A[%c0, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<64x64xf32>
  %d = tile.dot %a, %a, %zero : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  tile.store %d, %C[%c0, %c0] strides [%c64, %c1] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// 24 rows (three fragments; at most 8 rows would be a matvec dot,
// matvec.mlir) x 64 columns: 1x2 -> 64 threads.
// Each SIMD group a 24x32 block: 3x4 fragments (three A fragments, four B).
// CHECK-LABEL: func.func @default_1x2
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 64, 1, 1>
// CHECK:         memref.alloca() : memref<12x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         memref.alloca() : memref<3x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         applegpu.simdgroup_load
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
func.func @default_1x2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<24x64xf32>
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<24x8xf32>
  %b = tile.load %B[%c0, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<8x64xf32>
  %d = tile.dot %a, %b, %zero : tensor<24x8xf32>, tensor<8x64xf32> -> tensor<24x64xf32>
  tile.store %d, %C[%c0, %c0] strides [%c64, %c1] : tensor<24x64xf32>, memref<?xf32>
  return
}

// -----

// Explicit 1x4 on a 32x32 accumulator: 128 threads, each SIMD group a
// 32x8 column block (4x1 fragments): 4 A fragments, one B fragment, and
// a loop of 4 MMAs (the loop over the single fragment column is not
// emitted).
// CHECK-LABEL: func.func @explicit_1x4
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         applegpu.threadgroup_barrier
// CHECK-NEXT:    %[[AF:.*]] = memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:    scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           applegpu.simdgroup_load
// CHECK-NEXT:      memref.store %{{.*}}, %[[AF]][%[[FI]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[BF:.*]] = memref.alloca() : memref<1x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NOT:     scf.for
// CHECK:         applegpu.simdgroup_load
// CHECK-NEXT:    memref.store %{{.*}}, %[[BF]][%[[C0]]]
// CHECK-NEXT:    scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[CF:.*]] = memref.load %[[ACC]][%[[FI]]]
// CHECK-NEXT:      %[[A:.*]] = memref.load %[[AF]][%[[FI]]]
// CHECK-NEXT:      %[[B:.*]] = memref.load %[[BF]][%[[C0]]]
// CHECK-NEXT:      %[[D:.*]] = applegpu.simdgroup_mma %[[A]], %[[B]], %[[CF]]
// CHECK-NEXT:      memref.store %[[D]], %[[ACC]][%[[FI]]]
// CHECK-NEXT:    }
// CHECK-NOT:     applegpu.simdgroup_mma
func.func @explicit_1x4(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x8xf32>
  %b = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<8x32xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x8xf32>, tensor<8x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// f16 operands, f32 accumulator: half staging with 8 halves of padding
// (32 x (32 + 8) = 1280 halves), half fragments into float MMAs.
// CHECK: module attributes {tile.target = "apple7"}
// CHECK-LABEL: func.func @f16
// CHECK-SAME:    applegpu.target = "apple7"
// CHECK-DAG:     applegpu.threadgroup_view {{.*}} to memref<1280xf16, #applegpu.address_space<threadgroup>>
// CHECK:         memref.alloca() : memref<8xf16>
// CHECK:         memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         memref.alloca() : memref<2x!applegpu.simdgroup_matrix<8x8xf16>>
// CHECK:         applegpu.simdgroup_load %{{.*}} stride %c40 : memref<1280xf16, #applegpu.address_space<threadgroup>> -> !applegpu.simdgroup_matrix<8x8xf16>
// CHECK:         applegpu.simdgroup_mma %{{.*}} : !applegpu.simdgroup_matrix<8x8xf16>, !applegpu.simdgroup_matrix<8x8xf16>, !applegpu.simdgroup_matrix<8x8xf32>
module attributes {tile.target = "apple7"} {
  func.func @f16(%A: memref<?xf16>, %C: memref<?xf32>) attributes {tile.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16>
    %d = tile.dot %a, %a, %zero : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
    tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
    return
  }
}
