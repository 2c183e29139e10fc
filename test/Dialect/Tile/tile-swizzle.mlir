// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle=default-pattern=grouped | FileCheck %s --check-prefix=DEFAULT
// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file --tile-swizzle=default-pattern=spiral 2>&1 | FileCheck %s --check-prefix=BAD
// tile-swizzle lowers tile.swizzle to index arithmetic on the program ids
// and tile.num_programs; with a default pattern it first swizzles 2-D
// kernels that have none. (Which tiles the arithmetic picks is proven by
// swizzle-bijection-*.mlir and the tile-run tests.)

// CHECK-LABEL: func.func @explicit_diagonal
// CHECK-NOT:     tile.swizzle
// CHECK-DAG:     %[[PM:.*]] = tile.program_id x : index
// CHECK-DAG:     %[[PN:.*]] = tile.program_id y : index
// CHECK-DAG:     %[[GN:.*]] = tile.num_programs y : index
// CHECK:         %[[SUM:.*]] = arith.addi %[[PN]], %[[PM]] : index
// CHECK:         %[[N:.*]] = arith.remui %[[SUM]], %[[GN]] : index
// CHECK:         return %[[PM]], %[[N]]
// DEFAULT-LABEL: func.func @explicit_diagonal
// DEFAULT-NOT:   tile.swizzle
func.func @explicit_diagonal() -> (index, index) {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %m, %n = tile.swizzle %pm, %pn {pattern = "diagonal"} : index
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

// A 2-D kernel without a swizzle: untouched by default; with
// default-pattern its program ids go through the pattern.
// CHECK-LABEL: func.func @plain_2d
// CHECK:         %[[PM:.*]] = tile.program_id x
// CHECK:         "test.use"(%[[PM]]
// DEFAULT-LABEL: func.func @plain_2d
// DEFAULT:         %[[PM:.*]] = tile.program_id x : index
// DEFAULT:         %[[PN:.*]] = tile.program_id y : index
// DEFAULT:         %[[GM:.*]] = tile.num_programs x : index
// DEFAULT:         %[[L:.*]] = arith.addi %[[PM]], %{{.*}} : index
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

// BAD: error: tile-swizzle: unknown default-pattern 'spiral'; expected linear, diagonal, morton, grouped, hilbert or none
