// tile.reduce on 2x512 f32 tiles, the float kinds add, mul, maximumf, along
// dim 0 (per column, stored as a rank-1 tile), of a ragged 3x450 matrix
// loaded with bounds (2x1 programs). 2x512, 256 threads: a row is 128
// groups, 4 SIMD-groups. The MSL on the emulator (3 thread orders, and for
// the apple7 target) must match the tile interpreter. Program (pr, pc)
// stores its column results at <kind>_cols[pr * N + col].
//
// Split over f32-simd4-rows.mlir, f32-simd4-cols-a.mlir,
// f32-simd4-cols-b.mlir: each reduction has threadgroup scratch of its own,
// and one kernel with all of them would need more than a threadgroup's 32
// KB.
//
// The data makes every result exact in any order of combination, so the
// emulator must match the interpreter bit for bit (--rtol 0 --atol 0):
// add sums multiples of 1/64 (padding 0.25, which is not add's identity
// and so must be counted), mul multiplies -1, 1, 2 and 0.5 (padding 0.8
// -> 2), maximumf/minimumf see a few NaNs (x > 0.995, x < -0.995) and pad
// with -inf/+inf, maxnumf/minnumf see the same NaNs and pad with NaN.

// RUN: tile-run %s --kernel f32_simd4_cols_a --grid 2,1 --arg X=f32:1350:random:1 \
// RUN:   --arg add_cols=f32:900:zeros --arg mul_cols=f32:900:zeros \
// RUN:   --arg maximumf_cols=f32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol \
// RUN:   0 --schedules 3 | FileCheck %s --check-prefix=F32_SIMD4_COLS_A
// RUN: tile-run %s --kernel f32_simd4_cols_a --grid 2,1 --arg X=f32:1350:random:1 \
// RUN:   --arg add_cols=f32:900:zeros --arg mul_cols=f32:900:zeros \
// RUN:   --arg maximumf_cols=f32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol \
// RUN:   0 --target apple7 | FileCheck %s --check-prefix=F32_SIMD4_COLS_A
// F32_SIMD4_COLS_A: ran f32_simd4_cols_a on the emulator: ok
// F32_SIMD4_COLS_A-NEXT: compare add_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SIMD4_COLS_A-NEXT: compare mul_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SIMD4_COLS_A-NEXT: compare maximumf_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f32_simd4_cols_a(%X: memref<?xf32>, %add_cols: memref<?xf32>,
                            %mul_cols: memref<?xf32>,
                            %maximumf_cols: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
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
  %k1 = arith.constant dense<0x7FC00000> : tensor<2x512xf32>
  %x2 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 2.500000e-01 : f32} : memref<?xf32> -> tensor<2x512xf32>
  %k3 = arith.constant dense<64.0> : tensor<2x512xf32>
  %k4 = arith.constant dense<0.015625> : tensor<2x512xf32>
  %v5 = arith.mulf %x2, %k3 : tensor<2x512xf32>
  %v6 = math.floor %v5 : tensor<2x512xf32>
  %v7 = arith.mulf %v6, %k4 : tensor<2x512xf32>
  %r8 = tile.reduce add %v7 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r8, %add_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  %x9 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 8.000000e-01 : f32} : memref<?xf32> -> tensor<2x512xf32>
  %k10 = arith.constant dense<-0.75> : tensor<2x512xf32>
  %k11 = arith.constant dense<0.875> : tensor<2x512xf32>
  %k12 = arith.constant dense<0.9375> : tensor<2x512xf32>
  %k13 = arith.constant dense<-1.0> : tensor<2x512xf32>
  %k14 = arith.constant dense<1.0> : tensor<2x512xf32>
  %k15 = arith.constant dense<2.0> : tensor<2x512xf32>
  %k16 = arith.constant dense<0.5> : tensor<2x512xf32>
  %m17 = arith.cmpf olt, %x9, %k12 : tensor<2x512xf32>
  %v18 = arith.select %m17, %k15, %k16 : tensor<2x512xi1>, tensor<2x512xf32>
  %m19 = arith.cmpf olt, %x9, %k11 : tensor<2x512xf32>
  %v20 = arith.select %m19, %k14, %v18 : tensor<2x512xi1>, tensor<2x512xf32>
  %m21 = arith.cmpf olt, %x9, %k10 : tensor<2x512xf32>
  %v22 = arith.select %m21, %k13, %v20 : tensor<2x512xi1>, tensor<2x512xf32>
  %r23 = tile.reduce mul %v22 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r23, %mul_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  %x24 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<2x512xf32>
  %k25 = arith.constant dense<0.995> : tensor<2x512xf32>
  %m26 = arith.cmpf ogt, %x24, %k25 : tensor<2x512xf32>
  %v27 = arith.select %m26, %k1, %x24 : tensor<2x512xi1>, tensor<2x512xf32>
  %r28 = tile.reduce maximumf %v27 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r28, %maximumf_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  return
}

