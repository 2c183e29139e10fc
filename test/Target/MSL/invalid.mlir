// RUN: tile-translate --mlir-to-msl %s -split-input-file -verify-diagnostics
// Every diagnostic of tile-translate --mlir-to-msl a verified applegpu
// module can reach, at the op (or kernel) it is about. With
// -verify-diagnostics the tool exits 0 when exactly the expected
// diagnostics were emitted; that a failing translation exits 1 and prints
// nothing on stdout is checked in invalid-no-output.mlir.
//
// Not reachable through a verified module (and so not tested here):
//  - "a kernel returns no values" (the applegpu verifier rejects kernels
//    with results, func.return must match them);
//  - "kernel argument #N has no [[buffer]] binding" (the applegpu verifier
//    requires applegpu.buffer on every kernel argument);
//  - "only scalar selects can be translated" and "only scalar math can be
//    translated to MSL": they need a tensor or vector operand, and every op
//    that could define one fails to translate first (tensor constants,
//    tensor ops, scf.if/scf.for results of such types, ...).

//===----------------------------------------------------------------------===//
// The input (MSLEmitter.cpp)
//===----------------------------------------------------------------------===//

// Nothing to translate: a plain function is not a kernel.
// expected-error @+1 {{no 'applegpu.kernel' function to translate (run the tile-to-applegpu pipeline first)}}
module {
  func.func @not_a_kernel() {
    return
  }
}

// -----

// MSL has no gotos: a kernel with a second (here unreachable) block.
// expected-error @+1 {{a kernel body must be a single block (structured control flow only)}}
func.func @multi_block(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
^unreachable:
  return
}

//===----------------------------------------------------------------------===//
// Names (KernelABI.cpp, checkIdentifier)
//===----------------------------------------------------------------------===//

// -----

