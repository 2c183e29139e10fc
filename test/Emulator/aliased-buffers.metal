// One buffer bound at two [[buffer(n)]] indices, as an in-place kernel is
// launched (setBuffer(a, 0, 0); setBuffer(a, 0, 1)): tile-run --arg dst=@src
// gives both parameters the same memory, so the kernel reads what it wrote.
// RUN: %msl_check %s
// RUN: tile-run %s --threads-per-threadgroup 8 --grid 1 --arg src=f32:8:ones --arg dst=@src --print src --print dst | FileCheck %s
// CHECK: ran scale_in_place on the emulator: ok
// CHECK-NEXT: src: 4 4 4 4 4 4 4 4
// CHECK-NEXT: dst: 4 4 4 4 4 4 4 4
// RUN: not tile-run %s --threads-per-threadgroup 8 --grid 1 --arg src=f32:8:ones --arg dst=@nothing 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tile-run: --arg dst=@nothing: the kernel has no parameter 'nothing' (a NumPy file must end in .npy)

#include <metal_stdlib>
using namespace metal;

kernel void scale_in_place(device const float* src [[buffer(0)]],
                           device float* dst [[buffer(1)]],
                           uint i [[thread_position_in_grid]]) {
  dst[i] = src[i] * 2.0f;
  dst[i] = dst[i] + src[i]; // src is dst: 2 + 2, not 2 + 1
}
