// Parameters without [[buffer(n)]] / [[threadgroup(n)]], as in Apple's
// add_arrays sample, llama.cpp and tinygrad: Metal gives each, in
// declaration order, the lowest index of its kind no other parameter claims.
// Here `out` claims buffer 0, so a=1, b=2, n=3 (the stats list buffers by
// index), and `partial` is threadgroup(0). A plain value without a builtin
// attribute is not something a kernel can take: refused.
// RUN: tile-run %s --kernel add_scaled --threads-per-threadgroup 4 --grid 2 --threadgroup-memory 0=16 --arg a=f32:8:ones --arg b=f32:8:ones --arg out=f32:8:zeros --arg n=6 --stats --print out | FileCheck %s
// CHECK:      ran add_scaled on the emulator: ok
// CHECK:      stats: buffer out: 0 bytes read, 24 bytes written
// CHECK-NEXT: stats: buffer a: 24 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer b: 24 bytes read, 0 bytes written
// CHECK:      out: 3 3 3 3 3 3 0 0
// RUN: tile-run %s --kernel add_arrays --threads-per-threadgroup 8 --grid 1 --arg inA=f32:8:ones --arg inB=f32:8:random --arg result=f32:8:zeros --print result | FileCheck %s --check-prefix=SAMPLE
// SAMPLE: ran add_arrays on the emulator: ok
// SAMPLE: result: 1.13312316 1.49156356 1.94200552 0.888718426
// RUN: not tile-run %s --kernel plain_value --threads-per-threadgroup 1 --grid 1 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: cannot read the parameters of kernel 'plain_value' (each is a device, constant or threadgroup pointer or reference, or has a builtin attribute

#include <metal_stdlib>
using namespace metal;

kernel void add_arrays(device const float* inA,
                       device const float* inB,
                       device float* result,
                       uint index [[thread_position_in_grid]]) {
  result[index] = inA[index] + inB[index];
}

kernel void add_scaled(device const float* a,
                       device float* out [[buffer(0)]],
                       device const float* b,
                       constant uint& n,
                       threadgroup float* partial,
                       uint t [[thread_index_in_threadgroup]],
                       uint i [[thread_position_in_grid]]) {
  partial[t] = i < n ? a[i] + 2.0f * b[i] : 0.0f;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (i < n)
    out[i] = partial[t];
}

kernel void plain_value(device float* out, uint n) { out[0] = n; }
