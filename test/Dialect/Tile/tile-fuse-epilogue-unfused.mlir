// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false -split-input-file --tile-fuse-epilogue=report=true -verify-diagnostics | FileCheck %s
// (Checks name the kernel arguments %argN: tile-opt prints source names otherwise.)
// What tile-fuse-epilogue cannot prove it may fuse stays where it is,
// unchanged, and with report=true a remark says why; what it fuses is
// reported too.

// A tile that is not the accumulator, a splat, a broadcast, a load or an
// elementwise op of those (here a function argument) keeps its user out,
// and the users of that user.
// CHECK-LABEL: func.func @foreign_operand
// CHECK-NOT:     tile.epilogue
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK-NEXT:    %[[X:.*]] = arith.addf %[[ACC]], %arg2 : tensor<8x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = arith.maximumf %[[X]], %{{.*}} : tensor<8x8xf32>
// CHECK-NEXT:    tile.store %[[Y]]
func.func @foreign_operand(%A: memref<?xf32>, %C: memref<?xf32>, %t: tensor<8x8xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  // expected-remark @+1 {{left unfused: operand #1 is a block argument, which is not the accumulator, a splat, a tile.broadcast, a tile.load of the accumulator's shape or an elementwise op of those}}
  %x = arith.addf %acc, %t : tensor<8x8xf32>
  // expected-remark @+1 {{left unfused: operand #0 is left unfused}}
  %y = arith.maximumf %x, %zero : tensor<8x8xf32>
  tile.store %y, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// Math in a nested region stays there; the ReLU after it is fused. A dot
// that consumes the epilogue's result is not elementwise: it stays too.
// CHECK-LABEL: func.func @nested_and_chained
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK-NEXT:    %[[R:.*]] = tile.epilogue ins(%[[ACC]] : tensor<8x8xf32>)
// CHECK:         scf.if
// CHECK-NEXT:      arith.mulf %[[ACC]], %[[ACC]] : tensor<8x8xf32>
// CHECK:         tile.dot %[[R]]
func.func @nested_and_chained(%A: memref<?xf32>, %C: memref<?xf32>, %flag: i1) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %sq = scf.if %flag -> tensor<8x8xf32> {
    // expected-remark @+1 {{left unfused: it is in a nested region, not in the block of the accumulator}}
    %m = arith.mulf %acc, %acc : tensor<8x8xf32>
    scf.yield %m : tensor<8x8xf32>
  } else {
    scf.yield %acc : tensor<8x8xf32>
  }
  // expected-remark @+1 {{fused 1 elementwise op into a tile.epilogue (arith.maximumf) with 1 input tile}}
  %relu = arith.maximumf %acc, %zero : tensor<8x8xf32>
  // expected-remark @+1 {{left unfused: 'tile.dot' is not an elementwise arith or math op on tiles of the accumulator's shape}}
  %d = tile.dot %relu, %a, %sq : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  tile.store %d, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A result of the epilogue is stored to C before C is loaded again as a
// residual: the op that needs the residual stays out (moving the load
// before the store would change what it reads); the rest is fused, before
// the store.
// CHECK-LABEL: func.func @store_before_residual
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK-NEXT:    %[[X:.*]] = tile.epilogue ins(%[[ACC]] : tensor<8x8xf32>)
// CHECK:         tile.store %[[X]], %arg1
// CHECK-NEXT:    %[[R:.*]] = tile.load %arg1
// CHECK-NEXT:    %[[Y:.*]] = arith.addf %[[X]], %[[R]] : tensor<8x8xf32>
// CHECK-NEXT:    tile.store %[[Y]], %arg2
func.func @store_before_residual(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  // expected-remark @+1 {{fused 1 elementwise op into a tile.epilogue (arith.mulf) with 1 input tile}}
  %x = arith.mulf %acc, %two : tensor<8x8xf32>
  tile.store %x, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  %r = tile.load %C[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  // expected-remark @+1 {{left unfused: it needs a value defined after 'tile.store' uses a result of the epilogue}}
  %y = arith.addf %x, %r : tensor<8x8xf32>
  tile.store %y, %D[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// Elementwise math whose result nobody uses is left for DCE (an epilogue
// needs a result).
// CHECK-LABEL: func.func @dead_math
// CHECK-NOT:     tile.epilogue
// CHECK:         arith.mulf %{{.*}}, %{{.*}} : tensor<8x8xf32>
func.func @dead_math(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  // expected-remark @+1 {{left unfused: nothing uses its result}}
  %unused = arith.mulf %acc, %two : tensor<8x8xf32>
  tile.store %acc, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}
