// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=max-trip-count=2 | FileCheck %s --check-prefix=MAX2
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=3 | FileCheck %s --check-prefix=F3
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=1 | FileCheck %s --check-prefix=F1
// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=-2 2>&1 | FileCheck %s --check-prefix=NEG

// A K loop of 4 constant iterations becomes straight-line code: each dot
// accumulates into the previous one, loads use k = 0, 32, 64, 96.
// CHECK-LABEL: func.func @k_loop
// CHECK-SAME:    (%[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>)
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
// CHECK-NOT:   tile.for_range
// CHECK:       %[[K0:.*]] = arith.constant 0 : index
// CHECK:       %[[A0:.*]] = tile.load %[[A]][%{{.*}}, %[[K0]]]
// CHECK:       %[[B0:.*]] = tile.load %[[B]][%[[K0]], %{{.*}}]
// CHECK:       %[[D0:.*]] = tile.dot %[[A0]], %[[B0]], %[[ZERO]]
// CHECK:       %[[K1:.*]] = arith.constant 32 : index
// CHECK:       %[[A1:.*]] = tile.load %[[A]][%{{.*}}, %[[K1]]]
// CHECK:       %[[B1:.*]] = tile.load %[[B]][%[[K1]], %{{.*}}]
// CHECK:       %[[D1:.*]] = tile.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK:       %[[K2:.*]] = arith.constant 64 : index
// CHECK:       %[[A2:.*]] = tile.load %[[A]][%{{.*}}, %[[K2]]]
// CHECK:       %[[D2:.*]] = tile.dot %[[A2]], %{{.*}}, %[[D1]]
// CHECK:       %[[K3:.*]] = arith.constant 96 : index
// CHECK:       %[[A3:.*]] = tile.load %[[A]][%{{.*}}, %[[K3]]]
// CHECK:       %[[D3:.*]] = tile.dot %[[A3]], %{{.*}}, %[[D2]]
// CHECK-NOT:   tile.dot
// CHECK:       tile.store %[[D3]], %[[C]]
// MAX2-LABEL: func.func @k_loop
// MAX2:         tile.for_range
// MAX2-COUNT-1: tile.dot
// F3-LABEL: func.func @k_loop
// F3-NOT:     tile.for_range
// F3-COUNT-4: tile.dot
// F1-LABEL: func.func @k_loop
// F1:         tile.for_range
// NEG: error: tile-unroll: 'factor' and 'max-trip-count' must not be negative, got factor=-2 max-trip-count=64
func.func @k_loop(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %acc = tile.for_range %k = %c0 to %c128 step %c32 iter_args(%a0 = %zero) -> (tensor<16x16xf32>) {
    %a = tile.load %A[%c0, %k] strides [%c128, %c1] : memref<?xf32> -> tensor<16x32xf32>
    %b = tile.load %B[%k, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x16xf32>
    %d = tile.dot %a, %b, %a0 : tensor<16x32xf32>, tensor<32x16xf32> -> tensor<16x16xf32>
    tile.yield %d : tensor<16x16xf32>
  }
  tile.store %acc, %C[%c0, %c0] strides [%c32, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// Zero trips (empty and reversed ranges): the results are the inits.
// CHECK-LABEL: func.func @zero_trip
// CHECK-SAME:    (%[[X:.*]]: f32, %[[T:.*]]: tensor<4xf32>)
// CHECK-NOT:   tile.for_range
// CHECK-NOT:   arith.addf
// CHECK:       return %[[X]], %[[T]] : f32, tensor<4xf32>
// F3-LABEL: func.func @zero_trip
// F3-NOT:     tile.for_range
// F3:         return %{{.*}}, %{{.*}} : f32, tensor<4xf32>
func.func @zero_trip(%x: f32, %t: tensor<4xf32>) -> (f32, tensor<4xf32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %c8 to %c4 step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  %q = tile.for_range %i = %c4 to %c4 step %c1 iter_args(%s = %t) -> (tensor<4xf32>) {
    %n = arith.addf %s, %s : tensor<4xf32>
    tile.yield %n : tensor<4xf32>
  }
  return %r, %q : f32, tensor<4xf32>
}

// -----

// One trip: the body is inlined with iv = lb, even with a big step.
// CHECK-LABEL: func.func @one_trip
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[S:.*]]: f32)
// CHECK-NOT:   tile.for_range
// CHECK:       %[[C5:.*]] = arith.constant 5 : index
// CHECK:       %[[V:.*]] = tile.load %[[X]][%[[C5]]]
// CHECK:       %[[R:.*]] = arith.addf %[[S]], %{{.*}} : f32
// CHECK:       return %[[R]]
func.func @one_trip(%X: memref<?xf32>, %s0: f32) -> f32 {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c100 = arith.constant 100 : index
  %r = tile.for_range %i = %c5 to %c6 step %c100 iter_args(%s = %s0) -> (f32) {
    %v = tile.load %X[%i] : memref<?xf32> -> tensor<4xf32>
    %e = tensor.extract %v[%c5] : tensor<4xf32>
    %n = arith.addf %s, %e : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// Runtime bounds are left alone unless a factor is given. With factor 3 the
// main loop steps by 3*step and carries the value through three bodies at
// iv, iv+step, iv+2*step; the remainder loop continues from the main loop's
// bound with the original step and the main loop's results. The length of
// the range is ub - lb only when ub > lb (select), so that an empty range
// stays empty.
// CHECK-LABEL: func.func @runtime
// CHECK:         tile.for_range
// CHECK-NOT:     tile.for_range
// F3-LABEL: func.func @runtime
// F3-SAME:    (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[X:.*]]: f32)
// F3-DAG:     %[[STEP:.*]] = arith.constant 5 : index
// F3-DAG:     %[[BIG:.*]] = arith.constant 15 : index
// F3:         %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[UB]], %[[LB]] : index
// F3:         %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]] : index
// F3:         %[[SPAN:.*]] = arith.select %[[NONEMPTY]], %[[DIFF]], %{{.*}} : index
// F3:         %[[TRIPS:.*]] = arith.divui %[[SPAN]], %[[BIG]] : index
// F3:         %[[MSPAN:.*]] = arith.muli %[[TRIPS]], %[[BIG]] : index
// F3:         %[[MUB:.*]] = arith.addi %[[LB]], %[[MSPAN]] : index
// F3:         %[[MAIN:.*]] = tile.for_range %[[IV:.*]] = %[[LB]] to %[[MUB]] step %[[BIG]] iter_args(%[[S:.*]] = %[[X]]) -> (f32) {
// F3:           %[[V0:.*]] = "test.use"(%[[IV]], %[[S]])
// F3:           %[[IV1:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// F3:           %[[V1:.*]] = "test.use"(%[[IV1]], %[[V0]])
// F3:           %[[O2:.*]] = arith.constant 10 : index
// F3:           %[[IV2:.*]] = arith.addi %[[IV]], %[[O2]] : index
// F3:           %[[V2:.*]] = "test.use"(%[[IV2]], %[[V1]])
// F3:           tile.yield %[[V2]] : f32
// F3:         }
// F3:         %[[REM:.*]] = tile.for_range %[[RIV:.*]] = %[[MUB]] to %[[UB]] step %[[STEP]] iter_args(%[[RS:.*]] = %[[MAIN]]) -> (f32) {
// F3:           %[[RV:.*]] = "test.use"(%[[RIV]], %[[RS]])
// F3:           tile.yield %[[RV]] : f32
// F3:         }
// F3:         return %[[REM]]
func.func @runtime(%lb: index, %ub: index, %x: f32) -> f32 {
  %step = arith.constant 5 : index
  %r = tile.for_range %i = %lb to %ub step %step iter_args(%s = %x) -> (f32) {
    %n = "test.use"(%i, %s) : (index, f32) -> f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// A runtime step is left alone even with a factor: step * factor could wrap
// and make the main loop run the wrong iterations.
// CHECK-LABEL: func.func @runtime_step
// CHECK:         tile.for_range
// F3-LABEL: func.func @runtime_step
// F3:         tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// F3-NEXT:      "test.use"
// F3-NEXT:      tile.yield
// F3-NOT:     tile.for_range
func.func @runtime_step(%lb: index, %ub: index, %step: index, %x: f32) -> f32 {
  %r = tile.for_range %i = %lb to %ub step %step iter_args(%s = %x) -> (f32) {
    %n = "test.use"(%i, %s) : (index, f32) -> f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// Trip count 7 (2, 4, ..., 14), factor 3: a main loop of two iterations over
// [2, 14) by 6 and the last iteration (iv = 14) inlined after it.
// MAX2-LABEL: func.func @not_divisible
// MAX2:         tile.for_range
// F3-LABEL: func.func @not_divisible
// F3-SAME:    (%[[X:.*]]: f32)
// F3-DAG:     %[[C2:.*]] = arith.constant 2 : index
// F3-DAG:     %[[C14:.*]] = arith.constant 14 : index
// F3-DAG:     %[[C6:.*]] = arith.constant 6 : index
// F3:         %[[MAIN:.*]] = tile.for_range %[[IV:.*]] = %[[C2]] to %[[C14]] step %[[C6]] iter_args(%[[S:.*]] = %[[X]]) -> (f32) {
// F3-COUNT-3:   "test.use"
// F3:         }
// F3-NOT:     tile.for_range
// F3:         %[[LAST:.*]] = "test.use"(%[[C14]], %[[MAIN]])
// F3:         return %[[LAST]]
// CHECK-LABEL: func.func @not_divisible
// CHECK-NOT:   tile.for_range
// CHECK-COUNT-7: "test.use"
func.func @not_divisible(%x: f32) -> f32 {
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %r = tile.for_range %i = %c2 to %c16 step %c2 iter_args(%s = %x) -> (f32) {
    %n = "test.use"(%i, %s) : (index, f32) -> f32
    tile.yield %n : f32
  }
  return %r : f32
}

// -----

// Trip count 6, factor 3: only a main loop, no remainder.
// F3-LABEL: func.func @divisible
// F3:         tile.for_range %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// F3-COUNT-3:   "test.effect"
// F3:         }
// F3-NOT:     tile.for_range
// F3-NOT:     "test.effect"
// F3:         return
func.func @divisible() {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  tile.for_range %i = %c0 to %c6 step %c1 {
    "test.effect"(%i) : (index) -> ()
  }
  return
}

// -----

// Nested constant loops unroll innermost first, then the outer loop, with
// loop-carried tensors flowing through all 2x3 bodies in order.
// CHECK-LABEL: func.func @nested
// CHECK-SAME:    (%[[T:.*]]: tensor<8xf32>)
// CHECK-NOT:   tile.for_range
// CHECK:       %[[R0:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[T]])
// CHECK:       %[[R1:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[R0]])
// CHECK:       %[[R2:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[R1]])
// CHECK:       %[[R3:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[R2]])
// CHECK:       %[[R4:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[R3]])
// CHECK:       %[[R5:.*]] = "test.step"(%{{.*}}, %{{.*}}, %[[R4]])
// CHECK:       return %[[R5]]
func.func @nested(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = tile.for_range %i = %c0 to %c2 step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %q = tile.for_range %j = %c0 to %c3 step %c1 iter_args(%b = %a) -> (tensor<8xf32>) {
      %n = "test.step"(%i, %j, %b) : (index, index, tensor<8xf32>) -> tensor<8xf32>
      tile.yield %n : tensor<8xf32>
    }
    tile.yield %q : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Several loop-carried values (swapped every iteration) keep their order.
// CHECK-LABEL: func.func @swap
// CHECK-SAME:    (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NOT:   tile.for_range
// CHECK:       return %[[Y]], %[[X]] : f32, f32
func.func @swap(%x: f32, %y: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = tile.for_range %i = %c0 to %c3 step %c1 iter_args(%a = %x, %b = %y) -> (f32, f32) {
    tile.yield %b, %a : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// Loops longer than max-trip-count stay loops.
// CHECK-LABEL: func.func @long
// CHECK:         tile.for_range
// CHECK-NOT:     "test.effect"(%c
func.func @long() {
  %c0 = arith.constant 0 : index
  %c65 = arith.constant 65 : index
  %c1 = arith.constant 1 : index
  tile.for_range %i = %c0 to %c65 step %c1 {
    "test.effect"(%i) : (index) -> ()
  }
  return
}
