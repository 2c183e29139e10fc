// RUN: tile-opt %s -split-input-file --tile-assign-layouts=target=apple10 | FileCheck %s
//
// On the tensor-ops backend a dot operand loaded outside the loop the dot
// runs in (FlashAttention's Q, the key loop's dot Q K^T) is not a device
// view: matmul2d would read it from device memory on every iteration, each
// SIMD-group its rows. It is loaded by the threads and staged in threadgroup
// memory once, by a conversion right after the load, before the loop; the
// dot's other operand is staged with it (a dot reads both through views or
// stages both). Operands loaded in the loop itself stay device views.

// CHECK-LABEL: func.func @hoisted_a
// CHECK:         %[[Q:.*]] = tile.load {{.*}} -> tensor<32x64xf16, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:    %[[QV:.*]] = tile.convert_layout %[[Q]] : {{.*}} -> tensor<32x64xf16, #applegpu.view>
// CHECK:         tile.for_range
// CHECK:           %[[K:.*]] = tile.load {{.*}} -> tensor<64x32xf16, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NEXT:      %[[KV:.*]] = tile.convert_layout %[[K]] : {{.*}} -> tensor<64x32xf16, #applegpu.view>
// CHECK:           tile.dot %[[QV]], %[[KV]], {{.*}} -> tensor<32x32xf32, #applegpu.cooperative<simdgroups = [2, 2]>>
func.func @hoisted_a(%Q: memref<?xf16>, %K: memref<?xf16>, %S: memref<?xf32>, %L: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %q = tile.load %Q[%c0, %c0] strides [%c64, %c1] : memref<?xf16> -> tensor<32x64xf16>
  %s = tile.for_range %k = %c0 to %L step %c32 iter_args(%acc = %zero) -> (tensor<32x32xf32>) {
    %kt = tile.load %K[%c0, %k] strides [%c1, %c64] bounds [%c64, %L] : memref<?xf16> -> tensor<64x32xf16>
    %d = tile.dot %q, %kt, %acc : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %s, %S[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// Both operands loaded in the loop: device views, as for a GEMM.
// CHECK-LABEL: func.func @in_loop
// CHECK:         tile.for_range
// CHECK:           tile.load {{.*}} -> tensor<32x64xf16, #applegpu.view>
// CHECK:           tile.load {{.*}} -> tensor<64x32xf16, #applegpu.view>
// CHECK-NOT:       tile.convert_layout
// CHECK:           tile.dot
func.func @in_loop(%Q: memref<?xf16>, %K: memref<?xf16>, %S: memref<?xf32>, %L: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.for_range %k = %c0 to %L step %c32 iter_args(%acc = %zero) -> (tensor<32x32xf32>) {
    %q = tile.load %Q[%c0, %k] strides [%L, %c1] bounds [%c32, %L] : memref<?xf16> -> tensor<32x64xf16>
    %kt = tile.load %K[%k, %c0] strides [%c32, %c1] bounds [%L, %c32] : memref<?xf16> -> tensor<64x32xf16>
    %d = tile.dot %q, %kt, %acc : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %s, %S[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// Operands that would take more than half the threadgroup memory staged
// (64x128 and 128x64 f16: 32 KiB) stay device views even when loaded
// outside the loop.
// CHECK-LABEL: func.func @too_large
// CHECK:         tile.load {{.*}} -> tensor<64x128xf16, #applegpu.view>
// CHECK-NOT:     tile.convert_layout
// CHECK:         tile.for_range
// CHECK:           tile.load {{.*}} -> tensor<128x64xf16, #applegpu.view>
func.func @too_large(%Q: memref<?xf16>, %K: memref<?xf16>, %S: memref<?xf32>, %L: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %q = tile.load %Q[%c0, %c0] strides [%c128, %c1] : memref<?xf16> -> tensor<64x128xf16>
  %s = tile.for_range %k = %c0 to %L step %c64 iter_args(%acc = %zero) -> (tensor<64x64xf32>) {
    %kt = tile.load %K[%c0, %k] strides [%c1, %c128] bounds [%c128, %L] : memref<?xf16> -> tensor<128x64xf16>
    %d = tile.dot %q, %kt, %acc : tensor<64x128xf16>, tensor<128x64xf16> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %s, %S[%c0, %c0] strides [%c64, %c1] : tensor<64x64xf32>, memref<?xf32>
  return
}
