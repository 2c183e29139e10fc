// RUN: tile-opt %s -allow-unregistered-dialect --tile-unroll | FileCheck %s
// RUN: tile-opt %s -allow-unregistered-dialect --tile-unroll=factor=2 | FileCheck %s
// A reversed range (lb > ub) runs zero times, also when ub - lb does not fit
// in int64_t. Here lb = 2^62 and ub = -2^62 - 1: ub - lb = -2^63 - 1 wraps
// to 2^63 - 1, which must not be taken as the length of the range. Unrolled
// fully or by a factor, nothing of the body may be left.
// (Factor mode once computed the length as max(ub - lb, 0) with wrapping
// subtraction and emitted one copy of the body with iv = -4611686018427387906.)

// CHECK-LABEL: func.func @reversed_wrapping_span
// CHECK-NOT:     tile.for_range
// CHECK-NOT:     "test.use"
// CHECK:         return
func.func @reversed_wrapping_span() {
  %lb = arith.constant 4611686018427387904 : index
  %ub = arith.constant -4611686018427387905 : index
  %s = arith.constant 1 : index
  tile.for_range %i = %lb to %ub step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}
