// RUN: tile-opt %s --tile-gather-to-load=report=true --canonicalize --cse -verify-diagnostics --mlir-print-op-on-diagnostic=false | FileCheck %s
// RUN: tile-opt %s --tile-gather-to-load=report=true -verify-diagnostics --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=RAW
// Gathers and scatters whose offsets are affine in the element position and
// whose mask is exactly tile.load's bounds become tile.load and tile.store;
// everything else stays as it was, and report=true says why in a remark,
// with the offsets' contiguity, divisibility and constancy per dimension.

// Triton's A operand: rows = pid * 32 + arange and ks = k + arange, offsets
// rows[:, None] * K + ks[None, :], mask (rows < M) & (ks < K), other -1.
// CHECK-LABEL: func.func @gemm_a(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[M:.*]]: index, %[[K:.*]]: index, %[[KK:.*]]: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[PID:.*]] = tile.program_id x : index
// CHECK:         %[[ROW0:.*]] = arith.muli %[[PID]], %[[C32]] : index
// CHECK-NEXT:    %[[LOAD:.*]] = tile.load %[[A]][%[[ROW0]], %[[KK]]] strides [%[[K]], %[[C1]]] bounds [%[[M]], %[[K]]] {padding = -1.000000e+00 : f32} : memref<?xf32> -> tensor<32x32xf32>
// CHECK-NEXT:    return %[[LOAD]]
// The pass alone leaves the offsets' computation for canonicalize.
// RAW-LABEL: func.func @gemm_a(
// RAW:         %[[PID:.*]] = tile.program_id x : index
// RAW:         arith.cmpi slt
// RAW:         %[[ROW0:.*]] = arith.muli %[[PID]], %{{.*}} : index
// RAW-NOT:     tile.gather
// RAW:         tile.load %arg0[%[[ROW0]], %arg3] strides [%arg2, %{{.*}}] bounds [%arg1, %arg2] {padding = -1.000000e+00 : f32}
// RAW-NEXT:    return
func.func @gemm_a(%A: memref<?xf32>, %M: index, %K: index, %k: index) -> tensor<32x32xf32> {
  %c32 = arith.constant 32 : index
  %pm = tile.program_id x : index
  %row0 = arith.muli %pm, %c32 : index
  %Mi = arith.index_cast %M : index to i32
  %Ki = arith.index_cast %K : index to i32
  %r0 = arith.index_cast %row0 : index to i32
  %ki = arith.index_cast %k : index to i32
  %ar = tile.arange : tensor<32xi32>
  %r0v = tile.splat %r0 : i32 -> tensor<32xi32>
  %rows = arith.addi %r0v, %ar : tensor<32xi32>
  %kv = tile.splat %ki : i32 -> tensor<32xi32>
  %ks = arith.addi %kv, %ar : tensor<32xi32>
  %rowsA = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %ksA = tile.broadcast %ks dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %Kt = tile.splat %Ki : i32 -> tensor<32x32xi32>
  %Mt = tile.splat %Mi : i32 -> tensor<32x32xi32>
  %aRow = arith.muli %rowsA, %Kt : tensor<32x32xi32>
  %aOffs = arith.addi %aRow, %ksA : tensor<32x32xi32>
  %inM = arith.cmpi slt, %rowsA, %Mt : tensor<32x32xi32>
  %inK = arith.cmpi slt, %ksA, %Kt : tensor<32x32xi32>
  %m = arith.andi %inM, %inK : tensor<32x32xi1>
  %o = arith.constant dense<-1.0> : tensor<32x32xf32>
  // expected-remark @+1 {{rewritten to tile.load [32*%0, %arg3] strides [%arg2, 1] bounds [%arg1, %arg2]; contiguity [1, 32], divisibility [1, 1], constancy [1, 1]}}
  %a = tile.gather %A[%aOffs] mask %m other %o : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
  return %a : tensor<32x32xf32>
}

