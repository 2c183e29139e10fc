// RUN: tile-opt %s -split-input-file -verify-diagnostics
// One case per verifier message of the applegpu dialect (those of the
// layout encodings are in layouts-invalid.mlir).

// expected-error @+1 {{simdgroup_matrix must be 8x8, got 16x8}}
func.func @shape(%m: !applegpu.simdgroup_matrix<16x8xf32>) {
  return
}

// -----

// expected-error @+1 {{simdgroup_matrix element type must be f32, f16 or bf16, got 'i32'}}
func.func @elem(%m: !applegpu.simdgroup_matrix<8x8xi32>) {
  return
}

// -----

// expected-error @+1 {{expected a 2-D shape like 8x8xf32}}
func.func @rank(%m: !applegpu.simdgroup_matrix<8xf32>) {
  return
}

// -----

func.func @alloc_dynamic() {
  // expected-error @+1 {{'applegpu.alloc_threadgroup' op threadgroup memory must have a static size}}
  %0 = applegpu.alloc_threadgroup : memref<?xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

func.func @alloc_space() {
  // expected-error @+1 {{'applegpu.alloc_threadgroup' op result must be in #applegpu.address_space<threadgroup>, got 'memref<16xf32>'}}
  %0 = applegpu.alloc_threadgroup : memref<16xf32>
  return
}

// -----

func.func @alloc_element() {
  // expected-error @+1 {{'applegpu.alloc_threadgroup' op element type must be an integer, index or a float}}
  %0 = applegpu.alloc_threadgroup : memref<16xvector<4xf32>, #applegpu.address_space<threadgroup>>
  return
}

// -----

func.func @alloc_rank() {
  // expected-error @+1 {{'applegpu.alloc_threadgroup' op result #0 must be 1D memref of any type values}}
  %0 = applegpu.alloc_threadgroup : memref<4x4xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

func.func @fill(%x: f16) {
  // expected-error @+1 {{'applegpu.simdgroup_fill' op fill value type 'f16' does not match the matrix element type 'f32'}}
  %0 = applegpu.simdgroup_fill %x : f16 -> !applegpu.simdgroup_matrix<8x8xf32>
  return
}

// -----

func.func @load_space(%m: memref<?xf32, #applegpu.address_space<constant>>, %i: index) {
  // expected-error @+1 {{'applegpu.simdgroup_load' op memory must be in the device or threadgroup address space}}
  %0 = applegpu.simdgroup_load %m[%i] stride %i : memref<?xf32, #applegpu.address_space<constant>> -> !applegpu.simdgroup_matrix<8x8xf32>
  return
}

// -----

func.func @load_type(%m: memref<?xf16>, %i: index) {
  // expected-error @+1 {{'applegpu.simdgroup_load' op memory element type 'f16' does not match the matrix element type 'f32'}}
  %0 = applegpu.simdgroup_load %m[%i] stride %i : memref<?xf16> -> !applegpu.simdgroup_matrix<8x8xf32>
  return
}

// -----

func.func @store_type(%v: !applegpu.simdgroup_matrix<8x8xf32>, %m: memref<?xbf16>, %i: index) {
  // expected-error @+1 {{'applegpu.simdgroup_store' op memory element type 'bf16' does not match the matrix element type 'f32'}}
  applegpu.simdgroup_store %v, %m[%i] stride %i : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xbf16>
  return
}

// -----

func.func @store_space(%v: !applegpu.simdgroup_matrix<8x8xf32>, %m: memref<?xf32, #applegpu.address_space<constant>>, %i: index) {
  // expected-error @+1 {{'applegpu.simdgroup_store' op memory must be in the device or threadgroup address space}}
  applegpu.simdgroup_store %v, %m[%i] stride %i : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xf32, #applegpu.address_space<constant>>
  return
}

// -----

func.func @mma_mixed(%a: !applegpu.simdgroup_matrix<8x8xf16>, %b: !applegpu.simdgroup_matrix<8x8xbf16>, %c: !applegpu.simdgroup_matrix<8x8xf32>) {
  // expected-error @+1 {{'applegpu.simdgroup_mma' op operand element types differ: 'f16' and 'bf16'}}
  %0 = applegpu.simdgroup_mma %a, %b, %c : !applegpu.simdgroup_matrix<8x8xf16>, !applegpu.simdgroup_matrix<8x8xbf16>, !applegpu.simdgroup_matrix<8x8xf32>
  return
}

// -----

func.func @mma_acc(%a: !applegpu.simdgroup_matrix<8x8xbf16>, %c: !applegpu.simdgroup_matrix<8x8xbf16>) {
  // expected-error @+1 {{'applegpu.simdgroup_mma' op accumulator element type must be f32 (or f16 with f16 operands), got 'bf16' with 'bf16' operands}}
  %0 = applegpu.simdgroup_mma %a, %a, %c : !applegpu.simdgroup_matrix<8x8xbf16>, !applegpu.simdgroup_matrix<8x8xbf16>, !applegpu.simdgroup_matrix<8x8xbf16>
  return
}

// -----

func.func @get_type(%m: !applegpu.simdgroup_matrix<8x8xf32>) {
  // expected-error @+1 {{'applegpu.simdgroup_get_element' op result type 'f16' does not match the matrix element type 'f32'}}
  %0 = applegpu.simdgroup_get_element %m[0] : !applegpu.simdgroup_matrix<8x8xf32> -> f16
  return
}

// -----

func.func @get_index(%m: !applegpu.simdgroup_matrix<8x8xf32>) {
  // expected-error @+1 {{'applegpu.simdgroup_get_element' op attribute 'index' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 1}}
  %0 = applegpu.simdgroup_get_element %m[2] : !applegpu.simdgroup_matrix<8x8xf32> -> f32
  return
}

// -----

func.func @set_type(%m: !applegpu.simdgroup_matrix<8x8xf32>, %x: f16) {
  // expected-error @+1 {{'applegpu.simdgroup_set_element' op failed to verify that value type is the matrix element type}}
  %0 = "applegpu.simdgroup_set_element"(%x, %m) <{index = 0 : i32}> : (f16, !applegpu.simdgroup_matrix<8x8xf32>) -> !applegpu.simdgroup_matrix<8x8xf32>
  return
}

//===----------------------------------------------------------------------===//
// Kernel ABI
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'applegpu.kernel' must be a unit attribute}}
func.func @k() attributes {applegpu.kernel = 1 : i32, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{'applegpu.kernel' is only valid on a function}}
module attributes {applegpu.kernel} {
}

