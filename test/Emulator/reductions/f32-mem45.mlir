// tile.reduce on 8x45 f32 tiles, every float kind (add, mul, maximumf,
// minimumf, maxnumf, minnumf), along dim 1 (per row, stored as a rank-1
// tile), of a ragged 13x43 matrix loaded with bounds (2x1 programs). 8x45,
// 256 threads: groups of 1 element (45 is not a multiple of 4), 45 per row,
// 360 groups on 256 threads (2 rounds, the second partly held). The MSL on
// the emulator (3 thread orders, and for the apple7 target) must match the
// tile interpreter. Program (pr, pc) stores its row results at
// <kind>_rows[pc * M + row].
//
// The data makes every result exact in any order of combination, so the
// emulator must match the interpreter bit for bit (--rtol 0 --atol 0):
// add sums multiples of 1/64 (padding 0.25, which is not add's identity
// and so must be counted), mul multiplies -1, 1, 2 and 0.5 (padding 0.8
// -> 2), maximumf/minimumf see a few NaNs (x > 0.995, x < -0.995) and pad
// with -inf/+inf, maxnumf/minnumf see the same NaNs and pad with NaN.

// RUN: tile-run %s --kernel f32_mem45 --grid 2,1 --arg X=f32:559:random:1 \
// RUN:   --arg add_rows=f32:13:zeros --arg mul_rows=f32:13:zeros \
// RUN:   --arg maximumf_rows=f32:13:zeros --arg minimumf_rows=f32:13:zeros \
// RUN:   --arg maxnumf_rows=f32:13:zeros --arg minnumf_rows=f32:13:zeros --arg M=13 \
// RUN:   --arg N=43 --compare --rtol 0 --atol 0 --schedules 3 | FileCheck %s --check-prefix=F32_MEM45
// RUN: tile-run %s --kernel f32_mem45 --grid 2,1 --arg X=f32:559:random:1 \
// RUN:   --arg add_rows=f32:13:zeros --arg mul_rows=f32:13:zeros \
// RUN:   --arg maximumf_rows=f32:13:zeros --arg minimumf_rows=f32:13:zeros \
// RUN:   --arg maxnumf_rows=f32:13:zeros --arg minnumf_rows=f32:13:zeros --arg M=13 \
// RUN:   --arg N=43 --compare --rtol 0 --atol 0 --target apple7 | FileCheck %s --check-prefix=F32_MEM45
// F32_MEM45: ran f32_mem45 on the emulator: ok
// F32_MEM45-NEXT: compare add_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F32_MEM45-NEXT: compare mul_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F32_MEM45-NEXT: compare maximumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F32_MEM45-NEXT: compare minimumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F32_MEM45-NEXT: compare maxnumf_rows: max abs error 0, max rel error 0 {{.*}}: ok
// F32_MEM45-NEXT: compare minnumf_rows: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f32_mem45(%X: memref<?xf32>, %add_rows: memref<?xf32>,
                     %mul_rows: memref<?xf32>, %maximumf_rows: memref<?xf32>,
                     %minimumf_rows: memref<?xf32>,
                     %maxnumf_rows: memref<?xf32>, %minnumf_rows: memref<?xf32>,
                     %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cR = arith.constant 8 : index
  %cC = arith.constant 45 : index
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
  %k1 = arith.constant dense<0x7FC00000> : tensor<8x45xf32>
  %x2 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 2.500000e-01 : f32} : memref<?xf32> -> tensor<8x45xf32>
  %k3 = arith.constant dense<64.0> : tensor<8x45xf32>
  %k4 = arith.constant dense<0.015625> : tensor<8x45xf32>
  %v5 = arith.mulf %x2, %k3 : tensor<8x45xf32>
  %v6 = math.floor %v5 : tensor<8x45xf32>
  %v7 = arith.mulf %v6, %k4 : tensor<8x45xf32>
  %r8 = tile.reduce add %v7 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r8, %add_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  %x9 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 8.000000e-01 : f32} : memref<?xf32> -> tensor<8x45xf32>
  %k10 = arith.constant dense<-0.75> : tensor<8x45xf32>
  %k11 = arith.constant dense<0.875> : tensor<8x45xf32>
  %k12 = arith.constant dense<0.9375> : tensor<8x45xf32>
  %k13 = arith.constant dense<-1.0> : tensor<8x45xf32>
  %k14 = arith.constant dense<1.0> : tensor<8x45xf32>
  %k15 = arith.constant dense<2.0> : tensor<8x45xf32>
  %k16 = arith.constant dense<0.5> : tensor<8x45xf32>
  %m17 = arith.cmpf olt, %x9, %k12 : tensor<8x45xf32>
  %v18 = arith.select %m17, %k15, %k16 : tensor<8x45xi1>, tensor<8x45xf32>
  %m19 = arith.cmpf olt, %x9, %k11 : tensor<8x45xf32>
  %v20 = arith.select %m19, %k14, %v18 : tensor<8x45xi1>, tensor<8x45xf32>
  %m21 = arith.cmpf olt, %x9, %k10 : tensor<8x45xf32>
  %v22 = arith.select %m21, %k13, %v20 : tensor<8x45xi1>, tensor<8x45xf32>
  %r23 = tile.reduce mul %v22 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r23, %mul_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  %x24 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x45xf32>
  %k25 = arith.constant dense<0.995> : tensor<8x45xf32>
  %m26 = arith.cmpf ogt, %x24, %k25 : tensor<8x45xf32>
  %v27 = arith.select %m26, %k1, %x24 : tensor<8x45xi1>, tensor<8x45xf32>
  %r28 = tile.reduce maximumf %v27 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r28, %maximumf_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  %x29 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7F800000 : f32} : memref<?xf32> -> tensor<8x45xf32>
  %k30 = arith.constant dense<-0.995> : tensor<8x45xf32>
  %m31 = arith.cmpf olt, %x29, %k30 : tensor<8x45xf32>
  %v32 = arith.select %m31, %k1, %x29 : tensor<8x45xi1>, tensor<8x45xf32>
  %r33 = tile.reduce minimumf %v32 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r33, %minimumf_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  %x34 = tile.load %X[%row, %col] strides [%N, %c1] bounds [%M, %N] {padding = 0x7FC00000 : f32} : memref<?xf32> -> tensor<8x45xf32>
  %m35 = arith.cmpf ogt, %x34, %k25 : tensor<8x45xf32>
  %v36 = arith.select %m35, %k1, %x34 : tensor<8x45xi1>, tensor<8x45xf32>
  %r37 = tile.reduce maxnumf %v36 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r37, %maxnumf_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  %m38 = arith.cmpf olt, %x34, %k30 : tensor<8x45xf32>
  %v39 = arith.select %m38, %k1, %x34 : tensor<8x45xi1>, tensor<8x45xf32>
  %r40 = tile.reduce minnumf %v39 dim 1 : tensor<8x45xf32> -> tensor<8xf32>
  tile.store %r40, %minnumf_rows[%ridx] bounds [%rend] : tensor<8xf32>, memref<?xf32>
  return
}

