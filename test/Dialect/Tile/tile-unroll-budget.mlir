// RUN: tile-opt %s -allow-unregistered-dialect --tile-unroll=max-unrolled-ops=12 | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect --tile-unroll=max-unrolled-ops=11 | FileCheck %s --check-prefix=TIGHT
// RUN: tile-opt %s -allow-unregistered-dialect --tile-unroll | FileCheck %s --check-prefix=NOLIMIT
// RUN: not tile-opt %s -allow-unregistered-dialect --tile-unroll=max-unrolled-ops=-1 2>&1 | FileCheck %s --check-prefix=NEG
// The size budget of full unrolling: a loop is unrolled only when its trip
// count times the ops of its body (nested ops included) fits in
// max-unrolled-ops; 0, the default, is no limit. Loops are visited
// innermost first, so an outer loop is weighed with its inner loops already
// unrolled.

// Four trips of a 3-op body: 12 ops. Unrolled with a budget of 12, kept
// with 11.
// CHECK-LABEL: func.func @four_by_three
// CHECK-NOT:     tile.for_range
// CHECK-COUNT-4: "test.b"
// TIGHT-LABEL: func.func @four_by_three
// TIGHT:         tile.for_range
// TIGHT-COUNT-1: "test.b"
// TIGHT-NOT:     "test.b"
func.func @four_by_three(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = tile.for_range %i = %c0 to %c4 step %c1 iter_args(%s = %x) -> (f32) {
    %a = "test.a"(%i) : (index) -> f32
    %b = "test.b"(%a, %s) : (f32, f32) -> f32
    %n = arith.addf %b, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}

// Nested: the inner loop (2 trips of 1 op) is unrolled; the outer loop's
// body is then 6 ops (the region op holding the two copies, their constant
// induction values and "test.end"), 8 x 6 = 48 over 12: it stays a loop.
// Without a budget both go.
// CHECK-LABEL: func.func @nested
// CHECK:         tile.for_range %{{.*}} = %c0 to %c8
// CHECK-NEXT:      "test.region"() ({
// CHECK-COUNT-2:     "test.inner"
// CHECK-NEXT:        "test.end"() : () -> ()
// CHECK-NOT:     tile.for_range
// NOLIMIT-LABEL: func.func @nested
// NOLIMIT-NOT:     tile.for_range
// NOLIMIT-COUNT-16: "test.inner"
func.func @nested() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  tile.for_range %i = %c0 to %c8 step %c1 {
    "test.region"() ({
      tile.for_range %j = %c0 to %c2 step %c1 {
        "test.inner"(%i, %j) : (index, index) -> ()
        tile.yield
      }
      "test.end"() : () -> ()
    }) : () -> ()
    tile.yield
  }
  return
}

// NEG: error: tile-unroll: 'max-unrolled-ops' must not be negative, got -1
