// Kernels whose dots have different cooperative tensor types on apple10:
// one dot reads device views (dynamic K), the other staged threadgroup
// operands, so their element orders may differ. A tile computed from both
// accumulators is evaluated at one dot's elements; the other's are first
// copied to threadgroup memory and read back by position.

// attention_block of chained-dots.mlir: the row sums (a reduction of the
// first dot's accumulator) divide the second dot's.
// RUN: tile-run %s --kernel attention_block --grid 2 --arg Q=f32:1440:random:1 \
// RUN:   --arg Kt=f32:864:random:2 --arg V=f32:864:random:3 --arg O=f32:1440:zeros \
// RUN:   --arg M=45 --arg N=27 --compare --target apple10 --schedules 3 | FileCheck %s --check-prefix=ATTN
// ATTN: ran attention_block on the emulator: ok
// ATTN-NEXT: compare O: max abs error {{.*}}: ok

func.func @attention_block(%Q: memref<?xf32>, %Kt: memref<?xf32>, %V: memref<?xf32>,
                           %O: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  // S = Q K^T on one block of 32 keys; K (N x 32, row-major) read transposed.
  %q = tile.load %Q[%row, %c0] strides [%c32, %c1] bounds [%M, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %kt = tile.load %Kt[%c0, %c0] strides [%c1, %c32] bounds [%c32, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %q, %kt, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  // Keys past N get -inf (a mask from tile.arange).
  %j = tile.arange : tensor<32xi32>
  %ni = arith.index_cast %N : index to i32
  %nv = tile.splat %ni : i32 -> tensor<32xi32>
  %valid = arith.cmpi slt, %j, %nv : tensor<32xi32>
  %valid2 = tile.broadcast %valid dim 1 : tensor<32xi1> -> tensor<32x32xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<32x32xf32>
  %sm = arith.select %valid2, %s, %ninf : tensor<32x32xi1>, tensor<32x32xf32>
  // Row softmax numerator and denominator.
  %m = tile.reduce maxnumf %sm dim 1 : tensor<32x32xf32> -> tensor<32xf32>
  %m2 = tile.broadcast %m dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %d = arith.subf %sm, %m2 : tensor<32x32xf32>
  %e = math.exp %d : tensor<32x32xf32>
  %l = tile.reduce add %e dim 1 : tensor<32x32xf32> -> tensor<32xf32>
  // O = softmax(S) V: the second dot's operand comes from the first's accumulator.
  %v = tile.load %V[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %o = tile.dot %e, %v, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %l2 = tile.broadcast %l dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %out = arith.divf %o, %l2 : tensor<32x32xf32>
  tile.store %out, %O[%row, %c0] strides [%c32, %c1] bounds [%M, %c32] : tensor<32x32xf32>, memref<?xf32>
  return
}

// Both accumulators added element by element: S = A B (device views) and
// P = exp(S/8) B (staged; B loaded again for it with other bounds, which
// keeps the first load a view: the two loads are not merged); C = S + P, on a ragged 45x27 problem with K = 27.
// RUN: tile-run %s --kernel sum_of_two_dots --grid 2 --arg A=f32:1440:random:1 \
// RUN:   --arg B=f32:1024:random:2 --arg C=f32:1440:zeros --arg M=45 --arg N=27 \
// RUN:   --compare --target apple10 --schedules 3 | FileCheck %s --check-prefix=SUM
// SUM: ran sum_of_two_dots on the emulator: ok
// SUM-NEXT: compare C: max abs error {{.*}}: ok
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | FileCheck %s --check-prefix=IR
// The store iterates over one dot's elements; the other dot's accumulator
// is copied to threadgroup memory between barriers and read by position.
// IR-LABEL: func.func @sum_of_two_dots
// IR:         applegpu.matmul2d {{.*}}k = dynamic
// IR:         applegpu.matmul2d {{.*}}k = 32
// IR-NEXT:    applegpu.threadgroup_barrier
// IR:         %[[P:.*]] = applegpu.cooperative_get %[[STAGED:.*]][%{{.*}}] {{.*}}k = 32
// IR:         memref.store %[[P]], %[[COPY:.*]][%{{.*}}] : memref<1024xf32, #applegpu.address_space<threadgroup>>
// IR:         applegpu.threadgroup_barrier
// IR:         %[[Q:.*]] = memref.load %[[COPY]]
// IR-NEXT:    %[[S:.*]] = applegpu.cooperative_get {{.*}}k = dynamic
// IR-NEXT:    arith.addf %[[S]], %[[Q]]
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl4_check %t.metal
func.func @sum_of_two_dots(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                           %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %eighth = arith.constant dense<0.125> : tensor<32x32xf32>
  %t = arith.mulf %s, %eighth : tensor<32x32xf32>
  %e = math.exp %t : tensor<32x32xf32>
  %b2 = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %pv = tile.dot %e, %b2, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %sum = arith.addf %s, %pv : tensor<32x32xf32>
  tile.store %sum, %C[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
