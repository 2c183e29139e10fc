// Triton's wrapped rows (`offs_m = (pid * 16 + arange(16)) % M`): a gather
// through a tile of offsets, the columns masked with `other = -1`, on a
// ragged 43x50 matrix; the emulator against the interpreter under three
// thread orders on both backends, and numpy on what it wrote.
// RUN: tile-run %s --grid 3 --arg X=f32:2150:random:1 --arg Y=f32:2150:zeros --arg M=43 --arg N=50 --compare --schedules 3 --out X=%t.x.npy --out Y=%t.y.npy | FileCheck %s
// RUN: %python %S/Inputs/check.py wrap %t.x.npy %t.y.npy 43 50 | FileCheck %s --check-prefix=NUMPY
// RUN: tile-run %s --target apple10 --grid 3 --arg X=f32:2150:random:1 --arg Y=f32:2150:zeros --arg M=43 --arg N=50 --compare --schedules 3 | FileCheck %s
// CHECK: ran wrap_copy on the emulator: ok
// CHECK-NEXT: compare Y: {{.*}}: ok
// NUMPY: wrap: match

func.func @wrap_copy(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %p = tile.program_id x : index
  %row0 = arith.muli %p, %c16 : index
  %row0i = arith.index_cast %row0 : index to i32
  %Mi = arith.index_cast %M : index to i32
  %Ni = arith.index_cast %N : index to i32
  %r = tile.arange : tensor<16xi32>
  %row0v = tile.splat %row0i : i32 -> tensor<16xi32>
  %rows = arith.addi %row0v, %r : tensor<16xi32>
  %Mv = tile.splat %Mi : i32 -> tensor<16xi32>
  %wrapped = arith.remsi %rows, %Mv : tensor<16xi32>
  %cols = tile.arange : tensor<64xi32>
  %rows2 = tile.broadcast %wrapped dim 0 : tensor<16xi32> -> tensor<16x64xi32>
  %cols2 = tile.broadcast %cols dim 1 : tensor<64xi32> -> tensor<16x64xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<16x64xi32>
  %rowStart = arith.muli %rows2, %Nv : tensor<16x64xi32>
  %offs = arith.addi %rowStart, %cols2 : tensor<16x64xi32>
  %inRow = arith.cmpi slt, %cols2, %Nv : tensor<16x64xi32>
  %minus = arith.constant dense<-1.0> : tensor<16x64xf32>
  %x = tile.gather %X[%offs] mask %inRow other %minus : memref<?xf32>, tensor<16x64xi32> -> tensor<16x64xf32>
  %two = arith.constant dense<2.0> : tensor<16x64xf32>
  %y = arith.mulf %x, %two : tensor<16x64xf32>
  tile.store %y, %Y[%row0, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<16x64xf32>, memref<?xf32>
  return
}
