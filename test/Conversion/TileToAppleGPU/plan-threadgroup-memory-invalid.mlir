// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-plan-threadgroup-memory=max-bytes=3000 -verify-diagnostics
// RUN: not tile-opt %s --tile-assign-layouts --tile-plan-threadgroup-memory=max-bytes=40000 2>&1 | FileCheck %s --check-prefix=OPTION
// A kernel whose smallest plan needs more than the budget is refused at the
// op where the most bytes are live at once, with a note at the op of each
// buffer live there. Here the budget is max-bytes; invalid.mlir has the
// 32 KiB of a threadgroup.

// OPTION: error: tile-plan-threadgroup-memory: max-bytes must be from 1 to 32768, got 40000

// A 32x32x32 dot staged 8 columns of K at a time needs 1024 bytes for A and
// 1024 for B; the layout conversion of the bias (a row of 32 floats) before
// it and the reduction after it take their own bytes at other times. At
// the dot, A and B are live: 2048 bytes. The conversion needs only 128,
// but the reduction's 3072 alone exceed the budget: the peak is there.
func.func @peak(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
    %X: memref<?xf32>, %S: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  %x = tile.load %X[%c0, %c0] strides [%c48, %c1] : memref<?xf32> -> tensor<64x48xf32>
  // expected-error @+2 {{'tile.reduce' op needs 3072 bytes of threadgroup memory, more than the 3000 the plan may use (max-bytes); 3072 bytes are live at once here; use smaller tiles}}
  // expected-note @+1 {{3072 bytes for this reduction}}
  %s = tile.reduce add %x dim 1 : tensor<64x48xf32> -> tensor<64xf32>
  tile.store %s, %S[%c0] strides [%c1] : tensor<64xf32>, memref<?xf32>
  return
}

// -----

// Two staging buffers live at once, 8 columns of K of a 128-row A (4096
// bytes) and B: the error is at the dot, with a note for each.
func.func @staging(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<128x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<16x8xf32>
  %z = arith.constant dense<0.0> : tensor<128x8xf32>
  // expected-error @+3 {{'tile.dot' op needs 4352 bytes of threadgroup memory, even with the dots' operands staged 8 columns of K at a time (K sub-steps), more than the 3000 the plan may use (max-bytes); 4352 bytes are live at once here; use smaller tiles}}
  // expected-note @+2 {{4096 bytes to stage the A operands of the dots}}
  // expected-note @+1 {{256 bytes to stage the B operands of the dots}}
  %d = tile.dot %a, %b, %z : tensor<128x16xf32>, tensor<16x8xf32> -> tensor<128x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%c8, %c1] : tensor<128x8xf32>, memref<?xf32>
  return
}

// -----

// tile.shared arrays count: both are live for the whole kernel, so the
// peak is at the first op, with a note at each array.
func.func @shared_arrays(%X: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  // expected-error @+2 {{'tile.shared' op needs 3088 bytes of threadgroup memory, more than the 3000 the plan may use (max-bytes); 3088 bytes are live at once here; use smaller tiles}}
  // expected-note @+1 {{2048 bytes for this tile.shared array}}
  %a = tile.shared : memref<512xf32>
  // expected-note @+1 {{1040 bytes for this tile.shared array}}
  %b = tile.shared : memref<260xf32>
  %c0 = arith.constant 0 : index
  %t = tile.thread_id : index
  %x = tile.thread_load %X[%t] : memref<?xf32>
  tile.thread_store %x, %a[%c0] : memref<512xf32>
  tile.thread_store %x, %b[%c0] : memref<260xf32>
  return
}

// -----

// On apple10 two dots whose cooperative tensor types differ (B read as it
// is, Kt transposed) are added where they are stored: the store copies one
// accumulator to threadgroup memory, and the limit counts that copy.
func.func @cooperative_spill(%A: memref<?xf32>, %B: memref<?xf32>,
                             %Kt: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.target = "apple10"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %kt = tile.load %Kt[%c0, %c0] strides [%c1, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %u = tile.dot %a, %kt, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %sum = arith.addf %s, %u : tensor<32x32xf32>
  // expected-error @+2 {{'tile.store' op needs 4096 bytes of threadgroup memory, more than the 3000 the plan may use (max-bytes); 4096 bytes are live at once here; use smaller tiles}}
  // expected-note @+1 {{4096 bytes to copy another dot's cooperative tiles read here}}
  tile.store %sum, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