// -----

// expected-error @+1 {{an applegpu kernel must not return values}}
func.func @k() -> index attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %c = arith.constant 0 : index
  return %c : index
}

// -----

// expected-error @+1 {{an applegpu kernel needs 'applegpu.threads_per_threadgroup'}}
func.func @k() attributes {applegpu.kernel} {
  return
}

// -----

// expected-error @+1 {{kernel argument #1 has no 'applegpu.buffer' binding}}
func.func @k(%a: memref<?xf32> {applegpu.buffer = 0 : i32}, %n: index) attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel arguments share [[buffer(1)]]}}
func.func @k(%a: memref<?xf32> {applegpu.buffer = 1 : i32}, %n: index {applegpu.buffer = 1 : i32}) attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel uses 36864 bytes of threadgroup memory, more than 32768}}
func.func @k() attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %0 = applegpu.alloc_threadgroup : memref<8192xf16, #applegpu.address_space<threadgroup>>
  %1 = applegpu.alloc_threadgroup : memref<4096xf32, #applegpu.address_space<threadgroup>>
  %2 = applegpu.alloc_threadgroup : memref<1024xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

// expected-error @+1 {{'applegpu.threads_per_threadgroup' must be array<i32: X, Y, Z>}}
func.func @k() attributes {applegpu.threads_per_threadgroup = array<i32: 32, 1>} {
  return
}

// -----

// expected-error @+1 {{'applegpu.threads_per_threadgroup' must be positive}}
func.func @k() attributes {applegpu.threads_per_threadgroup = array<i32: 32, 0, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel needs 2048 threads per threadgroup, more than 1024}}
func.func @k() attributes {applegpu.threads_per_threadgroup = array<i32: 64, 32, 1>} {
  return
}

// -----

// expected-error @+1 {{kernel runs 48 threads per threadgroup, not a multiple of the SIMD width 32}}
func.func @k() attributes {applegpu.threads_per_threadgroup = array<i32: 48, 1, 1>} {
  return
}

