// RUN: %python %S/../tools/tile-run/Inputs/npy.py write %t.x.npy '<f4' 48
// RUN: %python %S/../tools/tile-run/Inputs/npy.py write %t.a.npy '<f2' 256
// RUN: %python %S/../tools/tile-run/Inputs/npy.py write %t.b.npy '<f2' 256
// RUN: tile-translate --mlir-to-msl %s --msl-abi=%t.json > %t.metal
// RUN: tile-run %t.metal --abi %t.json --grid 1 --arg X=@%t.x.npy --arg A=@%t.a.npy --arg B=@%t.b.npy --arg C=f32:256:zeros --arg Y=f32:32:zeros --out C=%t.c.npy --out Y=%t.y.npy | FileCheck %s
// RUN: %python %S/Inputs/private_arrays.py %t.x.npy %t.a.npy %t.b.npy %t.c.npy %t.y.npy | FileCheck %s --check-prefix=NUMBERS
// A hand-written applegpu kernel holding its tiles in thread-private arrays
// (memref.alloca: test/Target/MSL/private-arrays.mlir has the MSL), run on
// the emulator, its results checked against Python's (all values are
// exact in f32, so they must agree exactly):
//  - Y[lane] = sum_i t[i] * X[i] + t[3], with t[i] = 2 * X[lane + i] (i < 16)
//    a scalar array filled in one constant loop and read in another and at
//    a constant index;
//  - C = A * B (16x16 each, A and B f16, C f32): 2x2 accumulator fragments,
//    2x2 fragments of A and of B, each in an array, multiplied in three
//    nested constant loops.

// CHECK: ran private_arrays on the emulator
// NUMBERS: Y: 32 values, max abs error 0
// NUMBERS: C: 256 values, max abs error 0

!f32m = !applegpu.simdgroup_matrix<8x8xf32>
!f16m = !applegpu.simdgroup_matrix<8x8xf16>

func.func @private_arrays(
    %X: memref<?xf32> {applegpu.buffer = 0 : i32, applegpu.access = "read", applegpu.name = "X"},
    %A: memref<?xf16> {applegpu.buffer = 1 : i32, applegpu.access = "read", applegpu.name = "A"},
    %B: memref<?xf16> {applegpu.buffer = 2 : i32, applegpu.access = "read", applegpu.name = "B"},
    %C: memref<?xf32> {applegpu.buffer = 3 : i32, applegpu.access = "write", applegpu.name = "C"},
    %Y: memref<?xf32> {applegpu.buffer = 4 : i32, applegpu.access = "write", applegpu.name = "Y"})
    attributes {applegpu.kernel, applegpu.threads_per_threadgroup = array<i32: 32, 1, 1>} {
  %lane = applegpu.thread_index_in_simdgroup : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32

  // Y: a scalar array.
  %t = memref.alloca() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %at = arith.addi %lane, %i : index
    %x = memref.load %X[%at] : memref<?xf32>
    %x2 = arith.addf %x, %x : f32
    memref.store %x2, %t[%i] : memref<16xf32>
  }
  %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%s = %zero) -> f32 {
    %e = memref.load %t[%i] : memref<16xf32>
    %w = memref.load %X[%i] : memref<?xf32>
    %p = arith.mulf %e, %w : f32
    %s2 = arith.addf %s, %p : f32
    scf.yield %s2 : f32
  }
  %t3 = memref.load %t[%c3] : memref<16xf32>
  %y = arith.addf %sum, %t3 : f32
  memref.store %y, %Y[%lane] : memref<?xf32>

  // C = A * B: arrays of fragments. a[2i+k] is rows 8i.., columns 8k.. of
  // A; b[2k+j] rows 8k.., columns 8j.. of B; acc[2i+j] that block of C.
  %acc = memref.alloca() : memref<4x!f32m>
  %a = memref.alloca() : memref<4x!f16m>
  %b = memref.alloca() : memref<4x!f16m>
  scf.for %i = %c0 to %c4 step %c1 {
    %z = applegpu.simdgroup_fill %zero : f32 -> !f32m
    memref.store %z, %acc[%i] : memref<4x!f32m>
  }
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %q = %c0 to %c2 step %c1 {
      // Element (8r, 8q) of a 16x16 matrix, and fragment 2r+q.
      %rows = arith.muli %r, %c128 : index
      %cols = arith.muli %q, %c8 : index
      %off = arith.addi %rows, %cols : index
      %r2 = arith.muli %r, %c2 : index
      %f = arith.addi %r2, %q : index
      %ma = applegpu.simdgroup_load %A[%off] stride %c16 : memref<?xf16> -> !f16m
      memref.store %ma, %a[%f] : memref<4x!f16m>
      %mb = applegpu.simdgroup_load %B[%off] stride %c16 : memref<?xf16> -> !f16m
      memref.store %mb, %b[%f] : memref<4x!f16m>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c2 step %c1 {
        %i2 = arith.muli %i, %c2 : index
        %ik = arith.addi %i2, %k : index
        %ij = arith.addi %i2, %j : index
        %k2 = arith.muli %k, %c2 : index
        %kj = arith.addi %k2, %j : index
        %la = memref.load %a[%ik] : memref<4x!f16m>
        %lb = memref.load %b[%kj] : memref<4x!f16m>
        %lc = memref.load %acc[%ij] : memref<4x!f32m>
        %d = applegpu.simdgroup_mma %la, %lb, %lc : !f16m, !f16m, !f32m
        memref.store %d, %acc[%ij] : memref<4x!f32m>
      }
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %rows = arith.muli %i, %c128 : index
      %cols = arith.muli %j, %c8 : index
      %off = arith.addi %rows, %cols : index
      %i2 = arith.muli %i, %c2 : index
      %ij = arith.addi %i2, %j : index
      %m = memref.load %acc[%ij] : memref<4x!f32m>
      applegpu.simdgroup_store %m, %C[%off] stride %c16 : !f32m, memref<?xf32>
    }
  }
  return
}
