// tile.reduce on 4x256 i32 tiles, every integer kind (add, mul, maxsi,
// minsi, maxui, minui, and, or, xor), along dim 1 (per row, stored as a
// rank-1 tile) and dim 0 (per column), of a ragged 7x250 matrix loaded with
// bounds (2x1 programs). 4x256, 128 threads (tile.simdgroups 4x1): a row is
// 64 groups, two SIMD-groups, combined in threadgroup memory; 2 rows per
// thread. The MSL on the emulator (3 thread orders, and for the apple7
// target) must match the tile interpreter. Program (pr, pc) stores its row
// results at <kind>_rows[pc * M + row] and its column results at
// <kind>_cols[pr * N + col].
//
// Inputs X and Y are tile-run's random i32 in [-8, 8). add reduces X
// (padding 5, not the identity), mul X | 1 (odd, never 0; products wrap),
// maxsi/minsi/xor and maxui/minui h = (X << 4) ^ Y (256 values, negative
// ones huge as unsigned; padding 0 resp. -1), and/or one bit
// (16 X + Y) & 31 set (or) or cleared (and) per element. Integers must
// match exactly.

// RUN: tile-run %s --kernel i32_simd2 --grid 2,1 --arg X=i32:1750:random:1 \
// RUN:   --arg Y=i32:1750:random:2 --arg add_rows=i32:7:zeros --arg add_cols=i32:500:zeros \
// RUN:   --arg mul_rows=i32:7:zeros --arg mul_cols=i32:500:zeros \
// RUN:   --arg maxsi_rows=i32:7:zeros --arg maxsi_cols=i32:500:zeros \
// RUN:   --arg minsi_rows=i32:7:zeros --arg minsi_cols=i32:500:zeros \
// RUN:   --arg maxui_rows=i32:7:zeros --arg maxui_cols=i32:500:zeros \
// RUN:   --arg minui_rows=i32:7:zeros --arg minui_cols=i32:500:zeros \
// RUN:   --arg and_rows=i32:7:zeros --arg and_cols=i32:500:zeros --arg or_rows=i32:7:zeros \
// RUN:   --arg or_cols=i32:500:zeros --arg xor_rows=i32:7:zeros \
// RUN:   --arg xor_cols=i32:500:zeros --arg M=7 --arg N=250 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=I32_SIMD2
// RUN: tile-run %s --kernel i32_simd2 --grid 2,1 --arg X=i32:1750:random:1 \
// RUN:   --arg Y=i32:1750:random:2 --arg add_rows=i32:7:zeros --arg add_cols=i32:500:zeros \
// RUN:   --arg mul_rows=i32:7:zeros --arg mul_cols=i32:500:zeros \
// RUN:   --arg maxsi_rows=i32:7:zeros --arg maxsi_cols=i32:500:zeros \
// RUN:   --arg minsi_rows=i32:7:zeros --arg minsi_cols=i32:500:zeros \
// RUN:   --arg maxui_rows=i32:7:zeros --arg maxui_cols=i32:500:zeros \
// RUN:   --arg minui_rows=i32:7:zeros --arg minui_cols=i32:500:zeros \
// RUN:   --arg and_rows=i32:7:zeros --arg and_cols=i32:500:zeros --arg or_rows=i32:7:zeros \
// RUN:   --arg or_cols=i32:500:zeros --arg xor_rows=i32:7:zeros \
// RUN:   --arg xor_cols=i32:500:zeros --arg M=7 --arg N=250 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=I32_SIMD2
// I32_SIMD2: ran i32_simd2 on the emulator: ok
// I32_SIMD2-NEXT: compare add_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare add_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare mul_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare mul_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare maxsi_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare maxsi_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare minsi_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare minsi_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare maxui_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare maxui_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare minui_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare minui_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare and_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare and_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare or_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare or_cols: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare xor_rows: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SIMD2-NEXT: compare xor_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @i32_simd2(%X: memref<?xi32>, %Y: memref<?xi32>,
                     %add_rows: memref<?xi32>, %add_cols: memref<?xi32>,
                     %mul_rows: memref<?xi32>, %mul_cols: memref<?xi32>,
                     %maxsi_rows: memref<?xi32>, %maxsi_cols: memref<?xi32>,
                     %minsi_rows: memref<?xi32>, %minsi_cols: memref<?xi32>,
                     %maxui_rows: memref<?xi32>, %maxui_cols: memref<?xi32>,
                     %minui_rows: memref<?xi32>, %minui_cols: memref<?xi32>,
                     %and_rows: memref<?xi32>, %and_cols: memref<?xi32>,
                     %or_rows: memref<?xi32>, %or_cols: memref<?xi32>,
                     %xor_rows: memref<?xi32>, %xor_cols: memref<?xi32>,
                     %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cR = arith.constant 4 : index
  %cC = arith.constant 256 : index
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
  %x1 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 5 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %r2 = tile.reduce add %x1 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r2, %add_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r3 = tile.reduce add %x1 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r3, %add_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %x4 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -3 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %k5 = arith.constant dense<1> : tensor<4x256xi32>
  %v6 = arith.ori %x4, %k5 : tensor<4x256xi32>
  %r7 = tile.reduce mul %v6 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r7, %mul_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r8 = tile.reduce mul %v6 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r8, %mul_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %x9 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %x10 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %k11 = arith.constant dense<4> : tensor<4x256xi32>
  %v12 = arith.shli %x9, %k11 : tensor<4x256xi32>
  %v13 = arith.xori %v12, %x10 : tensor<4x256xi32>
  %r14 = tile.reduce maxsi %v13 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r14, %maxsi_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r15 = tile.reduce maxsi %v13 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r15, %maxsi_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %v16 = arith.shli %x9, %k11 : tensor<4x256xi32>
  %v17 = arith.xori %v16, %x10 : tensor<4x256xi32>
  %r18 = tile.reduce minsi %v17 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r18, %minsi_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r19 = tile.reduce minsi %v17 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r19, %minsi_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %x20 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %x21 = tile.load %Y[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = -1 : i32} : memref<?xi32> -> tensor<4x256xi32>
  %v22 = arith.shli %x20, %k11 : tensor<4x256xi32>
  %v23 = arith.xori %v22, %x21 : tensor<4x256xi32>
  %r24 = tile.reduce maxui %v23 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r24, %maxui_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r25 = tile.reduce maxui %v23 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r25, %maxui_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %v26 = arith.shli %x20, %k11 : tensor<4x256xi32>
  %v27 = arith.xori %v26, %x21 : tensor<4x256xi32>
  %r28 = tile.reduce minui %v27 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r28, %minui_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r29 = tile.reduce minui %v27 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r29, %minui_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %k30 = arith.constant dense<16> : tensor<4x256xi32>
  %k31 = arith.constant dense<31> : tensor<4x256xi32>
  %v32 = arith.muli %x9, %k30 : tensor<4x256xi32>
  %v33 = arith.addi %v32, %x10 : tensor<4x256xi32>
  %v34 = arith.andi %v33, %k31 : tensor<4x256xi32>
  %v35 = arith.shli %k5, %v34 : tensor<4x256xi32>
  %k36 = arith.constant dense<-1> : tensor<4x256xi32>
  %v37 = arith.xori %v35, %k36 : tensor<4x256xi32>
  %r38 = tile.reduce and %v37 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r38, %and_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r39 = tile.reduce and %v37 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r39, %and_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %v40 = arith.muli %x9, %k30 : tensor<4x256xi32>
  %v41 = arith.addi %v40, %x10 : tensor<4x256xi32>
  %v42 = arith.andi %v41, %k31 : tensor<4x256xi32>
  %v43 = arith.shli %k5, %v42 : tensor<4x256xi32>
  %r44 = tile.reduce or %v43 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r44, %or_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r45 = tile.reduce or %v43 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r45, %or_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  %v46 = arith.shli %x9, %k11 : tensor<4x256xi32>
  %v47 = arith.xori %v46, %x10 : tensor<4x256xi32>
  %r48 = tile.reduce xor %v47 dim 1 : tensor<4x256xi32> -> tensor<4xi32>
  tile.store %r48, %xor_rows[%ridx] bounds [%rend] : tensor<4xi32>, memref<?xi32>
  %r49 = tile.reduce xor %v47 dim 0 : tensor<4x256xi32> -> tensor<256xi32>
  tile.store %r49, %xor_cols[%cidx] bounds [%cend] : tensor<256xi32>, memref<?xi32>
  return
}

