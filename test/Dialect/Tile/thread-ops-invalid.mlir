// RUN: tile-opt %s -split-input-file -verify-diagnostics
// One case per verifier message of the thread-level ops and kernels.

// expected-error @+1 {{a thread-level kernel needs 'tile.simdgroups'}}
func.func @no_simdgroups() attributes {tile.kernel} {
  // expected-note @+1 {{the kernel is thread-level because of this 'tile.thread_id'}}
  %t = tile.thread_id : index
  return
}

// -----

func.func @tile_in_thread_kernel(%X: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{the kernel is thread-level because of this 'tile.barrier'}}
  tile.barrier
  // expected-error @+1 {{uses a tile in a thread-level kernel}}
  %x = tile.load %X[%c0] : memref<?xf32> -> tensor<32xf32>
  return
}

// -----

func.func @scalar_store_in_thread_kernel(%X: memref<?xf32>, %v: f32)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{thread-level because of this 'tile.simd_lane_id'}}
  %l = tile.simd_lane_id : index
  // expected-error @+1 {{acts once per program instance; a thread-level kernel reads and writes with 'tile.thread_load' and 'tile.thread_store'}}
  tile.store %v, %X[%c0] : f32, memref<?xf32>
  return
}

// -----

func.func @shared_dynamic() {
  // expected-error @+1 {{needs a static, non-empty size}}
  %s = tile.shared : memref<?xf32>
  return
}

// -----

func.func @shared_memory_space() {
  // expected-error @+1 {{takes a plain memref}}
  %s = tile.shared : memref<4xf32, 3>
  return
}

// -----

func.func @shared_too_big() {
  // expected-error @+1 {{needs 65536 bytes, more than the 32768 bytes of threadgroup memory}}
  %s = tile.shared : memref<16384xf32>
  return
}

// -----

func.func @shared_index() {
  // expected-error @+1 {{holds integers or floats}}
  %s = tile.shared : memref<4xindex>
  return
}

// -----

func.func @reduce_no_simd_form(%x: f32) {
  // expected-error @+1 {{kind 'maximumf' has no SIMD-group form}}
  %s = tile.simd_reduce maximumf %x : f32
  return
}

// -----

func.func @reduce_float_kind_on_int(%x: i32) {
  // expected-error @+1 {{kind 'maxnumf' needs a float, got 'i32'}}
  %s = tile.simd_reduce maxnumf %x : i32
  return
}

// -----

func.func @reduce_int_kind_on_float(%x: f32) {
  // expected-error @+1 {{kind 'xor' needs an integer, got 'f32'}}
  %s = tile.simd_reduce xor %x : f32
  return
}

// -----

func.func @reduce_index(%x: index) {
  // expected-error @+1 {{operand #0 must be}}
  %s = tile.simd_reduce add %x : index
  return
}

// -----

func.func @shuffle_mask(%x: f32) {
  // expected-error @+1 {{attribute 'mask' failed to satisfy constraint}}
  %s = tile.simd_shuffle_xor %x mask 32 : f32
  return
}
