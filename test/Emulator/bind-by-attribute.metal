// Hand-written MSL whose parameters are declared in another order than
// their [[buffer(n)]] indices, the builtin in the middle: the emulator binds
// each parameter by its attribute, so `out` (buffer 1, declared first) gets
// the writes and `in` (buffer 0) stays read-only. (Binding in index order
// used to run "ok" and write `in`.)
// RUN: %msl_check %s
// RUN: tile-run %s --abi %S/Inputs/bind_by_attribute.json --grid 2 --arg in=f32:100:ones --arg out=f32:100:zeros --arg n=100 --stats | FileCheck %s
// CHECK:      ran scale_into on the emulator: ok
// CHECK:      stats: buffer in: 400 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer out: 0 bytes read, 400 bytes written

#include <metal_stdlib>
using namespace metal;

[[kernel]] void scale_into(device float* out [[buffer(1)]],
                           uint i [[thread_position_in_grid]],
                           constant uint& n [[buffer(2)]],
                           device float* in [[buffer(0)]]) {
  if (i < n)
    out[i] = in[i] * 2.0f + 1.0f;
}
