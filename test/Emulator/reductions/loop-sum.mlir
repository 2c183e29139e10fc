// The TinyTon-style loop_sum: each program folds one row of a 3x1000 matrix
// in tiles of 128 (the last one partial, loaded with bounds) through
// tile.for_range, carrying scalars: acc = acc + (reduce add of the tile),
// m = max(m, reduce maximumf of the tile padded with -inf), and an i32
// x = x ^ (reduce xor of the tile of another buffer); each is stored once
// per program with a scalar tile.store. The MSL on the emulator (3 thread
// orders, and for the apple7 target) must match the tile interpreter (the
// sum within the tolerance for its 1000 terms).

// RUN: tile-run %s --grid 3 --arg X=f32:3000:random:1 --arg Sum=f32:3:zeros \
// RUN:   --arg Max=f32:3:zeros --arg I=i32:3000:random:2 --arg Xor=i32:3:zeros \
// RUN:   --arg N=1000 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --grid 3 --arg X=f32:3000:random:1 --arg Sum=f32:3:zeros \
// RUN:   --arg Max=f32:3:zeros --arg I=i32:3000:random:2 --arg Xor=i32:3:zeros \
// RUN:   --arg N=1000 --compare --target apple7 | FileCheck %s
// CHECK: ran loop_sum on the emulator: ok
// CHECK-NEXT: compare Sum: max abs error {{.*}}: ok
// CHECK-NEXT: compare Max: max abs error {{.*}}: ok
// CHECK-NEXT: compare Xor: max abs error {{.*}}: ok

func.func @loop_sum(%X: memref<?xf32>, %Sum: memref<?xf32>, %Max: memref<?xf32>,
                    %I: memref<?xi32>, %Xor: memref<?xi32>, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %base = arith.muli %p, %N : index
  %end = arith.addi %base, %N : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %izero = arith.constant 0 : i32
  %r:3 = tile.for_range %j = %c0 to %N step %c128
      iter_args(%acc = %zero, %m = %ninf, %x = %izero) -> (f32, f32, i32) {
    %i = arith.addi %base, %j : index
    %t = tile.load %X[%i] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %s = tile.reduce add %t dim 0 : tensor<128xf32> -> f32
    %acc2 = arith.addf %acc, %s : f32
    %tm = tile.load %X[%i] bounds [%end] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<128xf32>
    %sm = tile.reduce maximumf %tm dim 0 : tensor<128xf32> -> f32
    %m2 = arith.maximumf %m, %sm : f32
    %ti = tile.load %I[%i] bounds [%end] : memref<?xi32> -> tensor<128xi32>
    %sx = tile.reduce xor %ti dim 0 : tensor<128xi32> -> i32
    %x2 = arith.xori %x, %sx : i32
    tile.yield %acc2, %m2, %x2 : f32, f32, i32
  }
  tile.store %r#0, %Sum[%p] : f32, memref<?xf32>
  tile.store %r#1, %Max[%p] : f32, memref<?xf32>
  tile.store %r#2, %Xor[%p] : i32, memref<?xi32>
  return
}
