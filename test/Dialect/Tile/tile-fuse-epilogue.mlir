// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false -split-input-file --tile-fuse-epilogue | FileCheck %s
// (Checks name the kernel arguments %argN: tile-opt prints source names otherwise.)
// RUN: tile-opt %s --mlir-use-nameloc-as-prefix=false -split-input-file --pass-pipeline='builtin.module(func.func(tile-fuse-epilogue))' | FileCheck %s
// tile-fuse-epilogue gathers the elementwise ops on a dot accumulator into
// one tile.epilogue whose body is the same ops on scalars; the cases it
// must leave alone are in tile-fuse-epilogue-unfused.mlir.

// ReLU written as where(acc > 0, acc, 0): the predicate and the operand
// order of the select are kept exactly.
// CHECK-LABEL: func.func @relu_where_gt
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK-NEXT:    %[[R:.*]] = tile.epilogue ins(%[[ACC]] : tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[P:.*]] = arith.cmpf ogt, %[[A]], %[[Z]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[P]], %[[A]], %[[Z]] : f32
// CHECK-NEXT:      tile.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[R]]
// CHECK-NOT:     tensor<8x8xi1>
func.func @relu_where_gt(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %p = arith.cmpf ogt, %acc, %zero : tensor<8x8xf32>
  %r = arith.select %p, %acc, %zero : tensor<8x8xi1>, tensor<8x8xf32>
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// ReLU written as where(acc < 0, 0, acc) and as maximumf(acc, 0), in a
// loop: the loop's result is the accumulator.
// CHECK-LABEL: func.func @relu_where_lt_and_max
// CHECK:         %[[ACC:.*]] = tile.for_range
// CHECK:         %[[R:.*]]:2 = tile.epilogue ins(%[[ACC]] : tensor<8x8xf32>) -> tensor<8x8xf32>, tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[P:.*]] = arith.cmpf olt, %[[A]], %[[Z]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[P]], %[[Z]], %[[A]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[A]], %[[Z]] : f32
// CHECK-NEXT:      tile.yield %[[S]], %[[M]] : f32, f32
// CHECK:         tile.store %[[R]]#0, %{{.*}}[%{{.*}}, %{{.*}}] strides
// CHECK:         tile.store %[[R]]#1, %{{.*}}[%{{.*}}, %{{.*}}] strides
func.func @relu_where_lt_and_max(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.for_range %k = %c0 to %K step %c8 iter_args(%a0 = %zero) -> (tensor<8x8xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] : memref<?xf32> -> tensor<8x8xf32>
    %d = tile.dot %a, %a, %a0 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
    tile.yield %d : tensor<8x8xf32>
  }
  %p = arith.cmpf olt, %acc, %zero : tensor<8x8xf32>
  %r = arith.select %p, %zero, %acc : tensor<8x8xi1>, tensor<8x8xf32>
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  %m = arith.maximumf %acc, %zero : tensor<8x8xf32>
  tile.store %m, %D[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A select that is not a ReLU, where(acc > 5, acc * 2, acc), keeps its
// meaning: the threshold, the scaled branch and the untouched branch.
// CHECK-LABEL: func.func @select_scale
// CHECK:         tile.epilogue ins(%{{.*}} : tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-DAG:       %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK-DAG:       %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:           %[[P:.*]] = arith.cmpf ogt, %[[A]], %[[FIVE]] : f32
// CHECK-NEXT:      %[[X2:.*]] = arith.mulf %[[A]], %[[TWO]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[P]], %[[X2]], %[[A]] : f32
// CHECK-NEXT:      tile.yield %[[S]] : f32
func.func @select_scale(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %five = arith.constant dense<5.0> : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %p = arith.cmpf ogt, %acc, %five : tensor<8x8xf32>
  %x2 = arith.mulf %acc, %two : tensor<8x8xf32>
  %r = arith.select %p, %x2, %acc : tensor<8x8xi1>, tensor<8x8xf32>
  tile.store %r, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// Unary math (exp, log, sqrt, abs, tanh) and binary ops with a runtime
// scalar (tile.splat, used from above in the body) and with constants,
// chained; the dead splat goes away with the ops.
// CHECK-LABEL: func.func @chain_with_scalar
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32
// CHECK-NOT:     tile.splat
// CHECK:         tile.epilogue ins(%{{.*}} : tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK:           %[[E:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:      %[[L:.*]] = math.log %[[E]] : f32
// CHECK-NEXT:      %[[B:.*]] = math.absf %[[L]] : f32
// CHECK-NEXT:      %[[Q:.*]] = math.sqrt %[[B]] : f32
// CHECK-NEXT:      %[[T:.*]] = math.tanh %[[Q]] : f32
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[T]], %[[ALPHA]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.divf %[[ALPHA]], %[[M]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.subf %[[D]], %{{.*}} : f32
// CHECK-NEXT:      %[[MN:.*]] = arith.minimumf %[[S]], %[[ALPHA]] : f32
// CHECK-NEXT:      %[[AD:.*]] = arith.addf %[[MN]], %{{.*}} : f32
// CHECK-NEXT:      tile.yield %[[AD]] : f32
// CHECK-NOT:     arith.{{.*}} : tensor<8x8xf32>
func.func @chain_with_scalar(%A: memref<?xf32>, %C: memref<?xf32>, %alpha: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %al = tile.splat %alpha : f32 -> tensor<8x8xf32>
  %one = arith.constant dense<1.0> : tensor<8x8xf32>
  %e = math.exp %acc : tensor<8x8xf32>
  %l = math.log %e : tensor<8x8xf32>
  %b = math.absf %l : tensor<8x8xf32>
  %q = math.sqrt %b : tensor<8x8xf32>
  %t = math.tanh %q : tensor<8x8xf32>
  %m = arith.mulf %t, %al : tensor<8x8xf32>
  %d = arith.divf %al, %m : tensor<8x8xf32>
  %s = arith.subf %d, %one : tensor<8x8xf32>
  %mn = arith.minimumf %s, %al : tensor<8x8xf32>
  %ad = arith.addf %mn, %one : tensor<8x8xf32>
  tile.store %ad, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A bias broadcast along rows, one along columns and a residual load
// become inputs (in order of first use) and keep their bounds; the
// residual's scaling (used only here) comes into the body.
// CHECK-LABEL: func.func @bias_and_residual
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK:         %[[RB:.*]] = tile.load %{{.*}}[%{{.*}}] bounds [%{{.*}}] : memref<?xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[ROWS:.*]] = tile.broadcast %[[RB]] dim 0
// CHECK-NEXT:    %[[CB:.*]] = tile.load %{{.*}}[%{{.*}}] bounds [%{{.*}}] : memref<?xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[COLS:.*]] = tile.broadcast %[[CB]] dim 1
// CHECK-NEXT:    %[[RES:.*]] = tile.load %{{.*}} bounds [%{{.*}}, %{{.*}}] : memref<?xf32> -> tensor<8x8xf32>
// CHECK-NEXT:    %[[R:.*]] = tile.epilogue ins(%[[ACC]], %[[COLS]], %[[ROWS]], %[[RES]] : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[C:.*]]: f32, %[[W:.*]]: f32, %[[X:.*]]: f32):
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      %[[Y0:.*]] = arith.addf %[[A]], %[[C]] : f32
// CHECK-NEXT:      %[[Y1:.*]] = arith.addf %[[Y0]], %[[W]] : f32
// CHECK-NEXT:      %[[X2:.*]] = arith.mulf %[[X]], %[[TWO]] : f32
// CHECK-NEXT:      %[[Y2:.*]] = arith.addf %[[Y1]], %[[X2]] : f32
// CHECK-NEXT:      tile.yield %[[Y2]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.store %[[R]]
func.func @bias_and_residual(%A: memref<?xf32>, %Rb: memref<?xf32>, %Cb: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %rb = tile.load %Rb[%c0] bounds [%M] : memref<?xf32> -> tensor<8xf32>
  %rows = tile.broadcast %rb dim 0 : tensor<8xf32> -> tensor<8x8xf32>
  %cb = tile.load %Cb[%c0] bounds [%N] : memref<?xf32> -> tensor<8xf32>
  %cols = tile.broadcast %cb dim 1 : tensor<8xf32> -> tensor<8x8xf32>
  %res = tile.load %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %y0 = arith.addf %acc, %cols : tensor<8x8xf32>
  %y1 = arith.addf %y0, %rows : tensor<8x8xf32>
  %x2 = arith.mulf %res, %two : tensor<8x8xf32>
  %y2 = arith.addf %y1, %x2 : tensor<8x8xf32>
  tile.store %y2, %C[%c0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// The same accumulator used twice, acc * sigmoid(acc): one input, used by
// the first and the last op of the body.
// CHECK-LABEL: func.func @silu
// CHECK:         tile.epilogue ins(%{{.*}} : tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[E]], %[[ONE]] : f32
// CHECK-NEXT:      %[[S:.*]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[A]], %[[S]] : f32
// CHECK-NEXT:      tile.yield %[[Y]] : f32
func.func @silu(%A: memref<?xf32>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %one = arith.constant dense<1.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %n = arith.negf %acc : tensor<8x8xf32>
  %e = math.exp %n : tensor<8x8xf32>
  %d = arith.addf %e, %one : tensor<8x8xf32>
  %s = arith.divf %one, %d : tensor<8x8xf32>
  %y = arith.mulf %acc, %s : tensor<8x8xf32>
  tile.store %y, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}

// -----

// A value of the epilogue also stored on its own is a second result, and
// the epilogue goes before its first use; a tile computed from the
// residual that is used elsewhere too stays outside as an input.
// CHECK-LABEL: func.func @two_results
// CHECK:         %[[ACC:.*]] = tile.dot
// CHECK-NEXT:    %[[RES:.*]] = tile.load
// CHECK-NEXT:    %[[X2:.*]] = arith.mulf %[[RES]], %{{.*}} : tensor<8x8xf32>
// CHECK-NEXT:    %[[R:.*]]:2 = tile.epilogue ins(%[[ACC]], %[[X2]] : tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>, tensor<8x8xf32> {
// CHECK:         tile.store %[[R]]#0, %arg1
// CHECK-NEXT:    tile.store %[[X2]], %arg2
// CHECK-NEXT:    tile.store %[[R]]#1, %arg3
func.func @two_results(%A: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>, %E: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %acc = tile.dot %a, %a, %zero : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %res = tile.load %A[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<8x8xf32>
  %x2 = arith.mulf %res, %two : tensor<8x8xf32>
  %y = arith.mulf %acc, %two : tensor<8x8xf32>
  tile.store %y, %C[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  tile.store %x2, %D[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  %z = arith.addf %y, %x2 : tensor<8x8xf32>
  tile.store %z, %E[%c0, %c0] strides [%c8, %c1] : tensor<8x8xf32>, memref<?xf32>
  return
}
