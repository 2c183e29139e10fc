// RUN: tile-opt %s -split-input-file --tile-merge-online-loops=report=true -verify-diagnostics | FileCheck %s
// A running maximum and the sum of exp(x - max) after it become one loop
// that rescales the sum by exp(old max - new max); what the pass cannot
// prove has that shape stays as it is, and a remark says why.

// Per-row statistics of 8-row blocks (examples/softmax_three_pass.mlir):
// one loop carries both row vectors, reads X once, shifts by 0 while a
// row's maximum is -inf, and the normalizing loop reads the results.
// CHECK-LABEL: func.func @rows
// CHECK:       %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<8xf32>
// CHECK:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK:       %[[R:.*]]:2 = tile.for_range %[[J:.*]] = %{{.*}} to %N step %{{.*}} iter_args(%[[M:.*]] = %[[NINF]], %[[S:.*]] = %[[ZERO]]) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT:    %[[X:.*]] = tile.load %X[%{{.*}}, %[[J]]]
// CHECK-NEXT:    %[[CM:.*]] = tile.reduce maximumf %[[X]] dim 1
// CHECK-NEXT:    %[[NM:.*]] = arith.maximumf %[[M]], %[[CM]] : tensor<8xf32>
// CHECK-NEXT:    %[[NINF2:.*]] = arith.constant dense<0xFF800000> : tensor<8xf32>
// CHECK-NEXT:    %[[ZERO2:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-NEXT:    %[[EMPTY:.*]] = arith.cmpf oeq, %[[NM]], %[[NINF2]] : tensor<8xf32>
// CHECK-NEXT:    %[[SHIFT:.*]] = arith.select %[[EMPTY]], %[[ZERO2]], %[[NM]] : tensor<8xi1>, tensor<8xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = arith.subf %[[M]], %[[SHIFT]] : tensor<8xf32>
// CHECK-NEXT:    %[[FACTOR:.*]] = math.exp %[[MOVED]] : tensor<8xf32>
// CHECK-NEXT:    %[[SHIFT2D:.*]] = tile.broadcast %[[SHIFT]] dim 0 : tensor<8xf32> -> tensor<8x32xf32>
// CHECK-NEXT:    %[[RESCALED:.*]] = arith.mulf %[[S]], %[[FACTOR]] : tensor<8xf32>
// CHECK-NEXT:    %[[D:.*]] = arith.subf %[[X]], %[[SHIFT2D]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[D]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[CS:.*]] = tile.reduce add %[[E]] dim 1 : tensor<8x32xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[NS:.*]] = arith.addf %[[RESCALED]], %[[CS]] : tensor<8xf32>
// CHECK-NEXT:    tile.yield %[[NM]], %[[NS]] : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[MAX2D:.*]] = tile.broadcast %[[R]]#0 dim 0
// CHECK-NEXT:  %[[SUM2D:.*]] = tile.broadcast %[[R]]#1 dim 0
// CHECK-NEXT:  tile.for_range
// CHECK-NEXT:    tile.load %X
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MAX2D]]
// CHECK-NEXT:    math.exp
// CHECK-NEXT:    arith.divf %{{.*}}, %[[SUM2D]]
// CHECK-NEXT:    tile.store
func.func @rows(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %ninf = arith.constant dense<0xFF800000> : tensor<8xf32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %max = tile.for_range %j = %c0 to %N step %c32 iter_args(%m = %ninf) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %chunk = tile.reduce maximumf %x dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.maximumf %m, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %max2d = tile.broadcast %max dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  %sum = tile.for_range %j = %c0 to %N step %c32 iter_args(%s = %zero) -> (tensor<8xf32>) {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %shifted = arith.subf %x, %max2d : tensor<8x32xf32>
    %e = math.exp %shifted : tensor<8x32xf32>
    %chunk = tile.reduce add %e dim 1 : tensor<8x32xf32> -> tensor<8xf32>
    %next = arith.addf %s, %chunk : tensor<8xf32>
    tile.yield %next : tensor<8xf32>
  }
  %sum2d = tile.broadcast %sum dim 0 : tensor<8xf32> -> tensor<8x32xf32>
  tile.for_range %j = %c0 to %N step %c32 {
    %x = tile.load %X[%row, %j] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<8x32xf32>
    %shifted = arith.subf %x, %max2d : tensor<8x32xf32>
    %e = math.exp %shifted : tensor<8x32xf32>
    %y = arith.divf %e, %sum2d : tensor<8x32xf32>
    tile.store %y, %Y[%row, %j] strides [%N, %c1] bounds [%M, %N] : tensor<8x32xf32>, memref<?xf32>
  }
  return
}

