// RUN: tile-opt %s -split-input-file -verify-diagnostics
// One case per verifier message of the layout encodings: their parameters
// (reported where the attribute is parsed) and the shapes of the tiles they
// lay out (reported where the tensor type is parsed).

//===----------------------------------------------------------------------===//
// #applegpu.uniform
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#applegpu.uniform lays out tiles of rank 1 or 2, got rank 3}}
func.func @uniform_rank3(%x: tensor<2x2x2xf32, #applegpu.uniform>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.uniform lays out tiles of rank 1 or 2, got rank 0}}
func.func @uniform_rank0(%x: tensor<f32, #applegpu.uniform>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.uniform needs a static tile shape}}
func.func @uniform_dynamic(%x: tensor<?xf32, #applegpu.uniform>) {
  return
}

// -----

// On an op result: the error is still at the type.
func.func @uniform_result() {
  // expected-error @+1 {{#applegpu.uniform lays out tiles of rank 1 or 2, got rank 3}}
  %0 = arith.constant dense<0.0> : tensor<2x2x2xf32, #applegpu.uniform>
  return
}

//===----------------------------------------------------------------------===//
// #applegpu.distributed
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#applegpu.distributed needs a multiple of 32 threads, at most 1024, got 16}}
func.func @distributed_few_threads(%x: tensor<64xf32, #applegpu.distributed<threads = 16, vector = 1>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed needs a multiple of 32 threads, at most 1024, got 1056}}
func.func @distributed_many_threads(%x: tensor<64xf32, #applegpu.distributed<threads = 1056, vector = 1>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed needs a multiple of 32 threads, at most 1024, got 100}}
func.func @distributed_odd_threads(%x: tensor<64xf32, #applegpu.distributed<threads = 100, vector = 1>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed groups 1, 2 or 4 elements, got 3}}
func.func @distributed_vector3(%x: tensor<64xf32, #applegpu.distributed<threads = 128, vector = 3>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed groups 1, 2 or 4 elements, got 8}}
func.func @distributed_vector8(%x: tensor<64xf32, #applegpu.distributed<threads = 128, vector = 8>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed lays out tiles of rank 1 or 2, got rank 3}}
func.func @distributed_rank3(%x: tensor<4x4x4xf32, #applegpu.distributed<threads = 128, vector = 4>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed needs a static tile shape}}
func.func @distributed_dynamic(%x: tensor<4x?xf32, #applegpu.distributed<threads = 128, vector = 4>>) {
  return
}

// -----

// A group never crosses a row.
// expected-error @+1 {{#applegpu.distributed groups of 4 elements do not divide the last dimension (6)}}
func.func @distributed_vector_row(%x: tensor<4x6xf32, #applegpu.distributed<threads = 128, vector = 4>>) {
  return
}

//===----------------------------------------------------------------------===//
// #applegpu.fragments
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#applegpu.fragments needs a grid of 1 to 32 SIMD-groups, got 0x2}}
func.func @fragments_empty(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [0, 2]>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.fragments needs a grid of 1 to 32 SIMD-groups, got 2x-1}}
func.func @fragments_negative(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, -1]>>) {
  return
}

// -----

// 64 SIMD-groups are 2048 threads.
// expected-error @+1 {{#applegpu.fragments needs a grid of 1 to 32 SIMD-groups, got 8x8}}
func.func @fragments_large(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [8, 8]>>) {
  return
}

// -----

// A grid whose size overflows int64_t is still too large (it used to wrap
// around to an accepted grid, then divide by zero on the tile's shape).
// expected-error @+1 {{#applegpu.fragments needs a grid of 1 to 32 SIMD-groups, got 2305843009213693952x4}}
func.func @fragments_overflow(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2305843009213693952, 4]>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.fragments lays out rank-2 tiles, got rank 1}}
func.func @fragments_rank1(%x: tensor<64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.fragments needs a static tile shape}}
func.func @fragments_dynamic(%x: tensor<?x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
  return
}

// -----

// 2x2 SIMD-groups of 8x8 fragments: 24 columns are not a multiple of 16.
// expected-error @+1 {{#applegpu.fragments over a 2x2 SIMD-group grid needs a tile whose shape is a multiple of 16x16}}
func.func @fragments_shape(%x: tensor<64x24xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.fragments over a 4x1 SIMD-group grid needs a tile whose shape is a multiple of 32x8}}
func.func @fragments_rows(%x: tensor<16x64xf32, #applegpu.fragments<simdgroups = [4, 1]>>) {
  return
}

//===----------------------------------------------------------------------===//
// #applegpu.slice
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{#applegpu.slice removes dimension 0 or 1 of a rank-2 parent, got 2}}
func.func @slice_dim(%x: tensor<64xf32, #applegpu.slice<dim = 2, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.slice needs the parent's size along the removed dimension, got 0}}
func.func @slice_size(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 0, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.slice needs a #applegpu.distributed, #applegpu.fragments or #applegpu.cooperative parent, got #applegpu.uniform}}
func.func @slice_uniform_parent(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.uniform>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.slice needs a #applegpu.distributed, #applegpu.fragments or #applegpu.cooperative parent, got #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>}}
func.func @slice_slice_parent(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.slice needs a #applegpu.distributed, #applegpu.fragments or #applegpu.cooperative parent, got 3 : i32}}
func.func @slice_not_layout_parent(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = 3 : i32>>) {
  return
}

// -----

// An invalid parent is reported as itself, then as the slice's parameter.
// expected-error @+2 {{#applegpu.distributed groups 1, 2 or 4 elements, got 3}}
// expected-error @+1 {{failed to parse AppleGPU_SliceLayoutAttr parameter 'parent' which is to be a `::mlir::Attribute`}}
func.func @slice_invalid_parent(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.distributed<threads = 128, vector = 3>>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.slice lays out rank-1 tiles, got rank 2}}
func.func @slice_rank2(%x: tensor<64x64xf32, #applegpu.slice<dim = 1, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// The parent tile (64 rows of `size` = 20 columns) must suit the parent
// layout: 20 is not a multiple of 16.
// expected-error @+1 {{#applegpu.fragments over a 2x2 SIMD-group grid needs a tile whose shape is a multiple of 16x16}}
func.func @slice_parent_fragments(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 20, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// dim 0: the slice's 20 elements are the parent's columns.
// expected-error @+1 {{#applegpu.fragments over a 2x2 SIMD-group grid needs a tile whose shape is a multiple of 16x16}}
func.func @slice_parent_columns(%x: tensor<20xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// The parent tile is 64x6: groups of 4 do not divide its rows.
// expected-error @+1 {{#applegpu.distributed groups of 4 elements do not divide the last dimension (6)}}
func.func @slice_parent_distributed(%x: tensor<64xf32, #applegpu.slice<dim = 1, size = 6, parent = #applegpu.distributed<threads = 128, vector = 4>>>) {
  return
}

// -----

// expected-error @+1 {{#applegpu.distributed needs a static tile shape}}
func.func @slice_dynamic(%x: tensor<?xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.distributed<threads = 128, vector = 4>>>) {
  return
}

// -----

// A tile.convert_layout result type is checked like any other.
func.func @convert_layout_result(%x: tensor<64x24xf32>) {
  // expected-error @+1 {{#applegpu.fragments over a 2x2 SIMD-group grid needs a tile whose shape is a multiple of 16x16}}
  %0 = tile.convert_layout %x : tensor<64x24xf32> -> tensor<64x24xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  return
}
