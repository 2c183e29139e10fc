// MLX's unary ops call `metal::precise::acos(x)` and `precise::acosh(x)`
// for every float type: for half the float overload is taken (MSL's
// precise:: functions are float-only). The shim's overload for a double
// argument (`precise::sqrt(x / 2.0)`) made a half argument ambiguous, and
// precise:: lacked acosh, asinh, atanh, sinpi, cospi and tanpi, so
// MLX's own bfloat overloads were the only candidates.
// RUN: tile-run %s --kernel precise_on_half --threads-per-threadgroup 1 --grid 1 --arg out=f16:6:zeros --print out | FileCheck %s
// CHECK: out: 1.046875 1.31738281 0.549316406 0.5 0.70703125 1.5

#include <metal_stdlib>
using namespace metal;

template <typename T> struct ArcCos {
  T operator()(T x) { return metal::precise::acos(x); }
};

kernel void precise_on_half(device half* out) {
  half x = 0.5h;
  out[0] = ArcCos<half>()(x);
  out[1] = metal::precise::acosh(x + 1.5h);
  out[2] = metal::precise::atanh(x);
  out[3] = metal::precise::sinpi(x / 3.0h);
  out[4] = metal::fast::cospi(x / 2.0h);
  out[5] = metal::precise::sqrt(4.5 / 2.0);
}
