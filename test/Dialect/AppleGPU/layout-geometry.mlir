// RUN: tile-opt %s -split-input-file --test-layout-geometry="thread=33 max-values=4" -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts --test-layout-geometry="thread=20" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSIGNED
//
// What each layout answers through LayoutAttrInterface (test-layout-geometry
// asks it directly): thread count, SIMD-group grid, values per thread and
// their shape, vector width, and, for thread 33 (SIMD-group 1, lane 1),
// where its values lie, from the layout's index arithmetic folded on
// constant coordinates.

// 8x128 in groups of 4 over 256 threads: one full round; thread 33 holds
// group 33, elements 132..135 = row 1, columns 4..7, always.
// CHECK: :[[# @LINE + 1]]:{{.*}} remark: argument #0: threads 256, values per thread 4 [4], vector width 4; thread 33: [0] (1, 4) [1] (1, 5) [2] (1, 6) [3] (1, 7){{$}}
func.func @full(%x: tensor<8x128xf32, #applegpu.distributed<threads = 256, vector = 4>>) {
  return
}

// -----

// Partial slots: 160 elements one by one over 128 threads take 2 rounds, the
// last of 32 elements: thread 33 holds element 33 but not 161, past the end.
// CHECK: :[[# @LINE + 1]]:{{.*}} remark: argument #0: threads 128, values per thread 2 [2], vector width 1; thread 33: [0] (1, 13) [1] not held{{$}}
func.func @partial(%x: tensor<8x20xf32, #applegpu.distributed<threads = 128, vector = 1>>) {
  return
}

// -----

// Fragments over 2x2 SIMD-groups: a 32x32 block each, 4x4 fragments of
// which a lane holds 2 elements. Thread 33 is SIMD-group 1 (block row 0,
// column 1: origin (0, 32)) and lane 1 (fragment row 0, columns 2 and 3).
// CHECK: :[[# @LINE + 1]]:{{.*}} remark: argument #0: threads 128 (2x2 SIMD-groups), values per thread 32 [4, 4, 2], vector width 2; thread 33: [0, 0, 0] (0, 34) [0, 0, 1] (0, 35) [0, 1, 0] (0, 42) [0, 1, 1] (0, 43) ...{{$}}
func.func @fragments(%x: tensor<64x64xf32, #applegpu.fragments<simdgroups = [2, 2]>>) {
  return
}

// -----

// A slice keeps its parent's values: row sums of the 8x128 tile above are
// held by every thread of the row, once per element of the parent it
// holds; the copy in column 0 owns each (thread 33's are all copies).
// CHECK: :[[# @LINE + 1]]:{{.*}} remark: argument #0: threads 256, values per thread 4 [4], vector width 4; thread 33: [0] (1) copy [1] (1) copy [2] (1) copy [3] (1) copy{{$}}
func.func @rows(%x: tensor<8xf32, #applegpu.slice<dim = 1, size = 128, parent = #applegpu.distributed<threads = 256, vector = 4>>>) {
  return
}

// -----

// Column maxima of the fragments above: thread 33's values sit in row 0 of
// the parent, so it owns the columns they are in.
// CHECK: :[[# @LINE + 1]]:{{.*}} remark: argument #0: threads 128 (2x2 SIMD-groups), values per thread 32 [4, 4, 2], vector width 2; thread 33: [0, 0, 0] (34) [0, 0, 1] (35) [0, 1, 0] (42) [0, 1, 1] (43) ...{{$}}
func.func @columns(%x: tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.fragments<simdgroups = [2, 2]>>>) {
  return
}

// -----

// Uniform: one value for every element, no position; cooperative: Apple's
// implementation decides; view: no thread holds it.
// CHECK: :[[# @LINE + 3]]:{{.*}} remark: argument #0: threads any, values per thread 1 [1], vector width 1; thread 33: [0] no position{{$}}
// CHECK: :[[# @LINE + 3]]:{{.*}} remark: argument #1: threads 128 (2x2 SIMD-groups), values per thread known at run time, vector width 1{{$}}
// CHECK: :[[# @LINE + 3]]:{{.*}} remark: argument #2: threads any, values per thread 0 [0], vector width 1; thread 33: none{{$}}
func.func @others(%u: tensor<4x4xf32, #applegpu.uniform>,
                  %c: tensor<64x64xf32, #applegpu.cooperative<simdgroups = [2, 2]>>,
                  %v: tensor<64x32xf16, #applegpu.view>) {
  return
}

// -----

// The layouts tile-assign-layouts gives a column sum of 8x100 (docs/
// layouts.md): 200 groups of 4 over 224 threads, one partial round (thread
// 20 holds row 0, columns 80..83); the sum is the slice of that layout,
// whose values thread 20 owns (they are in row 0 of the parent), converted
// to a distributed 100-element tile for the store.
func.func @cols(%X: memref<?xi32>, %Y: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // ASSIGNED: :[[# @LINE + 1]]:{{.*}} remark: result #0: threads 224, values per thread 4 [4], vector width 4; thread 20: [0] (0, 80) [1] (0, 81) [2] (0, 82) [3] (0, 83){{$}}
  %x = tile.load %X[%c0, %c0] strides [%N, %c1] bounds [%M, %N]
      : memref<?xi32> -> tensor<8x100xi32>
  // ASSIGNED: :[[# @LINE + 2]]:{{.*}} remark: result #0: threads 224, values per thread 4 [4], vector width 4; thread 20: [0] (80) [1] (81) [2] (82) [3] (83){{$}}
  // ASSIGNED: :[[# @LINE + 1]]:{{.*}} remark: result #0: threads 224, values per thread 4 [4], vector width 4; thread 20: [0] (80) [1] (81) [2] (82) [3] (83){{$}}
  %s = tile.reduce add %x dim 0 : tensor<8x100xi32> -> tensor<100xi32>
  tile.store %s, %Y[%c0] bounds [%N] : tensor<100xi32>, memref<?xi32>
  return
}
