// Rank-1 tiles carried through tile.for_range, each reduction result folded
// into them and stored once: per row of a ragged 13x300 f32 matrix, the sum
// and the maximum (maximumf, padding -inf) over its 8x128 tiles (a loop over
// the columns, 3 iterations, the last one partial); per column of an f16
// and an i32 13x300 matrix, the minimum (minnumf, padding +inf) and the sum
// over 4x128 tiles (a loop over the rows, 4 iterations, the last partial).
// Program p owns rows [8p, 8p + 8) and columns [128p, 128p + 128): 3
// programs cover the columns, and the third has no rows (its row results
// are masked out).
// The MSL on the emulator (3 thread orders, and for the apple7 target) must
// match the tile interpreter.

// RUN: tile-run %s --grid 3 --arg X=f32:3900:random:1 --arg RowSum=f32:13:zeros \
// RUN:   --arg RowMax=f32:13:zeros --arg H=f16:3900:random:2 --arg ColMin=f16:300:zeros \
// RUN:   --arg I=i32:3900:random:3 --arg ColSum=i32:300:zeros --arg M=13 --arg N=300 \
// RUN:   --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --grid 3 --arg X=f32:3900:random:1 --arg RowSum=f32:13:zeros \
// RUN:   --arg RowMax=f32:13:zeros --arg H=f16:3900:random:2 --arg ColMin=f16:300:zeros \
// RUN:   --arg I=i32:3900:random:3 --arg ColSum=i32:300:zeros --arg M=13 --arg N=300 \
// RUN:   --compare --target apple7 | FileCheck %s
// CHECK: ran loop_rows on the emulator: ok
// CHECK-NEXT: compare RowSum: max abs error {{.*}}: ok
// CHECK-NEXT: compare RowMax: max abs error {{.*}}: ok
// CHECK-NEXT: compare ColMin: max abs error {{.*}}: ok
// CHECK-NEXT: compare ColSum: max abs error {{.*}}: ok

func.func @loop_rows(%X: memref<?xf32>, %RowSum: memref<?xf32>, %RowMax: memref<?xf32>,
                     %H: memref<?xf16>, %ColMin: memref<?xf16>,
                     %I: memref<?xi32>, %ColSum: memref<?xi32>,
                     %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<8xf32>
  %r:2 = tile.for_range %j = %c0 to %N step %c128
      iter_args(%s = %zero, %m = %ninf) -> (tensor<8xf32>, tensor<8xf32>) {
    %t = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x128xf32>
    %ts = tile.reduce add %t dim 1 : tensor<8x128xf32> -> tensor<8xf32>
    %s2 = arith.addf %s, %ts : tensor<8xf32>
    %tm = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x128xf32>
    %tx = tile.reduce maximumf %tm dim 1 : tensor<8x128xf32> -> tensor<8xf32>
    %m2 = arith.maximumf %m, %tx : tensor<8xf32>
    tile.yield %s2, %m2 : tensor<8xf32>, tensor<8xf32>
  }
  tile.store %r#0, %RowSum[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  tile.store %r#1, %RowMax[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  // Column reductions carried over the row tiles of 4 rows (program p owns
  // columns [128 p, 128 p + 128)).
  %col = arith.muli %p, %c128 : index
  %pinf = arith.constant dense<0x7C00> : tensor<128xf16>
  %izero = arith.constant dense<0> : tensor<128xi32>
  %c:2 = tile.for_range %i = %c0 to %M step %c4
      iter_args(%h = %pinf, %is = %izero) -> (tensor<128xf16>, tensor<128xi32>) {
    %th = tile.load %H[%i, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7C00 : f16} : memref<?xf16> -> tensor<4x128xf16>
    %hm = tile.reduce minnumf %th dim 0 : tensor<4x128xf16> -> tensor<128xf16>
    %h2 = arith.minnumf %h, %hm : tensor<128xf16>
    %ti = tile.load %I[%i, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xi32> -> tensor<4x128xi32>
    %ic = tile.reduce add %ti dim 0 : tensor<4x128xi32> -> tensor<128xi32>
    %is2 = arith.addi %is, %ic : tensor<128xi32>
    tile.yield %h2, %is2 : tensor<128xf16>, tensor<128xi32>
  }
  tile.store %c#0, %ColMin[%col] bounds [%N] : tensor<128xf16>, memref<?xf16>
  tile.store %c#1, %ColSum[%col] bounds [%N] : tensor<128xi32>, memref<?xi32>
  return
}
