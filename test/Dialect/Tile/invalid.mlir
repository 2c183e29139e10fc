// RUN: tile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// One case per verifier message of the tile dialect. Unregistered ops are
// allowed for the one message only they can reach (@epilogue_terminator).

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tile.kernel' must be a unit attribute}}
func.func @kernel_not_unit() attributes {tile.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{'tile.kernel' is only valid on a function}}
module attributes {tile.kernel} {
}

// -----

// expected-error @+1 {{a tile kernel must not return values}}
func.func @kernel_returns() -> index attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  return %c0 : index
}

// -----

// expected-error @+1 {{a tile kernel needs a body}}
func.func private @kernel_declaration(%A: memref<?xf32>) attributes {tile.kernel}

// -----

// expected-error @+1 {{'tile.simdgroups' must be array<i64: WM, WN>}}
func.func @simdgroups_rank() attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2, 2>} {
  return
}

// -----

// expected-error @+1 {{'tile.simdgroups' must be array<i64: WM, WN>}}
func.func @simdgroups_type() attributes {tile.kernel, tile.simdgroups = [2, 2]} {
  return
}

// -----

// expected-error @+1 {{'tile.simdgroups' is only valid on a 'tile.kernel' function}}
func.func @simdgroups_not_kernel() attributes {tile.simdgroups = array<i64: 2, 2>} {
  return
}

// -----

// expected-error @+1 {{'tile.simdgroups' must be positive, got 0x2}}
func.func @simdgroups_zero() attributes {tile.kernel, tile.simdgroups = array<i64: 0, 2>} {
  return
}

// -----

// expected-error @+1 {{'tile.simdgroups' = 8x8 needs 2048 threads per threadgroup, more than 1024}}
func.func @simdgroups_too_many() attributes {tile.kernel, tile.simdgroups = array<i64: 8, 8>} {
  return
}

// -----

// expected-error @+1 {{'tile.target' must be one of "apple7", "apple8", "apple9", "apple10"}}
module attributes {tile.target = "apple6"} {
}

// -----

// expected-error @+1 {{'tile.target' must be one of "apple7", "apple8", "apple9", "apple10"}}
module attributes {tile.target = 9 : i32} {
}

// -----

// expected-error @+1 {{'tile.target' is only valid on a module or a 'tile.kernel' function}}
func.func @target_not_kernel() attributes {tile.target = "apple9"} {
  return
}

// -----

func.func @num_stages_value(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.num_stages' must be an integer of at least 1}}
  scf.for %i = %c0 to %n step %c1 {
  } {tile.num_stages = 0 : i64}
  return
}

// -----

// expected-error @+1 {{'tile.num_stages' is only valid on a loop}}
func.func @num_stages_not_loop() attributes {tile.num_stages = 2 : i64} {
  return
}

// -----

// expected-error @+1 {{'tile.launch_grid' must be an array<i64> of 3 (argument, divisor) pairs}}
func.func @launch_grid_shape(%n: index) attributes {tile.kernel, tile.launch_grid = array<i64: 0, 64>} {
  return
}

// -----

// expected-error @+1 {{'tile.launch_grid' is only valid on a tile kernel}}
func.func @launch_grid_not_kernel(%n: index) attributes {tile.launch_grid = array<i64: 0, 64, -1, 1, -1, 1>} {
  return
}

// -----

// Argument #1 does not exist.
// expected-error @+1 {{'tile.launch_grid' dimension 0 must name an integer kernel argument and a positive divisor, or be (-1, 1)}}
func.func @launch_grid_argument(%n: index) attributes {tile.kernel, tile.launch_grid = array<i64: 1, 64, -1, 1, -1, 1>} {
  return
}

// -----

// expected-error @+1 {{'tile.launch_grid' dimension 1 must name an integer kernel argument and a positive divisor, or be (-1, 1)}}
func.func @launch_grid_divisor(%n: index) attributes {tile.kernel, tile.launch_grid = array<i64: 0, 64, 0, 0, -1, 1>} {
  return
}

// -----

// expected-error @+1 {{unknown tile dialect attribute 'tile.frobnicate'}}
func.func @unknown_attr() attributes {tile.frobnicate} {
  return
}

//===----------------------------------------------------------------------===//
// tile.program_id / tile.num_programs
//===----------------------------------------------------------------------===//

// -----

func.func @bad_dim() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'dim' [x, y, z]}}
  %0 = tile.program_id w : index
  return
}

