// tile.reduce on 8x128 i32 tiles, every integer kind (add, mul, maxsi,
// minsi, maxui, minui, and, or, xor), along dim 1 (per row, stored as a
// rank-1 tile), of a ragged 13x100 matrix loaded with bounds (2x1 programs).
// 8x128, 256 threads: a row is 32 groups of 4, one SIMD-group (segments of
// 32 lanes); columns: 8 threads share a column. The MSL on the emulator (3
// thread orders, and for the apple7 target) must match the tile interpreter.
// Program (pr, pc) stores its row results at <kind>_rows[pc * M + row].
//
// Split over i32-seg32-rows.mlir, i32-seg32-cols-a.mlir,
// i32-seg32-cols-b.mlir: each reduction has threadgroup scratch of its own,
// and one kernel with all of them would need more than a threadgroup's 32
// KB.
//
// Inputs X and Y are tile-run's random i32 in [-8, 8). add reduces X
// (padding 5, not the identity), mul X | 1 (odd, never 0; products wrap),
// maxsi/minsi/xor and maxui/minui h = (X << 4) ^ Y (256 values, negative
// ones huge as unsigned; padding 0 resp. -1), and/or one bit
// (16 X + Y) & 31 set (or) or cleared (and) per element. Integers must
// match exactly.

// RUN: tile-run %s --kernel i32_seg32_rows --grid 2,1 --arg X=i32:1300:random:1 \
// RUN:   --arg Y=i32:1300:random:2 --arg add_rows=i32:13:zeros --arg mul_rows=i32:13:zeros \
// RUN:   --arg maxsi_rows=i32:13:zeros --arg minsi_rows=i32:13:zeros \
// RUN:   --arg maxui_rows=i32:13:zeros --arg minui_rows=i32:13:zeros \
// RUN:   --arg and_rows=i32:13:zeros --arg or_rows=i32:13:zeros \
// RUN:   --arg xor_rows=i32:13:zeros --arg M=13 --arg N=100 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=I32_SEG32_ROWS
// RUN: tile-run %s --kernel i32_seg32_rows --grid 2,1 --arg X=i32:1300:random:1 \
// RUN:   --arg Y=i32:1300:random:2 --arg add_rows=i32:13:zeros --arg mul_rows=i32:13:zeros \
// RUN:   --arg maxsi_rows=i32:13:zeros --arg minsi_rows=i32:13:zeros \
// RUN:   --arg maxui_rows=i32:13:zeros --arg minui_rows=i32:13:zeros \
// RUN:   --arg and_rows=i32:13:zeros --arg or_rows=i32:13:zeros \
// RUN:   --arg xor_rows=i32:13:zeros --arg M=13 --arg N=100 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=I32_SEG32_ROWS
// I32_SEG32_ROWS: ran i32_seg32_rows on the emulator: ok
// I32_SEG32_ROWS-NEXT: compare add_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare mul_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare maxsi_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare minsi_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare maxui_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare minui_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare and_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare or_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SEG32_ROWS-NEXT: compare xor_rows: max abs error 0, max rel error 0 {{.*}}: ok

func.func @i32_seg32_rows(%X: memref<?xi32>, %Y: memref<?xi32>,
                          %add_rows: memref<?xi32>, %mul_rows: memref<?xi32>,
                          %maxsi_rows: memref<?xi32>,
                          %minsi_rows: memref<?xi32>,
                          %maxui_rows: memref<?xi32>,
                          %minui_rows: memref<?xi32>, %and_rows: memref<?xi32>,
                          %or_rows: memref<?xi32>, %xor_rows: memref<?xi32>,
                          %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cR = arith.constant 8 : index
  %cC = arith.constant 128 : index
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
  %x1 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 5 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %r2 = tile.reduce add %x1 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r2, %add_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %x3 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -3 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %k4 = arith.constant dense<1> : tensor<8x128xi32>
  %v5 = arith.ori %x3, %k4 : tensor<8x128xi32>
  %r6 = tile.reduce mul %v5 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r6, %mul_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %x7 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %x8 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %k9 = arith.constant dense<4> : tensor<8x128xi32>
  %v10 = arith.shli %x7, %k9 : tensor<8x128xi32>
  %v11 = arith.xori %v10, %x8 : tensor<8x128xi32>
  %r12 = tile.reduce maxsi %v11 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r12, %maxsi_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %v13 = arith.shli %x7, %k9 : tensor<8x128xi32>
  %v14 = arith.xori %v13, %x8 : tensor<8x128xi32>
  %r15 = tile.reduce minsi %v14 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r15, %minsi_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %x16 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %x17 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<8x128xi32>
  %v18 = arith.shli %x16, %k9 : tensor<8x128xi32>
  %v19 = arith.xori %v18, %x17 : tensor<8x128xi32>
  %r20 = tile.reduce maxui %v19 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r20, %maxui_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %v21 = arith.shli %x16, %k9 : tensor<8x128xi32>
  %v22 = arith.xori %v21, %x17 : tensor<8x128xi32>
  %r23 = tile.reduce minui %v22 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r23, %minui_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %k24 = arith.constant dense<16> : tensor<8x128xi32>
  %k25 = arith.constant dense<31> : tensor<8x128xi32>
  %v26 = arith.muli %x7, %k24 : tensor<8x128xi32>
  %v27 = arith.addi %v26, %x8 : tensor<8x128xi32>
  %v28 = arith.andi %v27, %k25 : tensor<8x128xi32>
  %v29 = arith.shli %k4, %v28 : tensor<8x128xi32>
  %k30 = arith.constant dense<-1> : tensor<8x128xi32>
  %v31 = arith.xori %v29, %k30 : tensor<8x128xi32>
  %r32 = tile.reduce and %v31 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r32, %and_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %v33 = arith.muli %x7, %k24 : tensor<8x128xi32>
  %v34 = arith.addi %v33, %x8 : tensor<8x128xi32>
  %v35 = arith.andi %v34, %k25 : tensor<8x128xi32>
  %v36 = arith.shli %k4, %v35 : tensor<8x128xi32>
  %r37 = tile.reduce or %v36 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r37, %or_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  %v38 = arith.shli %x7, %k9 : tensor<8x128xi32>
  %v39 = arith.xori %v38, %x8 : tensor<8x128xi32>
  %r40 = tile.reduce xor %v39 dim 1 : tensor<8x128xi32> -> tensor<8xi32>
  tile.store %r40, %xor_rows[%ridx] bounds [%rend] : tensor<8xi32>, memref<?xi32>
  return
}

