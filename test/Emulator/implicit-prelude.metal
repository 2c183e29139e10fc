// A file without `#include <metal_stdlib>`, as files built into an app's
// default library may be: Metal's compiler knows `kernel`, the address
// spaces and the scalar and vector types without any include, and so does
// the emulator.
// RUN: tile-run %s --threads-per-threadgroup 4 --grid 1 --arg out=f32:16:zeros --arg n=4 --print out | FileCheck %s
// CHECK: ran fill on the emulator: ok
// CHECK-NEXT: out: 0 1 2 3 1 1 2 3 2 1 2 3 3 1 2 3

kernel void fill(device float4* out [[buffer(0)]],
                 constant uint& n [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  if (i < n)
    out[i] = float4(i, 1.0f, 2.0h, half(3));
}
