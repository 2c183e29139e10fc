// RUN: tile-opt %s -split-input-file --tile-to-applegpu=target=apple9 | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu=target=apple10 2>/dev/null | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
//
// A tile.matvec dot (a 1-row A) is computed on lanes: no simdgroup_matrix,
// no staging buffers (only A's copy and the SIMD-groups' partial rows in
// threadgroup memory), a butterfly of simd_shuffle_xor over the lanes that
// share a column group (N / V = 16 groups per row: mask 16), and the same
// on apple10 (no matmul2d).

// CHECK-LABEL: func.func @matvec_f16
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-NOT:     simdgroup_matrix
// CHECK-NOT:     matmul2d
// CHECK:         applegpu.alloc_threadgroup : memref<{{[0-9]+}}xi8
// CHECK-DAG:     applegpu.threadgroup_view {{.*}} to memref<64xf16, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     applegpu.threadgroup_view {{.*}} to memref<256xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK-NOT:     applegpu.threadgroup_view
// CHECK:         scf.for
// CHECK:           arith.mulf
// CHECK-NEXT:      arith.addf
// CHECK:           applegpu.simd_shuffle_xor {{.*}} mask 16 : f32
// CHECK-NOT:       applegpu.simd_shuffle_xor
// CHECK:           applegpu.threadgroup_barrier
// CHECK-NOT:     applegpu.simdgroup_multiply_accumulate
// CHECK-NOT:     applegpu.matmul2d
// CHECK:         return
func.func @matvec_f16(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>,
                      %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %col0 = arith.muli %p, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<1x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c64 iter_args(%a = %zero) -> (tensor<1x64xf32>) {
    %x = tile.load %X[%c0, %k] strides [%K, %c1] bounds [%c1, %K] : memref<?xf16> -> tensor<1x64xf16>
    %w = tile.load %W[%k, %col0] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<64x64xf16>
    %d = tile.dot %x, %w, %a : tensor<1x64xf16>, tensor<64x64xf16> -> tensor<1x64xf32>
    tile.yield %d : tensor<1x64xf32>
  }
  tile.store %acc, %Y[%c0, %col0] strides [%N, %c1] bounds [%c1, %N] : tensor<1x64xf32>, memref<?xf32>
  return
}

// -----

// Each thread owns whole columns (N / V = 128 column groups, a multiple of
// the 128 threads): no shuffles, one partial row.
// CHECK-LABEL: func.func @own_columns
// CHECK-NOT:     simdgroup_matrix
// CHECK-NOT:     applegpu.simd_shuffle_xor
// CHECK:         applegpu.threadgroup_view {{.*}} to memref<512xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.simdgroup_multiply_accumulate
// CHECK:         return
func.func @own_columns(%X: memref<?xf32>, %W: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant dense<0.0> : tensor<1x512xf32>
  %x = tile.load %X[%c0, %c0] strides [%c8, %c1] bounds [%c1, %c8] : memref<?xf32> -> tensor<1x8xf32>
  %w = tile.load %W[%c0, %c0] strides [%c512, %c1] bounds [%c8, %c512] : memref<?xf32> -> tensor<8x512xf32>
  %d = tile.dot %x, %w, %zero : tensor<1x8xf32>, tensor<8x512xf32> -> tensor<1x512xf32>
  tile.store %d, %Y[%c0, %c0] strides [%c512, %c1] bounds [%c1, %c512] : tensor<1x512xf32>, memref<?xf32>
  return
}

// -----

// 24 column groups (N = 96, V = 4) on 128 threads: d = gcd(128, 24) = 8, so
// each thread holds 3 column groups and the lanes congruent mod 8 meet by
// shuffles with masks 8 and 16 (no more); 4 partial rows of 96.
// CHECK-LABEL: func.func @cols24
// CHECK-NOT:     simdgroup_matrix
// CHECK:         applegpu.threadgroup_view {{.*}} to memref<384xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.simd_shuffle_xor {{.*}} mask {{1|2|4}} :
// CHECK:         applegpu.simd_shuffle_xor {{.*}} mask 8 : f32
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    applegpu.simd_shuffle_xor {{.*}} mask 16 : f32
// CHECK-NOT:     applegpu.simd_shuffle_xor
// CHECK-NOT:     applegpu.simdgroup_multiply_accumulate
// CHECK:         return
func.func @cols24(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %zero = arith.constant dense<0.0> : tensor<1x96xf32>
  %x = tile.load %X[%c0, %c0] strides [%c64, %c1] bounds [%c1, %c64] : memref<?xf16> -> tensor<1x64xf16>
  %w = tile.load %W[%c0, %c0] strides [%c96, %c1] bounds [%c64, %c96] : memref<?xf16> -> tensor<64x96xf16>
  %d = tile.dot %x, %w, %zero : tensor<1x64xf16>, tensor<64x96xf16> -> tensor<1x96xf32>
  tile.store %d, %Y[%c0, %c0] strides [%c96, %c1] bounds [%c1, %c96] : tensor<1x96xf32>, memref<?xf32>
  return
}
