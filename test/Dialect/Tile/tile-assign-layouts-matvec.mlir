// RUN: tile-opt %s -split-input-file --tile-assign-layouts 2>&1 | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts=target=apple10 2>&1 | FileCheck %s --check-prefix=APPLE10
// RUN: tile-opt %s -split-input-file --tile-assign-layouts | tile-opt -split-input-file --tile-assign-layouts > %t.twice.mlir
// RUN: tile-opt %s -split-input-file --tile-assign-layouts > %t.once.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
//
// Small-M dots (at most 8 rows) are matvec dots: tile-assign-layouts marks
// them tile.matvec and gives their accumulator the distributed layout, on
// 128 threads when every dot of the kernel is one; lanes compute them
// (LowerMatvec.cpp), not 8x8 simdgroup_matrix fragments. From 9 rows on,
// dots keep fragments. On apple10 (tensor ops) a kernel whose dots are all
// matvec dots takes the same layouts, with a remark.

// CHECK-LABEL: func.func @m1
// CHECK:         tile.load {{.*}} -> tensor<1x64xf16, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK:         tile.load {{.*}} -> tensor<64x64xf16, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK:         tile.dot {{.*}} {tile.matvec} : tensor<1x64xf16, #applegpu.distributed<threads = 128, vector = 4>>, tensor<64x64xf16, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<1x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NOT:     #applegpu.fragments
// APPLE10:       remark: every dot of the kernel has at most 8 rows
// APPLE10:       :[[@LINE+34]]:8: remark: every dot of the kernel has at most 8 rows
// APPLE10:       :[[@LINE+56]]:8: remark: every dot of the kernel has at most 8 rows
// APPLE10-LABEL: func.func @m1
// APPLE10:       tile.dot {{.*}} {tile.matvec} : {{.*}} -> tensor<1x64xf32, #applegpu.distributed<threads = 128, vector = 4>>
// APPLE10-NOT:   #applegpu.cooperative
// APPLE10-NOT:   #applegpu.view
func.func @m1(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<1x64xf32>
  %x = tile.load %X[%c0, %c0] strides [%c64, %c1] bounds [%c1, %c64] : memref<?xf16> -> tensor<1x64xf16>
  %w = tile.load %W[%c0, %c0] strides [%c64, %c1] bounds [%c64, %c64] : memref<?xf16> -> tensor<64x64xf16>
  %d = tile.dot %x, %w, %zero : tensor<1x64xf16>, tensor<64x64xf16> -> tensor<1x64xf32>
  tile.store %d, %Y[%c0, %c0] strides [%c64, %c1] bounds [%c1, %c64] : tensor<1x64xf32>, memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @m8
// CHECK:         tile.dot {{.*}} {tile.matvec} : tensor<8x32xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<32x128xf32, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<8x128xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NOT:     #applegpu.fragments
// APPLE10-LABEL: func.func @m8
// APPLE10:       tile.dot {{.*}} {tile.matvec}
func.func @m8(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<8x128xf32>
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] bounds [%c8, %c32] : memref<?xf32> -> tensor<8x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c128, %c1] bounds [%c32, %c128] : memref<?xf32> -> tensor<32x128xf32>
  %d = tile.dot %a, %b, %zero : tensor<8x32xf32>, tensor<32x128xf32> -> tensor<8x128xf32>
  tile.store %d, %C[%c0, %c0] strides [%c128, %c1] bounds [%c8, %c128] : tensor<8x128xf32>, memref<?xf32>
  return
}

// -----

// N / V = 96 / 4 = 24 column groups, neither dividing 32 nor a multiple of
// the 128 threads: still a matvec dot (threads congruent mod gcd(128, 24) =
// 8 share columns; LowerMatvec.cpp), not fragments.
// CHECK-LABEL: func.func @n96
// CHECK:         tile.dot {{.*}} {tile.matvec} : tensor<1x64xf16, #applegpu.distributed<threads = 128, vector = 4>>, tensor<64x96xf16, #applegpu.distributed<threads = 128, vector = 4>> -> tensor<1x96xf32, #applegpu.distributed<threads = 128, vector = 4>>
// CHECK-NOT:     #applegpu.fragments
// APPLE10-LABEL: func.func @n96
// APPLE10:       tile.dot {{.*}} {tile.matvec} : {{.*}} -> tensor<1x96xf32, #applegpu.distributed<threads = 128, vector = 4>>
func.func @n96(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>) attributes {tile.kernel} {
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

// -----

// 16 rows: two fragment rows, no waste; simdgroup_matrix as before.
// CHECK-LABEL: func.func @m16
// CHECK:         tile.dot
// CHECK-NOT:     tile.matvec
// CHECK-SAME:    -> tensor<16x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// APPLE10-LABEL: func.func @m16
// APPLE10:       tile.dot
// APPLE10-NOT:   tile.matvec
// APPLE10-SAME:  -> tensor<16x64xf32, #applegpu.cooperative
func.func @m16(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<16x64xf32>
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] bounds [%c16, %c32] : memref<?xf32> -> tensor<16x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c64, %c1] bounds [%c32, %c64] : memref<?xf32> -> tensor<32x64xf32>
  %d = tile.dot %a, %b, %zero : tensor<16x32xf32>, tensor<32x64xf32> -> tensor<16x64xf32>
  tile.store %d, %C[%c0, %c0] strides [%c64, %c1] bounds [%c16, %c64] : tensor<16x64xf32>, memref<?xf32>
  return
}
