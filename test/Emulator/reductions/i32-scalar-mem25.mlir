// tile.reduce of rank-1 i32 tiles of 100 elements to a scalar, every integer
// kind (add, mul, maxsi, minsi, maxui, minui, and, or, xor), over a ragged
// vector of n=250 loaded with bounds (3 programs). 100 elements, 32 threads:
// 25 groups through threadgroup memory. Each result is stored once per
// program with a scalar tile.store (<kind>_s[pid]) and, splat back to a
// tile, by every thread (<kind>_all: every thread must hold the total). The
// MSL on the emulator (3 thread orders, and for the apple7 target) must
// match the tile interpreter.
//
// Inputs X and Y are tile-run's random i32 in [-8, 8). add reduces X
// (padding 5, not the identity), mul X | 1 (odd, never 0; products wrap),
// maxsi/minsi/xor and maxui/minui h = (X << 4) ^ Y (256 values, negative
// ones huge as unsigned; padding 0 resp. -1), and/or one bit
// (16 X + Y) & 31 set (or) or cleared (and) per element. Integers must
// match exactly.

// RUN: tile-run %s --kernel i32_scalar_mem25 --grid 3 --arg X=i32:250:random:3 \
// RUN:   --arg Y=i32:250:random:4 --arg add_s=i32:3:zeros --arg add_all=i32:250:zeros \
// RUN:   --arg mul_s=i32:3:zeros --arg mul_all=i32:250:zeros --arg maxsi_s=i32:3:zeros \
// RUN:   --arg maxsi_all=i32:250:zeros --arg minsi_s=i32:3:zeros \
// RUN:   --arg minsi_all=i32:250:zeros --arg maxui_s=i32:3:zeros \
// RUN:   --arg maxui_all=i32:250:zeros --arg minui_s=i32:3:zeros \
// RUN:   --arg minui_all=i32:250:zeros --arg and_s=i32:3:zeros --arg and_all=i32:250:zeros \
// RUN:   --arg or_s=i32:3:zeros --arg or_all=i32:250:zeros --arg xor_s=i32:3:zeros \
// RUN:   --arg xor_all=i32:250:zeros --arg n=250 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --schedules 3 | FileCheck %s --check-prefix=I32_SCALAR_MEM25
// RUN: tile-run %s --kernel i32_scalar_mem25 --grid 3 --arg X=i32:250:random:3 \
// RUN:   --arg Y=i32:250:random:4 --arg add_s=i32:3:zeros --arg add_all=i32:250:zeros \
// RUN:   --arg mul_s=i32:3:zeros --arg mul_all=i32:250:zeros --arg maxsi_s=i32:3:zeros \
// RUN:   --arg maxsi_all=i32:250:zeros --arg minsi_s=i32:3:zeros \
// RUN:   --arg minsi_all=i32:250:zeros --arg maxui_s=i32:3:zeros \
// RUN:   --arg maxui_all=i32:250:zeros --arg minui_s=i32:3:zeros \
// RUN:   --arg minui_all=i32:250:zeros --arg and_s=i32:3:zeros --arg and_all=i32:250:zeros \
// RUN:   --arg or_s=i32:3:zeros --arg or_all=i32:250:zeros --arg xor_s=i32:3:zeros \
// RUN:   --arg xor_all=i32:250:zeros --arg n=250 --arg P=3 --compare --rtol 0 --atol 0 \
// RUN:   --target apple7 | FileCheck %s --check-prefix=I32_SCALAR_MEM25
// I32_SCALAR_MEM25: ran i32_scalar_mem25 on the emulator: ok
// I32_SCALAR_MEM25-NEXT: compare add_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare add_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare mul_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare mul_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare maxsi_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare maxsi_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare minsi_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare minsi_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare maxui_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare maxui_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare minui_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare minui_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare and_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare and_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare or_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare or_all: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare xor_s: max abs error 0, max rel error 0 {{.*}}: ok
// I32_SCALAR_MEM25-NEXT: compare xor_all: max abs error 0, max rel error 0 {{.*}}: ok