// -----

func.func @grid_query_type() {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.index, but found 'i32'}}
  %0 = tile.num_programs x : i32
  return
}

//===----------------------------------------------------------------------===//
// tile.load / tile.store
//===----------------------------------------------------------------------===//

// -----

func.func @load_rank3(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{'tile.load' op tile must have rank 1 or 2, got rank 3}}
  %0 = tile.load %X[%i, %i, %i] strides [%s, %s, %s] : memref<?xf32> -> tensor<2x2x2xf32>
  return
}

// -----

func.func @load_dynamic(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op tile must have a static shape, got 'tensor<?xf32>'}}
  %0 = tile.load %X[%i] : memref<?xf32> -> tensor<?xf32>
  return
}

// -----

func.func @load_indices(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{'tile.load' op expects 2 indices for a rank-2 tile, got 1}}
  %0 = tile.load %X[%i] strides [%s, %s] : memref<?xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @load_rank2_no_strides(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op expects 2 strides for a rank-2 tile, got 0}}
  %0 = tile.load %X[%i, %i] : memref<?xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @load_rank1_two_strides(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{'tile.load' op expects 1 strides for a rank-1 tile, got 2}}
  %0 = tile.load %X[%i] strides [%s, %s] : memref<?xf32> -> tensor<4xf32>
  return
}

// -----

func.func @load_bounds(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{'tile.load' op expects 2 bounds (or none) for a rank-2 tile, got 1}}
  %0 = tile.load %X[%i, %i] strides [%s, %s] bounds [%i] : memref<?xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @load_element_type(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op tile element type 'f16' does not match buffer element type 'f32'}}
  %0 = tile.load %X[%i] : memref<?xf32> -> tensor<4xf16>
  return
}

// -----

func.func @load_padding_kind(%X: memref<?xi32>, %i: index, %n: index) {
  // expected-error @+1 {{'tile.load' op padding 5.000000e-01 : f64 cannot be converted to the element type 'i32'}}
  %0 = tile.load %X[%i] bounds [%n] {padding = 0.5} : memref<?xi32> -> tensor<4xi32>
  return
}

// -----

func.func @load_not_flat(%X: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op operand #0 must be 1D memref of any type values}}
  %0 = tile.load %X[%i] : memref<4x4xf32> -> tensor<4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @load_index_type(%X: memref<?xf32>, %i: i32) {
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
  return
}

// -----

func.func @store_rank0(%X: memref<?xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tile.store' op tile must have rank 1 or 2, got rank 0}}
  tile.store %v, %X[] : tensor<f32>, memref<?xf32>
  return
}

// -----

func.func @store_indices(%X: memref<?xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tile.store' op expects 1 indices for a rank-1 tile, got 2}}
  tile.store %v, %X[%i, %i] : tensor<4xf32>, memref<?xf32>
  return
}

// -----

func.func @store_bounds(%X: memref<?xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tile.store' op expects 1 bounds (or none) for a rank-1 tile, got 2}}
  tile.store %v, %X[%i] bounds [%i, %i] : tensor<4xf32>, memref<?xf32>
  return
}

// -----

func.func @store_element_type(%X: memref<?xf32>, %v: tensor<4xbf16>, %i: index) {
  // expected-error @+1 {{'tile.store' op tile element type 'bf16' does not match buffer element type 'f32'}}
  tile.store %v, %X[%i] : tensor<4xbf16>, memref<?xf32>
  return
}

// -----

func.func @store_not_flat(%X: memref<4x4xf32>, %v: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tile.store' op operand #1 must be 1D memref of any type values}}
  tile.store %v, %X[%i] : tensor<4xf32>, memref<4x4xf32>
  return
}

// -----

// Scalar forms: one element, rank-1 addressing.
func.func @load_scalar_indices(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 2, 0 and 0}}
  %0 = tile.load %X[%i, %i] : memref<?xf32> -> f32
  return
}

// -----

func.func @load_scalar_no_index(%X: memref<?xf32>) {
  // expected-error @+1 {{'tile.load' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 0, 0 and 0}}
  %0 = tile.load %X[] : memref<?xf32> -> f32
  return
}

// -----

func.func @load_scalar_strides(%X: memref<?xf32>, %i: index, %s: index) {
  // expected-error @+1 {{'tile.load' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 1, 2 and 0}}
  %0 = tile.load %X[%i] strides [%s, %s] : memref<?xf32> -> f32
  return
}

