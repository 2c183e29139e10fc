// tile.reduce of rank-1 f32 tiles of 45 elements to a scalar, every float
// kind (add, mul, maximumf, minimumf, maxnumf, minnumf), over a ragged
// vector of n=100 loaded with bounds (3 programs). 45 elements, 64 threads:
// groups of 1, 45 partials. Each result is stored once per program with a
// scalar tile.store (<kind>_s[pid]) and, splat back to a tile, by every
// thread (<kind>_all: every thread must hold the total). The MSL on the
// emulator (3 thread orders, and for the apple7 target) must match the tile
// interpreter.
//
// The data makes every result exact in any order of combination, so the
// emulator must match the interpreter bit for bit (--rtol 0 --atol 0):
// add sums multiples of 1/64 (padding 0.25, which is not add's identity
// and so must be counted), mul multiplies -1, 1, 2 and 0.5 (padding 0.8
// -> 2), maximumf/minimumf see a few NaNs (x > 0.995, x < -0.995) and pad
// with -inf/+inf, maxnumf/minnumf see the same NaNs and pad with NaN.

// RUN: tile-run %s --kernel f32_scalar_mem45 --grid 3 --arg X=f32:100:random:3 \
// RUN:   --arg add_s=f32:3:zeros --arg add_all=f32:100:zeros --arg mul_s=f32:3:zeros \
// RUN:   --arg mul_all=f32:100:zeros --arg maximumf_s=f32:3:zeros \
// RUN:   --arg maximumf_all=f32:100:zeros --arg minimumf_s=f32:3:zeros \
// RUN:   --arg minimumf_all=f32:100:zeros --arg maxnumf_s=f32:3:zeros \
// RUN:   --arg maxnumf_all=f32:100:zeros --arg minnumf_s=f32:3:zeros \
// RUN:   --arg minnumf_all=f32:100:zeros --arg n=100 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=F32_SCALAR_MEM45
// RUN: tile-run %s --kernel f32_scalar_mem45 --grid 3 --arg X=f32:100:random:3 \
// RUN:   --arg add_s=f32:3:zeros --arg add_all=f32:100:zeros --arg mul_s=f32:3:zeros \
// RUN:   --arg mul_all=f32:100:zeros --arg maximumf_s=f32:3:zeros \
// RUN:   --arg maximumf_all=f32:100:zeros --arg minimumf_s=f32:3:zeros \
// RUN:   --arg minimumf_all=f32:100:zeros --arg maxnumf_s=f32:3:zeros \
// RUN:   --arg maxnumf_all=f32:100:zeros --arg minnumf_s=f32:3:zeros \
// RUN:   --arg minnumf_all=f32:100:zeros --arg n=100 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=F32_SCALAR_MEM45
// F32_SCALAR_MEM45: ran f32_scalar_mem45 on the emulator: ok
// F32_SCALAR_MEM45-NEXT: compare add_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare add_all: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare mul_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare mul_all: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare maximumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare maximumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare minimumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare minimumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare maxnumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare maxnumf_all: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare minnumf_s: max abs error 0, max rel error 0 {{.*}}: ok
// F32_SCALAR_MEM45-NEXT: compare minnumf_all: max abs error 0, max rel error 0 {{.*}}: ok

