// tile.reduce on 2x512 i32 tiles, the integer kinds minui, and, or, xor,
// along dim 0 (per column, stored as a rank-1 tile), of a ragged 3x450
// matrix loaded with bounds (2x1 programs). 2x512, 128 threads: 4
// SIMD-groups per row, 2 rounds per thread; columns: a row spans whole
// rounds (each column within one thread). The MSL on the emulator (3 thread
// orders, and for the apple7 target) must match the tile interpreter.
// Program (pr, pc) stores its column results at <kind>_cols[pr * N + col].
//
// Split over i32-period-rows.mlir, i32-period-cols-a.mlir,
// i32-period-cols-b.mlir: each reduction has threadgroup scratch of its own,
// and one kernel with all of them would need more than a threadgroup's 32
// KB.
//
// Inputs X and Y are tile-run's random i32 in [-8, 8). add reduces X
// (padding 5, not the identity), mul X | 1 (odd, never 0; products wrap),
// maxsi/minsi/xor and maxui/minui h = (X << 4) ^ Y (256 values, negative
// ones huge as unsigned; padding 0 resp. -1), and/or one bit
// (16 X + Y) & 31 set (or) or cleared (and) per element. Integers must
// match exactly.

// RUN: tile-run %s --kernel i32_period_cols_b --grid 2,1 --arg X=i32:1350:random:1 \
// RUN:   --arg Y=i32:1350:random:2 --arg minui_cols=i32:900:zeros \
// RUN:   --arg and_cols=i32:900:zeros --arg or_cols=i32:900:zeros \
// RUN:   --arg xor_cols=i32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=I32_PERIOD_COLS_B
// RUN: tile-run %s --kernel i32_period_cols_b --grid 2,1 --arg X=i32:1350:random:1 \
// RUN:   --arg Y=i32:1350:random:2 --arg minui_cols=i32:900:zeros \
// RUN:   --arg and_cols=i32:900:zeros --arg or_cols=i32:900:zeros \
// RUN:   --arg xor_cols=i32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=I32_PERIOD_COLS_B
// I32_PERIOD_COLS_B: ran i32_period_cols_b on the emulator: ok
// I32_PERIOD_COLS_B-NEXT: compare minui_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_PERIOD_COLS_B-NEXT: compare and_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_PERIOD_COLS_B-NEXT: compare or_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_PERIOD_COLS_B-NEXT: compare xor_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @i32_period_cols_b(%X: memref<?xi32>, %Y: memref<?xi32>,
                             %minui_cols: memref<?xi32>,
                             %and_cols: memref<?xi32>, %or_cols: memref<?xi32>,
                             %xor_cols: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cR = arith.constant 2 : index
  %cC = arith.constant 512 : index
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
  %x1 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<2x512xi32>
  %x2 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<2x512xi32>
  %k3 = arith.constant dense<4> : tensor<2x512xi32>
  %v4 = arith.shli %x1, %k3 : tensor<2x512xi32>
  %v5 = arith.xori %v4, %x2 : tensor<2x512xi32>
  %r6 = tile.reduce minui %v5 dim 0 : tensor<2x512xi32> -> tensor<512xi32>
  tile.store %r6, %minui_cols[%cidx] bounds [%cend] : tensor<512xi32>, memref<?xi32>
  %x7 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<2x512xi32>
  %x8 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<2x512xi32>
  %k9 = arith.constant dense<16> : tensor<2x512xi32>
  %k10 = arith.constant dense<31> : tensor<2x512xi32>
  %k11 = arith.constant dense<1> : tensor<2x512xi32>
  %v12 = arith.muli %x7, %k9 : tensor<2x512xi32>
  %v13 = arith.addi %v12, %x8 : tensor<2x512xi32>
  %v14 = arith.andi %v13, %k10 : tensor<2x512xi32>
  %v15 = arith.shli %k11, %v14 : tensor<2x512xi32>
  %k16 = arith.constant dense<-1> : tensor<2x512xi32>
  %v17 = arith.xori %v15, %k16 : tensor<2x512xi32>
  %r18 = tile.reduce and %v17 dim 0 : tensor<2x512xi32> -> tensor<512xi32>
  tile.store %r18, %and_cols[%cidx] bounds [%cend] : tensor<512xi32>, memref<?xi32>
  %v19 = arith.muli %x7, %k9 : tensor<2x512xi32>
  %v20 = arith.addi %v19, %x8 : tensor<2x512xi32>
  %v21 = arith.andi %v20, %k10 : tensor<2x512xi32>
  %v22 = arith.shli %k11, %v21 : tensor<2x512xi32>
  %r23 = tile.reduce or %v22 dim 0 : tensor<2x512xi32> -> tensor<512xi32>
  tile.store %r23, %or_cols[%cidx] bounds [%cend] : tensor<512xi32>, memref<?xi32>
  %v24 = arith.shli %x7, %k3 : tensor<2x512xi32>
  %v25 = arith.xori %v24, %x8 : tensor<2x512xi32>
  %r26 = tile.reduce xor %v25 dim 0 : tensor<2x512xi32> -> tensor<512xi32>
  tile.store %r26, %xor_cols[%cidx] bounds [%cend] : tensor<512xi32>, memref<?xi32>
  return
}

