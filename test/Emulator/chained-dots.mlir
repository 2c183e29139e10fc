// Chained dots: a tile.dot operand computed from another dot's accumulator
// (directly, through an elementwise op, or tied to an accumulator by
// arith.select / scf.if) is moved from the accumulator's fragments to a
// distributed layout by an explicit tile.convert_layout (through threadgroup
// memory). The first four kernels used to be rejected by the simdgroup
// backend ("operand computed from a dot accumulator (chained dots) is not
// supported"); each must now run on the emulator (3 thread orders, and for
// the apple7 target) and match the tile interpreter. The i1 argument of the
// select and scf.if kernels is tried both ways.

// tile-assign-layouts makes the conversions explicit.
// RUN: tile-opt %s --tile-assign-layouts | FileCheck %s --check-prefix=LAYOUTS

// Chained dots: the result of one dot is an operand of the next.
// RUN: tile-run %s --kernel chained_dots --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=CHAINED
// RUN: tile-run %s --kernel chained_dots --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --target apple7 \
// RUN:   | FileCheck %s --check-prefix=CHAINED
// CHAINED: ran chained_dots on the emulator: ok
// CHAINED-NEXT: compare C: max abs error {{.*}}: ok
// LAYOUTS-LABEL: func.func @chained_dots
// LAYOUTS:       %[[D:.*]] = tile.dot {{.*}} -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// LAYOUTS-NEXT:  %[[DD:.*]] = tile.convert_layout %[[D]] : tensor<16x16xf32, #applegpu.fragments<{{.*}}>> -> tensor<16x16xf32, #applegpu.distributed<{{.*}}>>
// LAYOUTS-NEXT:  tile.dot %[[DD]], %{{.*}}
func.func @chained_dots(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %e = tile.dot %d, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// The same through an elementwise epilogue (e.g. attention's exp(QK^T) V).
// RUN: tile-run %s --kernel chained_through_epilogue --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=EPILOGUE
// RUN: tile-run %s --kernel chained_through_epilogue --grid 1 --arg A=f32:256:random:1 \
// RUN:   --arg B=f32:256:random:2 --arg C=f32:256:zeros --compare --target apple7 \
// RUN:   | FileCheck %s --check-prefix=EPILOGUE
// EPILOGUE: ran chained_through_epilogue on the emulator: ok
// EPILOGUE-NEXT: compare C: max abs error {{.*}}: ok
// LAYOUTS-LABEL: func.func @chained_through_epilogue
// LAYOUTS:       %[[E:.*]] = math.exp %{{.*}} : tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// LAYOUTS-NEXT:  %[[ED:.*]] = tile.convert_layout %[[E]] : tensor<16x16xf32, #applegpu.fragments<{{.*}}>> -> tensor<16x16xf32, #applegpu.distributed<{{.*}}>>
// LAYOUTS-NEXT:  tile.dot %{{.*}}, %[[ED]], %{{.*}}
func.func @chained_through_epilogue(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %b, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %p = math.exp %d : tensor<16x16xf32>
  %e = tile.dot %a, %p, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  tile.store %e, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// A dot operand %a that is also combined with the accumulator %d
// (arith.select), which ties it to the accumulator's layout: %a is loaded
// into fragments and converted to a distributed layout for the dot.
// RUN: tile-run %s --kernel operand_tied_to_accumulator --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=0 --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=SELECT
// RUN: tile-run %s --kernel operand_tied_to_accumulator --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=SELECT
// RUN: tile-run %s --kernel operand_tied_to_accumulator --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --target apple7 \
// RUN:   | FileCheck %s --check-prefix=SELECT
// SELECT: ran operand_tied_to_accumulator on the emulator: ok
// SELECT-NEXT: compare C: max abs error {{.*}}: ok
// LAYOUTS-LABEL: func.func @operand_tied_to_accumulator
// LAYOUTS:       %[[A:.*]] = tile.load {{.*}} -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// LAYOUTS-NEXT:  %[[AD:.*]] = tile.convert_layout %[[A]] : tensor<16x16xf32, #applegpu.fragments<{{.*}}>> -> tensor<16x16xf32, #applegpu.distributed<{{.*}}>>
// LAYOUTS:       tile.dot %[[AD]], %[[AD]], %{{.*}}
func.func @operand_tied_to_accumulator(%A: memref<?xf32>, %C: memref<?xf32>, %c: i1)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %r = arith.select %c, %d, %a : tensor<16x16xf32>
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// ... and the same tie through an scf.if that yields either the dot operand
// or the dot result.
// RUN: tile-run %s --kernel operand_tied_through_if --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=0 --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=IF
// RUN: tile-run %s --kernel operand_tied_through_if --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --schedules 3 \
// RUN:   | FileCheck %s --check-prefix=IF
// RUN: tile-run %s --kernel operand_tied_through_if --grid 1 \
// RUN:   --arg A=f32:256:random:1 --arg C=f32:256:zeros --arg c=1 --compare --target apple7 \
// RUN:   | FileCheck %s --check-prefix=IF
// IF: ran operand_tied_through_if on the emulator: ok
// IF-NEXT: compare C: max abs error {{.*}}: ok
// LAYOUTS-LABEL: func.func @operand_tied_through_if
// LAYOUTS:       %[[A:.*]] = tile.load {{.*}} -> tensor<16x16xf32, #applegpu.fragments<simdgroups = [2, 2]>>
// LAYOUTS-NEXT:  %[[AD:.*]] = tile.convert_layout %[[A]] : tensor<16x16xf32, #applegpu.fragments<{{.*}}>> -> tensor<16x16xf32, #applegpu.distributed<{{.*}}>>
// LAYOUTS:       tile.dot %[[AD]], %[[AD]], %{{.*}}
func.func @operand_tied_through_if(%A: memref<?xf32>, %C: memref<?xf32>, %c: i1)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a, %a, %z : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  %r = scf.if %c -> tensor<16x16xf32> {
    scf.yield %d : tensor<16x16xf32>
  } else {
    scf.yield %a : tensor<16x16xf32>
  }
  tile.store %r, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// Attention on one block of keys: S = Q K^T, a row softmax of S (keys past
// N masked to -inf with tile.arange; row max and row sum with tile.reduce on
// the accumulator), O = softmax(S) V (the second dot's operand is the first
// dot's accumulator after exp), divided by the row sums. Ragged: M=45
// queries (2 programs of 32), N=27 keys, head size 32.
// RUN: tile-run %s --kernel attention_block --grid 2 --arg Q=f32:1440:random:1 \
// RUN:   --arg Kt=f32:864:random:2 --arg V=f32:864:random:3 --arg O=f32:1440:zeros \
// RUN:   --arg M=45 --arg N=27 --compare --schedules 3 | FileCheck %s --check-prefix=ATTN
// RUN: tile-run %s --kernel attention_block --grid 2 --arg Q=f32:1440:random:1 \
// RUN:   --arg Kt=f32:864:random:2 --arg V=f32:864:random:3 --arg O=f32:1440:zeros \
// RUN:   --arg M=45 --arg N=27 --compare --target apple7 | FileCheck %s --check-prefix=ATTN
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