// -----

func.func @load_scalar_bounds(%X: memref<?xf32>, %i: index, %n: index) {
  // expected-error @+1 {{'tile.load' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 1, 0 and 2}}
  %0 = tile.load %X[%i] bounds [%n, %n] : memref<?xf32> -> f32
  return
}

// -----

func.func @load_scalar_type(%X: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op scalar type 'f16' does not match buffer element type 'f32'}}
  %0 = tile.load %X[%i] : memref<?xf32> -> f16
  return
}

// -----

func.func @load_scalar_padding(%X: memref<?xf32>, %i: index, %n: index) {
  // expected-error @+1 {{'tile.load' op padding 1 : i32 cannot be converted to the element type 'f32'}}
  %0 = tile.load %X[%i] bounds [%n] {padding = 1 : i32} : memref<?xf32> -> f32
  return
}

// -----

func.func @load_scalar_unsigned(%X: memref<?xui32>, %i: index) {
  // expected-error @+1 {{'tile.load' op result #0 must be ranked tensor of any type values or signless integer or index or floating-point, but got 'ui32'}}
  %0 = tile.load %X[%i] : memref<?xui32> -> ui32
  return
}

// -----

func.func @store_scalar_indices(%X: memref<?xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'tile.store' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 2, 0 and 0}}
  tile.store %v, %X[%i, %i] : f32, memref<?xf32>
  return
}

// -----

func.func @store_scalar_strides(%X: memref<?xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'tile.store' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 1, 2 and 0}}
  tile.store %v, %X[%i] strides [%i, %i] : f32, memref<?xf32>
  return
}

// -----

func.func @store_scalar_bounds(%X: memref<?xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'tile.store' op with a scalar expects 1 index and at most 1 stride and 1 bound, got 1, 0 and 2}}
  tile.store %v, %X[%i] bounds [%i, %i] : f32, memref<?xf32>
  return
}

// -----

func.func @store_scalar_type(%X: memref<?xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{'tile.store' op scalar type 'i32' does not match buffer element type 'f32'}}
  tile.store %v, %X[%i] : i32, memref<?xf32>
  return
}

//===----------------------------------------------------------------------===//
// tile.dot
//===----------------------------------------------------------------------===//

// -----

func.func @dot_rank1(%a: tensor<8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op lhs must be a rank-2 tile, got 'tensor<8xf32>'}}
  %0 = tile.dot %a, %b, %c : tensor<8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @dot_rank3(%a: tensor<8x8xf32>, %b: tensor<8x8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op rhs must have rank 1 or 2, got rank 3}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xf32>, tensor<8x8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @dot_dynamic(%a: tensor<8x?xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op lhs must have a static shape, got 'tensor<8x?xf32>'}}
  %0 = tile.dot %a, %b, %c : tensor<8x?xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @dot_contraction(%a: tensor<16x8xf32>, %b: tensor<4x32xf32>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.dot' op contraction mismatch: lhs is 16x8 but rhs is 4x32}}
  %0 = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<4x32xf32> -> tensor<16x32xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<32x16xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator must be 16x32, got 32x16}}
  %0 = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<32x16xf32>
  return
}

// -----

func.func @dot_int(%a: tensor<8x8xi32>, %b: tensor<8x8xi32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op operand element type must be f32, f16 or bf16, got 'i32'}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xi32>, tensor<8x8xi32> -> tensor<8x8xf32>
  return
}

// -----

func.func @dot_mixed(%a: tensor<8x8xf16>, %b: tensor<8x8xbf16>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op operand element types differ: 'f16' and 'bf16'}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xf16>, tensor<8x8xbf16> -> tensor<8x8xf32>
  return
}

// -----

func.func @dot_f16_acc_f32_operands(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf16>) {
  // expected-error @+1 {{'tile.dot' op accumulator element type must be f32 (or f16 with f16 operands), got 'f16' with 'f32' operands}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf16>
  return
}

// -----

func.func @dot_bf16_acc(%a: tensor<8x8xbf16>, %b: tensor<8x8xbf16>, %c: tensor<8x8xbf16>) {
  // expected-error @+1 {{'tile.dot' op accumulator element type must be f32 (or f16 with f16 operands), got 'bf16' with 'bf16' operands}}
  %0 = tile.dot %a, %b, %c : tensor<8x8xbf16>, tensor<8x8xbf16> -> tensor<8x8xbf16>
  return
}

