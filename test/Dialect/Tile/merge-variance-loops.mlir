// RUN: tile-opt %s -split-input-file --tile-merge-online-loops=report=true -verify-diagnostics | FileCheck %s
// A loop that sums x and a loop that then sums (x - mean)^2 become one loop
// carrying a count n, a running mean c and t = sum (x - c), q = sum
// (x - c)^2 (Chan's update); after the loop the squares move to the mean:
// q + (c - mean) (2 t + n (c - mean)). What the pass cannot prove has that
// shape stays, and a remark says why.

// Per-row statistics of 8-row blocks (examples/layernorm_two_pass.mlir):
// the tail's columns are selected out of the squares, so they count neither
// for n nor for the sums; X is loaded once.
// CHECK-LABEL: func.func @rows
// CHECK:       %[[ZERO:cst_[0-9]+]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-NEXT:  %[[R:.*]]:5 = tile.for_range %[[J:.*]] = %{{.*}} iter_args(%[[S:.*]] = %[[INIT:.*]], %[[Q:.*]] = %[[INIT]], %[[N:.*]] = %[[ZERO]], %[[C:.*]] = %[[ZERO]], %[[T:.*]] = %[[ZERO]]) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT:    %[[X:.*]] = tile.load %X
// CHECK-NEXT:    %[[CS:.*]] = tile.reduce add %[[X]] dim 1
// CHECK-NEXT:    %[[NS:.*]] = arith.addf %[[S]], %[[CS]] : tensor<8xf32>
// CHECK:         %[[VALID:.*]] = arith.cmpi slt
// CHECK-NEXT:    %[[ZX:.*]] = arith.constant dense<0.000000e+00> : tensor<8x32xf32>
// CHECK-NEXT:    %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<8x32xf32>
// CHECK-NEXT:    %[[LANES:.*]] = arith.select %[[VALID]], %[[ONES]], %[[ZX]]
// CHECK-NEXT:    %[[K:.*]] = tile.reduce add %[[LANES]] dim 1
// CHECK-NEXT:    %[[NN:.*]] = arith.addf %[[N]], %[[K]] : tensor<8xf32>
// CHECK-NEXT:    %[[C2D:.*]] = tile.broadcast %[[C]] dim 0
// CHECK-NEXT:    %[[DC:.*]] = arith.subf %[[X]], %[[C2D]]
// CHECK-NEXT:    %[[DCM:.*]] = arith.select %[[VALID]], %[[DC]], %[[ZX]]
// CHECK-NEXT:    %[[CHUNKT:.*]] = tile.reduce add %[[DCM]] dim 1
// CHECK-NEXT:    %[[ALLT:.*]] = arith.addf %[[T]], %[[CHUNKT]]
// CHECK-NEXT:    %[[MEANSTEP:.*]] = arith.divf %[[ALLT]], %[[NN]]
// CHECK-NEXT:    %[[MOVED:.*]] = arith.addf %[[C]], %[[MEANSTEP]]
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-NEXT:    %[[ANY:.*]] = arith.cmpf ogt, %[[NN]], %[[Z]]
// CHECK-NEXT:    %[[NC:.*]] = arith.select %[[ANY]], %[[MOVED]], %[[C]]
// CHECK-NEXT:    %[[STEP:.*]] = arith.subf %[[C]], %[[NC]]
// CHECK-NEXT:    %[[NSTEP:.*]] = arith.mulf %[[N]], %[[STEP]]
// CHECK-NEXT:    %[[TWOT:.*]] = arith.addf %[[T]], %[[T]]
// CHECK-NEXT:    %[[INNER:.*]] = arith.addf %[[TWOT]], %[[NSTEP]]
// CHECK-NEXT:    %[[QMOVE:.*]] = arith.mulf %[[STEP]], %[[INNER]]
// CHECK-NEXT:    %[[QOLD:.*]] = arith.addf %[[Q]], %[[QMOVE]]
// CHECK-NEXT:    %[[TOLD:.*]] = arith.addf %[[T]], %[[NSTEP]]
// CHECK-NEXT:    %[[NC2D:.*]] = tile.broadcast %[[NC]] dim 0
// CHECK-NEXT:    %[[D:.*]] = arith.subf %[[X]], %[[NC2D]]
// CHECK-NEXT:    %[[DM:.*]] = arith.select %[[VALID]], %[[D]], %[[ZX]]
// CHECK-NEXT:    %[[SQ:.*]] = arith.mulf %[[DM]], %[[DM]]
// CHECK-NEXT:    %[[CQ:.*]] = tile.reduce add %[[SQ]] dim 1
// CHECK-NEXT:    %[[NQ:.*]] = arith.addf %[[QOLD]], %[[CQ]]
// CHECK-NEXT:    %[[CT:.*]] = tile.reduce add %[[DM]] dim 1
// CHECK-NEXT:    %[[NT:.*]] = arith.addf %[[TOLD]], %[[CT]]
// CHECK-NEXT:    tile.yield %[[NS]], %[[NQ]], %[[NN]], %[[NC]], %[[NT]]
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[MEAN:.*]] = arith.divf %[[R]]#0, %{{.*}} : tensor<8xf32>
// CHECK-NEXT:  %[[MEAN2D:.*]] = tile.broadcast %[[MEAN]] dim 0
// CHECK-NEXT:  %[[OFF:.*]] = arith.subf %[[R]]#3, %[[MEAN]] : tensor<8xf32>
// CHECK-NEXT:  %[[TWOTF:.*]] = arith.addf %[[R]]#4, %[[R]]#4
// CHECK-NEXT:  %[[NOFF:.*]] = arith.mulf %[[R]]#2, %[[OFF]]
// CHECK-NEXT:  %[[INNERF:.*]] = arith.addf %[[TWOTF]], %[[NOFF]]
// CHECK-NEXT:  %[[QMOVEF:.*]] = arith.mulf %[[OFF]], %[[INNERF]]
// CHECK-NEXT:  %[[VARSUM:.*]] = arith.addf %[[R]]#1, %[[QMOVEF]]
// CHECK-NEXT:  arith.divf %[[VARSUM]], %{{.*}} : tensor<8xf32>
// CHECK:       tile.for_range
// CHECK-NEXT:    tile.load %X
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MEAN2D]]
// CHECK-NEXT:    arith.divf
// CHECK-NEXT:    tile.store
func.func @rows(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %zero2d = arith.constant dense<0.0> : tensor<8x32xf32>
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %count = tile.splat %nf : f32 -> tensor<8xf32>
  %lanes = tile.arange : tensor<32xi32>
  %lanes2d = tile.broadcast %lanes dim 1 : tensor<32xi32> -> tensor<8x32xi32>
  // expected-remark @+1 {{merged with the next loop into one online loop: running sum and sum of (x - mean)^2 as a count, a running mean c and the sums of x - c and (x - c)^2 (Chan's update), moved to the mean after the loop; x is read once instead of twice}}
  %sum = tile.for_range %j = %c0 to %N step %c32 iter_args(%s = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x32xf32>
    %chunk = tile.reduce add %x dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %s, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %mean = arith.divf %sum, %count : tensor<8xf32>
  %mean2d = tile.broadcast %mean dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  %sqsum = tile.for_range %j = %c0 to %N step %c32 iter_args(%q = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x32xf32>
    %j32 = arith.index_cast %j : index to i32
    %j2d = tile.splat %j32 : i32 -> tensor<8x32xi32>
    %cols = arith.addi %lanes2d, %j2d : tensor<8x32xi32>
    %n2d = tile.splat %n32 : i32 -> tensor<8x32xi32>
    %valid = arith.cmpi slt, %cols, %n2d : tensor<8x32xi32>
    %centered = arith.subf %x, %mean2d : tensor<8x32xf32>
    %d = arith.select %valid, %centered, %zero2d : tensor<8x32xi1>, tensor<8x32xf32>
    %sq = arith.mulf %d, %d : tensor<8x32xf32>
    %chunk = tile.reduce add %sq dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %q, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %var = arith.divf %sqsum, %count : tensor<8xf32>
  %var2d = tile.broadcast %var dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  tile.for_range %j = %c0 to %N step %c32 {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<8x32xf32>
    %centered = arith.subf %x, %mean2d : tensor<8x32xf32>
    %y = arith.divf %centered, %var2d : tensor<8x32xf32>
    tile.store %y, %Y[%row, %j] strides [%N, %c1] bounds [%M, %N] : tensor<8x32xf32>, memref<?xf32>
  }
  return
}

// -----

// Triton tutorial 05's layer norm as the Triton-style front end traces it
// (test/python/triton_style/softmax_layernorm.py): elementwise tile
// accumulators reduced after each loop, the scalar mean splat in the loop,
// tl.where zeroing the tail. Each lane carries its own count and running
// mean (Welford's update, a chunk brings one x per lane); after the loop
// the mean is splat again to move the squares to it, before the reduction.
// CHECK-LABEL: func.func @triton_lanes
// CHECK:       %[[R:.*]]:5 = tile.for_range {{.*}} -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
// CHECK:         %[[X:.*]] = arith.truncf
// CHECK-NOT:     tile.load
// CHECK-NOT:     tile.splat %{{.*}} : f32
// CHECK:         %[[DC:.*]] = arith.subf %[[X]], %[[C:arg[0-9]+]] : tensor<64xf32>
// CHECK-NOT:     tile.load
// CHECK:         tile.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[SUM:.*]] = tile.reduce add %[[R]]#0 dim 0
// CHECK-NEXT:  %[[MEAN:.*]] = arith.divf %[[SUM]], %{{.*}} : f32
// CHECK-NEXT:  %[[MEANS:.*]] = tile.splat %[[MEAN]] : f32 -> tensor<64xf32>
// CHECK-NEXT:  %[[OFF:.*]] = arith.subf %[[R]]#3, %[[MEANS]] : tensor<64xf32>
// CHECK-COUNT-4: arith.{{addf|mulf}}
// CHECK-NEXT:  %[[LANES:.*]] = arith.addf %[[R]]#1, %{{.*}} : tensor<64xf32>
// CHECK-NEXT:  tile.reduce add %[[LANES]] dim 0
func.func @triton_lanes(%X: memref<?xf32>, %Out: memref<?xf32>, %stride: index, %N: index) attributes {tile.kernel} {
  %row = tile.program_id x : index
  %zeros = arith.constant dense<0.0> : tensor<64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %s = tile.for_range %off = %c0 to %N step %c64 iter_args(%acc = %zeros) -> (tensor<64xf32>) {
    %base = arith.muli %stride, %row : index
    %end = arith.addi %base, %N : index
    %at = arith.addi %base, %off : index
    %a = tile.load %X[%at] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<64xf32>
    %a32 = arith.extf %a : tensor<64xf32> to tensor<64xf64>
    %a16 = arith.truncf %a32 : tensor<64xf64> to tensor<64xf32>
    %next = arith.addf %acc, %a16 : tensor<64xf32>
    tile.yield %next : tensor<64xf32>
  }
  %sum = tile.reduce add %s dim 0 : tensor<64xf32> -> f32
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %mean = arith.divf %sum, %nf : f32
  %v = tile.for_range %off = %c0 to %N step %c64 iter_args(%acc = %zeros) -> (tensor<64xf32>) {
    %base = arith.muli %stride, %row : index
    %end = arith.addi %base, %N : index
    %at = arith.addi %base, %off : index
    %a = tile.load %X[%at] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<64xf32>
    %a32 = arith.extf %a : tensor<64xf32> to tensor<64xf64>
    %x = arith.truncf %a32 : tensor<64xf64> to tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %centered = arith.subf %x, %ms : tensor<64xf32>
    %range = tile.arange : tensor<64xi32>
    %left = arith.subi %off, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<64xi32>
    %col = arith.addi %range, %lefts : tensor<64xi32>
    %izeros = arith.constant dense<0> : tensor<64xi32>
    %mask = arith.cmpi slt, %col, %izeros : tensor<64xi32>
    %d = arith.select %mask, %centered, %zeros : tensor<64xi1>, tensor<64xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %next = arith.addf %acc, %sq : tensor<64xf32>
    tile.yield %next : tensor<64xf32>
  }
  %vs = tile.reduce add %v dim 0 : tensor<64xf32> -> f32
  %var = arith.divf %vs, %nf : f32
  tile.store %var, %Out[%row] bounds [%N] : f32, memref<?xf32>
  return
}

// -----

// A scalar mean written as (mean - x), the tail zeroed after squaring, and
// the sum updated under a mask (meTile style): the mask keeps all four of
// the lane's statistics; no zeroing select is needed for them.
// CHECK-LABEL: func.func @minuend_masked_update
// CHECK:       %[[R:.*]]:5 = tile.for_range {{.*}} -> (tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) {
// CHECK-COUNT-1: tile.load %X
// CHECK:         %[[SQ:.*]] = arith.mulf %[[D:[0-9]+]], %[[D]] : tensor<128xf32>
// CHECK-NEXT:    %[[NQ:.*]] = arith.addf %{{.*}}, %[[SQ]]
// CHECK-NEXT:    %[[NT:.*]] = arith.addf %{{.*}}, %[[D]]
// CHECK-NEXT:    %[[KQ:.*]] = arith.select %[[KEEP:[0-9]+]], %[[NQ]], %{{.*}} : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    %[[KN:.*]] = arith.select %[[KEEP]], %{{.*}} : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    %[[KC:.*]] = arith.select %[[KEEP]], %{{.*}} : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    %[[KT:.*]] = arith.select %[[KEEP]], %[[NT]], %{{.*}} : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    tile.yield %{{.*}}, %[[KQ]], %[[KN]], %[[KC]], %[[KT]]
// CHECK-NEXT:  }
func.func @minuend_masked_update(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %zeros = tile.splat %zero : f32 -> tensor<128xf32>
  %izeros = arith.constant dense<0> : tensor<128xi32>
  %lanes = tile.arange : tensor<128xi32>
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %s = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %zeros) -> (tensor<128xf32>) {
    %x = tile.load %X[%i] strides [%c1] bounds [%N] : memref<?xf32> -> tensor<128xf32>
    %next = arith.addf %x, %acc : tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %sum = tile.reduce add %s dim 0 : tensor<128xf32> -> f32
  %n32 = arith.index_cast %N : index to i32
  %nf = arith.sitofp %n32 : i32 to f32
  %mean = arith.divf %sum, %nf : f32
  %ms = tile.splat %mean : f32 -> tensor<128xf32>
  %v = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %zeros) -> (tensor<128xf32>) {
    %x = tile.load %X[%i] strides [%c1] bounds [%N] : memref<?xf32> -> tensor<128xf32>
    %d = arith.subf %ms, %x : tensor<128xf32>
    %sq = arith.mulf %d, %d : tensor<128xf32>
    %added = arith.addf %acc, %sq : tensor<128xf32>
    %left = arith.subi %i, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<128xi32>
    %col = arith.addi %lanes, %lefts : tensor<128xi32>
    %keep = arith.cmpi slt, %col, %izeros : tensor<128xi32>
    %next = arith.select %keep, %added, %acc : tensor<128xi1>, tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %vs = tile.reduce add %v dim 0 : tensor<128xf32> -> f32
  tile.store %vs, %Out[%c0] bounds [%N] : f32, memref<?xf32>
  return
}

// -----

// Scalar statistics without a mask: the tail's padding (0) counts as an x
// in both forms, so every lane counts for n; the squares move to the mean
// after the loop as scalars.
// CHECK-LABEL: func.func @scalar_unmasked
// CHECK:       %[[R:.*]]:5 = tile.for_range {{.*}} -> (f32, f32, f32, f32, f32) {
// CHECK-COUNT-1: tile.load
// CHECK:         %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<64xf32>
// CHECK-NEXT:    %[[K:.*]] = tile.reduce add %[[ONES]] dim 0 : tensor<64xf32> -> f32
// CHECK:         tile.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[MEAN:.*]] = arith.divf %[[R]]#0
// CHECK-NEXT:  %[[OFF:.*]] = arith.subf %[[R]]#3, %[[MEAN]] : f32
func.func @scalar_unmasked(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the mean absolute deviation; |x - c| cannot be moved to another
// centre.
// CHECK-LABEL: func.func @abs_deviation
// CHECK-COUNT-2: tile.for_range
func.func @abs_deviation(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the second loop uses x - mean other than squared as (x - mean) * (x - mean), which rescaling cannot repair}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    // expected-note @+1 {{here}}
    %sq = math.absf %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the third central moment (not supported: its update needs the
// second moment too).
// CHECK-LABEL: func.func @cube
// CHECK-COUNT-2: tile.for_range
func.func @cube(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the second loop uses x - mean other than squared}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %d2 = arith.mulf %d, %d : tensor<64xf32>
    // expected-note @+1 {{here}}
    %sq = arith.mulf %d2, %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the mean also decides which lanes count (x > mean).
// CHECK-LABEL: func.func @mean_in_mask
// CHECK-COUNT-2: tile.for_range
func.func @mean_in_mask(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the second loop uses the mean other than in one (x - mean)^2, which rescaling cannot repair}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %d2 = arith.mulf %d, %d : tensor<64xf32>
    // expected-note @+1 {{here}}
    %above = arith.cmpf ogt, %x, %ms : tensor<64xf32>
    %zeros = arith.constant dense<0.0> : tensor<64xf32>
    %sq = arith.select %above, %d2, %zeros : tensor<64xi1>, tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the second loop stores x - mean.
// CHECK-LABEL: func.func @store_in_loop
// CHECK-COUNT-2: tile.for_range
func.func @store_in_loop(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: a loop writes memory, so the second loop may read something else than the first}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    tile.store %d, %Out[%i] bounds [%N] : tensor<64xf32>, memref<?xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the squares are of another buffer than the sum.
// CHECK-LABEL: func.func @other_buffer
// CHECK-COUNT-2: tile.for_range
func.func @other_buffer(%X: memref<?xf32>, %Z: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: x in (x - mean)^2 is not what the first loop sums (another buffer, offset or computation)}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %z = tile.load %Z[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    // expected-note @+1 {{here}}
    %d = arith.subf %z, %ms : tensor<64xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the sum of squares starts at 1.
// CHECK-LABEL: func.func @not_from_zero
// CHECK-COUNT-2: tile.for_range
func.func @not_from_zero(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  // expected-note @+1 {{here}}
  %one = arith.constant 1.0 : f32
  %nf = arith.constant 100.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the sum of squares does not start at zero}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce add %x dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %r : f32
    tile.yield %n : f32
  }
  %mean = arith.divf %sum, %nf : f32
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %one) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %mean : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %sq = arith.mulf %d, %d : tensor<64xf32>
    %t = tile.reduce add %sq dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the mean is per row but the squares are summed down columns,
// mixing rows of different means in one lane of the sum.
// CHECK-LABEL: func.func @sum_across_rows
// CHECK-COUNT-2: tile.for_range
func.func @sum_across_rows(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %nf = arith.constant dense<100.0> : tensor<32xf32>
  // expected-remark @+1 {{not merged with the next loop: the sum runs along a dimension the mean varies over}}
  %sum = tile.for_range %j = %c0 to %N step %c32 iter_args(%s = %zero) -> (tensor<32xf32>) {
    %x = tile.load %X[%c0, %j] strides [%N, %c1] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
    %r = tile.reduce add %x dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %n = arith.addf %s, %r : tensor<32xf32>
    tile.yield %n : tensor<32xf32>
  }
  %mean = arith.divf %sum, %nf : tensor<32xf32>
  %mean2d = tile.broadcast %mean dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %q = tile.for_range %j = %c0 to %N step %c32 iter_args(%s = %zero) -> (tensor<32xf32>) {
    %x = tile.load %X[%c0, %j] strides [%N, %c1] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
    %d = arith.subf %x, %mean2d : tensor<32x32xf32>
    %sq = arith.mulf %d, %d : tensor<32x32xf32>
    // expected-note @+1 {{here}}
    %t = tile.reduce add %sq dim 0 : tensor<32x32xf32> -> tensor<32xf32>
    %n = arith.addf %s, %t : tensor<32xf32>
    tile.yield %n : tensor<32xf32>
  }
  tile.store %q, %Out[%c0] bounds [%c32] : tensor<32xf32>, memref<?xf32>
  return
}

// -----

// Refused: f16 sums. The merged loop would carry the count in f16, which
// rounds past 2048 lanes.
// CHECK-LABEL: func.func @half_sums
// CHECK-COUNT-2: tile.for_range
func.func @half_sums(%X: memref<?xf16>, %Out: memref<?xf16>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f16
  %nf = arith.constant 100.0 : f16
  // expected-remark @+1 {{not merged with the next loop: the sum of squares is narrower than f32, so the merged loop's running count could round}}
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f16) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf16> -> tensor<64xf16>
    %r = tile.reduce add %x dim 0 : tensor<64xf16> -> f16
    %n = arith.addf %s, %r : f16
    tile.yield %n : f16
  }
  %mean = arith.divf %sum, %nf : f16
  %q = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f16) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf16> -> tensor<64xf16>
    %ms = tile.splat %mean : f16 -> tensor<64xf16>
    %d = arith.subf %x, %ms : tensor<64xf16>
    %sq = arith.mulf %d, %d : tensor<64xf16>
    %t = tile.reduce add %sq dim 0 : tensor<64xf16> -> f16
    %n = arith.addf %s, %t : f16
    tile.yield %n : f16
  }
  tile.store %q, %Out[%c0] bounds [%c64] : f16, memref<?xf16>
  return
}
