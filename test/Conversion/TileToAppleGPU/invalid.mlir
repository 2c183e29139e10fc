// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-assign-layouts --convert-tile-to-applegpu
// Every diagnostic convert-tile-to-applegpu emits on a kernel it cannot
// lower, at the op (or kernel) it is about, the pass run alone with its
// default options (target apple9, backend auto). Option errors are in
// invalid-options.mlir; that a failure prints nothing on stdout is checked
// in invalid-no-output.mlir.

//===----------------------------------------------------------------------===//
// Target and backend (TileToAppleGPU.cpp, checkOptions)
//===----------------------------------------------------------------------===//

// (The tensor-ops backend has its own: tensorops-invalid.mlir.)

//===----------------------------------------------------------------------===//
// What the layout plan cannot lay out (LayoutPlan.cpp)
//===----------------------------------------------------------------------===//

// -----

// simdgroup_matrix multiplies 8x8 fragments: K must be a multiple of 8.
func.func @k_not_multiple_of_8(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c4, %c1] : memref<?xf32> -> tensor<16x4xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<4x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @+1 {{'tile.dot' op K = 4 is not a multiple of 8, the fragment size of simdgroup_matrix}}
  %d = tile.dot %a, %b, %z : tensor<16x4xf32>, tensor<4x16xf32> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// A 4x1 SIMD-group grid splits the accumulator rows over 4 groups of 8:
// a 16x16 accumulator has only 16 rows (32 needed).
func.func @acc_not_divisible(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split into 8x8 fragments over a 4x1 SIMD-group grid (its shape must be a multiple of 32x8)}}
  %d = tile.dot %a, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// The same with the accumulator carried by a loop and initialized from
// memory: the whole tie group (load, iter_arg, dot, loop result) is an
// accumulator; the dot is reported.
func.func @acc_not_divisible_in_loop(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 4>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %init = tile.load %C[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %init) -> tensor<16x16xf32> {
    // expected-error @+1 {{'tile.dot' op accumulator tile 'tensor<16x16xf32>' cannot be split into 8x8 fragments over a 1x4 SIMD-group grid (its shape must be a multiple of 8x32)}}
    %d = tile.dot %a, %b, %acc : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// A dot whose operands do not fit in threadgroup memory is staged in K
// sub-steps (DotStaging.cpp); only a dot for which one 8-wide step does not
// fit is refused: 1024 rows of A x 8 columns of f32, plus an 8x8 step of B,
// take 32768 + 256 bytes.
func.func @staging_too_large(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<1024x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<16x8xf32>
  %z = arith.constant dense<0.0> : tensor<1024x8xf32>
  // expected-error @+3 {{'tile.dot' op needs 33024 bytes of threadgroup memory, even with the dots' operands staged 8 columns of K at a time (K sub-steps), more than the 32768 an Apple GPU threadgroup has; 33024 bytes are live at once here; use smaller tiles}}
  // expected-note @+2 {{32768 bytes to stage the A operands of the dots}}
  // expected-note @+1 {{256 bytes to stage the B operands of the dots}}
  %d = tile.dot %a, %b, %z : tensor<1024x16xf32>, tensor<16x8xf32> -> tensor<1024x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%c8, %c1] : tensor<1024x8xf32>, memref<?xf32>
  return
}

// -----

// The same with K = 8, which cannot be split further; and the dots share
// their staging buffers (each uses them only between its own barriers), so
// the second f32 dot adds nothing. The first dot is reported.
func.func @staging_too_large(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<1024x8xf32>
  %b = tile.load %B[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %z = arith.constant dense<0.0> : tensor<1024x8xf32>
  // expected-error @+3 {{'tile.dot' op needs 33024 bytes of threadgroup memory, more than the 32768 an Apple GPU threadgroup has; 33024 bytes are live at once here; use smaller tiles}}
  // expected-note @+2 {{32768 bytes to stage the A operands of the dots}}
  // expected-note @+1 {{256 bytes to stage the B operands of the dots}}
  %d = tile.dot %a, %b, %z : tensor<1024x8xf32>, tensor<8x8xf32> -> tensor<1024x8xf32>
  %e = tile.dot %a, %b, %d : tensor<1024x8xf32>, tensor<8x8xf32> -> tensor<1024x8xf32>
  tile.store %e, %C[%c0, %c0] strides [%c8, %c1] : tensor<1024x8xf32>, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// Ops the simdgroup backend does not lower (Lower*.cpp)
//===----------------------------------------------------------------------===//

// -----

// tile.for_range is lowered by tile-for-range-to-scf (the tile-to-applegpu
// pipeline runs it first); the pass alone rejects it.
func.func @for_range_not_lowered(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0.0> : tensor<32xf32>
  // expected-error @+1 {{'tile.for_range' op must be lowered to scf.for first (tile-for-range-to-scf, part of the tile-to-applegpu pipeline)}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<32xf32>) {
    %x = tile.load %X[%i] : memref<?xf32> -> tensor<32xf32>
    %s = arith.addf %acc, %x : tensor<32xf32>
    tile.yield %s : tensor<32xf32>
  }
  tile.store %r, %X[%c0] : tensor<32xf32>, memref<?xf32>
  return
}

// -----

func.func @swizzle(%X: memref<?xf32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  // expected-error @+1 {{'tile.swizzle' op must be lowered to index arithmetic before convert-tile-to-applegpu (run tile-swizzle, part of the tile-to-applegpu pipeline)}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "morton", block = 2} : index
  return
}

// -----

// Only splat tile constants become a (uniform) scalar.
func.func @non_splat_constant(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'arith.constant' op only splat tile constants are supported by the simdgroup backend}}
  %t = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  tile.store %t, %X[%c0] : tensor<4xf32>, memref<?xf32>
  return
}

