// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-assign-layouts
//
// An unknown target is checked once, before any kernel, and reported at the
// module (like the options of convert-tile-to-applegpu, see
// invalid-options.mlir); nothing is printed on stdout. The whole file is one
// module here, so the error is reported once and no kernel is looked at. (The
// expected-error lines are renamed first: on a failure tile-opt reports the
// ones that were not produced even without -verify-diagnostics.)
// RUN: sed -e 's/expected-error/ignored-error/' %s > %t.mlir
// RUN: not tile-opt %t.mlir --tile-assign-layouts=target=apple6 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %t.mlir -pass-pipeline='builtin.module(tile-assign-layouts{target=apple6})' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-opt %t.mlir --tile-assign-layouts=target=apple6 > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --check-prefix=TARGET < %t.err
// TARGET: {{.*}}.mlir:0:0: error: option target=apple6: unknown target; expected apple7, apple8, apple9 or apple10
// TARGET-NOT: {{note|func.func|builtin.module}}
// TARGET-NOT: error
//
// Every diagnostic of tile-assign-layouts, at the value (or kernel) it is
// about.

// Encodings written in the input decide the layout of everything tied to
// them; two different ones tied together (here by a tile.epilogue, whose
// inputs may carry different encodings) are an error at the later one.
func.func @conflicting_encodings(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 4>>
  // expected-error @+1 {{tile layout #applegpu.distributed<threads = 128, vector = 1> conflicts with #applegpu.distributed<threads = 128, vector = 4>, the layout of a value it is tied to (an operand or result of the same elementwise op, loop or branch)}}
  %y = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %z = tile.epilogue ins(%x, %y : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 4>>, tensor<256xf32, #applegpu.distributed<threads = 128, vector = 1>>) -> tensor<256xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  tile.store %z, %X[%c0] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

// -----

// A distributed encoding and a fragments encoding tied together.
func.func @conflicting_kinds(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %X[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  // expected-error @+1 {{tile layout #applegpu.distributed<threads = 128, vector = 4> conflicts with #applegpu.fragments<simdgroups = [2, 2]>}}
  %z = tile.epilogue ins(%x : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>) -> tensor<16x16xf32, #applegpu.distributed<threads = 128, vector = 4>> {
  ^bb0(%a: f32):
    %e = math.exp %a : f32
    tile.yield %e : f32
  }
  tile.store %z, %X[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32, #applegpu.distributed<threads = 128, vector = 4>>, memref<?xf32>
  return
}

// -----

// All tiles of a kernel run on the same threads: encodings asking for
// different thread counts are an error, even on tiles tied to nothing.
func.func @different_thread_counts(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.distributed<threads = 128, vector = 4>>
  // expected-error @+1 {{layout #applegpu.distributed<threads = 64, vector = 4> needs 64 threads, but another tile of the kernel needs 128}}
  %y = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>
  tile.store %x, %X[%c0] bounds [%n] : tensor<256xf32, #applegpu.distributed<threads = 128, vector = 4>>, memref<?xf32>
  tile.store %y, %X[%c0] bounds [%n] : tensor<256xf32, #applegpu.distributed<threads = 64, vector = 4>>, memref<?xf32>
  return
}

// -----

// The same through the parent of a slice.
func.func @different_thread_counts_slice(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %x = tile.load %X[%c0, %c0] strides [%c128, %c1] : memref<?xf32> -> tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>
  // expected-error @+1 {{layout #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 128, vector = 4>> needs 128 threads, but another tile of the kernel needs 256}}
  %m = tile.reduce maximumf %x dim 1 : tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>> -> tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 128, vector = 4>>>
  return
}

// -----

// A kernel with a dot runs 32 threads per SIMD-group of its grid: a
// distributed encoding for another thread count is an error at the kernel.
// expected-error @+1 {{'func.func' op has tile layouts for 64 threads, but its SIMD-group grid 2x2 runs 128}}
func.func @threads_against_grid(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32, #applegpu.distributed<threads = 64, vector = 4>>
  %d = tile.dot %a, %a, %zero : tensor<32x32xf32, #applegpu.distributed<threads = 64, vector = 4>>, tensor<32x32xf32, #applegpu.distributed<threads = 64, vector = 4>> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// An encoding from another dialect (or none of the applegpu layouts).
func.func @not_an_applegpu_layout(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{tile type 'tensor<256xf32, "foo">' has an encoding that is not an applegpu layout}}
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, "foo">
  tile.store %x, %X[%c0] bounds [%n] : tensor<256xf32, "foo">, memref<?xf32>
  return
}

// -----

func.func @applegpu_attribute_not_a_layout(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{tile type 'tensor<256xf32, #applegpu.address_space<device>>' has an encoding that is not an applegpu layout}}
  %x = tile.load %X[%c0] bounds [%n] : memref<?xf32> -> tensor<256xf32, #applegpu.address_space<device>>
  tile.store %x, %X[%c0] bounds [%n] : tensor<256xf32, #applegpu.address_space<device>>, memref<?xf32>
  return
}

// -----

// tile.simdgroups = [2, 2] asks for accumulators of a multiple of 16x16;
// an 8x16 one cannot be split over it. Reported at the dot.
func.func @accumulator_not_splittable(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %b = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<8x16xf32>
  // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<8x16xf32>' cannot be split into 8x8 fragments over a 2x2 SIMD-group grid (its shape must be a multiple of 16x16)}}
  %d = tile.dot %a, %b, %zero : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<8x16xf32>, memref<?xf32>
  return
}

// -----

// The grid may also come from a fragments encoding written on another
// accumulator of the kernel: a 4x1 grid needs rows in multiples of 32.
func.func @accumulator_not_splittable_given_grid(%A: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %z32 = arith.constant dense<0.0> : tensor<32x16xf32, #applegpu.fragments<simdgroups = [4, 1]>>
  %z16 = arith.constant dense<0.0> : tensor<16x16xf32>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<32x16xf32>
  %b = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %d = tile.dot %a, %b, %z32 : tensor<32x16xf32>, tensor<16x16xf32> -> tensor<32x16xf32, #applegpu.fragments<simdgroups = [4, 1]>>
  // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split into 8x8 fragments over a 4x1 SIMD-group grid (its shape must be a multiple of 32x8)}}
  %e = tile.dot %b, %b, %z16 : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<32x16xf32, #applegpu.fragments<simdgroups = [4, 1]>>, memref<?xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}
