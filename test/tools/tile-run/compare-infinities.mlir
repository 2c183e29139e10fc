// tile-run --compare on results that are exact infinities: reductions over
// rows padded with -inf or +inf give that infinity in every order of
// combination, so the emulator and the reference agree, and an equal
// infinity is a match (|inf - inf| is NaN: tile-run used to report "emulated
// -INF, reference -inf, allowed 0"). Every row has padding (N = 12 < 16),
// in f32 and f16: minimumf over -inf padding, maximumf and maxnumf over
// +inf padding, add over +inf padding, and mul over -inf padding (the data
// in [-1, 1) keeps the other partial products far from underflow, so no
// order gives 0 * inf = NaN).

// RUN: tile-run %s --kernel inf_f32 --grid 2 --schedules 3 --arg X=f32:156:random:1 \
// RUN:   --arg Min=f32:13:zeros --arg Max=f32:13:zeros --arg MaxNum=f32:13:zeros \
// RUN:   --arg Sum=f32:13:zeros --arg Prod=f32:13:zeros --arg M=13 --arg N=12 --compare \
// RUN:   | FileCheck %s --check-prefix=F32
// F32:      ran inf_f32 on the emulator: ok
// F32-NEXT: compare Min: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F32-NEXT: compare Max: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F32-NEXT: compare MaxNum: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F32-NEXT: compare Sum: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F32-NEXT: compare Prod: max abs error 0, max rel error 0 (at most 0 of the error bound): ok

// RUN: tile-run %s --kernel inf_f16 --grid 2 --schedules 3 --arg X=f16:156:random:1 \
// RUN:   --arg Min=f16:13:zeros --arg Max=f16:13:zeros --arg MaxNum=f16:13:zeros \
// RUN:   --arg Sum=f16:13:zeros --arg Prod=f16:13:zeros --arg M=13 --arg N=12 --compare \
// RUN:   | FileCheck %s --check-prefix=F16
// F16:      ran inf_f16 on the emulator: ok
// F16-NEXT: compare Min: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F16-NEXT: compare Max: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F16-NEXT: compare MaxNum: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F16-NEXT: compare Sum: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// F16-NEXT: compare Prod: max abs error 0, max rel error 0 (at most 0 of the error bound): ok

// The results are the infinities, not zeros left in the buffers.
// RUN: tile-run %s --kernel inf_f32 --grid 2 --arg X=f32:156:random:1 \
// RUN:   --arg Min=f32:13:zeros --arg Max=f32:13:zeros --arg MaxNum=f32:13:zeros \
// RUN:   --arg Sum=f32:13:zeros --arg Prod=f32:13:zeros --arg M=13 --arg N=12 \
// RUN:   --out Min=%t.min.npy --out Sum=%t.sum.npy --out Prod=%t.prod.npy > /dev/null
// RUN: %python %S/Inputs/npy.py print %t.min.npy %t.sum.npy %t.prod.npy | FileCheck %s --check-prefix=VALUES
// VALUES: -inf -inf -inf -inf -inf -inf -inf -inf -inf -inf -inf -inf -inf{{$}}
// VALUES-NEXT: inf inf inf inf inf inf inf inf inf inf inf inf inf{{$}}
// VALUES-NEXT: {{^[-inf ]+$}}

// An emulated infinity where the reference is finite is still a mismatch.
// RUN: tile-run %s --kernel inf_f32 --grid 2 --arg X=f32:156:random:1 \
// RUN:   --arg Min=f32:13:zeros --arg Max=f32:13:zeros --arg MaxNum=f32:13:zeros \
// RUN:   --arg Sum=f32:13:zeros --arg Prod=f32:13:zeros --arg M=13 --arg N=12 --emit-msl=%t.metal > /dev/null
// RUN: sed -e 's/-INFINITY/INFINITY/' %t.metal > %t.wrong.metal
// RUN: not tile-run %s --kernel inf_f32 --grid 2 --arg X=f32:156:random:1 \
// RUN:   --arg Min=f32:13:zeros --arg Max=f32:13:zeros --arg MaxNum=f32:13:zeros \
// RUN:   --arg Sum=f32:13:zeros --arg Prod=f32:13:zeros --arg M=13 --arg N=12 \
// RUN:   --run-msl %t.wrong.metal --compare | FileCheck %s --check-prefix=WRONG
// WRONG: compare Min: {{.*}}: 13 mismatches, first at element 0: emulated {{.*}}, reference -inf, allowed 0

