// RUN: not tile-opt %s --tile-unroll=factor=abc > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s --tile-unroll=unroll-all=1 2>&1 | FileCheck %s --check-prefix=NOSUCH
// RUN: not tile-opt %s '--pass-pipeline=builtin.module(tile-unroll{max-trip-count=x})' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// A pass option that does not parse as an integer, or does not exist, is
// rejected before any pass runs (the input itself is valid) and nothing is
// printed on stdout.

// CHECK: for the --factor option: 'abc' value invalid for long argument!
// NOSUCH: error: <Pass-Options-Parser>: no such option unroll-all
// PIPELINE: for the --max-trip-count option: 'x' value invalid for long argument!
// PIPELINE: failed to add `tile-unroll` with options `max-trip-count=x`
func.func @f() {
  return
}
