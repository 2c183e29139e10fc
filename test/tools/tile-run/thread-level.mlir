// Thread-level kernels (tile.thread_id, tile.shared, tile.barrier,
// tile.simd_reduce, tile.simd_shuffle_xor) on ragged shapes: the emulator
// against the interpreter, which runs them thread by thread, under three
// thread orders.
// RUN: tile-run %s --kernel row_sum --arg X=f32:5000:random:1 --arg Y=f32:5:zeros --arg M=5 --arg N=1000 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_sum --arg X=f32:231:random:2 --arg Y=f32:3:zeros --arg M=3 --arg N=77 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_softmax_denominator --arg X=f32:693:random:3 --arg Y=f32:7:zeros --arg M=7 --arg N=99 --compare --schedules 3 | FileCheck %s
// RUN: tile-run %s --kernel row_softmax_denominator --arg X=f32:20:random:4 --arg Y=f32:2:zeros --arg M=2 --arg N=10 --compare --schedules 3 | FileCheck %s
// RUN: tile-run --target apple10 %s --kernel row_sum --arg X=f32:693:random:3 --arg Y=f32:7:zeros --arg M=7 --arg N=99 --compare --schedules 3 | FileCheck %s
// RUN: tile-run --target apple10 %s --kernel row_softmax_denominator --arg X=f32:231:random:5 --arg Y=f32:3:zeros --arg M=3 --arg N=77 --compare --schedules 3 | FileCheck %s
// An MLX affine 4-bit matvec written per thread (docs/llm.md for the
// format; groups of 64): K = 320 and 1088 (40 and 136 words, not multiples
// of the 32 lanes), N = 13 and 5 (odd: the last program's second SIMD group
// has no column).
// RUN: tile-run %s --kernel affine_qmv4 --arg X=f16:320:random:1 --arg W=i32:520:random:2 --arg S=f16:65:random:3 --arg B=f16:65:random:4 --arg Y=f32:13:zeros --arg K=320 --arg N=13 --compare --schedules 3 | FileCheck %s
// RUN: tile-run --target apple10 %s --kernel affine_qmv4 --arg X=f16:1088:random:5 --arg W=i32:680:random:6 --arg S=f16:85:random:7 --arg B=f16:85:random:8 --arg Y=f32:5:zeros --arg K=1088 --arg N=5 --compare --schedules 3 | FileCheck %s
// CHECK: ran {{[a-z_0-9]+}} on the emulator: ok
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

// y[n] = sum_k x[k] * (S[n, k / 64] * q[n, k] + B[n, k / 64]), q[n, k] the
// 4 bits at 4 * (k % 8) of word W[n * K / 8 + k / 8]. A SIMD group per
// column; its lanes take every 32nd word.
func.func @affine_qmv4(%X: memref<?xf16>, %W: memref<?xi32>, %S: memref<?xf16>,
                       %B: memref<?xf16>, %Y: memref<?xf32>, %K: index,
                       %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 1>,
                tile.launch_grid = array<i64: 6, 2, -1, 1, -1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c4_i32 = arith.constant 4 : i32
  %c15_i32 = arith.constant 15 : i32
  %zero = arith.constant 0.0 : f32
  %p = tile.program_id x : index
  %sg = tile.simd_group_id : index
  %lane = tile.simd_lane_id : index
  %first_col = arith.muli %p, %c2 : index
  %col = arith.addi %first_col, %sg : index
  %has_col = arith.cmpi ult, %col, %N : index
  // A group past the last column reads column 0 and stores nothing: every
  // lane still reaches the simd_reduce.
  %safe = arith.select %has_col, %col, %c0 : index
  %words = arith.divui %K, %c8 : index
  %groups = arith.divui %K, %c64 : index
  %row_words = arith.muli %safe, %words : index
  %row_groups = arith.muli %safe, %groups : index
  %acc = scf.for %w = %lane to %words step %c32 iter_args(%a = %zero) -> (f32) {
    %wi = arith.addi %row_words, %w : index
    %packed = tile.thread_load %W[%wi] : memref<?xi32>
    %k0 = arith.muli %w, %c8 : index
    %g = arith.divui %k0, %c64 : index
    %gi = arith.addi %row_groups, %g : index
    %s16 = tile.thread_load %S[%gi] : memref<?xf16>
    %b16 = tile.thread_load %B[%gi] : memref<?xf16>
    %s = arith.extf %s16 : f16 to f32
    %b = arith.extf %b16 : f16 to f32
    %sum = scf.for %e = %c0 to %c8 step %c1 iter_args(%a2 = %a) -> (f32) {
      %e32 = arith.index_cast %e : index to i32
      %shift = arith.muli %e32, %c4_i32 : i32
      %shifted = arith.shrui %packed, %shift : i32
      %q = arith.andi %shifted, %c15_i32 : i32
      %qf = arith.uitofp %q : i32 to f32
      %k = arith.addi %k0, %e : index
      %x16 = tile.thread_load %X[%k] : memref<?xf16>
      %x = arith.extf %x16 : f16 to f32
      %scaled = arith.mulf %qf, %s : f32
      %wgt = arith.addf %scaled, %b : f32
      %term = arith.mulf %x, %wgt : f32
      %a3 = arith.addf %a2, %term : f32
      scf.yield %a3 : f32
    }
    scf.yield %sum : f32
  }
  %total = tile.simd_reduce add %acc : f32
  %lane0 = arith.cmpi eq, %lane, %c0 : index
  %writer = arith.andi %lane0, %has_col : i1
  scf.if %writer {
    tile.thread_store %total, %Y[%col] : memref<?xf32>
  }
  return
}