// B[ks, cols] with only the rows masked (a rank-1 mask broadcast): the
// columns get the always-true bound col0 + 64.
// CHECK-LABEL: func.func @row_bound_only(
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[KI:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK-DAG:     %[[COL0:.*]] = arith.index_cast %arg4 : i32 to index
// CHECK-DAG:     %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-DAG:     %[[K:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-DAG:     %[[END:.*]] = arith.addi %[[COL0]], %[[C64]] : index
// CHECK:         tile.load %arg0[%[[KI]], %[[COL0]]] strides [%[[N]], %[[C1]]] bounds [%[[K]], %[[END]]] : memref<?xf32> -> tensor<32x64xf32>
func.func @row_bound_only(%B: memref<?xf32>, %N: i32, %K: i32, %k: i32, %col0: i32) -> tensor<32x64xf32> {
  %ar32 = tile.arange : tensor<32xi32>
  %ar64 = tile.arange : tensor<64xi32>
  %kv = tile.splat %k : i32 -> tensor<32xi32>
  %ks = arith.addi %kv, %ar32 : tensor<32xi32>
  %cv = tile.splat %col0 : i32 -> tensor<64xi32>
  %cols = arith.addi %cv, %ar64 : tensor<64xi32>
  %Kv = tile.splat %K : i32 -> tensor<32xi32>
  %inK = arith.cmpi slt, %ks, %Kv : tensor<32xi32>
  %mask = tile.broadcast %inK dim 0 : tensor<32xi1> -> tensor<32x64xi1>
  %ks2 = tile.broadcast %ks dim 0 : tensor<32xi32> -> tensor<32x64xi32>
  %cols2 = tile.broadcast %cols dim 1 : tensor<64xi32> -> tensor<32x64xi32>
  %Nt = tile.splat %N : i32 -> tensor<32x64xi32>
  %kN = arith.muli %ks2, %Nt : tensor<32x64xi32>
  %offs = arith.addi %kN, %cols2 : tensor<32x64xi32>
  // expected-remark @+1 {{rewritten to tile.load [%arg3, %arg4] strides [%arg1, 1] bounds [%arg2, 64 + %arg4]; contiguity [1, 64], divisibility [1, 1], constancy [1, 1]}}
  %b = tile.gather %B[%offs] mask %mask : memref<?xf32>, tensor<32x64xi32> -> tensor<32x64xf32>
  return %b : tensor<32x64xf32>
}

// A transposed read in index arithmetic: rows contiguous, columns ld apart;
// the mask written as M > rows and cols <= N - 1.
// CHECK-LABEL: func.func @transposed(
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    tile.load %arg0[%arg4, %arg5] strides [%[[C1]], %arg1] bounds [%arg2, %arg3] : memref<?xf32> -> tensor<16x8xf32>
func.func @transposed(%X: memref<?xf32>, %ld: index, %M: index, %N: index, %r0: index, %c0: index) -> tensor<16x8xf32> {
  %ar16 = tile.arange : tensor<16xindex>
  %ar8 = tile.arange : tensor<8xindex>
  %rv = tile.splat %r0 : index -> tensor<16xindex>
  %rows = arith.addi %ar16, %rv : tensor<16xindex>
  %cv = tile.splat %c0 : index -> tensor<8xindex>
  %cols = arith.addi %cv, %ar8 : tensor<8xindex>
  %r2 = tile.broadcast %rows dim 0 : tensor<16xindex> -> tensor<16x8xindex>
  %c2 = tile.broadcast %cols dim 1 : tensor<8xindex> -> tensor<16x8xindex>
  %ldt = tile.splat %ld : index -> tensor<16x8xindex>
  %cl = arith.muli %ldt, %c2 : tensor<16x8xindex>
  %offs = arith.addi %r2, %cl : tensor<16x8xindex>
  %Mt = tile.splat %M : index -> tensor<16x8xindex>
  %Nt = tile.splat %N : index -> tensor<16x8xindex>
  %one = arith.constant dense<1> : tensor<16x8xindex>
  %last = arith.subi %Nt, %one : tensor<16x8xindex>
  %inM = arith.cmpi sgt, %Mt, %r2 : tensor<16x8xindex>
  %inN = arith.cmpi sle, %c2, %last : tensor<16x8xindex>
  %m = arith.andi %inN, %inM : tensor<16x8xi1>
  // expected-remark @+1 {{rewritten to tile.load [%arg4, %arg5] strides [1, %arg1] bounds [%arg2, %arg3]; contiguity [16, 1], divisibility [1, 1], constancy [1, 1]}}
  %x = tile.gather %X[%offs] mask %m : memref<?xf32>, tensor<16x8xindex> -> tensor<16x8xf32>
  return %x : tensor<16x8xf32>
}

// Rank 1, i64 offsets through extsi, `other` a tile.splat of a constant.
// CHECK-LABEL: func.func @vector(
// CHECK:         %[[START:.*]] = arith.muli %{{.*}}, %c256 : index
// CHECK-NEXT:    %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    tile.load %arg0[%[[START]]] strides [%c1] bounds [%[[N]]] {padding = 1.500000e+00 : f16} : memref<?xf16> -> tensor<256xf16>
func.func @vector(%X: memref<?xf16>, %n: i32) -> tensor<256xf16> {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %start = arith.muli %p, %c256 : index
  %s = arith.index_cast %start : index to i64
  %ar = tile.arange : tensor<256xi32>
  %ar64 = arith.extsi %ar : tensor<256xi32> to tensor<256xi64>
  %sv = tile.splat %s : i64 -> tensor<256xi64>
  %offs = arith.addi %sv, %ar64 : tensor<256xi64>
  %n64 = arith.extsi %n : i32 to i64
  %nv = tile.splat %n64 : i64 -> tensor<256xi64>
  %m = arith.cmpi slt, %offs, %nv : tensor<256xi64>
  %o = arith.constant 1.5 : f16
  %ov = tile.splat %o : f16 -> tensor<256xf16>
  // expected-remark @+1 {{rewritten to tile.load [256*%0] strides [1] bounds [%arg1]; contiguity [256], divisibility [256], constancy [1]}}
  %x = tile.gather %X[%offs] mask %m other %ov : memref<?xf16>, tensor<256xi64> -> tensor<256xf16>
  return %x : tensor<256xf16>
}

// No mask: no bounds; the base goes to the unit-stride dimension.
// CHECK-LABEL: func.func @no_mask(
// CHECK:         tile.load %arg0[%c0, %{{.*}}] strides [%{{.*}}, %c1] : memref<?xi32> -> tensor<8x4xi32>
func.func @no_mask(%X: memref<?xi32>, %base: i32, %s: i32) -> tensor<8x4xi32> {
  %ar8 = tile.arange : tensor<8xi32>
  %ar4 = tile.arange : tensor<4xi32>
  %sv = tile.splat %s : i32 -> tensor<8xi32>
  %rows = arith.muli %ar8, %sv : tensor<8xi32>
  %r2 = tile.broadcast %rows dim 0 : tensor<8xi32> -> tensor<8x4xi32>
  %c2 = tile.broadcast %ar4 dim 1 : tensor<4xi32> -> tensor<8x4xi32>
  %bv = tile.splat %base : i32 -> tensor<8x4xi32>
  %o1 = arith.addi %r2, %c2 : tensor<8x4xi32>
  %offs = arith.addi %o1, %bv : tensor<8x4xi32>
  // expected-remark @+1 {{rewritten to tile.load [0, %arg1] strides [%arg2, 1]; contiguity [1, 4], divisibility [1, 1], constancy [1, 1]}}
  %x = tile.gather %X[%offs] : memref<?xi32>, tensor<8x4xi32> -> tensor<8x4xi32>
  return %x : tensor<8x4xi32>
}

// A scatter with the output's row and column masks becomes a tile.store.
// CHECK-LABEL: func.func @scatter(
// CHECK-DAG:     %[[R0:.*]] = arith.index_cast %arg4 : i32 to index
// CHECK-DAG:     %[[C0:.*]] = arith.index_cast %arg5 : i32 to index
// CHECK-DAG:     %[[N:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK-DAG:     %[[M:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK:         tile.store %arg1, %arg0[%[[R0]], %[[C0]]] strides [%[[N]], %c1] bounds [%[[M]], %[[N]]] : tensor<32x32xf32>, memref<?xf32>
// CHECK-NOT:     tile.scatter
func.func @scatter(%Y: memref<?xf32>, %v: tensor<32x32xf32>, %M: i32, %N: i32, %r0: i32, %c0: i32) {
  %ar = tile.arange : tensor<32xi32>
  %rv = tile.splat %r0 : i32 -> tensor<32xi32>
  %rows = arith.addi %rv, %ar : tensor<32xi32>
  %cv = tile.splat %c0 : i32 -> tensor<32xi32>
  %cols = arith.addi %cv, %ar : tensor<32xi32>
  %Mv = tile.splat %M : i32 -> tensor<32xi32>
  %Nv = tile.splat %N : i32 -> tensor<32xi32>
  %inM = arith.cmpi slt, %rows, %Mv : tensor<32xi32>
  %inN = arith.cmpi slt, %cols, %Nv : tensor<32xi32>
  %mr = tile.broadcast %inM dim 0 : tensor<32xi1> -> tensor<32x32xi1>
  %mc = tile.broadcast %inN dim 1 : tensor<32xi1> -> tensor<32x32xi1>
  %m = arith.andi %mr, %mc : tensor<32x32xi1>
  %r2 = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %c2 = tile.broadcast %cols dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %Nt = tile.splat %N : i32 -> tensor<32x32xi32>
  %rN = arith.muli %r2, %Nt : tensor<32x32xi32>
  %offs = arith.addi %rN, %c2 : tensor<32x32xi32>
  // expected-remark @+1 {{rewritten to tile.store [%arg4, %arg5] strides [%arg3, 1] bounds [%arg2, %arg3]; contiguity [1, 32], divisibility [1, 1], constancy [1, 1]}}
  tile.scatter %v, %Y[%offs] mask %m : tensor<32x32xf32>, memref<?xf32>, tensor<32x32xi32>
  return
}

// Rows wrapped `% M` (Triton's tutorial): not affine, stays a gather; the
// facts still see the contiguous columns.
// CHECK-LABEL: func.func @wrapped(
// CHECK:         tile.gather
func.func @wrapped(%X: memref<?xf32>, %M: i32, %N: i32, %r0: i32) -> tensor<16x64xf32> {
  %r = tile.arange : tensor<16xi32>
  %rv = tile.splat %r0 : i32 -> tensor<16xi32>
  %rows = arith.addi %rv, %r : tensor<16xi32>
  %Mv = tile.splat %M : i32 -> tensor<16xi32>
  %wrapped = arith.remsi %rows, %Mv : tensor<16xi32>
  %cols = tile.arange : tensor<64xi32>
  %rows2 = tile.broadcast %wrapped dim 0 : tensor<16xi32> -> tensor<16x64xi32>
  %cols2 = tile.broadcast %cols dim 1 : tensor<64xi32> -> tensor<16x64xi32>
  %Nv = tile.splat %N : i32 -> tensor<16x64xi32>
  %rowStart = arith.muli %rows2, %Nv : tensor<16x64xi32>
  %offs = arith.addi %rowStart, %cols2 : tensor<16x64xi32>
  %inRow = arith.cmpi slt, %cols2, %Nv : tensor<16x64xi32>
  // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position ('arith.remsi' at}}
  %x = tile.gather %X[%offs] mask %inRow : memref<?xf32>, tensor<16x64xi32> -> tensor<16x64xf32>
  return %x : tensor<16x64xf32>
}

// A causal mask (cols <= rows) is not a rectangle.
// CHECK-LABEL: func.func @causal(
// CHECK:         tile.gather
func.func @causal(%X: memref<?xf32>, %N: i32) -> tensor<16x16xf32> {
  %r = tile.arange : tensor<16xi32>
  %rows = tile.broadcast %r dim 0 : tensor<16xi32> -> tensor<16x16xi32>
  %cols = tile.broadcast %r dim 1 : tensor<16xi32> -> tensor<16x16xi32>
  %Nv = tile.splat %N : i32 -> tensor<16x16xi32>
  %rN = arith.muli %rows, %Nv : tensor<16x16xi32>
  %offs = arith.addi %rN, %cols : tensor<16x16xi32>
  %m = arith.cmpi sle, %cols, %rows : tensor<16x16xi32>
  // expected-remark @+1 {{left as tile.gather: a condition of the mask does not bound the row or the column index (a start plus the position along one dimension); contiguity [1, 16], divisibility [1, 1], constancy [1, 1]}}
  %x = tile.gather %X[%offs] mask %m : memref<?xf32>, tensor<16x16xi32> -> tensor<16x16xf32>
  return %x : tensor<16x16xf32>
}

// `other` that is not one value cannot be tile.load's padding.
// CHECK-LABEL: func.func @other_not_splat(
// CHECK:         tile.gather
func.func @other_not_splat(%X: memref<?xf32>, %n: i32, %fill: tensor<64xf32>) -> tensor<64xf32> {
  %r = tile.arange : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %nv : tensor<64xi32>
  // expected-remark @+1 {{left as tile.gather: `other` is not a splat constant (tile.load pads with one value); contiguity [64], divisibility [any], constancy [1]}}
  %x = tile.gather %X[%r] mask %m other %fill : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  return %x : tensor<64xf32>
}

// An unsigned comparison differs from tile.load's signed bounds.
// CHECK-LABEL: func.func @unsigned(
// CHECK:         tile.gather
func.func @unsigned(%X: memref<?xf32>, %n: i32) -> tensor<64xf32> {
  %r = tile.arange : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi ult, %r, %nv : tensor<64xi32>
  // expected-remark @+1 {{left as tile.gather: the mask compares with 'ult'}}
  %x = tile.gather %X[%r] mask %m : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  return %x : tensor<64xf32>
}

// Two bounds on one dimension: tile.load has one.
// CHECK-LABEL: func.func @twice(
// CHECK:         tile.gather
func.func @twice(%X: memref<?xf32>, %n: i32, %p: i32) -> tensor<64xf32> {
  %r = tile.arange : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<64xi32>
  %pv = tile.splat %p : i32 -> tensor<64xi32>
  %m1 = arith.cmpi slt, %r, %nv : tensor<64xi32>
  %m2 = arith.cmpi slt, %r, %pv : tensor<64xi32>
  %m = arith.andi %m1, %m2 : tensor<64xi1>
  // expected-remark @+1 {{left as tile.gather: the mask bounds dimension 0 twice}}
  %x = tile.gather %X[%r] mask %m : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
  return %x : tensor<64xf32>
}

// Offsets a loop carries, advanced by the same step each iteration: at
// induction variable k they are arange + (k - 0) / 64 * 64; k runs over
// multiples of 64 (lower bound 0, step 64), so is the run's start.
// CHECK-LABEL: func.func @carried(
// CHECK:         tile.for_range %[[K:.*]] = %c0 to %arg2 step %c64
// CHECK-NEXT:      tile.load %arg0[%[[K]]] strides [%c1] : memref<?xf32> -> tensor<64xf32>
func.func @carried(%X: memref<?xf32>, %Y: memref<?xf32>, %K: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %r = tile.arange : tensor<64xi32>
  %step = arith.constant dense<64> : tensor<64xi32>
  %z = arith.constant dense<0.0> : tensor<64xf32>
  %acc:2 = tile.for_range %k = %c0 to %K step %c64 iter_args(%offs = %r, %a = %z) -> (tensor<64xi32>, tensor<64xf32>) {
    // expected-remark @+1 {{rewritten to tile.load [%arg3] strides [1]; contiguity [64], divisibility [64], constancy [1]}}
    %x = tile.gather %X[%offs] : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
    %s = arith.addf %a, %x : tensor<64xf32>
    %next = arith.addi %offs, %step : tensor<64xi32>
    tile.yield %next, %s : tensor<64xi32>, tensor<64xf32>
  }
  tile.store %acc#1, %Y[%c0] : tensor<64xf32>, memref<?xf32>
  return
}

// Triton's tutorial: the A offsets advance by 32 * sak per K step (a loop
// over the step count), the mask is ks < K - k * 32.
// CHECK-LABEL: func.func @carried_tutorial(
// CHECK:         tile.for_range %[[K:.*]] = %c0 to %arg4 step %c1
// CHECK:           %[[COL:.*]] = arith.muli %[[K]], %c32 : index
// CHECK:           tile.load %arg0[%{{.*}}, %[[COL]]] strides [%{{.*}}, %{{.*}}] bounds [%{{.*}}, %{{.*}}] : memref<?xf32> -> tensor<32x32xf32>
func.func @carried_tutorial(%A: memref<?xf32>, %sam: i32, %sak: i32, %K: i32, %steps: index, %Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : i32
  %pm = tile.program_id x : index
  %pmi = arith.index_cast %pm : index to i32
  %row0 = arith.muli %pmi, %c32 : i32
  %ar = tile.arange : tensor<32xi32>
  %rv = tile.splat %row0 : i32 -> tensor<32xi32>
  %rows = arith.addi %rv, %ar : tensor<32xi32>
  %r2 = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %k2 = tile.broadcast %ar dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %samv = tile.splat %sam : i32 -> tensor<32x32xi32>
  %sakv = tile.splat %sak : i32 -> tensor<32x32xi32>
  %rs = arith.muli %r2, %samv : tensor<32x32xi32>
  %ks = arith.muli %k2, %sakv : tensor<32x32xi32>
  %offs0 = arith.addi %rs, %ks : tensor<32x32xi32>
  %bk = arith.muli %sak, %c32 : i32
  %adv = tile.splat %bk : i32 -> tensor<32x32xi32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc:2 = tile.for_range %k = %c0 to %steps step %c1 iter_args(%offs = %offs0, %a = %z) -> (tensor<32x32xi32>, tensor<32x32xf32>) {
    %ki = arith.index_cast %k : index to i32
    %done = arith.muli %ki, %c32 : i32
    %left = arith.subi %K, %done : i32
    %leftv = tile.splat %left : i32 -> tensor<32x32xi32>
    %m = arith.cmpi slt, %k2, %leftv : tensor<32x32xi32>
    // expected-remark @+1 {{rewritten to tile.load [32*%0, 32*%arg6] strides [%arg1, %arg2] bounds [32 + 32*%0, %arg3]}}
    %x = tile.gather %A[%offs] mask %m : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    %s = arith.addf %a, %x : tensor<32x32xf32>
    %next = arith.addi %offs, %adv : tensor<32x32xi32>
    tile.yield %next, %s : tensor<32x32xi32>, tensor<32x32xf32>
  }
  tile.store %acc#1, %Y[%c0, %c0] strides [%c0, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// An increment that changes with the iteration (here by k, the induction
// variable, in a loop of step 1) is not a constant step.
// CHECK-LABEL: func.func @carried_varying(
// CHECK:         tile.gather
func.func @carried_varying(%X: memref<?xf32>, %Y: memref<?xf32>, %K: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tile.arange : tensor<64xi32>
  %z = arith.constant dense<0.0> : tensor<64xf32>
  %acc:2 = tile.for_range %k = %c0 to %K step %c1 iter_args(%offs = %r, %a = %z) -> (tensor<64xi32>, tensor<64xf32>) {
    // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position (they depend on a block argument, e.g. a loop-carried tile)}}
    %x = tile.gather %X[%offs] : memref<?xf32>, tensor<64xi32> -> tensor<64xf32>
    %s = arith.addf %a, %x : tensor<64xf32>
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<64xi32>
    %next = arith.addi %offs, %kv : tensor<64xi32>
    tile.yield %next, %s : tensor<64xi32>, tensor<64xf32>
  }
  tile.store %acc#1, %Y[%c0] : tensor<64xf32>, memref<?xf32>
  return
}

// Affine, but the start is no multiple of either stride: no indices.
// CHECK-LABEL: func.func @no_split(
// CHECK:         tile.gather
func.func @no_split(%X: memref<?xf32>, %s0: i32, %s1: i32, %off: i32) -> tensor<8x8xf32> {
  %r = tile.arange : tensor<8xi32>
  %rows = tile.broadcast %r dim 0 : tensor<8xi32> -> tensor<8x8xi32>
  %cols = tile.broadcast %r dim 1 : tensor<8xi32> -> tensor<8x8xi32>
  %s0v = tile.splat %s0 : i32 -> tensor<8x8xi32>
  %s1v = tile.splat %s1 : i32 -> tensor<8x8xi32>
  %ov = tile.splat %off : i32 -> tensor<8x8xi32>
  %a = arith.muli %rows, %s0v : tensor<8x8xi32>
  %b = arith.muli %cols, %s1v : tensor<8x8xi32>
  %ab = arith.addi %a, %b : tensor<8x8xi32>
  %offs = arith.addi %ab, %ov : tensor<8x8xi32>
  // expected-remark @+1 {{left as tile.gather: the offsets' start %arg3 does not split into indices times the strides}}
  %x = tile.gather %X[%offs] : memref<?xf32>, tensor<8x8xi32> -> tensor<8x8xf32>
  return %x : tensor<8x8xf32>
}

// Packed rows (k // 8) are not affine.
// CHECK-LABEL: func.func @packed(
// CHECK:         tile.gather
func.func @packed(%X: memref<?xi32>) -> tensor<32x8xi32> {
  %r = tile.arange : tensor<32xi32>
  %eight = arith.constant dense<8> : tensor<32xi32>
  %q = arith.divsi %r, %eight : tensor<32xi32>
  %rows = tile.broadcast %q dim 0 : tensor<32xi32> -> tensor<32x8xi32>
  %c = tile.arange : tensor<8xi32>
  %cols = tile.broadcast %c dim 1 : tensor<8xi32> -> tensor<32x8xi32>
  %offs = arith.addi %rows, %cols : tensor<32x8xi32>
  // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position ('arith.divsi' at}}
  %x = tile.gather %X[%offs] : memref<?xi32>, tensor<32x8xi32> -> tensor<32x8xi32>
  return %x : tensor<32x8xi32>
}

// Packed words, as a Triton kernel reads 4-bit weights: element (r, c) of
// a K step reads word rows[r] * Kw + (k + c) / 8. Not affine, but the
// analysis proves the 8 neighbours' offsets equal (constancy 8 along K):
// k runs over multiples of 64, so (k + c) / 8 changes every 8 columns.
// CHECK-LABEL: func.func @packed_words(
func.func @packed_words(%Wq: memref<?xi32>, %Kw: i32, %K: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %r = tile.arange : tensor<8xi32>
  %rows = tile.broadcast %r dim 0 : tensor<8xi32> -> tensor<8x64xi32>
  %Kwv = tile.splat %Kw : i32 -> tensor<8x64xi32>
  %rowWords = arith.muli %rows, %Kwv : tensor<8x64xi32>
  %cols = tile.arange : tensor<64xi32>
  %three = arith.constant dense<3> : tensor<64xi32>
  %eight = arith.constant dense<8> : tensor<64xi32>
  tile.for_range %k = %c0 to %K step %c64 {
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<64xi32>
    %ks = arith.addi %cols, %kv : tensor<64xi32>
    %word = arith.shrui %ks, %three : tensor<64xi32>
    %word2d = tile.broadcast %word dim 1 : tensor<64xi32> -> tensor<8x64xi32>
    %offs = arith.addi %rowWords, %word2d : tensor<8x64xi32>
    // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position ('arith.shrui' at}}
    %w = tile.gather %Wq[%offs] : memref<?xi32>, tensor<8x64xi32> -> tensor<8x64xi32>
    // The same with a division; per row, the 8 groups of a 64-element step.
    %g = arith.divui %ks, %eight : tensor<64xi32>
    // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position ('arith.divui' at}}
    %s = tile.gather %Wq[%g] : memref<?xi32>, tensor<64xi32> -> tensor<64xi32>
    tile.yield
  }
  return
}

// The report shows the facts: constancy 8 along the columns.
// RUN: tile-opt %s --tile-gather-to-load=report=true 2>&1 >/dev/null | FileCheck %s --check-prefix=PACKED
// PACKED: 'arith.shrui' at {{.*}}); contiguity [1, 1], divisibility [1, 1], constancy [1, 8]
// PACKED: 'arith.divui' at {{.*}}); contiguity [1], divisibility [1], constancy [8]

// A start the analysis cannot see is a multiple of 8 proves nothing.
// CHECK-LABEL: func.func @packed_unaligned(
func.func @packed_unaligned(%Wq: memref<?xi32>, %k: i32) -> tensor<64xi32> {
  %cols = tile.arange : tensor<64xi32>
  %kv = tile.splat %k : i32 -> tensor<64xi32>
  %ks = arith.addi %cols, %kv : tensor<64xi32>
  %eight = arith.constant dense<8> : tensor<64xi32>
  %g = arith.divui %ks, %eight : tensor<64xi32>
  // expected-remark @+1 {{left as tile.gather: the offsets are not affine in the element position ('arith.divui' at}}
  %s = tile.gather %Wq[%g] : memref<?xi32>, tensor<64xi32> -> tensor<64xi32>
  return %s : tensor<64xi32>
}
// PACKED: 'arith.divui' at {{.*}}); contiguity [1], divisibility [1], constancy [1]