// -----

func.func @dot_result_type(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op failed to verify that all of {acc, result} have same type}}
  %0 = "tile.dot"(%a, %b, %c) : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// tile.splat
//===----------------------------------------------------------------------===//

// -----

func.func @splat_type(%s: f16) {
  // expected-error @+1 {{'tile.splat' op scalar type 'f16' does not match the tile element type 'f32'}}
  %0 = tile.splat %s : f16 -> tensor<8xf32>
  return
}

// -----

func.func @splat_rank(%s: f32) {
  // expected-error @+1 {{'tile.splat' op result must have rank 1 or 2, got rank 3}}
  %0 = tile.splat %s : f32 -> tensor<2x2x2xf32>
  return
}

// -----

func.func @splat_dynamic(%s: f32) {
  // expected-error @+1 {{'tile.splat' op result must have a static shape, got 'tensor<?x4xf32>'}}
  %0 = tile.splat %s : f32 -> tensor<?x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// tile.swizzle
//===----------------------------------------------------------------------===//

// -----

func.func @swizzle_unknown(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op unknown swizzle pattern 'zigzag'; expected one of 'linear', 'diagonal', 'morton', 'grouped', 'hilbert'}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "zigzag"} : index
  return
}

// -----

func.func @swizzle_linear_block(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'linear' takes no block (or block = 1), got 4}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "linear", block = 4} : index
  return
}

// -----

func.func @swizzle_diagonal_block(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'diagonal' takes no block (or block = 1), got 2}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "diagonal", block = 2} : index
  return
}

// -----

func.func @swizzle_morton_small(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'morton' needs a block that is a power of 2 and at least 2, got 1}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "morton", block = 1} : index
  return
}

// -----

func.func @swizzle_morton_pow2(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'morton' needs a block that is a power of 2 and at least 2, got 6}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "morton", block = 6} : index
  return
}

// -----

func.func @swizzle_grouped(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'grouped' needs a block of at least 1, got 0}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "grouped", block = 0} : index
  return
}

// -----

func.func @swizzle_hilbert(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op pattern 'hilbert' works on 4x4 panels: block must be 4, got 2}}
  %m, %n = tile.swizzle %pm, %pn {pattern = "hilbert", block = 2} : index
  return
}

// -----

func.func @swizzle_no_pattern(%pm: index, %pn: index) {
  // expected-error @+1 {{'tile.swizzle' op requires attribute 'pattern'}}
  %m, %n = tile.swizzle %pm, %pn {block = 2} : index
  return
}

//===----------------------------------------------------------------------===//
// tile.for_range / tile.yield
//===----------------------------------------------------------------------===//

// -----

func.func @step_zero(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tile.for_range' op step must be positive, got 0}}
  tile.for_range %i = %c0 to %n step %c0 {
  }
  return
}

// -----

func.func @step_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %cm2 = arith.constant -2 : index
  // expected-error @+1 {{'tile.for_range' op step must be positive, got -2}}
  tile.for_range %i = %c0 to %n step %cm2 {
  }
  return
}

// -----

func.func @num_stages(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op num_stages must be at least 1, got 0}}
  tile.for_range %i = %c0 to %n step %c1 {
  } {num_stages = 0}
  return
}

// -----

func.func @yield_count(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'tile.yield' op yields 2 values but the loop carries 1}}
    tile.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @yield_type(%n: index, %x: f32, %y: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'tile.yield' op operand #0 has type 'f16' but the loop result has type 'f32'}}
    tile.yield %y : f16
  }
  return
}

// -----

func.func @iter_args_types(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected as many iter_args types (2) as iter_args (1)}}
  %r:2 = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32, f32) {
    tile.yield %a : f32
  }
  return
}

// -----

