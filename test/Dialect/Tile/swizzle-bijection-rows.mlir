// Every linear, diagonal and grouped swizzle is a bijection of every grid
// up to 33x33 (groups that do not divide the grid included), both as
// tile.swizzle means it (the interpreter) and as tile-swizzle lowers it.
// RUN: tile-swizzle-bijection 33 linear:1 diagonal:1 grouped:1 grouped:3 grouped:8 grouped:33 | FileCheck %s
// CHECK: linear:1: bijection on every grid up to 33x33
// CHECK-NEXT: diagonal:1: bijection on every grid up to 33x33
// CHECK-NEXT: grouped:1: bijection on every grid up to 33x33
// CHECK-NEXT: grouped:3: bijection on every grid up to 33x33
// CHECK-NEXT: grouped:8: bijection on every grid up to 33x33
// CHECK-NEXT: grouped:33: bijection on every grid up to 33x33
