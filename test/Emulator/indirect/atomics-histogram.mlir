// Integer atomics on the bins of X (values 0..12): a histogram (add), the
// largest (maxsi) and smallest (minui, from all ones) index per bin and the
// xor of the indices; and a float sum of F into S[0] from every program
// (split-K style). Integer results exact, the float sum within the bound of
// a sum in any order; numpy checks every result.
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', (np.arange(1000, dtype=np.int32) * 7919 %% 13).astype(np.int32)); np.save('%t.mn.npy', np.full(13, -1, dtype=np.int32))"
// RUN: tile-run %s --grid 4 --arg X=@%t.x.npy --arg H=i32:13:zeros --arg Mx=i32:13:zeros --arg Mn=@%t.mn.npy --arg Xo=i32:13:zeros --arg F=f32:1000:random:1 --arg S=f32:1:zeros --arg n=1000 --compare --schedules 3 --out H=%t.h.npy --out Mx=%t.mx.npy --out Mn=%t.mnout.npy --out Xo=%t.xo.npy --out F=%t.f.npy --out S=%t.s.npy | FileCheck %s
// RUN: %python %S/Inputs/check.py atomics %t.x.npy %t.h.npy %t.mx.npy %t.mnout.npy %t.xo.npy %t.f.npy %t.s.npy | FileCheck %s --check-prefix=NUMPY
// RUN: tile-run %s --target apple10 --grid 4 --arg X=@%t.x.npy --arg H=i32:13:zeros --arg Mx=i32:13:zeros --arg Mn=@%t.mn.npy --arg Xo=i32:13:zeros --arg F=f32:1000:random:1 --arg S=f32:1:zeros --arg n=1000 --compare --schedules 3 | FileCheck %s
// CHECK: ran hist on the emulator: ok
// CHECK-NEXT: compare H: max abs error 0,
// CHECK-NEXT: compare Mx: max abs error 0,
// CHECK-NEXT: compare Mn: max abs error 0,
// CHECK-NEXT: compare Xo: max abs error 0,
// CHECK-NEXT: compare S: {{.*}}: ok
// NUMPY: atomics: match

func.func @hist(%X: memref<?xi32>, %H: memref<?xi32>, %Mx: memref<?xi32>,
                %Mn: memref<?xi32>, %Xo: memref<?xi32>, %F: memref<?xf32>,
                %S: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %start = arith.muli %p, %c256 : index
  %x = tile.load %X[%start] bounds [%n] : memref<?xi32> -> tensor<256xi32>
  %i = tile.arange : tensor<256xi32>
  %si = arith.index_cast %start : index to i32
  %ni = arith.index_cast %n : index to i32
  %sv = tile.splat %si : i32 -> tensor<256xi32>
  %idx = arith.addi %sv, %i : tensor<256xi32>
  %nv = tile.splat %ni : i32 -> tensor<256xi32>
  %valid = arith.cmpi slt, %idx, %nv : tensor<256xi32>
  %ones = arith.constant dense<1> : tensor<256xi32>
  %h = tile.atomic_rmw add %H[%x], %ones mask %valid : memref<?xi32>, tensor<256xi32> -> tensor<256xi32>
  %a = tile.atomic_rmw maxsi %Mx[%x], %idx mask %valid : memref<?xi32>, tensor<256xi32> -> tensor<256xi32>
  %b = tile.atomic_rmw minui %Mn[%x], %idx mask %valid : memref<?xi32>, tensor<256xi32> -> tensor<256xi32>
  %c = tile.atomic_rmw xor %Xo[%x], %idx mask %valid : memref<?xi32>, tensor<256xi32> -> tensor<256xi32>
  %f = tile.load %F[%start] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %zero = arith.constant dense<0> : tensor<256xi32>
  %s = tile.atomic_rmw add %S[%zero], %f mask %valid : memref<?xf32>, tensor<256xi32> -> tensor<256xf32>
  return
}