func.func @results_count(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op has 1 iter_args but 0 results}}
  "tile.for_range"(%c0, %n, %c1, %x) ({
  ^bb0(%i: index, %a: f32):
    "tile.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @block_args(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op body must take the induction variable and 1 iter_args, got 1 arguments}}
  %r = "tile.for_range"(%c0, %n, %c1, %x) ({
  ^bb0(%i: index):
    "tile.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @iv_type(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op induction variable must be index, got 'i32'}}
  "tile.for_range"(%c0, %n, %c1) ({
  ^bb0(%i: i32):
    "tile.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @iter_arg_type(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op iter_arg #0 has init type 'f32', block argument type 'f32' and result type 'f16'; they must agree}}
  %r = "tile.for_range"(%c0, %n, %c1, %x) ({
  ^bb0(%i: index, %a: f32):
    "tile.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> f16
  return
}

// -----

func.func @bound_type(%n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tile.for_range' op operand #1 must be index}}
  "tile.for_range"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    "tile.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{'tile.yield' op expects parent op to be one of 'tile.for_range, tile.epilogue'}}
  tile.yield %x : f32
}

//===----------------------------------------------------------------------===//
// tile.broadcast
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_rank2_input(%v: tensor<4x4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op input must be a rank-1 tile with a static shape, got 'tensor<4x4xf32>'}}
  %0 = tile.broadcast %v dim 0 : tensor<4x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_dynamic_input(%v: tensor<?xf32>) {
  // expected-error @+1 {{'tile.broadcast' op input must be a rank-1 tile with a static shape, got 'tensor<?xf32>'}}
  %0 = tile.broadcast %v dim 0 : tensor<?xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_rank3_result(%v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op result must be a rank-2 tile with a static shape, got 'tensor<4x4x4xf32>'}}
  %0 = tile.broadcast %v dim 0 : tensor<4xf32> -> tensor<4x4x4xf32>
  return
}

// -----

func.func @broadcast_dynamic_result(%v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op result must be a rank-2 tile with a static shape, got 'tensor<4x?xf32>'}}
  %0 = tile.broadcast %v dim 0 : tensor<4xf32> -> tensor<4x?xf32>
  return
}

// -----

func.func @broadcast_element_type(%v: tensor<4xf16>) {
  // expected-error @+1 {{'tile.broadcast' op input element type 'f16' does not match result element type 'f32'}}
  %0 = tile.broadcast %v dim 0 : tensor<4xf16> -> tensor<4x8xf32>
  return
}

// -----

// The vector runs along dimension 1 (columns): its length must be 8.
func.func @broadcast_length(%v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op input length 4 does not match the result's size 8 along dimension 1}}
  %0 = tile.broadcast %v dim 1 : tensor<4xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @broadcast_dim(%v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 1}}
  %0 = tile.broadcast %v dim 2 : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_dim_negative(%v: tensor<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 1}}
  %0 = tile.broadcast %v dim -1 : tensor<4xf32> -> tensor<4x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// tile.reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_rank3(%x: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op input must be a rank-1 or rank-2 tile with a static shape, got 'tensor<2x4x8xf32>'}}
  %0 = tile.reduce add %x dim 0 : tensor<2x4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @reduce_dynamic(%x: tensor<?x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op input must be a rank-1 or rank-2 tile with a static shape, got 'tensor<?x8xf32>'}}
  %0 = tile.reduce add %x dim 0 : tensor<?x8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @reduce_dim_rank1(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tile.reduce' op dim 1 is out of range for a rank-1 tile}}
  %0 = tile.reduce add %x dim 1 : tensor<8xf32> -> f32
  return
}

// -----

func.func @reduce_dim_attr(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0 whose maximum value is 1}}
  %0 = tile.reduce add %x dim 2 : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_float_kind(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{'tile.reduce' op kind 'maximumf' needs float elements, got 'i32'}}
  %0 = tile.reduce maximumf %x dim 1 : tensor<4x8xi32> -> tensor<4xi32>
  return
}

// -----

func.func @reduce_integer_kind(%x: tensor<4x8xf16>) {
  // expected-error @+1 {{'tile.reduce' op kind 'maxsi' needs signless integer or index elements, got 'f16'}}
  %0 = tile.reduce maxsi %x dim 0 : tensor<4x8xf16> -> tensor<8xf16>
  return
}

// -----

func.func @reduce_bitwise_float(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tile.reduce' op kind 'xor' needs signless integer or index elements, got 'f32'}}
  %0 = tile.reduce xor %x dim 0 : tensor<8xf32> -> f32
  return
}

// -----

func.func @reduce_element_type(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{'tile.reduce' op cannot reduce elements of type 'complex<f32>'}}
  %0 = tile.reduce add %x dim 0 : tensor<8xcomplex<f32>> -> f32
  return
}

// -----

func.func @reduce_to_scalar_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tile.reduce' op a rank-1 tile reduces to a scalar of its element type 'f32', got 'f16'}}
  %0 = tile.reduce add %x dim 0 : tensor<8xf32> -> f16
  return
}

