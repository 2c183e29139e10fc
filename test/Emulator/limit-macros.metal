// MSL's numerical limits are macros, as <cfloat> and <climits> in C
// (llama.cpp: `float min = FLT_MAX;`, `-MAXHALF` as a softmax's start):
// none but MAXFLOAT existed.
// RUN: tile-run %s --threads-per-threadgroup 1 --grid 1 --arg out=f32:8:zeros --arg ints=i32:4:zeros --print out --print ints | FileCheck %s
// CHECK: out: 3.40282347e+38 1.17549435e-38 1.1920929e-07 65504 -65504 6.10351562e-05 0.0009765625 inf
// CHECK: ints: -2147483648 2147483647 -1 8

#include <metal_stdlib>
using namespace metal;

kernel void limits(device float *out, device int *ints) {
  out[0] = FLT_MAX;
  out[1] = FLT_MIN;
  out[2] = FLT_EPSILON;
  out[3] = HALF_MAX;
  out[4] = -MAXHALF;
  out[5] = HALF_MIN;
  out[6] = HALF_EPSILON;
  out[7] = HUGE_VALF;
  ints[0] = INT_MIN;
  ints[1] = INT_MAX;
  ints[2] = int(UINT_MAX);
  ints[3] = CHAR_BIT;
}
