// RUN: not tile-opt %s > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s --mlir-print-op-on-diagnostic 2>&1 | FileCheck %s --check-prefix=DUMP
// IR that parses but breaks the tile.dot type rules fails the verifier:
// each bad op gets an error at its file:line:col (verification goes on after
// the first failure, so both are reported), and nothing is printed on
// stdout. --mlir-print-op-on-diagnostic adds a note with the op in generic
// form.

// CHECK: {{.*}}wrong-type.mlir:[[@LINE+4]]:8: error: 'tile.dot' op operand element types differ: 'f32' and 'f16'
// CHECK-NEXT: %d = tile.dot
// DUMP: {{.*}}wrong-type.mlir:[[@LINE+2]]:8: note: see current operation: %0 = "tile.dot"
func.func @element_types(%a: tensor<16x8xf32>, %b: tensor<8x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<8x16xf16> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}

// CHECK: {{.*}}wrong-type.mlir:[[@LINE+2]]:8: error: 'tile.dot' op contraction mismatch: lhs is 16x8 but rhs is 4x16
func.func @shapes(%a: tensor<16x8xf32>, %b: tensor<4x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<4x16xf32> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}