// 1 / 0 is +inf exactly: the padding 0 is exact, so the quotient's bound is
// 0 (not unknown, as for a divisor whose interval holds 0), and an MSL whose
// padding is -0 (1 / -0 = -inf) fails.
// RUN: tile-run %s --kernel reciprocal --grid 1 --arg X=f32:64:random:1 --arg R=f32:64:zeros --arg n=60 --compare --emit-msl=%t.recip.metal | FileCheck %s --check-prefix=RECIP
// RECIP: compare R: max abs error 0, max rel error 0 (at most 0 of the error bound): ok
// RUN: sed -e 's/^\( *v[0-9]* = \)0.0f;/\1-0.0f;/' %t.recip.metal > %t.recip-wrong.metal
// RUN: not tile-run %s --kernel reciprocal --grid 1 --arg X=f32:64:random:1 --arg R=f32:64:zeros --arg n=60 --compare --run-msl %t.recip-wrong.metal | FileCheck %s --check-prefix=RECIP-WRONG
// RECIP-WRONG: compare R: {{.*}}: 4 mismatches, first at element 60: emulated -inf, reference inf, allowed 0

func.func @reciprocal(%X: memref<?xf32>, %R: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] bounds [%n] {padding = 0.0 : f32} : memref<?xf32> -> tensor<64xf32>
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %r = arith.divf %one, %x : tensor<64xf32>
  tile.store %r, %R[%c0] : tensor<64xf32>, memref<?xf32>
  return
}

func.func @inf_f32(%X: memref<?xf32>, %Min: memref<?xf32>, %Max: memref<?xf32>,
                   %MaxNum: memref<?xf32>, %Sum: memref<?xf32>,
                   %Prod: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %lo = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<8x16xf32>
  %hi = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0x7F800000 : f32}
      : memref<?xf32> -> tensor<8x16xf32>
  %min = tile.reduce minimumf %lo dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  tile.store %min, %Min[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  %max = tile.reduce maximumf %hi dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  tile.store %max, %Max[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  %maxnum = tile.reduce maxnumf %hi dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  tile.store %maxnum, %MaxNum[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  %sum = tile.reduce add %hi dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  tile.store %sum, %Sum[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  %prod = tile.reduce mul %lo dim 1 : tensor<8x16xf32> -> tensor<8xf32>
  tile.store %prod, %Prod[%row] bounds [%M] : tensor<8xf32>, memref<?xf32>
  return
}

func.func @inf_f16(%X: memref<?xf16>, %Min: memref<?xf16>, %Max: memref<?xf16>,
                   %MaxNum: memref<?xf16>, %Sum: memref<?xf16>,
                   %Prod: memref<?xf16>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %lo = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFC00 : f16}
      : memref<?xf16> -> tensor<8x16xf16>
  %hi = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0x7C00 : f16}
      : memref<?xf16> -> tensor<8x16xf16>
  %min = tile.reduce minimumf %lo dim 1 : tensor<8x16xf16> -> tensor<8xf16>
  tile.store %min, %Min[%row] bounds [%M] : tensor<8xf16>, memref<?xf16>
  %max = tile.reduce maximumf %hi dim 1 : tensor<8x16xf16> -> tensor<8xf16>
  tile.store %max, %Max[%row] bounds [%M] : tensor<8xf16>, memref<?xf16>
  %maxnum = tile.reduce maxnumf %hi dim 1 : tensor<8x16xf16> -> tensor<8xf16>
  tile.store %maxnum, %MaxNum[%row] bounds [%M] : tensor<8xf16>, memref<?xf16>
  %sum = tile.reduce add %hi dim 1 : tensor<8x16xf16> -> tensor<8xf16>
  tile.store %sum, %Sum[%row] bounds [%M] : tensor<8xf16>, memref<?xf16>
  %prod = tile.reduce mul %lo dim 1 : tensor<8x16xf16> -> tensor<8xf16>
  tile.store %prod, %Prod[%row] bounds [%M] : tensor<8xf16>, memref<?xf16>
  return
}
