// RUN: tile-opt %s --inline --symbol-dce | FileCheck %s
// Helper functions made of tile ops inline into the kernels that call them,
// so DSL front ends can emit helpers freely.

// CHECK-NOT:   func.func private @load_row
// CHECK-LABEL: func.func @kernel
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>)
// CHECK-NOT:     call
// CHECK:         %[[P:.*]] = tile.program_id x : index
// CHECK:         %[[T:.*]] = tile.load %[[A]][%[[P]]] : memref<?xf32> -> tensor<8xf32>
// CHECK:         %[[R:.*]] = tile.for_range
// CHECK:           tile.dot
// CHECK:         tile.store %[[T]], %[[B]]
func.func private @load_row(%A: memref<?xf32>, %i: index) -> tensor<8xf32> {
  %p = tile.program_id x : index
  %j = arith.addi %i, %p : index
  %t = tile.load %A[%j] : memref<?xf32> -> tensor<8xf32>
  return %t : tensor<8xf32>
}

func.func private @accumulate(%a: tensor<8x8xf32>, %n: index) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<8x8xf32>) {
    %d = tile.dot %a, %a, %acc : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    tile.yield %d : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

func.func @kernel(%A: memref<?xf32>, %B: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %t = call @load_row(%A, %c0) : (memref<?xf32>, index) -> tensor<8xf32>
  %z = arith.constant dense<1.0> : tensor<8x8xf32>
  %r = call @accumulate(%z, %c4) : (tensor<8x8xf32>, index) -> tensor<8x8xf32>
  %e = tensor.extract %r[%c0, %c0] : tensor<8x8xf32>
  %s = tile.splat %e : f32 -> tensor<8xf32>
  %u = arith.addf %t, %s : tensor<8xf32>
  tile.store %t, %B[%c0] : tensor<8xf32>, memref<?xf32>
  tile.store %u, %B[%c4] : tensor<8xf32>, memref<?xf32>
  return
}