// -----

// meTile's softmax as its front end traces it (python/tile_mlir, the
// meTile style): elementwise tile accumulators whose masked-off lanes keep
// their value, reduced to scalars after each loop. The merged loop also
// carries the reduced maximum of the previous iteration, and the factor
// is splat to the sum's lanes; the masks stay.
// CHECK-LABEL: func.func @metile_tiles
// CHECK:       %[[R:.*]]:3 = tile.for_range %{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}, %[[OLD:.*]] = %{{.*}}) -> (tensor<128xf32>, tensor<128xf32>, f32) {
// CHECK:         %[[X:.*]] = tile.load %X
// CHECK-NOT:     tile.load
// CHECK:         %[[NM:.*]] = arith.select %[[MASK:.*]], %{{.*}}, %[[M]] : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    %[[NEW:.*]] = tile.reduce maximumf %[[NM]] dim 0 : tensor<128xf32> -> f32
// CHECK:         %[[SHIFT:.*]] = arith.select %{{.*}}, %{{.*}}, %[[NEW]] : f32
// CHECK-NEXT:    %[[MOVED:.*]] = arith.subf %[[OLD]], %[[SHIFT]] : f32
// CHECK-NEXT:    %[[FACTOR:.*]] = math.exp %[[MOVED]] : f32
// CHECK-NEXT:    %[[FACTORS:.*]] = tile.splat %[[FACTOR]] : f32 -> tensor<128xf32>
// CHECK-NEXT:    %[[RESCALED:.*]] = arith.mulf %[[S]], %[[FACTORS]] : tensor<128xf32>
// CHECK-NOT:     tile.load
// CHECK:         %[[ADD:.*]] = arith.addf %[[RESCALED]], %{{.*}} : tensor<128xf32>
// CHECK-NEXT:    %[[NS:.*]] = arith.select %[[MASK]], %[[ADD]], %[[RESCALED]] : tensor<128xi1>, tensor<128xf32>
// CHECK-NEXT:    tile.yield %[[NM]], %[[NS]], %[[NEW]] : tensor<128xf32>, tensor<128xf32>, f32
// CHECK:       tile.reduce maximumf %[[R]]#0 dim 0
// CHECK:       tile.reduce add %[[R]]#1 dim 0
func.func @metile_tiles(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %row = tile.program_id x : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %lowest = arith.constant -1.0e+38 : f32
  %lowests = tile.splat %lowest : f32 -> tensor<128xf32>
  %start = arith.muli %N, %row : index
  %end = arith.addi %N, %start : index
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %m = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %lowests) -> (tensor<128xf32>) {
    %off = arith.addi %start, %i : index
    %x = tile.load %X[%off] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %bigger = arith.maximumf %acc, %x : tensor<128xf32>
    %lanes = tile.arange : tensor<128xi32>
    %left = arith.subi %i, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<128xi32>
    %col = arith.addi %lanes, %lefts : tensor<128xi32>
    %zeros = arith.constant dense<0> : tensor<128xi32>
    %keep = arith.cmpi slt, %col, %zeros : tensor<128xi32>
    %next = arith.select %keep, %bigger, %acc : tensor<128xi1>, tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %mr = tile.reduce maximumf %m dim 0 : tensor<128xf32> -> f32
  %zero = arith.constant 0.0 : f32
  %zerot = tile.splat %zero : f32 -> tensor<128xf32>
  %s = tile.for_range %i = %c0 to %N step %c128 iter_args(%acc = %zerot) -> (tensor<128xf32>) {
    %off = arith.addi %start, %i : index
    %x = tile.load %X[%off] strides [%c1] bounds [%end] : memref<?xf32> -> tensor<128xf32>
    %ms = tile.splat %mr : f32 -> tensor<128xf32>
    %d = arith.subf %x, %ms : tensor<128xf32>
    %e = math.exp %d : tensor<128xf32>
    %added = arith.addf %acc, %e : tensor<128xf32>
    %lanes = tile.arange : tensor<128xi32>
    %left = arith.subi %i, %N : index
    %left32 = arith.index_cast %left : index to i32
    %lefts = tile.splat %left32 : i32 -> tensor<128xi32>
    %col = arith.addi %lanes, %lefts : tensor<128xi32>
    %zeros = arith.constant dense<0> : tensor<128xi32>
    %keep = arith.cmpi slt, %col, %zeros : tensor<128xi32>
    %next = arith.select %keep, %added, %acc : tensor<128xi1>, tensor<128xf32>
    tile.yield %next : tensor<128xf32>
  }
  %sr = tile.reduce add %s dim 0 : tensor<128xf32> -> f32
  tile.store %sr, %Out[%row] bounds [%N] : f32, memref<?xf32>
  return
}

