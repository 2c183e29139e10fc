// RUN: tile-opt %s --canonicalize | FileCheck %s
// RUN: tile-opt %s --tile-unroll | FileCheck %s
// A constant trip count above INT64_MAX (here 2^64 - 1 and 2^63 iterations
// of [INT64_MIN, INT64_MAX)) must not be mistaken for a small one: the loop
// is neither folded away nor inlined as a single iteration by
// canonicalization, and is too long for tile-unroll's full unrolling.
// (tile::getConstantTripCount reports a count that does not fit in int64_t
// as unknown instead of letting it wrap to -1 or INT64_MIN, which would read
// as "at most one trip".)

// CHECK-LABEL: func.func @step1
// CHECK:         %[[R:.*]] = tile.for_range
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      tile.yield
// CHECK:         return %[[R]] : f32
func.func @step1(%x: f32) -> f32 {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %lb to %ub step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @step2
// CHECK:         %[[R:.*]] = tile.for_range
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      tile.yield
// CHECK:         return %[[R]] : f32
func.func @step2(%x: f32) -> f32 {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  %c2 = arith.constant 2 : index
  %r = tile.for_range %i = %lb to %ub step %c2 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// 3074457345618258603 trips fit in int64_t: kept already today.
// CHECK-LABEL: func.func @step3
// CHECK:         %[[R:.*]] = tile.for_range
// CHECK:         return %[[R]] : f32
func.func @step3(%x: f32) -> f32 {
  %lb = arith.constant -9223372036854775808 : index
  %ub = arith.constant 9223372036854775807 : index
  %c3 = arith.constant 3 : index
  %r = tile.for_range %i = %lb to %ub step %c3 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}
