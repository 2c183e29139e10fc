// Thread-level kernels (tile.thread_id, tile.shared, tile.barrier,
// tile.simd_reduce, tile.simd_shuffle_xor) on ragged shapes: the emulator
// against the interpreter, which runs them thread by thread, under three
// thread orders.
// RUN: tile-run %s --kernel row_sum --arg X=f32:5000:random:1 --arg Y=f32:5:zeros --arg M=5 --arg N=1000 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_sum --arg X=f32:231:random:2 --arg Y=f32:3:zeros --arg M=3 --arg N=77 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_softmax_denominator --arg X=f32:693:random:3 --arg Y=f32:7:zeros --arg M=7 --arg N=99 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_softmax_denominator --arg X=f32:20:random:4 --arg Y=f32:2:zeros --arg M=2 --arg N=10 --compare --schedules 3 | FileCheck %s
// CHECK: ran {{[a-z_]+}} on the emulator: ok
// CHECK-NEXT: compare Y: {{.*}}: ok

// Without the barrier, thread 0 reads partial sums other SIMD groups may not
// have written yet: both the interpreter and the emulator say so.
// RUN: sed -e '/tile.barrier/d' %s > %t.nobarrier.mlir
// RUN: not tile-run %t.nobarrier.mlir --kernel row_sum --arg X=f32:5000:random:1 --arg Y=f32:5:zeros --arg M=5 --arg N=1000 --compare 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: 'tile.thread_load' op program (0, 0, 0), thread 0: reads element 1 of a tile.shared array that thread 32 wrote since the last tile.barrier: a race
// RUN: not tile-run %t.nobarrier.mlir --kernel row_sum --arg X=f32:5000:random:1 --arg Y=f32:5:zeros --arg M=5 --arg N=1000 2>&1 | FileCheck %s --check-prefix=EMULATOR-RACE
// EMULATOR-RACE: a race on threadgroup memory

// Sum of each row of X (M x N, row-major), one program per row, four SIMD
// groups per program.
func.func @row_sum(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>,
                tile.launch_grid = array<i64: 2, 1, -1, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %row = tile.program_id x : index
  %t = tile.thread_id : index
  %lane = tile.simd_lane_id : index
  %sg = tile.simd_group_id : index
  %base = arith.muli %row, %N : index
  // Each thread sums a strided part of the row...
  %acc = scf.for %j = %t to %N step %c128 iter_args(%a = %zero) -> (f32) {
    %k = arith.addi %base, %j : index
    %x = tile.thread_load %X[%k] : memref<?xf32>
    %s = arith.addf %a, %x : f32
    scf.yield %s : f32
  }
  // ... each SIMD group adds its lanes' sums, lane 0 publishes it ...
  %simd = tile.simd_reduce add %acc : f32
  %partial = tile.shared : memref<4xf32>
  %first = arith.cmpi eq, %lane, %c0 : index
  scf.if %first {
    tile.thread_store %simd, %partial[%sg] : memref<4xf32>
  }
  tile.barrier
  // ... and thread 0 adds the four.
  %leader = arith.cmpi eq, %t, %c0 : index
  scf.if %leader {
    %total = scf.for %g = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
      %p = tile.thread_load %partial[%g] : memref<4xf32>
      %s = arith.addf %a, %p : f32
      scf.yield %s : f32
    }
    tile.thread_store %total, %Y[%row] : memref<?xf32>
  }
  return
}

// sum(exp(x - max(x))) of each row, one SIMD group per row: the max by a
// butterfly of shuffles, the sum by a SIMD-group reduction.
func.func @row_softmax_denominator(%X: memref<?xf32>, %Y: memref<?xf32>,
                                   %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>,
                tile.launch_grid = array<i64: 2, 1, -1, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %lowest = arith.constant -3.0e38 : f32
  %zero = arith.constant 0.0 : f32
  %row = tile.program_id x : index
  %lane = tile.simd_lane_id : index
  %base = arith.muli %row, %N : index
  %m = scf.for %j = %lane to %N step %c32 iter_args(%a = %lowest) -> (f32) {
    %k = arith.addi %base, %j : index
    %x = tile.thread_load %X[%k] : memref<?xf32>
    %b = arith.maxnumf %a, %x : f32
    scf.yield %b : f32
  }
  %s16 = tile.simd_shuffle_xor %m mask 16 : f32
  %m16 = arith.maxnumf %m, %s16 : f32
  %s8 = tile.simd_shuffle_xor %m16 mask 8 : f32
  %m8 = arith.maxnumf %m16, %s8 : f32
  %s4 = tile.simd_shuffle_xor %m8 mask 4 : f32
  %m4 = arith.maxnumf %m8, %s4 : f32
  %s2 = tile.simd_shuffle_xor %m4 mask 2 : f32
  %m2 = arith.maxnumf %m4, %s2 : f32
  %s1 = tile.simd_shuffle_xor %m2 mask 1 : f32
  %max = arith.maxnumf %m2, %s1 : f32
  %e = scf.for %j = %lane to %N step %c32 iter_args(%a = %zero) -> (f32) {
    %k = arith.addi %base, %j : index
    %x = tile.thread_load %X[%k] : memref<?xf32>
    %d = arith.subf %x, %max : f32
    %ex = math.exp %d : f32
    %b = arith.addf %a, %ex : f32
    scf.yield %b : f32
  }
  %sum = tile.simd_reduce add %e : f32
  %first = arith.cmpi eq, %lane, %c0 : index
  scf.if %first {
    tile.thread_store %sum, %Y[%row] : memref<?xf32>
  }
  return
}
