// tile.reduce on 8x128 f16 tiles, every float kind (add, mul, maximumf,
// minimumf, maxnumf, minnumf), along dim 1 (per row, stored as a rank-1
// tile) and dim 0 (per column), of a ragged 13x100 matrix loaded with bounds
// (2x1 programs). 8x128, 256 threads: a row is 32 groups of 4, one
// SIMD-group (segments of 32 lanes); columns: 8 threads share a column. The
// MSL on the emulator (3 thread orders, and for the apple7 target) must
// match the tile interpreter. Program (pr, pc) stores its row results at
// <kind>_rows[pc * M + row] and its column results at <kind>_cols[pr * N +
// col].
//
// The data makes every result exact in any order of combination, so the
// emulator must match the interpreter bit for bit (--rtol 0 --atol 0):
// add sums multiples of 1/4 (padding 0.25, which is not add's identity
// and so must be counted), mul multiplies -1, 1 and rarely 2 or 0.5
// (padding 0.5 -> 1; products stay within f16's range), maximumf/minimumf
// see a few NaNs (x > 0.995, x < -0.995) and pad with -inf/+inf (0xFC00,
// 0x7C00), maxnumf/minnumf see the same NaNs and pad with NaN (0x7E00).

// RUN: tile-run %s --kernel f16_seg32 --grid 2,1 --arg X=f16:1300:random:1 \
// RUN:   --arg add_rows=f16:13:zeros --arg add_cols=f16:200:zeros \
// RUN:   --arg mul_rows=f16:13:zeros --arg mul_cols=f16:200:zeros \
// RUN:   --arg maximumf_rows=f16:13:zeros --arg maximumf_cols=f16:200:zeros \
// RUN:   --arg minimumf_rows=f16:13:zeros --arg minimumf_cols=f16:200:zeros \
// RUN:   --arg maxnumf_rows=f16:13:zeros --arg maxnumf_cols=f16:200:zeros \
// RUN:   --arg minnumf_rows=f16:13:zeros --arg minnumf_cols=f16:200:zeros --arg M=13 \
// RUN:   --arg N=100 --compare --rtol 0 --atol 0 --schedules 3 | FileCheck %s --check-prefix=F16_SEG32
// RUN: tile-run %s --kernel f16_seg32 --grid 2,1 --arg X=f16:1300:random:1 \
// RUN:   --arg add_rows=f16:13:zeros --arg add_cols=f16:200:zeros \
// RUN:   --arg mul_rows=f16:13:zeros --arg mul_cols=f16:200:zeros \
// RUN:   --arg maximumf_rows=f16:13:zeros --arg maximumf_cols=f16:200:zeros \
// RUN:   --arg minimumf_rows=f16:13:zeros --arg minimumf_cols=f16:200:zeros \
// RUN:   --arg maxnumf_rows=f16:13:zeros --arg maxnumf_cols=f16:200:zeros \
// RUN:   --arg minnumf_rows=f16:13:zeros --arg minnumf_cols=f16:200:zeros --arg M=13 \
// RUN:   --arg N=100 --compare --rtol 0 --atol 0 --target apple7 | FileCheck %s --check-prefix=F16_SEG32
// F16_SEG32: ran f16_seg32 on the emulator: ok
// F16_SEG32-NEXT: compare add_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare add_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare mul_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare mul_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare maximumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare maximumf_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare minimumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare minimumf_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare maxnumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare maxnumf_cols: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare minnumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SEG32-NEXT: compare minnumf_cols: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f16_seg32(%X: memref<?xf16>, %add_rows: memref<?xf16>,
                     %add_cols: memref<?xf16>, %mul_rows: memref<?xf16>,
                     %mul_cols: memref<?xf16>, %maximumf_rows: memref<?xf16>,
                     %maximumf_cols: memref<?xf16>,
                     %minimumf_rows: memref<?xf16>,
                     %minimumf_cols: memref<?xf16>,
                     %maxnumf_rows: memref<?xf16>, %maxnumf_cols: memref<?xf16>,
                     %minnumf_rows: memref<?xf16>, %minnumf_cols: memref<?xf16>,
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
  %k1 = arith.constant dense<0x7E00> : tensor<8x128xf16>
  %x2 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 2.500000e-01 : f16} : memref<?xf16> -> tensor<8x128xf16>
  %k3 = arith.constant dense<4.0> : tensor<8x128xf16>
  %k4 = arith.constant dense<0.25> : tensor<8x128xf16>
  %v5 = arith.mulf %x2, %k3 : tensor<8x128xf16>
  %v6 = math.floor %v5 : tensor<8x128xf16>
  %v7 = arith.mulf %v6, %k4 : tensor<8x128xf16>
  %r8 = tile.reduce add %v7 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r8, %add_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r9 = tile.reduce add %v7 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r9, %add_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  %x10 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 5.000000e-01 : f16} : memref<?xf16> -> tensor<8x128xf16>
  %k11 = arith.constant dense<-0.75> : tensor<8x128xf16>
  %k12 = arith.constant dense<0.96875> : tensor<8x128xf16>
  %k13 = arith.constant dense<0.984375> : tensor<8x128xf16>
  %k14 = arith.constant dense<-1.0> : tensor<8x128xf16>
  %k15 = arith.constant dense<1.0> : tensor<8x128xf16>
  %k16 = arith.constant dense<2.0> : tensor<8x128xf16>
  %k17 = arith.constant dense<0.5> : tensor<8x128xf16>
  %m18 = arith.cmpf olt, %x10, %k13 : tensor<8x128xf16>
  %v19 = arith.select %m18, %k16, %k17 : tensor<8x128xi1>, tensor<8x128xf16>
  %m20 = arith.cmpf olt, %x10, %k12 : tensor<8x128xf16>
  %v21 = arith.select %m20, %k15, %v19 : tensor<8x128xi1>, tensor<8x128xf16>
  %m22 = arith.cmpf olt, %x10, %k11 : tensor<8x128xf16>
  %v23 = arith.select %m22, %k14, %v21 : tensor<8x128xi1>, tensor<8x128xf16>
  %r24 = tile.reduce mul %v23 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r24, %mul_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r25 = tile.reduce mul %v23 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r25, %mul_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  %x26 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0xFC00 : f16} : memref<?xf16> -> tensor<8x128xf16>
  %k27 = arith.constant dense<0.995> : tensor<8x128xf16>
  %m28 = arith.cmpf ogt, %x26, %k27 : tensor<8x128xf16>
  %v29 = arith.select %m28, %k1, %x26 : tensor<8x128xi1>, tensor<8x128xf16>
  %r30 = tile.reduce maximumf %v29 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r30, %maximumf_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r31 = tile.reduce maximumf %v29 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r31, %maximumf_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  %x32 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7C00 : f16} : memref<?xf16> -> tensor<8x128xf16>
  %k33 = arith.constant dense<-0.995> : tensor<8x128xf16>
  %m34 = arith.cmpf olt, %x32, %k33 : tensor<8x128xf16>
  %v35 = arith.select %m34, %k1, %x32 : tensor<8x128xi1>, tensor<8x128xf16>
  %r36 = tile.reduce minimumf %v35 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r36, %minimumf_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r37 = tile.reduce minimumf %v35 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r37, %minimumf_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  %x38 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7E00 : f16} : memref<?xf16> -> tensor<8x128xf16>
  %m39 = arith.cmpf ogt, %x38, %k27 : tensor<8x128xf16>
  %v40 = arith.select %m39, %k1, %x38 : tensor<8x128xi1>, tensor<8x128xf16>
  %r41 = tile.reduce maxnumf %v40 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r41, %maxnumf_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r42 = tile.reduce maxnumf %v40 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r42, %maxnumf_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  %m43 = arith.cmpf olt, %x38, %k33 : tensor<8x128xf16>
  %v44 = arith.select %m43, %k1, %x38 : tensor<8x128xi1>, tensor<8x128xf16>
  %r45 = tile.reduce minnumf %v44 dim 1 : tensor<8x128xf16> -> tensor<8xf16>
  tile.store %r45, %minnumf_rows[%ridx] bounds [%rend] : tensor<8xf16>, memref<?xf16>
  %r46 = tile.reduce minnumf %v44 dim 0 : tensor<8x128xf16> -> tensor<128xf16>
  tile.store %r46, %minnumf_cols[%cidx] bounds [%cend] : tensor<128xf16>, memref<?xf16>
  return
}

