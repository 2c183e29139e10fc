// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect -split-input-file --tile-unroll=factor=4 | FileCheck %s --check-prefix=F4
// Trip counts at the edges: negative bounds, a step larger than the range,
// exactly max-trip-count iterations, and bounds near the index limits.

// -10, -7, ..., 8: seven iterations with the right constant ivs.
// CHECK-LABEL: func.func @negative_lb
// CHECK-NOT:   tile.for_range
// CHECK:       "test.use"(%c-10
// CHECK:       "test.use"(%c-7
// CHECK:       "test.use"(%c-4
// CHECK:       "test.use"(%c-1
// CHECK:       "test.use"(%c2
// CHECK:       "test.use"(%c5
// CHECK:       "test.use"(%c8
// CHECK-NOT:   "test.use"
// With factor 4 the main loop runs once (inlined: ivs -10, -7, -4, -1) and
// the remainder loop covers 2, 5, 8.
// F4-LABEL: func.func @negative_lb
// F4-DAG:     %[[LB:.*]] = arith.constant -10 : index
// F4-DAG:     %[[UB:.*]] = arith.constant 10 : index
// F4-DAG:     %[[S:.*]] = arith.constant 3 : index
// F4-DAG:     %[[C2:.*]] = arith.constant 2 : index
// F4:         "test.use"(%[[LB]])
// F4:         %[[I1:.*]] = arith.addi %[[LB]], %[[S]]
// F4:         "test.use"(%[[I1]])
// F4:         "test.use"
// F4:         "test.use"
// F4:         tile.for_range %[[IV:.*]] = %[[C2]] to %[[UB]] step %[[S]] {
// F4-NEXT:      "test.use"(%[[IV]])
// F4-NEXT:    }
// F4-NOT:     "test.use"
func.func @negative_lb() {
  %lb = arith.constant -10 : index
  %ub = arith.constant 10 : index
  %s = arith.constant 3 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A step larger than the range: one iteration.
// CHECK-LABEL: func.func @big_step
// F4-LABEL: func.func @big_step
// F4-NOT:     tile.for_range
// CHECK-NOT:   tile.for_range
// CHECK-COUNT-1: "test.use"
// CHECK-NOT:   "test.use"
func.func @big_step() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 5 : index
  %s = arith.constant 1000 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// 64 iterations (the default max-trip-count) unroll.
// With factor 4: one main loop of 16 iterations and no remainder.
// CHECK-LABEL: func.func @exactly_max
// F4-LABEL: func.func @exactly_max
// F4:         tile.for_range
// F4-COUNT-4:   "test.use"
// F4:         }
// F4-NEXT:    return
// CHECK-NOT:   tile.for_range
// CHECK-COUNT-64: "test.use"
// CHECK-NOT:   "test.use"
func.func @exactly_max() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 64 : index
  %s = arith.constant 1 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// The whole index range: 2^64 - 1 iterations. The trip count does not fit
// in int64_t, so it is unknown and the loop is not fully unrolled. With a
// factor the range length is computed exactly as an unsigned number: a main
// loop over [INT64_MIN, INT64_MAX - 3) by 4 and a remainder loop for the
// last three iterations.
// CHECK-LABEL: func.func @huge
// CHECK:       tile.for_range
// CHECK-NEXT:    "test.use"
// F4-LABEL: func.func @huge
// F4-DAG:     %[[LB:.*]] = arith.constant -9223372036854775808 : index
// F4-DAG:     %[[UB:.*]] = arith.constant 9223372036854775807 : index
// F4-DAG:     %[[S:.*]] = arith.constant 1 : index
// F4-DAG:     %[[C4:.*]] = arith.constant 4 : index
// F4-DAG:     %[[MUB:.*]] = arith.constant 9223372036854775804 : index
// F4:         tile.for_range %{{.*}} = %[[LB]] to %[[MUB]] step %[[C4]] {
// F4-COUNT-4:   "test.use"
// F4:         }
// F4:         tile.for_range %{{.*}} = %[[MUB]] to %[[UB]] step %[[S]] {
// F4-NEXT:      "test.use"
// F4-NEXT:    }
func.func @huge() {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  %s = arith.constant 1 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A step whose multiple by the factor overflows is left alone (it runs at
// most once); without a factor, it is a one-trip loop and is inlined.
// CHECK-LABEL: func.func @step_overflow
// CHECK-NOT:   tile.for_range
// F4-LABEL: func.func @step_overflow
// F4:         tile.for_range
func.func @step_overflow() {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %s = arith.constant 4611686018427387904 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}
