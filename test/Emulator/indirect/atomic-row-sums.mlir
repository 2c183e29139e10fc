// Split-K row sums: each program sums its 64-column block of every row
// (tile.reduce, whose result is held by several threads per element) and
// adds it atomically into S[row]. The atomic must run once per element, not
// once per holder: tile-assign-layouts converts the sums to a distributed
// layout first, and keeps its result there although its use ties it to the
// sums (T gets the old values plus the sums: order-dependent, so only
// checked to be within "any value"). Ragged 29x300 on 5 programs; numpy
// checks the sums.
// RUN: tile-opt %s --tile-assign-layouts | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-run %s --grid 5 --arg X=f32:8700:random:1 --arg S=f32:32:zeros --arg T=f32:32:zeros --arg M=29 --arg N=300 --compare --schedules 3 --out X=%t.x.npy --out S=%t.s.npy | FileCheck %s
// RUN: %python -c "import numpy as np; x = np.load('%t.x.npy').astype(np.float64).reshape(29, 300); s = np.load('%t.s.npy'); assert np.allclose(s[:29], x.sum(1), atol=1e-4), (s, x.sum(1)); assert (s[29:] == 0).all(); print('sums match')" | FileCheck %s --check-prefix=NUMPY
// RUN: tile-run %s --target apple10 --grid 5 --arg X=f32:8700:random:1 --arg S=f32:32:zeros --arg T=f32:32:zeros --arg M=29 --arg N=300 --compare --schedules 3 | FileCheck %s

// LAYOUT: %[[SUM:.*]] = tile.reduce add %{{.*}} dim 1 : tensor<32x64xf32, #applegpu.distributed<{{.*}}>> -> tensor<32xf32, #applegpu.slice<
// LAYOUT: %[[MOVED:.*]] = tile.convert_layout %[[SUM]] : tensor<32xf32, #applegpu.slice<{{.*}}>> -> tensor<32xf32, #applegpu.distributed<
// LAYOUT: %[[OLD:.*]] = tile.atomic_rmw add %{{.*}}[%{{.*}}], %[[MOVED]] mask %{{.*}} : memref<?xf32>, tensor<32xi32, #applegpu.distributed<{{.*}}>> -> tensor<32xf32, #applegpu.distributed<
// LAYOUT: tile.convert_layout %[[OLD]] : tensor<32xf32, #applegpu.distributed<{{.*}}>> -> tensor<32xf32, #applegpu.slice<
// CHECK: ran row_sums on the emulator: ok
// CHECK-NEXT: compare S: {{.*}}: ok
// CHECK-NEXT: compare T: {{.*}}: ok
// NUMPY: sums match

func.func @row_sums(%X: memref<?xf32>, %S: memref<?xf32>, %T: memref<?xf32>,
                    %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c64 : index
  %x = tile.load %X[%c0, %col] strides [%N, %c1] bounds [%M, %N]
      : memref<?xf32> -> tensor<32x64xf32>
  %sum = tile.reduce add %x dim 1 : tensor<32x64xf32> -> tensor<32xf32>
  %rows = tile.arange : tensor<32xi32>
  %mi = arith.index_cast %M : index to i32
  %mv = tile.splat %mi : i32 -> tensor<32xi32>
  %valid = arith.cmpi slt, %rows, %mv : tensor<32xi32>
  %old = tile.atomic_rmw add %S[%rows], %sum mask %valid
      : memref<?xf32>, tensor<32xi32> -> tensor<32xf32>
  %both = arith.addf %old, %sum : tensor<32xf32>
  %old2 = tile.atomic_rmw add %T[%rows], %both mask %valid
      : memref<?xf32>, tensor<32xi32> -> tensor<32xf32>
  return
}
