// Threads past the end return before the kernel's threadgroup barrier, a
// common pattern in real kernels. The Metal specification leaves it
// undefined, so by default tile-run reports a divergent barrier; with
// --allow-exited-threads-at-barrier the exited threads drop out of the
// barrier, as Apple GPUs do, and the rest finish.
// RUN: %msl_check %s
// RUN: not tile-run %s --abi %S/Inputs/early_return.json --grid 2 --arg out=f32:100:zeros --arg n=100 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: tile-run %s --abi %S/Inputs/early_return.json --grid 2 --arg out=f32:100:zeros --arg n=100 --allow-exited-threads-at-barrier --stats | FileCheck %s
// STRICT: tile-run: kernel 'early_return', threadgroup (1,0,0), thread {{[0-9]+}}: divergent barrier {{.*}} has returned from the kernel
// CHECK:      ran early_return on the emulator: ok
// CHECK:      stats: buffer out: 0 bytes read, 400 bytes written

#include <metal_stdlib>
using namespace metal;

[[kernel]] void early_return(device float* out [[buffer(0)]],
                             constant uint& n [[buffer(1)]],
                             uint i [[thread_position_in_grid]],
                             uint t [[thread_index_in_threadgroup]]) {
  threadgroup float shared[64];
  if (i >= n)
    return;
  shared[t] = float(i);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[i] = shared[t] * 2.0f;
}
