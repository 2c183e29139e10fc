// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file --mlir-print-op-generic | tile-opt -split-input-file | FileCheck %s
// Valid uses of the tile dialect's discardable attributes pass the verifier
// and round-trip unchanged, also through the generic form: tile.kernel,
// tile.simdgroups at its limits (1x1 and grids of exactly 1024 threads),
// tile.target with every known family on a module and on a kernel, and
// tile.num_stages on scf.for (where tile-for-range-to-scf puts it) and on
// any other loop.

// CHECK-LABEL: func.func @kernel_only()
// CHECK-SAME:    attributes {tile.kernel} {
func.func @kernel_only() attributes {tile.kernel} {
  return
}

// CHECK-LABEL: func.func @kernel_with_args(%{{.*}}: memref<?xf32>, %{{.*}}: index)
// CHECK-SAME:    attributes {tile.kernel} {
func.func @kernel_with_args(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  return
}

// CHECK-LABEL: func.func @one_simdgroup()
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>}
func.func @one_simdgroup() attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  return
}

// 4 * 8 * 32 = 1024 threads: exactly the limit.
// CHECK-LABEL: func.func @max_threads()
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 8>}
func.func @max_threads() attributes {tile.kernel, tile.simdgroups = array<i64: 4, 8>} {
  return
}

// CHECK-LABEL: func.func @max_threads_tall()
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 32, 1>}
func.func @max_threads_tall() attributes {tile.kernel, tile.simdgroups = array<i64: 32, 1>} {
  return
}

// CHECK-LABEL: func.func @targeted_kernel()
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>, tile.target = "apple7"}
func.func @targeted_kernel() attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>, tile.target = "apple7"} {
  return
}

// CHECK-LABEL: func.func @num_stages
// CHECK:         scf.for
// CHECK:         } {tile.num_stages = 1 : i64}
// CHECK:         scf.for
// CHECK:         } {tile.num_stages = 4 : i64}
// CHECK:         tile.for_range
// CHECK:         } {num_stages = 2 : i64, tile.num_stages = 2 : i64}
func.func @num_stages(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
  } {tile.num_stages = 1}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
    %b = arith.addf %a, %a : f32
    scf.yield %b : f32
  } {tile.num_stages = 4 : i64}
  tile.for_range %i = %c0 to %n step %c1 {
  } {num_stages = 2, tile.num_stages = 2}
  return
}

// -----

// CHECK: module attributes {tile.target = "apple8"} {
// CHECK:   func.func @in_apple8_module() attributes {tile.kernel, tile.target = "apple10"}
// CHECK:   func.func @helper(%{{.*}}: index) -> index {
module attributes {tile.target = "apple8"} {
  func.func @in_apple8_module() attributes {tile.kernel, tile.target = "apple10"} {
    return
  }
  // A non-kernel helper in the same module, returning a value.
  func.func @helper(%x: index) -> index {
    return %x : index
  }
}

// -----

// CHECK: module attributes {tile.target = "apple9"} {
// CHECK:   module attributes {tile.target = "apple10"} {
// CHECK:     func.func @nested() attributes {tile.kernel}
module attributes {tile.target = "apple9"} {
  module attributes {tile.target = "apple10"} {
    func.func @nested() attributes {tile.kernel} {
      return
    }
  }
}

// -----

// tile.name on kernel arguments: the names the MSL and ABI give them.
// CHECK: func.func @named(%{{.*}}: memref<?xf32> {tile.name = "input"}, %{{.*}}: index {tile.name = "_n2"})
func.func @named(%a: memref<?xf32> {tile.name = "input"}, %b: index {tile.name = "_n2"})
    attributes {tile.kernel} {
  return
}