// An MSL keyword as kernel name.
// expected-error @+1 {{kernel name 'kernel' is reserved in the generated MSL}}
func.func @kernel(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel name 'float' is reserved in the generated MSL}}
func.func @float(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// Names starting with two underscores belong to the implementation.
// expected-error @+1 {{kernel name '__k' is reserved in the generated MSL}}
func.func @__k(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// A symbol name that is not a C identifier.
// expected-error @+1 {{kernel name '1abc' is not a valid MSL identifier}}
func.func @"1abc"(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel name 'my-kernel' is not a valid MSL identifier}}
func.func @"my-kernel"(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// Argument names (applegpu.name, kept from the front end) are checked the
// same way: a local's form ...
// expected-error @+1 {{argument name 'v3' is reserved in the generated MSL}}
func.func @arg_local_name(%X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "v3"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// ... a metal:: function the emitter calls (it would be hidden) ...
// expected-error @+1 {{argument name 'max' is reserved in the generated MSL}}
func.func @arg_function_name(%n: index {applegpu.buffer = 0 : i32, applegpu.name = "max"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// ... a builtin parameter of the emitted kernel ...
// expected-error @+1 {{argument name 'tid' is reserved in the generated MSL}}
func.func @arg_builtin_name(%n: index {applegpu.buffer = 0 : i32, applegpu.name = "tid"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// ... not an identifier (the second argument: the first is fine) ...
// expected-error @+1 {{argument name '1abc' is not a valid MSL identifier}}
func.func @arg_not_identifier(%X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "X"},
                              %Y: memref<?xf32> {applegpu.buffer = 1 : i32, applegpu.name = "1abc"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// ... or empty.
// expected-error @+1 {{argument name '' is not a valid MSL identifier}}
func.func @arg_empty_name(%X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = ""})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

//===----------------------------------------------------------------------===//
// Types (MSLTypes.cpp)
//===----------------------------------------------------------------------===//

// -----

// Metal has no double: an f64 buffer ...
// expected-error @+1 {{type 'f64' has no MSL equivalent}}
func.func @f64_buffer(%X: memref<?xf64> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// ... or scalar argument.
// expected-error @+1 {{type 'f64' has no MSL equivalent}}
func.func @f64_scalar(%x: f64 {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// An integer width MSL does not have, in the body.
func.func @odd_integer_width(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{type 'i3' has no MSL equivalent}}
  %c = arith.constant 3 : i3
  return
}

// -----

// Loop-carried values are locals: a memref cannot be one.
func.func @memref_iter_arg(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{type 'memref<?xf32>' has no MSL equivalent}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%m = %X) -> memref<?xf32> {
    scf.yield %m : memref<?xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// Ops (MSLEmitArith.cpp, MSLEmitOps.cpp, MSLEmitter.cpp)
//===----------------------------------------------------------------------===//

// -----

// index becomes a 32-bit int in MSL: a constant beyond it ...
func.func @index_constant_too_large(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{constant 4294967296 does not fit the 32-bit MSL int that 'index' becomes}}
  %c = arith.constant 4294967296 : index
  return
}

// -----

// ... above or below.
func.func @index_constant_too_small(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{constant -2147483649 does not fit the 32-bit MSL int that 'index' becomes}}
  %c = arith.constant -2147483649 : index
  return
}

// -----

// Tiles must be lowered before translation.
func.func @tensor_constant(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'arith.constant' op only scalar and short-vector constants can be translated to MSL (tiles must be lowered first)}}
  %t = arith.constant dense<1.0> : tensor<4xf32>
  return
}

// -----

// An op no printer handles (heap memory: of allocations, only
// thread-private arrays, memref.alloca, are translated).
func.func @alloc(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloc' op cannot be translated to MSL}}
  %t = memref.alloc() : memref<4xf32>
  return
}

// -----

func.func private @helper()

func.func @call(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'func.call' op cannot be translated to MSL}}
  func.call @helper() : () -> ()
  return
}

// -----

// Nested in a region, the op is still reported where it is.
func.func @untranslatable_in_if(%X: memref<?xf32> {applegpu.buffer = 0 : i32},
                                %b: i1 {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  scf.if %b {
    // expected-error @+1 {{'memref.alloc' op cannot be translated to MSL}}
    %t = memref.alloc() : memref<4xf32>
  }
  return
}

// -----

// Buffers are indexed as flat C arrays: a strided (non-identity) layout
// cannot be, for loads ...
func.func @strided_load(%X: memref<?xf32, strided<[2]>> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op only 1-D identity-layout memrefs can be translated to MSL, got 'memref<?xf32, strided<[2]>>'}}
  %v = memref.load %X[%c0] : memref<?xf32, strided<[2]>>
  return
}

// -----

// ... and stores.
func.func @strided_store(%X: memref<?xf32, strided<[2]>> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'memref.store' op only 1-D identity-layout memrefs can be translated to MSL, got 'memref<?xf32, strided<[2]>>'}}
  memref.store %f, %X[%c0] : memref<?xf32, strided<[2]>>
  return
}

// -----

// Threadgroup arrays are declared at kernel scope in MSL.
func.func @alloc_threadgroup_in_if(%X: memref<?xf32> {applegpu.buffer = 0 : i32},
                                   %b: i1 {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  scf.if %b {
    // expected-error @+1 {{'applegpu.alloc_threadgroup' op threadgroup memory must be allocated at the top level of the kernel}}
    %t = applegpu.alloc_threadgroup : memref<64xf32, #applegpu.address_space<threadgroup>>
  }
  return
}

// -----

func.func @alloc_threadgroup_in_loop(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'applegpu.alloc_threadgroup' op threadgroup memory must be allocated at the top level of the kernel}}
    %t = applegpu.alloc_threadgroup : memref<64xf32, #applegpu.address_space<threadgroup>>
  }
  return
}

// -----

