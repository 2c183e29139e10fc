// RUN: not tile-opt %s --tile-unroll=factor=-2 > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
// RUN: count 0 < %t.out
// RUN: not tile-opt %s --tile-unroll=max-trip-count=-1 2>&1 | FileCheck %s --check-prefix=MAXTRIP
// A negative factor or max-trip-count parses (the options are signed) but
// makes tile-unroll fail on the module, reported at the module's location
// (line 0 of the file), and no IR is printed.

// CHECK: {{.*}}negative-factor.mlir:0:0: error: tile-unroll: 'factor' and 'max-trip-count' must not be negative, got factor=-2 max-trip-count=64
// MAXTRIP: error: tile-unroll: 'factor' and 'max-trip-count' must not be negative, got factor=0 max-trip-count=-1
func.func @f(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = tile.for_range %i = %c0 to %c4 step %c1 iter_args(%s = %x) -> (f32) {
    %n = arith.addf %s, %s : f32
    tile.yield %n : f32
  }
  return %r : f32
}
