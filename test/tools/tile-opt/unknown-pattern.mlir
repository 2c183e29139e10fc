// RUN: not tile-opt %s > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: count 0 < %t.out
// A tile.swizzle pattern that does not exist is a verifier error at the op
// that lists every supported pattern; no IR is printed.

// CHECK: {{.*}}unknown-pattern.mlir:[[@LINE+2]]:12: error: 'tile.swizzle' op unknown swizzle pattern 'spiral'; expected one of 'linear', 'diagonal', 'morton', 'grouped', 'hilbert'
func.func @f(%pm: index, %pn: index) -> (index, index) {
  %m, %n = tile.swizzle %pm, %pn {pattern = "spiral"} : index
  return %m, %n : index, index
}
