// In MSL a C-style cast between vector types converts each element, as
// llama.cpp's kernels rely on: `(TC) src[i]` with TC = float4 reading a
// half4, `(half4) reg[0]` of a float4x4's column, `T(x)` with T a template
// type parameter. clang's casts between its vectors reinterpret the bits:
// between sizes they did not compile, and between vectors of one size
// (int4 from float4) they silently gave the float's bits (1092616192 for
// 10.0f). A cast to a scalar, a struct or a pointer stays C's.
// RUN: tile-run %s --kernel casts_f16_f32 --threads-per-threadgroup 1 --grid 1 --arg src0=f16:8:ones --arg dst=f32:8:zeros --print dst | FileCheck %s --check-prefix=WIDEN
// WIDEN: dst: 1 1 1 1 2 2 2 2
// RUN: tile-run %s --kernel same_size --threads-per-threadgroup 1 --grid 1 --arg out=i32:12:zeros --print out | FileCheck %s --check-prefix=SAME
// SAME: out: 10 -2 0 7 10 -2 0 7 3 5 12 -1
// RUN: tile-run %s --kernel packed_and_pointers --threads-per-threadgroup 1 --grid 1 --arg bytes=i8:8:ones --arg out=f32:8:zeros --print out | FileCheck %s --check-prefix=PACKED
// PACKED: out: 1 1 1 1 2 257 2.5 4

#include <metal_stdlib>
using namespace metal;

// The kernel converts to TC before computing and back with a functional
// cast T(...): both name template type parameters.
template <typename T0, typename T, typename TC>
kernel void unary_twice(device const char *src0, device char *dst,
                        uint i [[thread_position_in_grid]]) {
  device const T0 *src = (device const T0 *)(src0);
  device T *out = (device T *)(dst);
  const TC x = (TC) src[i];
  out[i] = (T) x;
  out[i + 1] = T(x + x);
}

typedef decltype(unary_twice<float, float, float>) unary_t;
template [[host_name("casts_f16_f32")]] kernel unary_t
    unary_twice<half4, float4, float4>;
template [[host_name("casts_f32_f32")]] kernel unary_t
    unary_twice<float, float, float>;

kernel void same_size(device int *out) {
  float4 x = float4(10.0f, -2.5f, 0.25f, 7.5f);
  int4 a = (int4) x;              // one word: a vector type
  int4 b = (int4)(x * 1.0f);      // a parenthesized operand
  float2x2 m = float2x2(float2(3.0f, 5.0f), float2(12.0f, -1.0f));
  int2 c = (int2) m[0];           // a subscripted operand
  int2 d = (int2)(float2) m[1];   // a cast of a cast
  for (int k = 0; k < 4; ++k) {
    out[k] = a[k];
    out[4 + k] = b[k];
  }
  out[8] = c.x;
  out[9] = c.y;
  out[10] = d.x;
  out[11] = d.y;
}

kernel void packed_and_pointers(device const char *bytes,
                                device float *out) {
  // A pointer cast and a scalar cast stay C casts.
  device const packed_char4 *p = (device const packed_char4 *) bytes;
  float4 v = float4(p[0]);        // a packed vector supplies its 4 values
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
  out[3] = v.w;
  out[4] = (float) (bytes[0] + bytes[1]);
  out[5] = (float) *((device const short *) bytes);
  half2 h = (half2) float2(2.5f, 4.0f);
  out[6] = h.x;
  out[7] = h.y;
}
