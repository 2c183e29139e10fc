// RUN: not tile-opt %s > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: count 0 < %t.out
// A syntax error (missing operand) is reported once, at its file:line:col,
// with the source line and a caret; tile-opt exits with a failure code (not
// a crash: `not` rejects signals) and prints no IR on stdout.

// CHECK: {{.*}}parse-error.mlir:[[@LINE+4]]:22: error: expected SSA operand
// CHECK-NEXT: {{^}}  %0 = arith.addi %x, : index
// CHECK-NEXT: {{^}}                     ^
func.func @f(%x: index) -> index {
  %0 = arith.addi %x, : index
  return %0 : index
}