// -----

// Log-sum-exp of a vector, with scalar statistics: m + log(sum exp(x - m)).
// CHECK-LABEL: func.func @logsumexp
// CHECK:       %[[R:.*]]:2 = tile.for_range {{.*}} -> (f32, f32) {
// CHECK-COUNT-1: tile.load
// CHECK:         tile.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[LOG:.*]] = math.log %[[R]]#1 : f32
// CHECK-NEXT:  %[[LSE:.*]] = arith.addf %[[R]]#0, %[[LOG]] : f32
// CHECK-NOT:   tile.for_range
func.func @logsumexp(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{merged with the next loop into one online loop}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %r, %m : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] {padding = 0xFF800000 : f32} : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %t = tile.reduce add %e dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %t, %s : f32
    tile.yield %n : f32
  }
  %log = math.log %sum : f32
  %lse = arith.addf %max, %log : f32
  tile.store %lse, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the sum of x - max (a mean deviation) is no exp of a shift;
// no factor rescales it.
// CHECK-LABEL: func.func @sum_of_shift
// CHECK-COUNT-2: tile.for_range
func.func @sum_of_shift(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the second loop uses the maximum other than as exp(x - max), which rescaling cannot repair}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max : f32 -> tensor<64xf32>
    // expected-note @+1 {{here}}
    %d = arith.subf %x, %ms : tensor<64xf32>
    %t = tile.reduce add %d dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %sum, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: exp(x - max) * max depends on the maximum outside the exp.
// CHECK-LABEL: func.func @exp_times_max
// CHECK-COUNT-2: tile.for_range
func.func @exp_times_max(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the second loop uses the maximum other than as exp(x - max), which rescaling cannot repair}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    // expected-note @+1 {{here}}
    %w = arith.mulf %e, %ms : tensor<64xf32>
    %t = tile.reduce add %w dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %sum, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the sum reads another buffer than the maximum.