// -----

// expected-error @+1 {{'applegpu.grid' must be an array of 3 strings}}
func.func @k() attributes {applegpu.grid = ["1", "1"]} {
  return
}

// -----

// expected-error @+1 {{'applegpu.target' must be one of "apple7", "apple8", "apple9", "apple10"}}
module attributes {applegpu.target = "m1"} {
}

// -----

// expected-error @+1 {{unknown applegpu attribute 'applegpu.fast'}}
func.func @k() attributes {applegpu.fast} {
  return
}

// -----

// expected-error @+1 {{'applegpu.buffer' of argument #0 must be an integer in [0, 31)}}
func.func @k(%a: memref<?xf32> {applegpu.buffer = 31 : i32}) {
  return
}

// -----

// expected-error @+1 {{buffer argument #0 must be a 1-D memref in device memory}}
func.func @k(%a: memref<4x4xf32> {applegpu.buffer = 0 : i32}) {
  return
}

// -----

// expected-error @+1 {{buffer argument #0 must be a 1-D memref in device memory}}
func.func @k(%a: memref<?xf32, #applegpu.address_space<threadgroup>> {applegpu.buffer = 0 : i32}) {
  return
}

// -----

// expected-error @+1 {{argument #0 of type 'tensor<4xf32>' cannot be bound to a buffer}}
func.func @k(%a: tensor<4xf32> {applegpu.buffer = 0 : i32}) {
  return
}

// -----

// expected-error @+1 {{'applegpu.access' of argument #0 must be "read", "write" or "read_write"}}
func.func @k(%a: memref<?xf32> {applegpu.access = "append"}) {
  return
}

// -----

// expected-error @+1 {{'applegpu.access' is only valid on buffers}}
func.func @k(%a: index {applegpu.access = "read"}) {
  return
}

// -----

// expected-error @+1 {{unknown applegpu argument attribute 'applegpu.bind'}}
func.func @k(%a: index {applegpu.bind = 0 : i32}) {
  return
}

// -----

// and, or and xor are bitwise: integers only.
func.func @simd_and_float(%x: f32) {
  // expected-error @+1 {{'applegpu.simd_reduce' op simd_and takes integers, got 'f32'}}
  %0 = applegpu.simd_reduce and %x : f32
  return
}

// -----

func.func @simd_or_float(%x: f16) {
  // expected-error @+1 {{'applegpu.simd_reduce' op simd_or takes integers, got 'f16'}}
  %0 = applegpu.simd_reduce or %x : f16
  return
}

// -----

func.func @simd_xor_float(%x: f32) {
  // expected-error @+1 {{'applegpu.simd_reduce' op simd_xor takes integers, got 'f32'}}
  %0 = applegpu.simd_reduce xor %x : f32
  return
}

// -----

// The SIMD-group functions take f32, f16 and i8..i64, not index.
func.func @simd_reduce_index(%x: index) {
  // expected-error @+1 {{'applegpu.simd_reduce' op operand #0 must be 32-bit float or 16-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'index'}}
  %0 = applegpu.simd_reduce sum %x : index
  return
}

// -----

func.func @simd_reduce_kind(%x: f32) {
  // expected-error @+1 {{custom op 'applegpu.simd_reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [sum, product, min, max, and, or, xor]}}
  %0 = applegpu.simd_reduce mean %x : f32
  return
}

// -----

// A lane is never shuffled with itself: masks are 1..31.
func.func @simd_shuffle_xor_mask_zero(%x: f32) {
  // expected-error @+1 {{'applegpu.simd_shuffle_xor' op attribute 'mask' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 31}}
  %0 = applegpu.simd_shuffle_xor %x mask 0 : f32
  return
}

// -----

func.func @simd_shuffle_xor_mask_wide(%x: i32) {
  // expected-error @+1 {{'applegpu.simd_shuffle_xor' op attribute 'mask' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 31}}
  %0 = applegpu.simd_shuffle_xor %x mask 32 : i32
  return
}

// -----

// A declaration has no entry block: its argument types come from its
// signature (this used to index a block argument that does not exist).
// expected-error @+1 {{argument #0 of type 'tensor<4xf32>' cannot be bound to a buffer}}
func.func private @declared(tensor<4xf32> {applegpu.buffer = 0 : i32})