// -----

func.func @reduce_to_scalar_tensor(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tile.reduce' op a rank-1 tile reduces to a scalar of its element type 'i32', got 'tensor<1xi32>'}}
  %0 = tile.reduce add %x dim 0 : tensor<8xi32> -> tensor<1xi32>
  return
}

// -----

// dim 0 keeps the columns.
func.func @reduce_kept_size(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op reducing dim 0 of 'tensor<4x8xf32>' gives a rank-1 tile of 8 x 'f32', got 'tensor<4xf32>'}}
  %0 = tile.reduce add %x dim 0 : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_result_element(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op reducing dim 1 of 'tensor<4x8xf32>' gives a rank-1 tile of 4 x 'f32', got 'tensor<4xf16>'}}
  %0 = tile.reduce add %x dim 1 : tensor<4x8xf32> -> tensor<4xf16>
  return
}

// -----

func.func @reduce_result_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op reducing dim 1 of 'tensor<4x8xf32>' gives a rank-1 tile of 4 x 'f32', got 'tensor<4x1xf32>'}}
  %0 = tile.reduce add %x dim 1 : tensor<4x8xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @reduce_result_scalar(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op reducing dim 1 of 'tensor<4x8xf32>' gives a rank-1 tile of 4 x 'f32', got 'f32'}}
  %0 = tile.reduce add %x dim 1 : tensor<4x8xf32> -> f32
  return
}

//===----------------------------------------------------------------------===//
// tile.arange
//===----------------------------------------------------------------------===//

// -----

func.func @arange_rank2() {
  // expected-error @+1 {{'tile.arange' op result must be a rank-1 tile with a static shape, got 'tensor<4x4xi32>'}}
  %0 = tile.arange : tensor<4x4xi32>
  return
}

// -----

func.func @arange_dynamic() {
  // expected-error @+1 {{'tile.arange' op result must be a rank-1 tile with a static shape, got 'tensor<?xi32>'}}
  %0 = tile.arange : tensor<?xi32>
  return
}

// -----

// 0..255 does not fit in i8 (signed: at most 127).
func.func @arange_overflow_i8() {
  // expected-error @+1 {{'tile.arange' op 255 does not fit in the element type 'i8'}}
  %0 = tile.arange : tensor<256xi8>
  return
}

// -----

func.func @arange_overflow_i16() {
  // expected-error @+1 {{'tile.arange' op 32768 does not fit in the element type 'i16'}}
  %0 = tile.arange : tensor<32769xi16>
  return
}

// -----

func.func @arange_float() {
  // expected-error @+1 {{'tile.arange' op result #0 must be ranked tensor of signless integer or index values, but got 'tensor<128xf32>'}}
  %0 = tile.arange : tensor<128xf32>
  return
}

//===----------------------------------------------------------------------===//
// tile.convert_layout
//===----------------------------------------------------------------------===//

// -----

func.func @convert_layout_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.convert_layout' op requires the same shape for all operands and results}}
  %0 = tile.convert_layout %x : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @convert_layout_rank(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.convert_layout' op requires the same shape for all operands and results}}
  %0 = tile.convert_layout %x : tensor<4x8xf32> -> tensor<32xf32>
  return
}

// -----

func.func @convert_layout_element(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.convert_layout' op requires the same element type for all operands and results}}
  %0 = tile.convert_layout %x : tensor<4x8xf32> -> tensor<4x8xf16>
  return
}

// -----

// A change of layout does not excuse a change of element type.
func.func @convert_layout_element_encoded(%x: tensor<32xf32, #applegpu.uniform>) {
  // expected-error @+1 {{'tile.convert_layout' op requires the same element type for all operands and results}}
  %0 = tile.convert_layout %x : tensor<32xf32, #applegpu.uniform> -> tensor<32xi32, #applegpu.distributed<threads = 32, vector = 1>>
  return
}

//===----------------------------------------------------------------------===//
// tile.epilogue
//===----------------------------------------------------------------------===//

// -----

// The custom form cannot spell zero results (`-> {` does not parse), the
// generic form can.
func.func @epilogue_no_results(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{'tile.epilogue' op must have at least one result}}
  "tile.epilogue"(%x) ({
  ^bb0(%a: f32):
    "tile.yield"() : () -> ()
  }) : (tensor<4x4xf32>) -> ()
  return
}

// -----

