// tile.reduce on 16x64 i32 tiles, the integer kinds add, mul, maxsi, minsi,
// maxui, along dim 0 (per column, stored as a rank-1 tile), of a ragged
// 21x100 matrix loaded with bounds (2x2 programs). 16x64, 256 threads: a row
// is 16 groups (segments of 16 lanes). The MSL on the emulator (3 thread
// orders, and for the apple7 target) must match the tile interpreter.
// Program (pr, pc) stores its column results at <kind>_cols[pr * N + col].
//
// Split over i32-seg16-rows.mlir, i32-seg16-cols-a.mlir,
// i32-seg16-cols-b.mlir: each reduction has threadgroup scratch of its own,
// and one kernel with all of them would need more than a threadgroup's 32
// KB.
//
// Inputs X and Y are tile-run's random i32 in [-8, 8). add reduces X
// (padding 5, not the identity), mul X | 1 (odd, never 0; products wrap),
// maxsi/minsi/xor and maxui/minui h = (X << 4) ^ Y (256 values, negative
// ones huge as unsigned; padding 0 resp. -1), and/or one bit
// (16 X + Y) & 31 set (or) or cleared (and) per element. Integers must
// match exactly.

// RUN: tile-run %s --kernel i32_seg16_cols_a --grid 2,2 --arg X=i32:2100:random:1 \
// RUN:   --arg Y=i32:2100:random:2 --arg add_cols=i32:200:zeros \
// RUN:   --arg mul_cols=i32:200:zeros --arg maxsi_cols=i32:200:zeros \
// RUN:   --arg minsi_cols=i32:200:zeros --arg maxui_cols=i32:200:zeros --arg M=21 \
// RUN:   --arg N=100 --compare --rtol 0 --atol 0 --schedules 3 | FileCheck %s --check-prefix=I32_SEG16_COLS_A
// RUN: tile-run %s --kernel i32_seg16_cols_a --grid 2,2 --arg X=i32:2100:random:1 \
// RUN:   --arg Y=i32:2100:random:2 --arg add_cols=i32:200:zeros \
// RUN:   --arg mul_cols=i32:200:zeros --arg maxsi_cols=i32:200:zeros \
// RUN:   --arg minsi_cols=i32:200:zeros --arg maxui_cols=i32:200:zeros --arg M=21 \
// RUN:   --arg N=100 --compare --rtol 0 --atol 0 --target apple7 | FileCheck %s --check-prefix=I32_SEG16_COLS_A
// I32_SEG16_COLS_A: ran i32_seg16_cols_a on the emulator: ok
// I32_SEG16_COLS_A-NEXT: compare add_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG16_COLS_A-NEXT: compare mul_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG16_COLS_A-NEXT: compare maxsi_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG16_COLS_A-NEXT: compare minsi_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG16_COLS_A-NEXT: compare maxui_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @i32_seg16_cols_a(%X: memref<?xi32>, %Y: memref<?xi32>,
                            %add_cols: memref<?xi32>, %mul_cols: memref<?xi32>,
                            %maxsi_cols: memref<?xi32>,
                            %minsi_cols: memref<?xi32>,
                            %maxui_cols: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cR = arith.constant 16 : index
  %cC = arith.constant 64 : index
  %pr = tile.program_id x : index
  %pc = tile.program_id y : index
  %row = arith.muli %pr, %cR : index
  %col = arith.muli %pc, %cC : index
  %rbase = arith.muli %pc, %M : index
  %ridx = arith.addi %rbase, %row : index
  %rend = arith.addi %rbase, %M : index
  %cbase = arith.muli %pr, %N : index
  %cidx = arith.addi %cbase, %col : index
  %cend = arith.addi %cbase, %N : index
  %x1 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 5 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %r2 = tile.reduce add %x1 dim 0 : tensor<16x64xi32> -> tensor<64xi32>
  tile.store %r2, %add_cols[%cidx] bounds [%cend] : tensor<64xi32>, memref<?xi32>
  %x3 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -3 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %k4 = arith.constant dense<1> : tensor<16x64xi32>
  %v5 = arith.ori %x3, %k4 : tensor<16x64xi32>
  %r6 = tile.reduce mul %v5 dim 0 : tensor<16x64xi32> -> tensor<64xi32>
  tile.store %r6, %mul_cols[%cidx] bounds [%cend] : tensor<64xi32>, memref<?xi32>
  %x7 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %x8 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %k9 = arith.constant dense<4> : tensor<16x64xi32>
  %v10 = arith.shli %x7, %k9 : tensor<16x64xi32>
  %v11 = arith.xori %v10, %x8 : tensor<16x64xi32>
  %r12 = tile.reduce maxsi %v11 dim 0 : tensor<16x64xi32> -> tensor<64xi32>
  tile.store %r12, %maxsi_cols[%cidx] bounds [%cend] : tensor<64xi32>, memref<?xi32>
  %v13 = arith.shli %x7, %k9 : tensor<16x64xi32>
  %v14 = arith.xori %v13, %x8 : tensor<16x64xi32>
  %r15 = tile.reduce minsi %v14 dim 0 : tensor<16x64xi32> -> tensor<64xi32>
  tile.store %r15, %minsi_cols[%cidx] bounds [%cend] : tensor<64xi32>, memref<?xi32>
  %x16 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %x17 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<16x64xi32>
  %v18 = arith.shli %x16, %k9 : tensor<16x64xi32>
  %v19 = arith.xori %v18, %x17 : tensor<16x64xi32>
  %r20 = tile.reduce maxui %v19 dim 0 : tensor<16x64xi32> -> tensor<64xi32>
  tile.store %r20, %maxui_cols[%cidx] bounds [%cend] : tensor<64xi32>, memref<?xi32>
  return
}

