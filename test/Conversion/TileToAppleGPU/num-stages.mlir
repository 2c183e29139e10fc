// RUN: tile-opt %s --tile-to-applegpu -verify-diagnostics | FileCheck %s
// The simdgroup backend does not software-pipeline loops yet: a loop that
// asks for it (num_stages > 1) still lowers, to the same code as without
// the request, but with a warning at the loop so the request is not
// dropped silently; the attribute stays on the scf.for. num_stages = 1
// asks for nothing and is quiet.

// CHECK-LABEL: func.func @pipelined
// CHECK:       scf.for
// CHECK:       } {tile.num_stages = 3 : i64}
func.func @pipelined(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> tensor<64xf32>
  // expected-warning @+1 {{num_stages = 3 is not implemented by the simdgroup backend yet: the loop is not software-pipelined}}
  %acc = tile.for_range %k = %c0 to %n step %c64 iter_args(%a = %init) -> (tensor<64xf32>) {
    %x = tile.load %X[%k] bounds [%n] : memref<?xf32> -> tensor<64xf32>
    %s = arith.addf %a, %x : tensor<64xf32>
    tile.yield %s : tensor<64xf32>
  } {num_stages = 3}
  tile.store %acc, %Z[%c0] : tensor<64xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @single_stage
// CHECK:       } {tile.num_stages = 1 : i64}
func.func @single_stage(%X: memref<?xf32>, %Z: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> tensor<64xf32>
  %acc = tile.for_range %k = %c0 to %n step %c64 iter_args(%a = %init) -> (tensor<64xf32>) {
    %x = tile.load %X[%k] bounds [%n] : memref<?xf32> -> tensor<64xf32>
    %s = arith.addf %a, %x : tensor<64xf32>
    tile.yield %s : tensor<64xf32>
  } {num_stages = 1}
  tile.store %acc, %Z[%c0] : tensor<64xf32>, memref<?xf32>
  return
}