func.func @f32_scalar_mem45(%X: memref<?xf32>, %add_s: memref<?xf32>,
                            %add_all: memref<?xf32>, %mul_s: memref<?xf32>,
                            %mul_all: memref<?xf32>, %maximumf_s: memref<?xf32>,
                            %maximumf_all: memref<?xf32>,
                            %minimumf_s: memref<?xf32>,
                            %minimumf_all: memref<?xf32>,
                            %maxnumf_s: memref<?xf32>,
                            %maxnumf_all: memref<?xf32>,
                            %minnumf_s: memref<?xf32>,
                            %minnumf_all: memref<?xf32>, %n: index, %P: index)
    attributes {tile.kernel} {
  %cL = arith.constant 45 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %cL : index
  %k1 = arith.constant dense<0x7FC00000> : tensor<45xf32>
  %x2 = tile.load %X[%i] bounds [%n] {padding = 2.500000e-01 : f32} : memref<?xf32> -> tensor<45xf32>
  %k3 = arith.constant dense<64.0> : tensor<45xf32>
  %k4 = arith.constant dense<0.015625> : tensor<45xf32>
  %v5 = arith.mulf %x2, %k3 : tensor<45xf32>
  %v6 = math.floor %v5 : tensor<45xf32>
  %v7 = arith.mulf %v6, %k4 : tensor<45xf32>
  %s8 = tile.reduce add %v7 dim 0 : tensor<45xf32> -> f32
  tile.store %s8, %add_s[%p] bounds [%P] : f32, memref<?xf32>
  %s9 = tile.splat %s8 : f32 -> tensor<45xf32>
  tile.store %s9, %add_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  %x10 = tile.load %X[%i] bounds [%n] {padding = 8.000000e-01 : f32} : memref<?xf32> -> tensor<45xf32>
  %k11 = arith.constant dense<-0.75> : tensor<45xf32>
  %k12 = arith.constant dense<0.875> : tensor<45xf32>
  %k13 = arith.constant dense<0.9375> : tensor<45xf32>
  %k14 = arith.constant dense<-1.0> : tensor<45xf32>
  %k15 = arith.constant dense<1.0> : tensor<45xf32>
  %k16 = arith.constant dense<2.0> : tensor<45xf32>
  %k17 = arith.constant dense<0.5> : tensor<45xf32>
  %m18 = arith.cmpf olt, %x10, %k13 : tensor<45xf32>
  %v19 = arith.select %m18, %k16, %k17 : tensor<45xi1>, tensor<45xf32>
  %m20 = arith.cmpf olt, %x10, %k12 : tensor<45xf32>
  %v21 = arith.select %m20, %k15, %v19 : tensor<45xi1>, tensor<45xf32>
  %m22 = arith.cmpf olt, %x10, %k11 : tensor<45xf32>
  %v23 = arith.select %m22, %k14, %v21 : tensor<45xi1>, tensor<45xf32>
  %s24 = tile.reduce mul %v23 dim 0 : tensor<45xf32> -> f32
  tile.store %s24, %mul_s[%p] bounds [%P] : f32, memref<?xf32>
  %s25 = tile.splat %s24 : f32 -> tensor<45xf32>
  tile.store %s25, %mul_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  %x26 = tile.load %X[%i] bounds [%n] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<45xf32>
  %k27 = arith.constant dense<0.995> : tensor<45xf32>
  %m28 = arith.cmpf ogt, %x26, %k27 : tensor<45xf32>
  %v29 = arith.select %m28, %k1, %x26 : tensor<45xi1>, tensor<45xf32>
  %s30 = tile.reduce maximumf %v29 dim 0 : tensor<45xf32> -> f32
  tile.store %s30, %maximumf_s[%p] bounds [%P] : f32, memref<?xf32>
  %s31 = tile.splat %s30 : f32 -> tensor<45xf32>
  tile.store %s31, %maximumf_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  %x32 = tile.load %X[%i] bounds [%n] {padding = 0x7F800000 : f32} : memref<?xf32> -> tensor<45xf32>
  %k33 = arith.constant dense<-0.995> : tensor<45xf32>
  %m34 = arith.cmpf olt, %x32, %k33 : tensor<45xf32>
  %v35 = arith.select %m34, %k1, %x32 : tensor<45xi1>, tensor<45xf32>
  %s36 = tile.reduce minimumf %v35 dim 0 : tensor<45xf32> -> f32
  tile.store %s36, %minimumf_s[%p] bounds [%P] : f32, memref<?xf32>
  %s37 = tile.splat %s36 : f32 -> tensor<45xf32>
  tile.store %s37, %minimumf_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  %x38 = tile.load %X[%i] bounds [%n] {padding = 0x7FC00000 : f32} : memref<?xf32> -> tensor<45xf32>
  %m39 = arith.cmpf ogt, %x38, %k27 : tensor<45xf32>
  %v40 = arith.select %m39, %k1, %x38 : tensor<45xi1>, tensor<45xf32>
  %s41 = tile.reduce maxnumf %v40 dim 0 : tensor<45xf32> -> f32
  tile.store %s41, %maxnumf_s[%p] bounds [%P] : f32, memref<?xf32>
  %s42 = tile.splat %s41 : f32 -> tensor<45xf32>
  tile.store %s42, %maxnumf_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  %m43 = arith.cmpf olt, %x38, %k33 : tensor<45xf32>
  %v44 = arith.select %m43, %k1, %x38 : tensor<45xi1>, tensor<45xf32>
  %s45 = tile.reduce minnumf %v44 dim 0 : tensor<45xf32> -> f32
  tile.store %s45, %minnumf_s[%p] bounds [%P] : f32, memref<?xf32>
  %s46 = tile.splat %s45 : f32 -> tensor<45xf32>
  tile.store %s46, %minnumf_all[%i] bounds [%n] : tensor<45xf32>, memref<?xf32>
  return
}