func.func @i32_scalar_mem25(%X: memref<?xi32>, %Y: memref<?xi32>,
                            %add_s: memref<?xi32>, %add_all: memref<?xi32>,
                            %mul_s: memref<?xi32>, %mul_all: memref<?xi32>,
                            %maxsi_s: memref<?xi32>, %maxsi_all: memref<?xi32>,
                            %minsi_s: memref<?xi32>, %minsi_all: memref<?xi32>,
                            %maxui_s: memref<?xi32>, %maxui_all: memref<?xi32>,
                            %minui_s: memref<?xi32>, %minui_all: memref<?xi32>,
                            %and_s: memref<?xi32>, %and_all: memref<?xi32>,
                            %or_s: memref<?xi32>, %or_all: memref<?xi32>,
                            %xor_s: memref<?xi32>, %xor_all: memref<?xi32>,
                            %n: index, %P: index)
    attributes {tile.kernel} {
  %cL = arith.constant 100 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %cL : index
  %x1 = tile.load %X[%i] bounds [%n] {padding = 5 : i32} : memref<?xi32> -> tensor<100xi32>
  %s2 = tile.reduce add %x1 dim 0 : tensor<100xi32> -> i32
  tile.store %s2, %add_s[%p] bounds [%P] : i32, memref<?xi32>
  %s3 = tile.splat %s2 : i32 -> tensor<100xi32>
  tile.store %s3, %add_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %x4 = tile.load %X[%i] bounds [%n] {padding = -3 : i32} : memref<?xi32> -> tensor<100xi32>
  %k5 = arith.constant dense<1> : tensor<100xi32>
  %v6 = arith.ori %x4, %k5 : tensor<100xi32>
  %s7 = tile.reduce mul %v6 dim 0 : tensor<100xi32> -> i32
  tile.store %s7, %mul_s[%p] bounds [%P] : i32, memref<?xi32>
  %s8 = tile.splat %s7 : i32 -> tensor<100xi32>
  tile.store %s8, %mul_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %x9 = tile.load %X[%i] bounds [%n] {padding = 0 : i32} : memref<?xi32> -> tensor<100xi32>
  %x10 = tile.load %Y[%i] bounds [%n] {padding = 0 : i32} : memref<?xi32> -> tensor<100xi32>
  %k11 = arith.constant dense<4> : tensor<100xi32>
  %v12 = arith.shli %x9, %k11 : tensor<100xi32>
  %v13 = arith.xori %v12, %x10 : tensor<100xi32>
  %s14 = tile.reduce maxsi %v13 dim 0 : tensor<100xi32> -> i32
  tile.store %s14, %maxsi_s[%p] bounds [%P] : i32, memref<?xi32>
  %s15 = tile.splat %s14 : i32 -> tensor<100xi32>
  tile.store %s15, %maxsi_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %v16 = arith.shli %x9, %k11 : tensor<100xi32>
  %v17 = arith.xori %v16, %x10 : tensor<100xi32>
  %s18 = tile.reduce minsi %v17 dim 0 : tensor<100xi32> -> i32
  tile.store %s18, %minsi_s[%p] bounds [%P] : i32, memref<?xi32>
  %s19 = tile.splat %s18 : i32 -> tensor<100xi32>
  tile.store %s19, %minsi_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %x20 = tile.load %X[%i] bounds [%n] {padding = -1 : i32} : memref<?xi32> -> tensor<100xi32>
  %x21 = tile.load %Y[%i] bounds [%n] {padding = -1 : i32} : memref<?xi32> -> tensor<100xi32>
  %v22 = arith.shli %x20, %k11 : tensor<100xi32>
  %v23 = arith.xori %v22, %x21 : tensor<100xi32>
  %s24 = tile.reduce maxui %v23 dim 0 : tensor<100xi32> -> i32
  tile.store %s24, %maxui_s[%p] bounds [%P] : i32, memref<?xi32>
  %s25 = tile.splat %s24 : i32 -> tensor<100xi32>
  tile.store %s25, %maxui_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %v26 = arith.shli %x20, %k11 : tensor<100xi32>
  %v27 = arith.xori %v26, %x21 : tensor<100xi32>
  %s28 = tile.reduce minui %v27 dim 0 : tensor<100xi32> -> i32
  tile.store %s28, %minui_s[%p] bounds [%P] : i32, memref<?xi32>
  %s29 = tile.splat %s28 : i32 -> tensor<100xi32>
  tile.store %s29, %minui_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %k30 = arith.constant dense<16> : tensor<100xi32>
  %k31 = arith.constant dense<31> : tensor<100xi32>
  %v32 = arith.muli %x9, %k30 : tensor<100xi32>
  %v33 = arith.addi %v32, %x10 : tensor<100xi32>
  %v34 = arith.andi %v33, %k31 : tensor<100xi32>
  %v35 = arith.shli %k5, %v34 : tensor<100xi32>
  %k36 = arith.constant dense<-1> : tensor<100xi32>
  %v37 = arith.xori %v35, %k36 : tensor<100xi32>
  %s38 = tile.reduce and %v37 dim 0 : tensor<100xi32> -> i32
  tile.store %s38, %and_s[%p] bounds [%P] : i32, memref<?xi32>
  %s39 = tile.splat %s38 : i32 -> tensor<100xi32>
  tile.store %s39, %and_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %v40 = arith.muli %x9, %k30 : tensor<100xi32>
  %v41 = arith.addi %v40, %x10 : tensor<100xi32>
  %v42 = arith.andi %v41, %k31 : tensor<100xi32>
  %v43 = arith.shli %k5, %v42 : tensor<100xi32>
  %s44 = tile.reduce or %v43 dim 0 : tensor<100xi32> -> i32
  tile.store %s44, %or_s[%p] bounds [%P] : i32, memref<?xi32>
  %s45 = tile.splat %s44 : i32 -> tensor<100xi32>
  tile.store %s45, %or_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  %v46 = arith.shli %x9, %k11 : tensor<100xi32>
  %v47 = arith.xori %v46, %x10 : tensor<100xi32>
  %s48 = tile.reduce xor %v47 dim 0 : tensor<100xi32> -> i32
  tile.store %s48, %xor_s[%p] bounds [%P] : i32, memref<?xi32>
  %s49 = tile.splat %s48 : i32 -> tensor<100xi32>
  tile.store %s49, %xor_all[%i] bounds [%n] : tensor<100xi32>, memref<?xi32>
  return
}