// -----

// An entry block without the signature's arguments: the function verifier
// reports the mismatch; the attribute check must not read the missing one.
// expected-error @+1 {{entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (memref<?xf32>) -> (), sym_name = "mismatched",
                arg_attrs = [{applegpu.buffer = 0 : i32}]}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

!arena = memref<64xi8, #applegpu.address_space<threadgroup>>
func.func @view_past_arena() {
  %a = applegpu.alloc_threadgroup : !arena
  // expected-error @+1 {{'applegpu.threadgroup_view' op view ends at byte 80, past the arena's 64}}
  %v = applegpu.threadgroup_view %a[16] : !arena to memref<16xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

!arena = memref<64xi8, #applegpu.address_space<threadgroup>>
func.func @view_misaligned() {
  %a = applegpu.alloc_threadgroup : !arena
  // expected-error @+1 {{'applegpu.threadgroup_view' op byte offset 2 is not a multiple of the element size 4}}
  %v = applegpu.threadgroup_view %a[2] : !arena to memref<4xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

func.func @view_typed_arena() {
  %a = applegpu.alloc_threadgroup : memref<16xf32, #applegpu.address_space<threadgroup>>
  // expected-error @+1 {{'applegpu.threadgroup_view' op arena must be a buffer of i8 (bytes), got 'memref<16xf32, #applegpu.address_space<threadgroup>>'}}
  %v = applegpu.threadgroup_view %a[0] : memref<16xf32, #applegpu.address_space<threadgroup>> to memref<4xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

!arena = memref<64xi8, #applegpu.address_space<threadgroup>>
func.func @view_space() {
  %a = applegpu.alloc_threadgroup : !arena
  // expected-error @+1 {{'applegpu.threadgroup_view' op arena and view must be in #applegpu.address_space<threadgroup>}}
  %v = applegpu.threadgroup_view %a[0] : !arena to memref<4xf32>
  return
}

// -----

!arena = memref<64xi8, #applegpu.address_space<threadgroup>>
func.func @view_negative() {
  %a = applegpu.alloc_threadgroup : !arena
  // expected-error @+1 {{'applegpu.threadgroup_view' op attribute 'byte_offset' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %v = "applegpu.threadgroup_view"(%a) {byte_offset = -4 : i64} : (!arena) -> memref<4xf32, #applegpu.address_space<threadgroup>>
  return
}

// -----

// expected-error @+1 {{scratch must be a non-empty range at a 16-byte aligned offset within 32768 bytes, got offset 8 and 4 bytes}}
func.func @plan_attr_1() attributes {applegpu.scratch = #applegpu.scratch<offset = 8, bytes = 4, reused = false>} {
  return
}

// -----

// expected-error @+1 {{k_step must be a positive multiple of 8, got 12}}
func.func @plan_attr_2() attributes {applegpu.dot_staging = #applegpu.dot_staging<k_step = 12, pad = false, alternating = false, a_offset = 0, a_bytes = 64, b_offset = 64, b_bytes = 64, reused = false>} {
  return
}

// -----

// expected-error @+1 {{A's and B's staging buffers overlap}}
func.func @plan_attr_3() attributes {applegpu.dot_staging = #applegpu.dot_staging<k_step = 8, pad = false, alternating = false, a_offset = 0, a_bytes = 64, b_offset = 48, b_bytes = 64, reused = false>} {
  return
}

// -----

// expected-error @+1 {{'applegpu.threadgroup_memory' must be an integer from 0 to 32768}}
func.func @too_much() attributes {applegpu.threadgroup_memory = 40000 : i64} {
  return
}

// -----

// expected-error @+1 {{'applegpu.scratch' must be an #applegpu.scratch attribute}}
func.func @plan_attr_4() attributes {applegpu.scratch = 3 : i64} {
  return
}

// -----

// expected-error @+1 {{'applegpu.cooperative_spill' must be an #applegpu.scratch attribute}}
func.func @plan_attr_5() attributes {applegpu.cooperative_spill = 3 : i64} {
  return
}

// -----

// expected-error @+1 {{'applegpu.unroll' must be a bool attribute on an scf.for}}
func.func @unroll_attr() attributes {applegpu.unroll = false} {
  return
}
