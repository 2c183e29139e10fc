// tile-opt knows the tile dialect and the upstream dialects kernels use.
// RUN: tile-opt --show-dialects | FileCheck %s

// CHECK: Available Dialects: applegpu
// CHECK-SAME: arith
// CHECK-SAME: func
// CHECK-SAME: math
// CHECK-SAME: memref
// CHECK-SAME: scf
// CHECK-SAME: tensor
// CHECK-SAME: tile
