// RUN: tile-opt %s -split-input-file -verify-diagnostics
// Parse errors of the textual forms of the tile ops (the hand-written
// parser of tile.for_range and the declarative formats of tile.load,
// tile.store, tile.swizzle, tile.dot and tile.reduce): malformed input must
// be rejected with a diagnostic on the offending line, never accepted or
// crash.
// Verifier errors of well-formed ops are in invalid.mlir.

//===----------------------------------------------------------------------===//
// tile.for_range
//===----------------------------------------------------------------------===//

func.func @for_range_missing_to(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{custom op 'tile.for_range' expected 'to'}}
  tile.for_range %i = %c0 %n step %c1 {
  }
  return
}

// -----

func.func @for_range_missing_step(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{custom op 'tile.for_range' expected 'step'}}
  tile.for_range %i = %c0 to %n %c1 {
  }
  return
}

// -----

func.func @for_range_constant_bound(%n: index) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected SSA operand}}
  tile.for_range %i = 0 to %n step %c1 {
  }
  return
}

// -----

func.func @for_range_missing_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected '{' to begin a region}}
  tile.for_range %i = %c0 to %n step %c1
  return
}

// -----

func.func @iter_args_no_arrow(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected '->'}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) {
    tile.yield %a : f32
  }
  return
}

// -----

func.func @iter_args_types_no_arrow(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected '->'}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) (f32) {
    tile.yield %a : f32
  }
  return
}

// -----

func.func @iter_args_arrow_no_types(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected non-function type}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) -> {
    tile.yield %a : f32
  }
  return
}

// -----

func.func @iter_args_undefined_init(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{use of undeclared SSA value name}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %undefined) -> (f32) {
    tile.yield %a : f32
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @iter_args_init_type(%n: index, %x: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'f16'}}
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    tile.yield %a : f32
  }
  return
}

//===----------------------------------------------------------------------===//
// tile.load / tile.store
//===----------------------------------------------------------------------===//

// -----

func.func @load_missing_colon(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{expected ':'}}
  %0 = tile.load %X[%i] memref<?xf32> -> tensor<4xf32>
  return
}

// -----

func.func @load_missing_result_type(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{expected '->'}}
  %0 = tile.load %X[%i] : memref<?xf32>
  return
}

// -----

func.func @load_strides_no_brackets(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{expected '['}}
  %0 = tile.load %X[%i] strides %s : memref<?xf32> -> tensor<4xf32>
  return
}

// -----

func.func @store_one_type(%X: memref<?xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{expected ','}}
  tile.store %v, %X[%i] : tensor<4xf32>
  return
}

// -----

// The format takes exactly two types; the third is left over and read as
// the start of the next operation.
func.func @store_three_types(%X: memref<?xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{expected operation name in quotes}}
  tile.store %v, %X[%i] : tensor<4xf32>, memref<?xf32>, index
  return
}

//===----------------------------------------------------------------------===//
// tile.swizzle / tile.dot
//===----------------------------------------------------------------------===//

// -----

func.func @swizzle_one_operand(%pm: index) {
  // expected-error @+1 {{expected ','}}
  %m, %n = tile.swizzle %pm {pattern = "linear"} : index
  return
}

// -----

func.func @swizzle_three_operands(%pm: index, %pn: index) {
  // expected-error @+1 {{expected ':'}}
  %m, %n = tile.swizzle %pm, %pn, %pn {pattern = "linear"} : index
  return
}

// -----

func.func @dot_missing_result_type(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{expected '->'}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xf32>, tensor<8x8xf32>
  return
}

// -----

func.func @dot_arrow_no_result_type(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{expected non-function type}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xf32>, tensor<8x8xf32> ->
  return
}

//===----------------------------------------------------------------------===//
// tile.reduce
//===----------------------------------------------------------------------===//

// -----

// `sub` is not a combining kind (nor is anything outside vector's list).
func.func @reduce_unknown_kind(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{custom op 'tile.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf]}}
  %0 = tile.reduce sub %x dim 1 : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_missing_dim(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{expected 'dim'}}
  %0 = tile.reduce add %x : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_missing_result_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{expected '->'}}
  %0 = tile.reduce add %x dim 0 : tensor<8xf32>
  return
}
