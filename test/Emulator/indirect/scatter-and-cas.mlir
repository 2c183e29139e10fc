// A scatter through a permutation (Y[perm[i]] = 3 X[i]) and a strong
// compare-and-swap (L[i] = i + 100 where L[i] == i), whose old values are
// stored: each element is touched by one atomic only, so the old values are
// known and compared exactly. numpy checks both.
// RUN: %python -c "import numpy as np; np.save('%t.perm.npy', np.random.default_rng(0).permutation(300).astype(np.int32)); l = np.arange(300, dtype=np.int32); l[::3] = -5; np.save('%t.l.npy', l)"
// RUN: tile-run %s --arg X=f32:300:random:1 --arg P=@%t.perm.npy --arg Y=f32:300:zeros --arg L=@%t.l.npy --arg Old=i32:300:zeros --arg n=300 --compare --schedules 3 --out X=%t.x.npy --out Y=%t.y.npy --out L=%t.lo.npy --out Old=%t.old.npy | FileCheck %s
// RUN: %python %S/Inputs/check.py scatter-cas %t.perm.npy %t.x.npy %t.y.npy %t.l.npy %t.lo.npy %t.old.npy | FileCheck %s --check-prefix=NUMPY
// CHECK: ran scatter_cas on the emulator: ok
// CHECK-NEXT: compare Y: max abs error 0,
// CHECK-NEXT: compare L: max abs error 0,
// CHECK-NEXT: compare Old: max abs error 0,
// NUMPY: scatter-cas: match

func.func @scatter_cas(%X: memref<?xf32>, %P: memref<?xi32>, %Y: memref<?xf32>,
                       %L: memref<?xi32>, %Old: memref<?xi32>, %n: index)
    attributes {tile.kernel} {
  %c128 = arith.constant 128 : index
  %p = tile.program_id x : index
  %start = arith.muli %p, %c128 : index
  %x = tile.load %X[%start] bounds [%n] : memref<?xf32> -> tensor<128xf32>
  %perm = tile.load %P[%start] bounds [%n] : memref<?xi32> -> tensor<128xi32>
  %i = tile.arange : tensor<128xi32>
  %si = arith.index_cast %start : index to i32
  %ni = arith.index_cast %n : index to i32
  %sv = tile.splat %si : i32 -> tensor<128xi32>
  %idx = arith.addi %i, %sv : tensor<128xi32>
  %nv = tile.splat %ni : i32 -> tensor<128xi32>
  %valid = arith.cmpi slt, %idx, %nv : tensor<128xi32>
  %three = arith.constant dense<3.0> : tensor<128xf32>
  %y = arith.mulf %x, %three : tensor<128xf32>
  tile.scatter %y, %Y[%perm] mask %valid : tensor<128xf32>, memref<?xf32>, tensor<128xi32>
  %hundred = arith.constant dense<100> : tensor<128xi32>
  %new = arith.addi %idx, %hundred : tensor<128xi32>
  %old = tile.atomic_cas %L[%idx], %idx, %new mask %valid : memref<?xi32>, tensor<128xi32> -> tensor<128xi32>
  tile.store %old, %Old[%start] bounds [%n] : tensor<128xi32>, memref<?xi32>
  return
}
