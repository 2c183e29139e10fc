// Races on threadgroup memory are found by happens-before, whatever order
// the threads run in: dropping the barrier that closes a K loop (fault
// injection into our own GEMM found it ran "ok") lets a SIMD-group overwrite
// the tile another still reads. Each barrier starts a new epoch; a load of
// what another SIMD-group's thread wrote, or a store to what another read,
// in the same epoch is reported.
// RUN: tile-run %s --kernel staged --threads-per-threadgroup 64 --grid 1 --arg in=f32:256:random --arg out=f32:64:zeros --arg steps=4 | FileCheck %s
// CHECK: ran staged on the emulator: ok
// RUN: not tile-run %s -D DROP_BARRIER --kernel staged --threads-per-threadgroup 64 --grid 1 --arg in=f32:256:random --arg out=f32:64:zeros --arg steps=4 2>&1 | FileCheck %s --check-prefix=DROPPED
// DROPPED: tile-run: kernel 'staged', threadgroup (0,0,0), thread {{[0-9]+}}: a race on threadgroup memory (byte {{[0-9]+}}): thread {{[0-9]+}} {{wrote|read}} it and this thread {{reads|writes}} it with no threadgroup_barrier between
// The same with one step: the results agree in every thread order, but
// touching what another SIMD-group touches without a barrier is a race.
// RUN: not tile-run %s -D NO_FIRST_BARRIER --kernel staged --threads-per-threadgroup 64 --grid 1 --arg in=f32:64:ones --arg out=f32:64:zeros --arg steps=1 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: a race on threadgroup memory (byte {{[0-9]+}}): thread {{[0-9]+}} {{wrote it and this thread reads|read it and this thread writes}} it

#include <metal_stdlib>
using namespace metal;

kernel void staged(device const float* in [[buffer(0)]],
                   device float* out [[buffer(1)]],
                   constant uint& steps [[buffer(2)]],
                   uint t [[thread_index_in_threadgroup]]) {
  threadgroup float tile[64];
  float acc = 0.0f;
  for (uint k = 0; k < steps; ++k) {
    tile[t] = in[k * 64 + t];
#ifndef NO_FIRST_BARRIER
    threadgroup_barrier(mem_flags::mem_threadgroup);
#endif
    acc += tile[63 - t];
#ifndef DROP_BARRIER
    threadgroup_barrier(mem_flags::mem_threadgroup);
#endif
  }
  out[t] = acc;
}
