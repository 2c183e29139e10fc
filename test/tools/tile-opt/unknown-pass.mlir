// RUN: not tile-opt %s --tile-nope > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s '--pass-pipeline=builtin.module(tile-nope)' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// A pass that is not registered is rejected by the command line parser,
// which suggests the closest tile pass; in a --pass-pipeline it is a
// pipeline parse error. No IR is printed.

// CHECK: Unknown command line argument '--tile-nope'.
// CHECK: Did you mean '--tile-unroll'?
// PIPELINE: error: MLIR Textual PassPipeline Parser:1:1: error: 'tile-nope' does not refer to a registered pass or pass pipeline
func.func @f() {
  return
}
