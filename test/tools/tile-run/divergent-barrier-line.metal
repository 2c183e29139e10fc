// RUN: sh %tile_src_root/test/Emulator/Inputs/expect-exit.sh 1 tile-run %s --threads-per-threadgroup 64 --grid 2 --arg out=f32:100:zeros --arg n=100 2>&1 | FileCheck %s -DFILE=%s
// A divergent barrier in hand-written MSL is reported at its source line
// (the shim's threadgroup_barrier passes the caller's file and line to the
// emulator), not as an offset in the compiled module.
// CHECK: divergent barrier {{.*}}: thread {{[0-9]+}} waits at threadgroup_barrier #1 ([[FILE]]:[[@LINE+12]]), but thread {{[0-9]+}} has returned from the kernel
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
