// RUN: tile-opt %s --sccp | FileCheck %s
// Sparse constant propagation walks tile.for_range through
// RegionBranchOpInterface: a loop-carried value that every iteration yields
// unchanged is a constant after the loop, one that changes is not.

// CHECK-LABEL: func.func @carried
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[R:.*]]:2 = tile.for_range
// CHECK:           %[[B2:.*]] = arith.addf
// CHECK:           tile.yield %[[ONE]], %[[B2]] : f32, f32
// CHECK:         return %[[ONE]], %[[R]]#1 : f32, f32
func.func @carried(%n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r:2 = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %one, %b = %one) -> (f32, f32) {
    %b2 = arith.addf %b, %b : f32
    tile.yield %a, %b2 : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// A value that only the zero-trip path can produce is not folded to the
// init: the body may run and replace it.
// CHECK-LABEL: func.func @changed_in_body
// CHECK:         %[[R:.*]] = tile.for_range
// CHECK:         return %[[R]] : index
func.func @changed_in_body(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.for_range %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    tile.yield %i : index
  }
  return %r : index
}
