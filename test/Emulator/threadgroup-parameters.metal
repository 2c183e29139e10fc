// Threadgroup memory sized by the host ([[threadgroup(0)]], which a Metal
// host sets with setThreadgroupMemoryLength; tile-run with
// --threadgroup-memory), threadgroup pointer locals and a helper taking a
// threadgroup pointer, in a tree reduction as in Apple's samples. The
// host-sized memory is filled with NaN before each threadgroup and checked
// for unwritten reads like the kernel's own threadgroup arrays.
// RUN: tile-run %s --kernel reduce_sum --threads-per-threadgroup 64 --grid 3 --threadgroup-memory 0=256 --arg in=f32:192:ones --arg out=f32:3:zeros --print out | FileCheck %s
// CHECK: ran reduce_sum on the emulator: ok
// CHECK-NEXT: out: 64 64 64
// RUN: not tile-run %s --kernel reduce_sum --threads-per-threadgroup 64 --grid 1 --arg in=f32:64:ones --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: tile-run: parameter 'partial' is threadgroup memory {{\[\[}}threadgroup(0)]]: give its size with --threadgroup-memory 0=BYTES
// RUN: not tile-run %s --kernel reduce_sum --threads-per-threadgroup 64 --grid 1 --threadgroup-memory 0=100 --arg in=f32:64:ones --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: tile-run: threadgroup memory of {{\[\[}}threadgroup(0)]]: 100 bytes (Metal needs a multiple of 16, at most 32768)
// Too small for the 64 floats the kernel uses: the writes past its end are
// reported (not a corrupted process).
// RUN: not tile-run %s --kernel reduce_sum --threads-per-threadgroup 64 --grid 1 --threadgroup-memory 0=128 --arg in=f32:64:ones --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: tile-run: kernel 'reduce_sum', threadgroup (0,0,0), {{.*}}: out-of-bounds write of threadgroup memory at byte 0 after the end of the {{\[\[}}threadgroup(n)]] parameters' memory

#include <metal_stdlib>
using namespace metal;

// Halves the active part of `values` until one element is left.
static void tree_reduce(threadgroup float* values, uint t, uint n) {
  for (uint stride = n / 2; stride > 0; stride /= 2) {
    if (t < stride)
      values[t] += values[t + stride];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
}

kernel void reduce_sum(device const float* in [[buffer(0)]],
                       device float* out [[buffer(1)]],
                       threadgroup float* partial [[threadgroup(0)]],
                       uint i [[thread_position_in_grid]],
                       uint t [[thread_index_in_threadgroup]],
                       uint g [[threadgroup_position_in_grid]],
                       uint n [[threads_per_threadgroup]]) {
  threadgroup float* mine = partial + t; // a pointer local
  *mine = in[i];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  tree_reduce(partial, t, n);
  if (t == 0)
    out[g] = partial[0];
}
