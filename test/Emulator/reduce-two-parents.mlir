// Two reductions of tiles in different layouts (distributed and an accumulator)
// added together: each gets the slice of its own input, and one is converted.
// RUN: tile-opt %s --tile-assign-layouts | FileCheck %s --check-prefix=LAYOUTS
// RUN: tile-run %s --grid 1 --arg A=f32:256:random:1 --arg X=f32:256:random:2 --arg Y=f32:16:zeros --compare --schedules 3 | FileCheck %s
// RUN: tile-run --target apple10 %s --grid 1 --arg A=f32:256:random:1 --arg X=f32:256:random:2 --arg Y=f32:16:zeros --compare --schedules 3 | FileCheck %s

// CHECK: ran two_parents on the emulator: ok
// CHECK-NEXT: compare Y: {{.*}}: ok
// LAYOUTS: tile.reduce add {{.*}} -> tensor<16xf32, #applegpu.slice<dim = 1, size = 16, parent = #applegpu.distributed<threads = 128, vector = 4>>>
// LAYOUTS: %[[RD:.*]] = tile.reduce add {{.*}} -> tensor<16xf32, #applegpu.slice<dim = 1, size = 16, parent = #applegpu.fragments<simdgroups = [2, 2]>>>
// LAYOUTS-NEXT: tile.convert_layout %[[RD]]

func.func @two_parents(%A: memref<?xf32>, %X: memref<?xf32>, %Y: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %x = tile.load %X[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %rx = tile.reduce add %x dim 1 : tensor<16x16xf32> -> tensor<16xf32>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %rd = tile.reduce add %d dim 1 : tensor<16x16xf32> -> tensor<16xf32>
  %s = arith.addf %rx, %rd : tensor<16xf32>
  tile.store %s, %Y[%c0] : tensor<16xf32>, memref<?xf32>
  return
}

