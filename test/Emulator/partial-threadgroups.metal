// A dispatchThreads launch (tile-run --threads-per-grid): 100 x 3 threads
// in threadgroups of 32 x 2, so the last threadgroup along x has 4 columns
// and the last along y one row. As on Apple GPUs, threads_per_threadgroup
// is the partial threadgroup's size, thread_index_in_threadgroup counts
// within it, threads_per_grid is the launch's, and no thread outside the
// grid runs (the kernel needs no bounds check). SIMD-groups of a partial
// threadgroup are partial too: simd_sum sees only its threads.
// RUN: %msl_check %s
// RUN: tile-run %s --threads-per-threadgroup 32,2 --threads-per-grid 100,3 --arg out=u32:300:zeros --arg sizes=u32:12:zeros --print sizes | FileCheck %s
// CHECK: ran partial_threadgroups on the emulator: ok
// Threadgroup (3,1) is 4 x 1 threads, 1 SIMD-group, whose simd_sum of ones
// is 4; grid 100 x 3; dispatch size 32 x 2.
// CHECK-NEXT: sizes: 4 1 1 4 100 3 32 2 2 0 0 0
// RUN: tile-run %s --threads-per-threadgroup 32,2 --threads-per-grid 100,3 --arg out=u32:300:zeros --arg sizes=u32:12:zeros --print out | FileCheck %s --check-prefix=ALL
// Every thread of the grid wrote its linear index exactly once.
// ALL: out: 0 1 2 3 4 {{.*}} 297 298 299{{$}}

#include <metal_stdlib>
using namespace metal;

kernel void partial_threadgroups(device uint* out [[buffer(0)]],
                                 device uint* sizes [[buffer(1)]],
                                 uint2 pos [[thread_position_in_grid]],
                                 uint2 tg_size [[threads_per_threadgroup]],
                                 uint2 grid [[threads_per_grid]],
                                 uint2 tg [[threadgroup_position_in_grid]],
                                 uint t [[thread_index_in_threadgroup]],
                                 uint simdgroups [[simdgroups_per_threadgroup]],
                                 uint2 dispatch [[dispatch_threads_per_threadgroup]],
                                 uint dispatch_sgs [[dispatch_simdgroups_per_threadgroup]]) {
  out[pos.y * grid.x + pos.x] += pos.y * grid.x + pos.x;
  uint ones = simd_sum(1u);
  if (tg.x == 3 && tg.y == 1 && t == 0) {
    sizes[0] = tg_size.x;
    sizes[1] = tg_size.y;
    sizes[2] = simdgroups;
    sizes[3] = ones;
    sizes[4] = grid.x;
    sizes[5] = grid.y;
    sizes[6] = dispatch.x;
    sizes[7] = dispatch.y;
    sizes[8] = dispatch_sgs;
  }
}
