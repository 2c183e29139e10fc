// RUN: tile-opt %s -split-input-file --tile-for-range-to-scf --tile-assign-layouts --tile-pipeline-loads --tile-plan-threadgroup-memory -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-for-range-to-scf --tile-assign-layouts --tile-plan-threadgroup-memory=max-bytes=4096 2>/dev/null | FileCheck %s --check-prefix=SMALL
// tile-plan-threadgroup-memory writes the plan into the IR: the arena's size
// on the kernel, an #applegpu.scratch region on each op with scratch of its
// own, an #applegpu.dot_staging on each simdgroup dot. Buffers live at
// different times share bytes; `reused` marks a region some other buffer
// used before.

// Two reductions, each live at its op only: the second reuses the first's
// bytes, and the arena holds one of them.
// CHECK-LABEL: func.func @two_reductions
// CHECK-SAME:    applegpu.threadgroup_memory = 8 : i64
// CHECK:         tile.reduce add {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 8, reused = false>}
// CHECK:         tile.reduce maxnumf {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 8, reused = true>}
func.func @two_reductions(%X: memref<?xf32>, %Y: memref<?xf32>, %S: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> tensor<256xf32>
  %sx = tile.reduce add %x dim 0 : tensor<256xf32> -> f32
  %y = tile.load %Y[%c0] strides [%c1] : memref<?xf32> -> tensor<256xf32>
  %sy = tile.reduce maxnumf %y dim 0 : tensor<256xf32> -> f32
  %t = arith.addf %sx, %sy : f32
  tile.store %t, %S[%c0] : f32, memref<?xf32>
  return
}

// -----

// The 64x64x32 f32 GEMM: a whole K step of A and B, rows padded by 16
// bytes (2304 and 2176 floats), the choice with the fewest barriers. Nothing
// else uses the bytes: no barrier is added before the staging.
// With 4096 bytes (max-bytes), only 8 columns of K at a time fit, unpadded.
// CHECK-LABEL: func.func @gemm
// CHECK-SAME:    applegpu.threadgroup_memory = 17920 : i64
// CHECK:         tile.dot {{.*}} {applegpu.dot_staging = #applegpu.dot_staging<k_step = 32, pad = true, alternating = false, a_offset = 0, a_bytes = 9216, b_offset = 9216, b_bytes = 8704, reused = false>}
// SMALL-LABEL: func.func @gemm
// SMALL-SAME:    applegpu.threadgroup_memory = 4096 : i64
// SMALL:         tile.dot {{.*}} {applegpu.dot_staging = #applegpu.dot_staging<k_step = 8, pad = false, alternating = false, a_offset = 0, a_bytes = 2048, b_offset = 2048, b_bytes = 2048, reused = false>}
func.func @gemm(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
    %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// A pipelined K loop (num_stages = 2): its dot alternates between two
// halves, live across the whole loop; the bias's layout conversion after
// the loop reuses their bytes (its own leading barrier orders it after the
// loop's last reads), so the staging itself is not marked reused.
// CHECK-LABEL: func.func @pipelined_bias
// CHECK-SAME:    applegpu.threadgroup_memory = 32768 : i64
// CHECK:         tile.dot {{.*}} {applegpu.dot_staging = #applegpu.dot_staging<k_step = 32, pad = false, alternating = true, a_offset = 0, a_bytes = 16384, b_offset = 16384, b_bytes = 16384, reused = false>}
// CHECK:         } {tile.loads_pipelined, tile.num_stages = 2 : i64}
// CHECK:         tile.convert_layout {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 256, reused = true>}
func.func @pipelined_bias(%A: memref<?xf32>, %B: memref<?xf32>, %Bias: memref<?xf32>,
    %C: memref<?xf32>, %M: index, %N: index, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  } {num_stages = 2}
  %bias = tile.load %Bias[%col] strides [%c1] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bb = tile.broadcast %bias dim 0 : tensor<64xf32> -> tensor<64x64xf32>
  %r = arith.addf %acc, %bb : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}

// -----

// A reduction before a dot: the dot's staging reuses the reduction's bytes
// and is marked reused (the conversion starts the dot with a barrier).
// CHECK-LABEL: func.func @reduce_then_dot
// CHECK:         tile.reduce add {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 4, reused = false>}
// CHECK:         tile.dot {{.*}} {applegpu.dot_staging = #applegpu.dot_staging<k_step = 32, pad = true, alternating = false, a_offset = 0, a_bytes = 4608, b_offset = 4608, b_bytes = 4608, reused = true>}
func.func @reduce_then_dot(%X: memref<?xf32>, %A: memref<?xf32>,
    %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> tensor<32xf32>
  %s = tile.reduce add %x dim 0 : tensor<32xf32> -> f32
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %sp = tile.splat %s : f32 -> tensor<32x32xf32>
  %as = arith.mulf %a, %sp : tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %as, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}

// -----

