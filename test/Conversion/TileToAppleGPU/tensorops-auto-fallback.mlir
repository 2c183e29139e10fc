// RUN: tile-opt %s --tile-to-applegpu=target=apple10 -verify-diagnostics -split-input-file | FileCheck %s
// RUN: not tile-opt %s "--tile-to-applegpu=target=apple10 backend=tensorops" -split-input-file 2>&1 | FileCheck %s --check-prefix=FORCED
// backend=auto on apple10 (issue 25): a kernel whose accumulator cannot be
// split over its SIMD-group grid into matmul2d destinations runs on
// simdgroup_matrix, which M5 has too, with a remark; only
// backend=tensorops refuses it. (tensorops-invalid.mlir has the refusals.)
// FORCED-NOT: remark: backend=auto
// FORCED: error: 'tile.dot' op accumulator tile 'tensor<8x8xf32>' cannot be split over a 1x1 SIMD-group grid into matmul2d destinations
// FORCED: error: 'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split over a 2x2 SIMD-group grid into matmul2d destinations

// CHECK-LABEL: func.func @dot_8x8_on_1x1
// CHECK-NOT: applegpu.matmul2d
// CHECK: applegpu.simdgroup_mma
// CHECK-NOT: applegpu.matmul2d
// CHECK: return
func.func @dot_8x8_on_1x1(%A: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf16> -> tensor<8x8xf16>
  %z = arith.constant dense<0.0> : tensor<8x8xf32>
  // expected-remark @+1 {{backend=auto: accumulator tile 'tensor<8x8xf32>' cannot be split over a 1x1 SIMD-group grid into matmul2d destinations, so the kernel uses the simdgroup_matrix backend (backend=tensorops makes this an error)}}
  %d = tile.dot %a, %a, %z : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dot_16x16_on_2x2
// CHECK-SAME: applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-NOT: applegpu.matmul2d
// CHECK: applegpu.simdgroup_mma
func.func @dot_16x16_on_2x2(%A: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-remark @+1 {{accumulator tile 'tensor<16x16xf32>' cannot be split over a 2x2 SIMD-group grid into matmul2d destinations}}
  %d = tile.dot %a, %a, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// A grid matmul2d can take keeps the tensor ops, without a remark.
// CHECK-LABEL: func.func @dot_32x32_on_2x2
// CHECK: applegpu.matmul2d
func.func @dot_32x32_on_2x2(%A: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %a, %z : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
