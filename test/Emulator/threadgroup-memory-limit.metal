// A kernel over Apple's 32 KiB of threadgroup memory is refused at load,
// and a cached object of it is refused the same way without being rebuilt
// (the limit is the kernel's, not a damaged object's): the second load
// does not write the translation unit again.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-run %s --cache-dir %t --kernel too_big --threads-per-threadgroup 4 --grid 1 --arg out=f32:4:zeros 2>&1 | FileCheck %s
// RUN: rm %t/*.cpp
// RUN: not tile-run %s --cache-dir %t --kernel too_big --threads-per-threadgroup 4 --grid 1 --arg out=f32:4:zeros 2>&1 | FileCheck %s
// RUN: not ls %t/*.cpp
// CHECK: tile-run: kernel 'too_big' uses 36000 bytes of threadgroup memory; Apple GPUs allow 32768

#include <metal_stdlib>
using namespace metal;

kernel void too_big(device float* out [[buffer(0)]],
                    uint t [[thread_index_in_threadgroup]]) {
  threadgroup float scratch[9000];
  scratch[t] = 1.0f;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[t] = scratch[t];
}
