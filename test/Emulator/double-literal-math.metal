// MSL has no double: an unsuffixed literal is a float, so sqrt(x / 2.0)
// calls the float overload. In C++ x / 2.0 is a double, which was ambiguous
// between the shim's float and half overloads, and in metal::precise between
// float and a kernel's own bfloat overload (as MLX's headers add).
// RUN: tile-run %s --threads-per-threadgroup 1 --grid 1 --arg x=4.5 --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK:      ran literal_math on the emulator: ok
// CHECK-NEXT: out: 1.5 3 0.5 1.41421354

#include <metal_stdlib>
using namespace metal;

// A project's own bfloat overload next to MSL's float one.
namespace metal {
namespace precise {
inline bfloat sqrt(bfloat v) { return bfloat(metal::sqrt(float(v))); }
} // namespace precise
} // namespace metal

kernel void literal_math(constant float& x [[buffer(0)]],
                         device float* out [[buffer(1)]],
                         uint tid [[thread_position_in_grid]]) {
  out[0] = precise::sqrt(x / 2.0);
  out[1] = sqrt(x * 2.0);
  out[2] = fast::rsqrt(x - 0.5);
  out[3] = sqrt(2.0);
}
