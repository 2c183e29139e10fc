// tile.reduce on 2x512 f32 tiles, the float kinds minimumf, maxnumf,
// minnumf, along dim 0 (per column, stored as a rank-1 tile), of a ragged
// 3x450 matrix loaded with bounds (2x1 programs). 2x512, 256 threads: a row
// is 128 groups, 4 SIMD-groups. The MSL on the emulator (3 thread orders,
// and for the apple7 target) must match the tile interpreter. Program (pr,
// pc) stores its column results at <kind>_cols[pr * N + col].
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

// RUN: tile-run %s --kernel f32_simd4_cols_b --grid 2,1 --arg X=f32:1350:random:1 \
// RUN:   --arg minimumf_cols=f32:900:zeros --arg maxnumf_cols=f32:900:zeros \
// RUN:   --arg minnumf_cols=f32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol \
// RUN:   0 --schedules 3 | FileCheck %s --check-prefix=F32_SIMD4_COLS_B
// RUN: tile-run %s --kernel f32_simd4_cols_b --grid 2,1 --arg X=f32:1350:random:1 \
// RUN:   --arg minimumf_cols=f32:900:zeros --arg maxnumf_cols=f32:900:zeros \
// RUN:   --arg minnumf_cols=f32:900:zeros --arg M=3 --arg N=450 --compare --rtol 0 --atol \
// RUN:   0 --target apple7 | FileCheck %s --check-prefix=F32_SIMD4_COLS_B
// F32_SIMD4_COLS_B: ran f32_simd4_cols_b on the emulator: ok
// F32_SIMD4_COLS_B-NEXT: compare minimumf_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SIMD4_COLS_B-NEXT: compare maxnumf_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SIMD4_COLS_B-NEXT: compare minnumf_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f32_simd4_cols_b(%X: memref<?xf32>, %minimumf_cols: memref<?xf32>,
                            %maxnumf_cols: memref<?xf32>,
                            %minnumf_cols: memref<?xf32>, %M: index, %N: index)
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
  %x2 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7F800000 : f32} : memref<?xf32> -> tensor<2x512xf32>
  %k3 = arith.constant dense<-0.995> : tensor<2x512xf32>
  %m4 = arith.cmpf olt, %x2, %k3 : tensor<2x512xf32>
  %v5 = arith.select %m4, %k1, %x2 : tensor<2x512xi1>, tensor<2x512xf32>
  %r6 = tile.reduce minimumf %v5 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r6, %minimumf_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  %x7 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7FC00000 : f32} : memref<?xf32> -> tensor<2x512xf32>
  %k8 = arith.constant dense<0.995> : tensor<2x512xf32>
  %m9 = arith.cmpf ogt, %x7, %k8 : tensor<2x512xf32>
  %v10 = arith.select %m9, %k1, %x7 : tensor<2x512xi1>, tensor<2x512xf32>
  %r11 = tile.reduce maxnumf %v10 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r11, %maxnumf_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  %m12 = arith.cmpf olt, %x7, %k3 : tensor<2x512xf32>
  %v13 = arith.select %m12, %k1, %x7 : tensor<2x512xi1>, tensor<2x512xf32>
  %r14 = tile.reduce minnumf %v13 dim 0 : tensor<2x512xf32> -> tensor<512xf32>
  tile.store %r14, %minnumf_cols[%cidx] bounds [%cend] : tensor<512xf32>, memref<?xf32>
  return
}

