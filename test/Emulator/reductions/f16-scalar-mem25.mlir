// tile.reduce of rank-1 f16 tiles of 100 elements to a scalar, every float
// kind (add, mul, maximumf, minimumf, maxnumf, minnumf), over a ragged
// vector of n=250 loaded with bounds (3 programs). 100 elements, 32 threads:
// 25 groups through threadgroup memory. Each result is stored once per
// program with a scalar tile.store (<kind>_s[pid]) and, splat back to a
// tile, by every thread (<kind>_all: every thread must hold the total). The
// MSL on the emulator (3 thread orders, and for the apple7 target) must
// match the tile interpreter.
//
// The data makes every result exact in any order of combination, so the
// emulator must match the interpreter bit for bit (--rtol 0 --atol 0):
// add sums multiples of 1/4 (padding 0.25, which is not add's identity
// and so must be counted), mul multiplies -1, 1 and rarely 2 or 0.5
// (padding 0.5 -> 1; products stay within f16's range), maximumf/minimumf
// see a few NaNs (x > 0.995, x < -0.995) and pad with -inf/+inf (0xFC00,
// 0x7C00), maxnumf/minnumf see the same NaNs and pad with NaN (0x7E00).

// RUN: tile-run %s --kernel f16_scalar_mem25 --grid 3 --arg X=f16:250:random:3 \
// RUN:   --arg add_s=f16:3:zeros --arg add_all=f16:250:zeros --arg mul_s=f16:3:zeros \
// RUN:   --arg mul_all=f16:250:zeros --arg maximumf_s=f16:3:zeros \
// RUN:   --arg maximumf_all=f16:250:zeros --arg minimumf_s=f16:3:zeros \
// RUN:   --arg minimumf_all=f16:250:zeros --arg maxnumf_s=f16:3:zeros \
// RUN:   --arg maxnumf_all=f16:250:zeros --arg minnumf_s=f16:3:zeros \
// RUN:   --arg minnumf_all=f16:250:zeros --arg n=250 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=F16_SCALAR_MEM25
// RUN: tile-run %s --kernel f16_scalar_mem25 --grid 3 --arg X=f16:250:random:3 \
// RUN:   --arg add_s=f16:3:zeros --arg add_all=f16:250:zeros --arg mul_s=f16:3:zeros \
// RUN:   --arg mul_all=f16:250:zeros --arg maximumf_s=f16:3:zeros \
// RUN:   --arg maximumf_all=f16:250:zeros --arg minimumf_s=f16:3:zeros \
// RUN:   --arg minimumf_all=f16:250:zeros --arg maxnumf_s=f16:3:zeros \
// RUN:   --arg maxnumf_all=f16:250:zeros --arg minnumf_s=f16:3:zeros \
// RUN:   --arg minnumf_all=f16:250:zeros --arg n=250 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=F16_SCALAR_MEM25
// F16_SCALAR_MEM25: ran f16_scalar_mem25 on the emulator: ok
// F16_SCALAR_MEM25-NEXT: compare add_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare add_all: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare mul_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare mul_all: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare maximumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare maximumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare minimumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare minimumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare maxnumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare maxnumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare minnumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F16_SCALAR_MEM25-NEXT: compare minnumf_all: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f16_scalar_mem25(%X: memref<?xf16>, %add_s: memref<?xf16>,
                            %add_all: memref<?xf16>, %mul_s: memref<?xf16>,
                            %mul_all: memref<?xf16>, %maximumf_s: memref<?xf16>,
                            %maximumf_all: memref<?xf16>,
                            %minimumf_s: memref<?xf16>,
                            %minimumf_all: memref<?xf16>,
                            %maxnumf_s: memref<?xf16>,
                            %maxnumf_all: memref<?xf16>,
                            %minnumf_s: memref<?xf16>,
                            %minnumf_all: memref<?xf16>, %n: index, %P: index)
    attributes {tile.kernel} {
  %cL = arith.constant 100 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %cL : index
  %k1 = arith.constant dense<0x7E00> : tensor<100xf16>
  %x2 = tile.load %X[%i] bounds [%n] {padding = 2.500000e-01 : f16} : memref<?xf16> -> tensor<100xf16>
  %k3 = arith.constant dense<4.0> : tensor<100xf16>
  %k4 = arith.constant dense<0.25> : tensor<100xf16>
  %v5 = arith.mulf %x2, %k3 : tensor<100xf16>
  %v6 = math.floor %v5 : tensor<100xf16>
  %v7 = arith.mulf %v6, %k4 : tensor<100xf16>
  %s8 = tile.reduce add %v7 dim 0 : tensor<100xf16> -> f16
  tile.store %s8, %add_s[%p] bounds [%P] : f16, memref<?xf16>
  %s9 = tile.splat %s8 : f16 -> tensor<100xf16>
  tile.store %s9, %add_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  %x10 = tile.load %X[%i] bounds [%n] {padding = 5.000000e-01 : f16} : memref<?xf16> -> tensor<100xf16>
  %k11 = arith.constant dense<-0.75> : tensor<100xf16>
  %k12 = arith.constant dense<0.96875> : tensor<100xf16>
  %k13 = arith.constant dense<0.984375> : tensor<100xf16>
  %k14 = arith.constant dense<-1.0> : tensor<100xf16>
  %k15 = arith.constant dense<1.0> : tensor<100xf16>
  %k16 = arith.constant dense<2.0> : tensor<100xf16>
  %k17 = arith.constant dense<0.5> : tensor<100xf16>
  %m18 = arith.cmpf olt, %x10, %k13 : tensor<100xf16>
  %v19 = arith.select %m18, %k16, %k17 : tensor<100xi1>, tensor<100xf16>
  %m20 = arith.cmpf olt, %x10, %k12 : tensor<100xf16>
  %v21 = arith.select %m20, %k15, %v19 : tensor<100xi1>, tensor<100xf16>
  %m22 = arith.cmpf olt, %x10, %k11 : tensor<100xf16>
  %v23 = arith.select %m22, %k14, %v21 : tensor<100xi1>, tensor<100xf16>
  %s24 = tile.reduce mul %v23 dim 0 : tensor<100xf16> -> f16
  tile.store %s24, %mul_s[%p] bounds [%P] : f16, memref<?xf16>
  %s25 = tile.splat %s24 : f16 -> tensor<100xf16>
  tile.store %s25, %mul_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  %x26 = tile.load %X[%i] bounds [%n] {padding = 0xFC00 : f16} : memref<?xf16> -> tensor<100xf16>
  %k27 = arith.constant dense<0.995> : tensor<100xf16>
  %m28 = arith.cmpf ogt, %x26, %k27 : tensor<100xf16>
  %v29 = arith.select %m28, %k1, %x26 : tensor<100xi1>, tensor<100xf16>
  %s30 = tile.reduce maximumf %v29 dim 0 : tensor<100xf16> -> f16
  tile.store %s30, %maximumf_s[%p] bounds [%P] : f16, memref<?xf16>
  %s31 = tile.splat %s30 : f16 -> tensor<100xf16>
  tile.store %s31, %maximumf_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  %x32 = tile.load %X[%i] bounds [%n] {padding = 0x7C00 : f16} : memref<?xf16> -> tensor<100xf16>
  %k33 = arith.constant dense<-0.995> : tensor<100xf16>
  %m34 = arith.cmpf olt, %x32, %k33 : tensor<100xf16>
  %v35 = arith.select %m34, %k1, %x32 : tensor<100xi1>, tensor<100xf16>
  %s36 = tile.reduce minimumf %v35 dim 0 : tensor<100xf16> -> f16
  tile.store %s36, %minimumf_s[%p] bounds [%P] : f16, memref<?xf16>
  %s37 = tile.splat %s36 : f16 -> tensor<100xf16>
  tile.store %s37, %minimumf_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  %x38 = tile.load %X[%i] bounds [%n] {padding = 0x7E00 : f16} : memref<?xf16> -> tensor<100xf16>
  %m39 = arith.cmpf ogt, %x38, %k27 : tensor<100xf16>
  %v40 = arith.select %m39, %k1, %x38 : tensor<100xi1>, tensor<100xf16>
  %s41 = tile.reduce maxnumf %v40 dim 0 : tensor<100xf16> -> f16
  tile.store %s41, %maxnumf_s[%p] bounds [%P] : f16, memref<?xf16>
  %s42 = tile.splat %s41 : f16 -> tensor<100xf16>
  tile.store %s42, %maxnumf_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  %m43 = arith.cmpf olt, %x38, %k33 : tensor<100xf16>
  %v44 = arith.select %m43, %k1, %x38 : tensor<100xi1>, tensor<100xf16>
  %s45 = tile.reduce minnumf %v44 dim 0 : tensor<100xf16> -> f16
  tile.store %s45, %minnumf_s[%p] bounds [%P] : f16, memref<?xf16>
  %s46 = tile.splat %s45 : f16 -> tensor<100xf16>
  tile.store %s46, %minnumf_all[%i] bounds [%n] : tensor<100xf16>, memref<?xf16>
  return
}

