// RUN: not tile-opt %s > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s -allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not tile-opt %s -split-input-file -allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=GENERIC
// An op the tile dialect does not define is an error at its location, in
// the custom form and (second case) in the generic form. The tile dialect
// is registered, so -allow-unregistered-dialect does not make it legal.

// CHECK: {{.*}}unknown-op.mlir:[[@LINE+2]]:8: error: custom op 'tile.bogus' is unknown
func.func @custom(%x: index) -> index {
  %0 = tile.bogus %x : index
  return %0 : index
}

// -----

// GENERIC: {{.*}}unknown-op.mlir:[[@LINE+2]]:3: error: unregistered operation 'tile.bogus' found in dialect ('tile') that does not allow unknown operations
func.func @generic(%x: index) {
  "tile.bogus"(%x) : (index) -> ()
  return
}