// CHECK-LABEL: func.func @other_buffer
// CHECK-COUNT-2: tile.for_range
func.func @other_buffer(%X: memref<?xf32>, %Z: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{not merged with the next loop: x in exp(x - max) is not what the first loop takes the maximum of (another buffer, offset or computation)}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %z = tile.load %Z[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max : f32 -> tensor<64xf32>
    // expected-note @+1 {{here}}
    %d = arith.subf %z, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %t = tile.reduce add %e dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %sum, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: a store between the loops may change what the second reads.
// CHECK-LABEL: func.func @store_between
// CHECK-COUNT-2: tile.for_range
func.func @store_between(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{not merged with the next loop: an op between the loops writes memory}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  // expected-note @+1 {{here}}
  tile.store %max, %X[%c0] bounds [%N] : f32, memref<?xf32>
  %sum = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %t = tile.reduce add %e dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  tile.store %sum, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the loops step differently; a sum that does not start at 0; a
// running minimum. A pair of loops where the second does not read the
// first (%sum and %max2, %sum2 and %min) gets no remark.
// CHECK-LABEL: func.func @other_shapes
// CHECK-COUNT-6: tile.for_range
func.func @other_shapes(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  // expected-note @+1 {{here}}
  %one = arith.constant 1.0 : f32
  // expected-remark @+1 {{not merged with the next loop: the loops run over different ranges}}
  %max = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum = tile.for_range %i = %c0 to %N step %c32 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<32xf32>
    %ms = tile.splat %max : f32 -> tensor<32xf32>
    %d = arith.subf %x, %ms : tensor<32xf32>
    %e = math.exp %d : tensor<32xf32>
    %t = tile.reduce add %e dim 0 : tensor<32xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  // expected-remark @+1 {{not merged with the next loop: the sum does not start at zero}}
  %max2 = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce maximumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.maximumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum2 = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %one) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %max2 : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %t = tile.reduce add %e dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  // expected-remark @+1 {{not merged with the next loop: the first loop computes neither a running maximum nor a running sum}}
  %min = tile.for_range %i = %c0 to %N step %c64 iter_args(%m = %ninf) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %r = tile.reduce minimumf %x dim 0 : tensor<64xf32> -> f32
    %n = arith.minimumf %m, %r : f32
    tile.yield %n : f32
  }
  %sum3 = tile.for_range %i = %c0 to %N step %c64 iter_args(%s = %zero) -> (f32) {
    %x = tile.load %X[%i] bounds [%N] : memref<?xf32> -> tensor<64xf32>
    %ms = tile.splat %min : f32 -> tensor<64xf32>
    %d = arith.subf %x, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %t = tile.reduce add %e dim 0 : tensor<64xf32> -> f32
    %n = arith.addf %s, %t : f32
    tile.yield %n : f32
  }
  %all = arith.addf %sum, %sum2 : f32
  %all3 = arith.addf %all, %sum3 : f32
  tile.store %all3, %Out[%c0] bounds [%c64] : f32, memref<?xf32>
  return
}

// -----

// Refused: the maximum is per row but the sum adds up columns, so the
// rows' different rescaling factors would be mixed in one sum.
// CHECK-LABEL: func.func @sum_across_rows
// CHECK-COUNT-2: tile.for_range
func.func @sum_across_rows(%X: memref<?xf32>, %Out: memref<?xf32>, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %ninf = arith.constant dense<0xFF800000> : tensor<32xf32>
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  // expected-remark @+1 {{not merged with the next loop: the sum runs along a dimension the maximum varies over}}
  %max = tile.for_range %j = %c0 to %N step %c32 iter_args(%m = %ninf) -> (tensor<32xf32>) {
    %x = tile.load %X[%c0, %j] strides [%N, %c1] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
    %r = tile.reduce maximumf %x dim 1 : tensor<32x32xf32> -> tensor<32xf32>
    %n = arith.maximumf %m, %r : tensor<32xf32>
    tile.yield %n : tensor<32xf32>
  }
  %max2d = tile.broadcast %max dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %sum = tile.for_range %j = %c0 to %N step %c32 iter_args(%s = %zero) -> (tensor<32xf32>) {
    %x = tile.load %X[%c0, %j] strides [%N, %c1] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
    %d = arith.subf %x, %max2d : tensor<32x32xf32>
    %e = math.exp %d : tensor<32x32xf32>
    // expected-note @+1 {{here}}
    %t = tile.reduce add %e dim 0 : tensor<32x32xf32> -> tensor<32xf32>
    %n = arith.addf %s, %t : tensor<32xf32>
    tile.yield %n : tensor<32xf32>
  }
  tile.store %sum, %Out[%c0] bounds [%c32] : tensor<32xf32>, memref<?xf32>
  return
}