func.func @epilogue_rank3(%x: tensor<2x2x2xf32>) {
  // expected-error @+1 {{'tile.epilogue' op results must be tiles of rank 1 or 2, got 'tensor<2x2x2xf32>'}}
  %0 = tile.epilogue ins(%x : tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @epilogue_dynamic(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'tile.epilogue' op results must have a static shape}}
  %0 = tile.epilogue ins(%x : tensor<4x?xf32>) -> tensor<4x?xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @epilogue_input_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.epilogue' op inputs and results must all have the shape of the first result, 'tensor<8x4xf32>', got 'tensor<4x8xf32>'}}
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<8x4xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @epilogue_result_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.epilogue' op inputs and results must all have the shape of the first result, 'tensor<4x8xf32>', got 'tensor<4x?xf32>'}}
  %0:2 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32>, tensor<4x?xf32> {
  ^bb0(%a: f32):
    tile.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @epilogue_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{'tile.epilogue' op operand #0 must be variadic of ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = tile.epilogue ins(%x : tensor<*xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @epilogue_num_arguments(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.epilogue' op body must have one argument per input (2), got 1}}
  %0 = tile.epilogue ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @epilogue_no_block_arguments(%x: tensor<4x8xf32>, %s: f32) {
  // expected-error @+1 {{'tile.epilogue' op body must have one argument per input (1), got 0}}
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
    tile.yield %s : f32
  }
  return
}

// -----

func.func @epilogue_argument_type(%x: tensor<4x8xf32>, %y: tensor<4x8xi32>) {
  // expected-error @+1 {{'tile.epilogue' op body argument #1 must be 'i32', the element type of input #1, got 'f32'}}
  %0 = tile.epilogue ins(%x, %y : tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return
}

// -----

// No registered op other than tile.yield can end the body (every other
// terminator names its parents), so this needs an unregistered one.
func.func @epilogue_terminator(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.epilogue' op body must end with tile.yield}}
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    "test.terminator"(%a) : (f32) -> ()
  }
  return
}

// -----

func.func @epilogue_no_terminator(%x: tensor<4x8xf32>) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{block with no terminator}}
    %b = arith.addf %a, %a : f32
  }
  return
}

// -----

func.func @epilogue_yield_count(%x: tensor<4x8xf32>) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'tile.yield' op yields 2 values but the epilogue has 1 result}}
    tile.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @epilogue_yield_type(%x: tensor<4x8xf32>) {
  %0:2 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32>, tensor<4x8xi1> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'tile.yield' op value #1 must be 'i1', the element type of result #1, got 'f32'}}
    tile.yield %a, %a : f32, f32
  }
  return
}

// -----

func.func @epilogue_memory_effects(%x: tensor<4x8xf32>, %m: memref<?xf32>, %i: index) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'memref.load' op is not an arith or math op; a tile.epilogue body holds those only}}
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %a, %v : f32
    tile.yield %s : f32
  }
  return
}

// -----

func.func @epilogue_tile_load(%x: tensor<4x8xf32>, %m: memref<?xf32>, %i: index) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'tile.load' op is not an arith or math op; a tile.epilogue body holds those only}}
    %t = tile.load %m[%i] : memref<?xf32> -> tensor<4xf32>
    tile.yield %a : f32
  }
  return
}

// -----

// A tile defined above the epilogue cannot be used in its body.
func.func @epilogue_tile_operands(%x: tensor<4x8xf32>) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'arith.addf' op works on tiles; a tile.epilogue body holds scalar operations only}}
    %t = arith.addf %x, %x : tensor<4x8xf32>
    tile.yield %a : f32
  }
  return
}

// -----

// Pure, with a scalar result, but reading a tile.
func.func @epilogue_tensor_extract(%x: tensor<4x8xf32>, %t: tensor<4x8xf32>, %i: index) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'tensor.extract' op is not an arith or math op; a tile.epilogue body holds those only}}
    %v = tensor.extract %t[%i, %i] : tensor<4x8xf32>
    %s = arith.addf %a, %v : f32
    tile.yield %s : f32
  }
  return
}

// -----

// Scalar and free of memory effects, but not arith or math (with regions).
func.func @epilogue_region(%x: tensor<4x8xf32>, %c: i1) {
  %0 = tile.epilogue ins(%x : tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'scf.if' op is not an arith or math op; a tile.epilogue body holds those only}}
    %s = scf.if %c -> f32 {
      scf.yield %a : f32
    } else {
      scf.yield %a : f32
    }
    tile.yield %s : f32
  }
  return
}

