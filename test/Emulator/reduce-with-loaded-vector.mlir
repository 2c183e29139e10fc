// A reduction result combined with a loaded vector: the load stays distributed
// and is converted to the reduction's slice layout (tile-assign-layouts), and
// the sum is converted back to distributed for the store. 12 columns make 3
// groups of 4 per row: the reduction goes through threadgroup memory.
// RUN: tile-opt %s --tile-assign-layouts | FileCheck %s --check-prefix=LAYOUTS
// RUN: tile-run %s --grid 5 --arg X=f32:444:random:1 --arg B=f32:37:random:2 --arg Y=f32:37:zeros --arg M=37 --arg N=12 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --target apple7 --grid 1 --arg X=f32:60:random:3 --arg B=f32:5:random:4 --arg Y=f32:5:zeros --arg M=5 --arg N=12 --compare --schedules 3 | FileCheck %s

// CHECK: ran rowbias on the emulator: ok
// CHECK-NEXT: compare Y: {{.*}}: ok
// LAYOUTS: %[[B:.*]] = tile.load {{.*}} -> tensor<8xf32, #applegpu.distributed<threads = 32, vector = 4>>
// LAYOUTS-NEXT: tile.convert_layout %[[B]] : {{.*}} -> tensor<8xf32, #applegpu.slice<dim = 1, size = 12, parent = #applegpu.distributed<threads = 32, vector = 4>>>

func.func @rowbias(%X: memref<?xf32>, %B: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x12xf32>
  %m = tile.reduce add %x dim 1 : tensor<8x12xf32> -> tensor<8xf32>
  %b = tile.load %B[%row] bounds [%M] : memref<?xf32> -> tensor<8xf32>
  %s = arith.addf %m, %b : tensor<8xf32>
  tile.store %s, %Y[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  return
}