// A reduction in a loop after a dot in the same loop: the next iteration's
// staging writes bytes the reduction read, so the dot is marked reused.
// CHECK-LABEL: func.func @dot_then_reduce_in_loop
// CHECK:         tile.dot {{.*}} reused = true>}
// CHECK:         tile.reduce add {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 4, reused = true>}
func.func @dot_then_reduce_in_loop(%A: memref<?xf32>, %B: memref<?xf32>,
    %C: memref<?xf32>, %S: memref<?xf32>, %K: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %z = arith.constant 0.0 : f32
  %acc:2 = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero, %s0 = %z) -> (tensor<32x32xf32>, f32) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] bounds [%c32, %K] : memref<?xf32> -> tensor<32x32xf32>
    %b = tile.load %B[%k, %c0] strides [%c32, %c1] bounds [%K, %c32] : memref<?xf32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %row = tile.load %S[%k] strides [%c1] bounds [%K] : memref<?xf32> -> tensor<32xf32>
    %r = tile.reduce add %row dim 0 : tensor<32xf32> -> f32
    %s1 = arith.addf %s0, %r : f32
    tile.yield %d, %s1 : tensor<32x32xf32>, f32
  }
  tile.store %acc#0, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  tile.store %acc#1, %C[%c0] : f32, memref<?xf32>
  return
}

// -----

// Chained dots: the first dot's result goes through a layout conversion
// that reuses the staging bytes, then the second dot stages there again.
// Only the second dot follows another user of its bytes: it alone is
// marked reused (the staging buffers are shared, the flag is per dot).
// CHECK-LABEL: func.func @chained_dots
// CHECK:         tile.dot {{.*}} reused = false>}
// CHECK:         tile.convert_layout {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 1024, reused = true>}
// CHECK:         tile.dot {{.*}} reused = true>}
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

// -----

// Thread-level code: each tile.shared array is live for the whole kernel
// (the program decides when its contents are read), so the arrays never
// share bytes; each is placed after the one before, at 16-byte offsets.
// CHECK-LABEL: func.func @shared_arrays
// CHECK-SAME:    applegpu.threadgroup_memory = 22 : i64
// CHECK:         tile.shared {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 8, reused = false>} : memref<2xf32>
// CHECK:         tile.shared {applegpu.scratch = #applegpu.scratch<offset = 16, bytes = 6, reused = false>} : memref<3xf16>
func.func @shared_arrays(%X: memref<?xf32>, %Y: memref<?xf16>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 1>} {
  %c0 = arith.constant 0 : index
  %s = tile.shared : memref<2xf32>
  %h = tile.shared : memref<3xf16>
  %t = tile.thread_id : index
  %x = tile.thread_load %X[%t] : memref<?xf32>
  tile.thread_store %x, %s[%c0] : memref<2xf32>
  tile.barrier
  %y = tile.thread_load %s[%c0] : memref<2xf32>
  %yh = arith.truncf %y : f32 to f16
  tile.thread_store %yh, %h[%c0] : memref<3xf16>
  tile.barrier
  %z = tile.thread_load %h[%c0] : memref<3xf16>
  tile.thread_store %z, %Y[%t] : memref<?xf16>
  return
}

// -----

// A matvec dot's region is A's copy and its partial rows, as the lowering's
// geometry gives them. Split K (N / V = 16 column groups dividing 32): one
// partial row per SIMD group, 128 bytes of A (1x64 f16) + 4 x 64 f32.
// CHECK-LABEL: func.func @matvec_split_k
// CHECK-SAME:    applegpu.threadgroup_memory = 1152 : i64
// CHECK:         tile.dot {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 1152, reused = false>, tile.matvec}
// SMALL-LABEL: func.func @matvec_split_k
func.func @matvec_split_k(%X: memref<?xf16>, %W: memref<?xf16>, %Y: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<1x64xf32>
  %x = tile.load %X[%c0, %c0] strides [%c64, %c1] : memref<?xf16> -> tensor<1x64xf16>
  %w = tile.load %W[%c0, %c0] strides [%c64, %c1] : memref<?xf16> -> tensor<64x64xf16>
  %d = tile.dot %x, %w, %zero : tensor<1x64xf16>, tensor<64x64xf16> -> tensor<1x64xf32>
  tile.store %d, %Y[%c0, %c0] strides [%c64, %c1] : tensor<1x64xf32>, memref<?xf32>
  return
}

// -----

// Threads owning whole columns (N / V = 128 column groups on 128 threads)
// write one partial row, not one per SIMD group: 32 bytes of A (1x8 f32) +
// 512 f32, where counting a row per SIMD group would plan 8224 bytes.
// CHECK-LABEL: func.func @matvec_own_columns
// CHECK-SAME:    applegpu.threadgroup_memory = 2080 : i64
// CHECK:         tile.dot {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 2080, reused = false>, tile.matvec}
// SMALL-LABEL: func.func @matvec_own_columns
func.func @matvec_own_columns(%X: memref<?xf32>, %W: memref<?xf32>, %Y: memref<?xf32>)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant dense<0.0> : tensor<1x512xf32>
  %x = tile.load %X[%c0, %c0] strides [%c8, %c1] : memref<?xf32> -> tensor<1x8xf32>
  %w = tile.load %W[%c0, %c0] strides [%c512, %c1] : memref<?xf32> -> tensor<8x512xf32>
  %d = tile.dot %x, %w, %zero : tensor<1x8xf32>, tensor<8x512xf32> -> tensor<1x512xf32>
  tile.store %d, %Y[%c0, %c0] strides [%c512, %c1] : tensor<1x512xf32>, memref<?xf32>
  return
}