// Loops count with int: an i32 induction variable is not translated ...
func.func @non_index_loop(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op only index loops can be translated to MSL}}
  scf.for %i = %lb to %ub step %step : i32 {
  }
  return
}

// -----

// ... nor an unsigned comparison.
func.func @unsigned_loop(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op unsigned loop comparisons are not supported}}
  scf.for unsigned %i = %c0 to %c4 step %c1 {
  }
  return
}

// -----

// A buffer declared read-only is a `device const T*` in MSL: a store to it
// would not compile, so the translation rejects it at the store.
func.func @store_to_read_only(%X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.access = "read"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'memref.store' op writes kernel argument #0, which its applegpu.access declares read-only}}
  memref.store %f, %X[%c0] : memref<?xf32>
  return
}

// -----

// Two parameters with one applegpu.name would collide in the MSL signature
// (and in the ABI, which binds arguments by name).
// expected-error @+1 {{kernel arguments #0 and #1 are both named 'X'}}
func.func @duplicate_names(%A: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "X"},
                           %B: memref<?xf32> {applegpu.buffer = 1 : i32, applegpu.name = "X"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// A module with several kernels stops at the first failure (only one
// diagnostic: the second kernel, also invalid, is not reached).
func.func @first_fails(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloc' op cannot be translated to MSL}}
  %t = memref.alloc() : memref<4xf32>
  return
}

func.func @second_also_invalid(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %t = memref.alloc() : memref<4xf32>
  return
}

// -----

// applegpu.grid entries are integers or ceildiv(<scalar argument>, <divisor>):
// the ABI gives them structured too.
// expected-error @+1 {{'applegpu.grid' entry 'ceildiv(X, 64)' is neither a positive integer nor ceildiv(<scalar argument>, <positive divisor>)}}
func.func @grid_of_a_buffer(%X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.name = "X"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>,
                applegpu.grid = ["ceildiv(X, 64)", "1", "1"]} {
  return
}

// -----

// expected-error @+1 {{'applegpu.grid' entry 'n / 64' is neither a positive integer nor ceildiv(<scalar argument>, <positive divisor>)}}
func.func @grid_expression(%n: index {applegpu.buffer = 0 : i32, applegpu.name = "n"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>,
                applegpu.grid = ["n / 64", "1", "1"]} {
  return
}

//===----------------------------------------------------------------------===//
// Thread-private arrays (MSLEmitOps.cpp, MSLEmitTensorOps.cpp)
//===----------------------------------------------------------------------===//

// -----

// A thread-private array is a C array: its size must be static ...
func.func @dynamic_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32},
                          %n: index {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloca' op a thread-private array needs a static, non-zero size in MSL, got 'memref<?xf32>'}}
  %t = memref.alloca(%n) : memref<?xf32>
  return
}

// -----

// ... and not zero ...
func.func @empty_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloca' op a thread-private array needs a static, non-zero size in MSL, got 'memref<0xf32>'}}
  %t = memref.alloca() : memref<0xf32>
  return
}

// -----

// ... it has one dimension, like every memref the emitter indexes ...
func.func @rank2_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloca' op only 1-D identity-layout arrays can be allocated in MSL, got 'memref<4x4xf32>'}}
  %t = memref.alloca() : memref<4x4xf32>
  return
}

// -----

// ... also of fragments ...
func.func @rank2_fragment_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloca' op only 1-D identity-layout arrays can be allocated in MSL, got 'memref<2x2x!applegpu.simdgroup_matrix<8x8xf32>>'}}
  %t = memref.alloca() : memref<2x2x!applegpu.simdgroup_matrix<8x8xf32>>
  return
}

// -----

// ... and it lives in the thread address space (threadgroup memory comes
// from applegpu.alloc_threadgroup).
func.func @threadgroup_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{'memref.alloca' op only thread-private arrays (memrefs without a memory space) can be allocated in MSL, got 'memref<4xf32, #applegpu.address_space<threadgroup>>'}}
  %t = memref.alloca() : memref<4xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