// -----

// A scalar tile op (a grid query) is not arith or math either: the
// backend copies the body as it is.
func.func @epilogue_grid_query(%x: tensor<4x4xf32>) {
  %0 = tile.epilogue ins(%x : tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{'tile.num_programs' op is not an arith or math op; a tile.epilogue body holds those only}}
    %n = tile.num_programs z : index
    %i = arith.index_cast %n : index to i32
    %f = arith.sitofp %i : i32 to f32
    %s = arith.addf %a, %f : f32
    tile.yield %s : f32
  }
  return
}

// -----

// expected-error @+1 {{'tile.name' of argument #0 must be a string holding an identifier}}
func.func @name_not_identifier(%a: memref<?xf32> {tile.name = "2x"}) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{'tile.name' of argument #1 must be a string holding an identifier}}
func.func @name_not_string(%a: index, %b: index {tile.name = 3 : i32}) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{arguments #0 and #2 are both named 'x'}}
func.func @name_twice(%a: index {tile.name = "x"}, %b: index, %c: index {tile.name = "x"}) attributes {tile.kernel} {
  return
}

// -----

// expected-error @+1 {{unknown tile dialect argument attribute 'tile.nam'}}
func.func @name_misspelled(%a: index {tile.nam = "x"}) attributes {tile.kernel} {
  return
}

// -----

func.func @gather_shape(%X: memref<?xf32>, %offs: tensor<64xi32>) {
  // expected-error @+1 {{offsets 'tensor<64xi32>' must have the shape of the result 'tensor<32xf32>'}}
  %v = tile.gather %X[%offs] : memref<?xf32>, tensor<64xi32> -> tensor<32xf32>
  return
}

// -----

func.func @gather_element(%X: memref<?xf32>, %offs: tensor<64xi32>) {
  // expected-error @+1 {{result element type 'f16' must be the buffer's element type 'f32'}}
  %v = tile.gather %X[%offs] : memref<?xf32>, tensor<64xi32> -> tensor<64xf16>
  return
}

// -----

func.func @gather_float_offsets(%X: memref<?xf32>, %offs: tensor<64xf32>) {
  // expected-error @+1 {{'offsets' must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<64xf32>'}}
  %v = tile.gather %X[%offs] : memref<?xf32>, tensor<64xf32> -> tensor<64xf32>
  return
}

// -----

func.func @gather_rank3(%X: memref<?xf32>, %offs: tensor<2x2x2xi32>) {
  // expected-error @+1 {{result must be a static tile of rank 1 or 2}}
  %v = tile.gather %X[%offs] : memref<?xf32>, tensor<2x2x2xi32> -> tensor<2x2x2xf32>
  return
}

// -----

func.func @scatter_shape(%Y: memref<?xf32>, %v: tensor<32xf32>, %offs: tensor<64xi32>) {
  // expected-error @+1 {{offsets 'tensor<64xi32>' must have the shape of the value 'tensor<32xf32>'}}
  tile.scatter %v, %Y[%offs] : tensor<32xf32>, memref<?xf32>, tensor<64xi32>
  return
}

// -----

func.func @atomic_float_max(%F: memref<?xf32>, %offs: tensor<64xi32>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'maxsi' is not an atomic operation on 'f32' elements (add and xchg take i32 or f32, the others i32)}}
  %o = tile.atomic_rmw maxsi %F[%offs], %v : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  return
}

// -----

func.func @atomic_f16_add(%F: memref<?xf16>, %offs: tensor<64xi32>, %v: tensor<64xf16>) {
  // expected-error @+1 {{'add' is not an atomic operation on 'f16' elements}}
  %o = tile.atomic_rmw add %F[%offs], %v : memref<?xf16>, tensor<64xi32> -> tensor<64xf16>
  return
}

// -----

func.func @cas_float(%F: memref<?xf32>, %offs: tensor<64xi32>, %v: tensor<64xf32>) {
  // expected-error @+1 {{compare-and-swap takes i32 elements, got 'f32'}}
  %o = tile.atomic_cas %F[%offs], %v, %v : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  return
}

// -----

// expected-error @+1 {{'tile.unroll' must be a unit attribute on a loop}}
func.func @unroll_not_on_loop() attributes {tile.unroll} {
  return
}
