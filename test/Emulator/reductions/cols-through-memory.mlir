// Column reductions (dim 0) of distributed tiles whose row of Gc groups
// neither divides nor is a multiple of the thread count T: round by round
// through threadgroup memory, folded by the owner of each column
// (docs/layouts.md). These shapes used to be refused. On ragged
// matrices (padding rows and columns), under three thread orders, on
// apple9, apple7 and apple10, the emulated MSL must match the tile
// interpreter.
//
// @absi_cols: 8x100 i32, Gc = 25 on T = 224 (one partial round), sum of
//   math.absi of random i32 (negative ones matter), 5 x 250 of them.
// @max_cols: 256x24 f32, Gc = 6 on T = 256: 6 rounds whose columns repeat
//   every 3 (6 / gcd(256, 6)), max of random f32, 200 x 40.
// @sum_cols: 12x36 f32, Gc = 9 on T = 128, sum, 30 x 70 (3 x 2 programs).
// @tall_cols: 128x100 i32, Gc = 25 on T = 256: 13 rounds (the last
//   partial), minsi, 100 x 250; the whole tile (51 KB) would not fit in
//   threadgroup memory, one round and one row do.
// @wide_cols: 2x1200 f32, Gc = 300 on T = 256: each thread owns up to two
//   column groups, sum, 1 x 1100.

// RUN: tile-run %s --kernel absi_cols --target apple9 --schedules 3 --grid 3 --arg X=i32:1250:random:1 --arg Y=i32:250:zeros --arg M=5 --arg N=250 --compare | FileCheck %s --check-prefix=ABSI
// RUN: tile-run %s --kernel absi_cols --target apple7 --schedules 3 --grid 3 --arg X=i32:1250:random:2 --arg Y=i32:250:zeros --arg M=5 --arg N=250 --compare | FileCheck %s --check-prefix=ABSI
// RUN: tile-run %s --kernel absi_cols --target apple10 --schedules 3 --grid 3 --arg X=i32:1250:random:3 --arg Y=i32:250:zeros --arg M=5 --arg N=250 --compare | FileCheck %s --check-prefix=ABSI
// RUN: tile-run %s --kernel max_cols --target apple9 --schedules 3 --grid 2 --arg X=f32:8000:random:4 --arg Y=f32:40:zeros --arg M=200 --arg N=40 --compare | FileCheck %s --check-prefix=MAX
// RUN: tile-run %s --kernel max_cols --target apple10 --schedules 3 --grid 2 --arg X=f32:8000:random:5 --arg Y=f32:40:zeros --arg M=200 --arg N=40 --compare | FileCheck %s --check-prefix=MAX
// RUN: tile-run %s --kernel sum_cols --target apple9 --schedules 3 --grid 3,2 --arg X=f32:2100:random:6 --arg Y=f32:210:zeros --arg M=30 --arg N=70 --compare | FileCheck %s --check-prefix=SUM
// RUN: tile-run %s --kernel tall_cols --target apple9 --schedules 3 --grid 3 --arg X=i32:25000:random:7 --arg Y=i32:250:zeros --arg M=100 --arg N=250 --compare | FileCheck %s --check-prefix=TALL
// RUN: tile-run %s --kernel tall_cols --target apple10 --schedules 3 --grid 3 --arg X=i32:25000:random:8 --arg Y=i32:250:zeros --arg M=100 --arg N=250 --compare | FileCheck %s --check-prefix=TALL
// RUN: tile-run %s --kernel wide_cols --target apple9 --schedules 3 --grid 1 --arg X=f32:1100:random:9 --arg Y=f32:1100:zeros --arg M=1 --arg N=1100 --compare | FileCheck %s --check-prefix=WIDE
// RUN: tile-opt %s --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal

// ABSI: ran absi_cols on the emulator: ok
// ABSI-NEXT: compare Y: {{.*}}: ok
// MAX: ran max_cols on the emulator: ok
// MAX-NEXT: compare Y: {{.*}}: ok
// SUM: ran sum_cols on the emulator: ok
// SUM-NEXT: compare Y: {{.*}}: ok
// TALL: ran tall_cols on the emulator: ok
// TALL-NEXT: compare Y: {{.*}}: ok
// WIDE: ran wide_cols on the emulator: ok
// WIDE-NEXT: compare Y: {{.*}}: ok

// The thread counts the shapes were chosen for.
// MSL-LABEL: kernel absi_cols ABI:
// MSL:         threads per threadgroup: 224 x 1 x 1
// MSL-LABEL: kernel max_cols ABI:
// MSL:         threads per threadgroup: 256 x 1 x 1
// MSL-LABEL: kernel sum_cols ABI:
// MSL:         threads per threadgroup: 128 x 1 x 1
// MSL-LABEL: kernel tall_cols ABI:
// MSL:         threads per threadgroup: 256 x 1 x 1
// MSL-LABEL: kernel wide_cols ABI:
// MSL:         threads per threadgroup: 256 x 1 x 1

func.func @absi_cols(%X: memref<?xi32>, %Y: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c100 : index
  %x = tile.load %X[%c0, %col] strides [%N, %c1] bounds [%M, %N] {padding = -7 : i32}
      : memref<?xi32> -> tensor<8x100xi32>
  %a = math.absi %x : tensor<8x100xi32>
  %s = tile.reduce add %a dim 0 : tensor<8x100xi32> -> tensor<100xi32>
  tile.store %s, %Y[%col] bounds [%N] : tensor<100xi32>, memref<?xi32>
  return
}

func.func @max_cols(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c24 : index
  %x = tile.load %X[%c0, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<256x24xf32>
  %m = tile.reduce maximumf %x dim 0 : tensor<256x24xf32> -> tensor<24xf32>
  tile.store %m, %Y[%col] bounds [%N] : tensor<24xf32>, memref<?xf32>
  return
}

func.func @sum_cols(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c36 = arith.constant 36 : index
  %pr = tile.program_id x : index
  %pc = tile.program_id y : index
  %row = arith.muli %pr, %c12 : index
  %col = arith.muli %pc, %c36 : index
  %x = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N]
      : memref<?xf32> -> tensor<12x36xf32>
  %s = tile.reduce add %x dim 0 : tensor<12x36xf32> -> tensor<36xf32>
  // Program (pr, pc) writes its column sums at Y[pr * N + col].
  %out = arith.muli %pr, %N : index
  %at = arith.addi %out, %col : index
  %end = arith.addi %out, %N : index
  tile.store %s, %Y[%at] bounds [%end] : tensor<36xf32>, memref<?xf32>
  return
}

func.func @tall_cols(%X: memref<?xi32>, %Y: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c100 : index
  %x = tile.load %X[%c0, %col] strides [%N, %c1] bounds [%M, %N] {padding = 2147483647 : i32}
      : memref<?xi32> -> tensor<128x100xi32>
  %m = tile.reduce minsi %x dim 0 : tensor<128x100xi32> -> tensor<100xi32>
  tile.store %m, %Y[%col] bounds [%N] : tensor<100xi32>, memref<?xi32>
  return
}

func.func @wide_cols(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0, %c0] strides [%N, %c1] bounds [%M, %N]
      : memref<?xf32> -> tensor<2x1200xf32>
  %s = tile.reduce add %x dim 0 : tensor<2x1200xf32> -> tensor<1200xf32>
  tile.store %s, %Y[%c0] bounds [%N] : tensor<1200xf32>, memref<?xf32>
  return
}