// Its elements are scalars MSL has ...
func.func @f64_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{type 'f64' has no MSL equivalent}}
  %t = memref.alloca() : memref<4xf64>
  return
}

// -----

// ... or fragments, not vectors.
func.func @vector_alloca(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  // expected-error @+1 {{type 'vector<4xf32>' has no MSL equivalent}}
  %t = memref.alloca() : memref<4xvector<4xf32>>
  return
}

// -----

// A thread-private array has no memory space, as device buffers, but it is
// not device memory: MSL's simdgroup_load cannot read it ...
func.func @simdgroup_load_private(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %t = memref.alloca() : memref<64xf32>
  // expected-error @+1 {{'applegpu.simdgroup_load' op cannot access a thread-private array: MSL's simdgroup_load and simdgroup_store take device or threadgroup memory}}
  %m = applegpu.simdgroup_load %t[%c0] stride %c8 : memref<64xf32> -> !applegpu.simdgroup_matrix<8x8xf32>
  return
}

// -----

// ... nor simdgroup_store write it ...
func.func @simdgroup_store_private(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %t = memref.alloca() : memref<64xf32>
  %m = applegpu.simdgroup_fill %zero : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
  // expected-error @+1 {{'applegpu.simdgroup_store' op cannot access a thread-private array: MSL's simdgroup_load and simdgroup_store take device or threadgroup memory}}
  applegpu.simdgroup_store %m, %t[%c0] stride %c8 : !applegpu.simdgroup_matrix<8x8xf32>, memref<64xf32>
  return
}

// -----

// ... a vector load (a cast of a device pointer) cannot read it ...
func.func @vector_load_private(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %t = memref.alloca() : memref<16xf32>
  // expected-error @+1 {{'vector.load' op vector loads are only translated from device memory}}
  %v = vector.load %t[%c0] : memref<16xf32>, vector<4xf32>
  return
}

// -----

// ... and a tensor cannot view it.
func.func @tensor_of_private(%X: memref<?xf32> {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloca() : memref<16xf32>
  // expected-error @+1 {{'applegpu.make_tensor' op cannot view a thread-private array: MSL's tensors view device or threadgroup memory}}
  %v = applegpu.make_tensor %t[%c0] extents [%c4, %c4] strides [%c1, %c4] : memref<16xf32> -> !applegpu.tensor<device, f32>
  return
}

//===----------------------------------------------------------------------===//
// Atomics (MSLEmitAtomics.cpp)
//===----------------------------------------------------------------------===//

// -----

func.func @atomic_mulf(%X: memref<?xf32> {applegpu.buffer = 0 : i32}, %v: f32 {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'mulf' on 'f32' elements has no MSL atomic function (add and exchange take int or float, the others int)}}
  %old = memref.atomic_rmw mulf %v, %X[%c0] : (f32, memref<?xf32>) -> f32
  return
}

// -----

func.func @atomic_float_max(%X: memref<?xf32> {applegpu.buffer = 0 : i32}, %v: f32 {applegpu.buffer = 1 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'maximumf' on 'f32' elements has no MSL atomic function}}
  %old = memref.atomic_rmw maximumf %v, %X[%c0] : (f32, memref<?xf32>) -> f32
  return
}

// -----

func.func @atomic_private(%v: i32 {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xi32>
  // expected-error @+1 {{atomics are only translated on the elements of device buffers (kernel arguments)}}
  %old = memref.atomic_rmw addi %v, %a[%c0] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @cas_private(%v: i32 {applegpu.buffer = 0 : i32})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c0 = arith.constant 0 : index
  %a = memref.alloca() : memref<4xi32>
  // expected-error @+1 {{atomics are only translated on the elements of device buffers (kernel arguments)}}
  %old = applegpu.atomic_compare_exchange %a[%c0], %v, %v : memref<4xi32>, i32
  return
}
