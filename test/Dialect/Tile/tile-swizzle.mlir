// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle=default-pattern=none | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle | FileCheck %s --check-prefix=MORTON
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle=default-pattern=grouped | FileCheck %s --check-prefix=DEFAULT
// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle=default-pattern=spiral 2>&1 | FileCheck %s --check-prefix=BAD
// tile-swizzle lowers tile.swizzle to index arithmetic on the program ids
// and tile.num_programs; with a default pattern (morton unless
// default-pattern says otherwise, none to disable) it first swizzles 2-D
// kernels that have none. Kernels it swizzles keep their launch grid as
// tile.launch_grid, read before the rewrite hides the program ids. (Which tiles the arithmetic picks is proven by
// swizzle-bijection-*.mlir and the tile-run tests.)

// Ids outside the grid come back unchanged; the mapping runs on (0, 0) for
// them, so that no division sees a zero divisor. Diagonal keeps m: the
// select that would choose between m and itself is folded away.
// CHECK-LABEL: func.func @explicit_diagonal
// CHECK-NOT:     tile.swizzle
// CHECK-DAG:     %[[PM:.*]] = tile.program_id x : index
// CHECK-DAG:     %[[PN:.*]] = tile.program_id y : index
// CHECK-DAG:     %[[GM:.*]] = tile.num_programs x : index
// CHECK-DAG:     %[[GN:.*]] = tile.num_programs y : index
// CHECK:         %[[INM:.*]] = arith.cmpi ult, %[[PM]], %[[GM]] : index
// CHECK:         %[[INN:.*]] = arith.cmpi ult, %[[PN]], %[[GN]] : index
// CHECK:         %[[IN:.*]] = arith.andi %[[INM]], %[[INN]] : i1
// CHECK:         %[[SM:.*]] = arith.select %[[IN]], %[[PM]], %{{.*}} : index
// CHECK:         %[[SN:.*]] = arith.select %[[IN]], %[[PN]], %{{.*}} : index
// CHECK:         %[[SUM:.*]] = arith.addi %[[SN]], %[[SM]] : index
// CHECK:         %[[N:.*]] = arith.remui %[[SUM]], %[[GN]] : index
// CHECK-NOT:     arith.select %[[IN]], %[[SM]]
// CHECK:         %[[NR:.*]] = arith.select %[[IN]], %[[N]], %[[PN]] : index
// CHECK:         return %[[PM]], %[[NR]]
// DEFAULT-LABEL: func.func @explicit_diagonal
// DEFAULT-NOT:   tile.swizzle
func.func @explicit_diagonal() -> (index, index) {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pm, %pn {pattern = "diagonal"} : index
  return %m, %n : index, index
}

// -----

// Linear maps every id to itself: nothing is left of it, not even the
// bounds test (the folds and the dead-code sweep of the lowering).
// CHECK-LABEL: func.func @explicit_linear
// CHECK-NEXT:    %[[PM:.*]] = tile.program_id x : index
// CHECK-NEXT:    %[[PN:.*]] = tile.program_id y : index
// CHECK-NEXT:    return %[[PM]], %[[PN]]
func.func @explicit_linear() -> (index, index) {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pm, %pn {pattern = "linear"} : index
  return %m, %n : index, index
}

// -----

// Z-order: square walk with select between the squares and the edge tiles.
// CHECK-LABEL: func.func @explicit_morton
// CHECK-NOT:     tile.swizzle
// CHECK:         tile.num_programs x
// CHECK:         tile.num_programs y
// CHECK:         arith.shrui
// CHECK:         arith.select
// CHECK:         arith.select
func.func @explicit_morton() -> (index, index) {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pm, %pn {pattern = "morton", block = 4} : index
  return %m, %n : index, index
}

// -----

// A 2-D kernel without a swizzle: untouched with default-pattern=none;
// otherwise its program ids go through the pattern (morton by default).
// CHECK-LABEL: func.func @plain_2d
// CHECK:         %[[PM:.*]] = tile.program_id x
// CHECK:         "test.use"(%[[PM]]
// MORTON-LABEL: func.func @plain_2d
// MORTON:         tile.num_programs x
// MORTON:         arith.andi
// MORTON:         "test.use"(%{{.*}}, %{{.*}})
// DEFAULT-LABEL: func.func @plain_2d
// DEFAULT:         %[[PM:.*]] = tile.program_id x : index
// DEFAULT:         %[[PN:.*]] = tile.program_id y : index
// DEFAULT:         %[[GM:.*]] = tile.num_programs x : index
// DEFAULT:         %[[SM:.*]] = arith.select %{{.*}}, %[[PM]], %{{.*}} : index
// DEFAULT:         %[[L:.*]] = arith.addi %[[SM]], %{{.*}} : index
// DEFAULT-NOT:     tile.program_id
// DEFAULT:         "test.use"(%{{.*}}, %{{.*}})
// DEFAULT-NOT:     "test.use"(%[[PM]]
func.func @plain_2d() attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  "test.use"(%pm, %pn) : (index, index) -> ()
  return
}

// -----

// A 1-D kernel is never swizzled.
// CHECK-LABEL: func.func @plain_1d
// DEFAULT-LABEL: func.func @plain_1d
// DEFAULT-NOT:   tile.num_programs
// DEFAULT:       %[[P:.*]] = tile.program_id x
// DEFAULT:       "test.use"(%[[P]])
func.func @plain_1d() attributes {tile.kernel} {
  %p = tile.program_id x : index
  "test.use"(%p) : (index) -> ()
  return
}

// -----

// The launch grid is read before the swizzle is lowered: the store's
// indices are swizzle results times 64 and 32, bounded by %M and %N, so the
// grid is ceildiv(M, 64) x ceildiv(N, 32) (arguments #1 and #2). With
// default-pattern=none the explicit swizzle still records it.
// CHECK-LABEL: func.func @records_grid
// CHECK-SAME:    tile.launch_grid = array<i64: 1, 64, 2, 32, -1, 1>
// CHECK-NOT:     tile.swizzle
func.func @records_grid(%C: memref<?xf32>, %M: index, %N: index) attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pm, %pn {pattern = "diagonal"} : index
  %i = arith.muli %m, %c64 : index
  %j = arith.muli %n, %c32 : index
  %zero = arith.constant 0.0 : f32
  %t = tile.splat %zero : f32 -> tensor<64x32xf32>
  tile.store %t, %C[%i, %j] strides [%N, %c1] bounds [%M, %N] : tensor<64x32xf32>, memref<?xf32>
  return
}

// BAD: error: tile-swizzle: unknown default-pattern 'spiral'; expected linear, diagonal, morton, grouped, hilbert or none
