// RUN: tile-opt %s --tile-to-applegpu | FileCheck %s
// A kernel that loads a buffer it also stores gets a device-memory
// threadgroup barrier before each such load: a load that follows a store
// of the same buffer (in a later loop iteration, or after the store in
// program order) must see what the other threads of the threadgroup
// stored, and load and store layouts may put an element on different
// threads.
// Kernels that only read or only write a buffer have no such barrier.

// CHECK-LABEL: func.func @scale_in_place
// CHECK-SAME:    applegpu.access = "read_write"
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_device>
// CHECK:         memref.load
// CHECK:         memref.store
func.func @scale_in_place(%X: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  %y = arith.addf %x, %x : tensor<64xf32>
  tile.store %y, %X[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @copy
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         return
func.func @copy(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c64 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>
  tile.store %x, %Z[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>
  return
}