// -----

// A tensor op on a tile: tiles are held by threads, there is no tensor.
func.func @tensor_extract(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = tile.load %X[%c0] : memref<?xf32> -> tensor<32xf32>
  // expected-error @+1 {{'tensor.extract' op is not supported by the simdgroup backend of convert-tile-to-applegpu}}
  %e = tensor.extract %t[%c0] : tensor<32xf32>
  return
}

// -----

// Calls are not lowered (inline helpers first).
func.func private @helper(index)

func.func @call(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'func.call' op is not supported by the simdgroup backend of convert-tile-to-applegpu}}
  func.call @helper(%c0) : (index) -> ()
  return
}

// -----

// Scalar memory access is not part of the tile language: buffers are read
// with tile.load.
func.func @scalar_memref_load(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op is not supported by the simdgroup backend of convert-tile-to-applegpu}}
  %v = memref.load %X[%c0] : memref<?xf32>
  return
}

// -----

// An unsupported op nested in a loop body is reported where it is.
func.func @unsupported_in_loop(%X: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = tile.load %X[%i] : memref<?xf32> -> tensor<32xf32>
    // expected-error @+1 {{'tensor.extract' op is not supported by the simdgroup backend of convert-tile-to-applegpu}}
    %e = tensor.extract %t[%c0] : tensor<32xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// The kernel ABI (TileToAppleGPU.cpp, setABI)
//===----------------------------------------------------------------------===//

// -----

// Metal has 31 buffer bindings: 32 arguments do not fit.
// expected-error @+1 {{kernel has 32 arguments; Metal binds at most 31}}
func.func @too_many_arguments(
    %a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index,
    %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index,
    %a12: index, %a13: index, %a14: index, %a15: index, %a16: index,
    %a17: index, %a18: index, %a19: index, %a20: index, %a21: index,
    %a22: index, %a23: index, %a24: index, %a25: index, %a26: index,
    %a27: index, %a28: index, %a29: index, %a30: index, %a31: index)
    attributes {tile.kernel} {
  return
}

// -----

// 31 arguments are fine: this kernel lowers, and the only error of this
// chunk is the next kernel's.
func.func @thirty_one_arguments(
    %a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index,
    %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index,
    %a12: index, %a13: index, %a14: index, %a15: index, %a16: index,
    %a17: index, %a18: index, %a19: index, %a20: index, %a21: index,
    %a22: index, %a23: index, %a24: index, %a25: index, %a26: index,
    %a27: index, %a28: index, %a29: index, %a30: index)
    attributes {tile.kernel} {
  return
}

// A tensor is not something a Metal kernel can be passed (an unused one
// here; a used one is in invalid-tensor-argument.mlir).
// expected-error @+1 {{kernel argument #0 of type 'tensor<256xf32>' cannot be passed to a Metal kernel}}
func.func @tensor_argument(%t: tensor<256xf32>, %Z: memref<?xf32>) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel argument #1 of type 'vector<4xf32>' cannot be passed to a Metal kernel}}
func.func @vector_argument(%Z: memref<?xf32>, %v: vector<4xf32>) attributes {tile.kernel} {
  return
}

// -----

// A 2-D buffer argument is rejected before anything is lowered.
// expected-error @+1 {{kernel argument #0 of type 'memref<4x4xf32>' cannot be passed to a Metal kernel (buffers are 1-D memrefs of f32, f16, bf16 or integers; scalars are index, integers, f32, f16 or bf16)}}
func.func @two_d_buffer(%X: memref<4x4xf32>) attributes {tile.kernel} {
  return
}
