// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The layout encodings of tiles (#applegpu.uniform, distributed, fragments,
// slice) round-trip on tensor types: of function arguments and results, of
// constants and of tile.convert_layout, also through the generic form.

// Uniform: any rank-1 or rank-2 tile, any element type.
// CHECK-LABEL: func.func @uniform
// CHECK-SAME:    (%{{.*}}: tensor<64x64xf32, #applegpu.uniform>, %{{.*}}: tensor<128xi1, #applegpu.uniform>)
// CHECK-SAME:    -> tensor<16xf16, #applegpu.uniform>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf16, #applegpu.uniform>
// CHECK-NEXT:    return %[[C]] : tensor<16xf16, #applegpu.uniform>
func.func @uniform(%a: tensor<64x64xf32, #applegpu.uniform>,
                   %m: tensor<128xi1, #applegpu.uniform>)
    -> tensor<16xf16, #applegpu.uniform> {
  %c = arith.constant dense<0.0> : tensor<16xf16, #applegpu.uniform>
  return %c : tensor<16xf16, #applegpu.uniform>
}

// Distributed: 32 to 1024 threads (multiples of 32), groups of 1, 2 or 4
// elements dividing the last dimension; more threads than groups is fine.
// CHECK-LABEL: func.func @distributed
// CHECK-SAME:    (%{{.*}}: tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>,
// CHECK-SAME:     %{{.*}}: tensor<6xi32, #applegpu.distributed<threads = 32, vector = 2>>,
// CHECK-SAME:     %{{.*}}: tensor<7xf16, #applegpu.distributed<threads = 1024, vector = 1>>,
// CHECK-SAME:     %{{.*}}: tensor<4x8xbf16, #applegpu.distributed<threads = 96, vector = 4>>)
func.func @distributed(%a: tensor<64x32xf32, #applegpu.distributed<threads = 128, vector = 4>>,
                       %b: tensor<6xi32, #applegpu.distributed<threads = 32, vector = 2>>,
                       %c: tensor<7xf16, #applegpu.distributed<threads = 1024, vector = 1>>,
                       %d: tensor<4x8xbf16, #applegpu.distributed<threads = 96, vector = 4>>) {
  return
}

// Fragments: a grid of 1 to 32 SIMD-groups, over a tile whose shape is a
// multiple of 8 x the grid.
// CHECK-LABEL: func.func @fragments
// CHECK-SAME:    (%{{.*}}: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>,
// CHECK-SAME:     %{{.*}}: tensor<8x8xf16, #applegpu.fragments<simdgroups = [1, 1]>>,
// CHECK-SAME:     %{{.*}}: tensor<32x64xf32, #applegpu.fragments<simdgroups = [4, 8]>>,
// CHECK-SAME:     %{{.*}}: tensor<16x256xf32, #applegpu.fragments<simdgroups = [1, 32]>>)
func.func @fragments(%a: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>,
                     %b: tensor<8x8xf16, #applegpu.fragments<simdgroups = [1, 1]>>,
                     %c: tensor<32x64xf32, #applegpu.fragments<simdgroups = [4, 8]>>,
                     %d: tensor<16x256xf32, #applegpu.fragments<simdgroups = [1, 32]>>) {
  return
}

// Slices of both dimensions of distributed and fragments parents.
// CHECK-LABEL: func.func @slices
// CHECK-SAME:    (%{{.*}}: tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>,
// CHECK-SAME:     %{{.*}}: tensor<128xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>,
// CHECK-SAME:     %{{.*}}: tensor<64xi32, #applegpu.slice<dim = 1, size = 32, parent = #applegpu.distributed<threads = 128, vector = 4>>>,
// CHECK-SAME:     %{{.*}}: tensor<32xf16, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.distributed<threads = 256, vector = 2>>>)
func.func @slices(
    %a: tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>,
    %b: tensor<128xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>,
    %c: tensor<64xi32, #applegpu.slice<dim = 1, size = 32, parent = #applegpu.distributed<threads = 128, vector = 4>>>,
    %d: tensor<32xf16, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.distributed<threads = 256, vector = 2>>>) {
  return
}

// Encodings on op results: a reduction's row maxima in the slice of its
// accumulator's fragments, redistributed; a constant and its conversion.
// CHECK-LABEL: func.func @on_results
// CHECK-SAME:    (%[[X:.*]]: tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>)
// CHECK-NEXT:    %[[R:.*]] = tile.reduce maximumf %[[X]] dim 1 : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>> -> tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// CHECK-NEXT:    %[[D:.*]] = tile.convert_layout %[[R]] : tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>> -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<64x128xf32, #applegpu.uniform>
// CHECK-NEXT:    %[[U:.*]] = tile.convert_layout %[[C]] : tensor<64x128xf32, #applegpu.uniform> -> tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// CHECK-NEXT:    return %[[D]], %[[U]]
func.func @on_results(%x: tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>)
    -> (tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
  %r = tile.reduce maximumf %x dim 1
      : tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
      -> tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
  %d = tile.convert_layout %r
      : tensor<64xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
      -> tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>
  %c = arith.constant dense<1.0> : tensor<64x128xf32, #applegpu.uniform>
  %u = tile.convert_layout %c
      : tensor<64x128xf32, #applegpu.uniform>
      -> tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
  return %d, %u
      : tensor<64xf32, #applegpu.distributed<threads = 128, vector = 1>>,
        tensor<64x128xf32, #applegpu.fragments<simdgroups = [2, 2]>>
}
