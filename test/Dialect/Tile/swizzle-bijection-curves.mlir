// Every Z-order and Hilbert swizzle is a bijection of every grid up to
// 33x33, including grids that are not multiples of the block, both as
// tile.swizzle means it (the interpreter) and as tile-swizzle lowers it.
// RUN: tile-swizzle-bijection 33 morton:2 morton:4 morton:8 hilbert:4 | FileCheck %s
// CHECK: morton:2: bijection on every grid up to 33x33
// CHECK-NEXT: morton:4: bijection on every grid up to 33x33
// CHECK-NEXT: morton:8: bijection on every grid up to 33x33
// CHECK-NEXT: hilbert:4: bijection on every grid up to 33x33
