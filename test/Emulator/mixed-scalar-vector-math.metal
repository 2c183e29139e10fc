// MSL's math functions are overloads per type, so their arguments convert
// as in a call of any function: a scalar to the vector of another argument
// (ggml's fmax(0, x) and clamp(x, args.min, args.max) with a float4 x), and
// an int with a float literal to float (fmin(1, x / 6 + 0.5), hardswish;
// the literal is a double on the host, which matched the float and half
// overloads equally). sin, cos and fmod take vectors too.
// RUN: tile-run %s --kernel vector_and_scalar --threads-per-threadgroup 1 --grid 1 --arg x=f32:4:ones --arg out=f32:16:zeros --print out | FileCheck %s --check-prefix=VEC
// VEC: out: 1 0.5 0.5 0.5 0 0 0 0 1 1 1 1 0.75 0.75 0.75 0.75
// RUN: tile-run %s --kernel int_and_literal --threads-per-threadgroup 1 --grid 1 --arg x=3.0 --arg out=f32:4:zeros --print out | FileCheck %s --check-prefix=LIT
// LIT: out: 1 3 2.25 0.0998334214

#include <metal_stdlib>
using namespace metal;

kernel void vector_and_scalar(device const float4 *x, device float4 *out) {
  float4 v = x[0];
  out[0] = float4(fmax(0, v).x, fmin(v, 0.5).yzw);
  out[1] = clamp(v - 2.0f, 0.0f, 1.0f) + fmod(v, v);
  out[2] = max(0.5f, v) * cos(v - v);
  out[3] = clamp(v * 0.75f, -1, 1) + sin(v - v);
}

kernel void int_and_literal(constant float &x, device float *out) {
  out[0] = fmin(1, x / 6 + 0.5);          // hardswish's gate: min(1, 1.0)
  out[1] = x * fmax(0, fmin(1, x / 6 + 0.5));
  out[2] = pow(x / 2, 2.0);
  out[3] = sin(x / 30.0);
}
