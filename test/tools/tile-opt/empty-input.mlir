// An empty input is an empty module, not an error; every pass accepts it.
// RUN: tile-opt %s --tile-unroll --tile-for-range-to-scf | FileCheck %s

// CHECK: module {
// CHECK-NEXT: }
