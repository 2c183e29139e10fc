// In MSL a comparison of vectors (and `!`, `&&`, `||` on them) is a bool
// vector, and a bool converts to 1: `float4(x > 0)` is 1.0 where x is
// positive (ggml's step is `(T)(x > 0.0f)` with T = float4). clang's vector
// comparisons give an int vector of -1 and 0, so the emulator gave -1.0
// before the conversions below were wrapped (bool_vectors.c). Each output is
// one value per component of x = (1.5, -2, 0, 3): a positive test gives
// 1 0 0 1.
// RUN: tile-run %s --kernel conversions --threads-per-threadgroup 1 --grid 1 --arg out=f32:44:zeros --print out | FileCheck %s
// CHECK: out: 1 0 0 1 1 0 0 1 1 0 0 1 1 0 0 1 0 1 1 0 1 0 0 1 0 1 1 1 0 0 1 0 1 0 0 1 1 0 0 1 1 -3 0 1
// RUN: tile-run %s --kernel step_float4 --threads-per-threadgroup 1 --grid 2 --arg src=f32:8:random --arg dst=f32:8:zeros --out dst=%t.npy
// RUN: %python -c "import numpy as np, sys; d = np.load('%t.npy'); sys.exit(0 if set(d.tolist()) <= {0.0, 1.0} and d.sum() > 0 else 1)"

#include <metal_stdlib>
using namespace metal;

template <typename T> T step_of(T x) { return (T)(x > 0.0f); }

template <int N> int twice() { return 2 * N; }

#define POSITIVE(v) float4((v) > 0)

kernel void conversions(device float *out) {
  float4 x = float4(1.5f, -2.0f, 0.0f, 3.0f);
  half4 h = half4(x);
  float4 r[11];
  r[0] = float4(x > 0);                    // a vector constructor
  r[1] = (float4)(x > 0.0f);               // a C-style cast
  r[2] = static_cast<float4>(x >= 1.0f);   // static_cast
  r[3] = step_of(x);                       // (T)(...) in a template
  r[4] = float4(!(x > 0));                 // not
  r[5] = float4(x > 0 && x != 0);          // and
  r[6] = float4(h < 0.5h || h > 2.0h);     // half: a short vector
  r[7] = float4(int4(x) == 0);             // an int vector's comparison
  r[8] = float4(float2(x.xy > 0), float2(x.zw > 0)); // several arguments
  bool4 m = x > 0;                         // a bool4 variable converts too
  r[9] = float4(m) * POSITIVE(x);         // and a macro's body
  // Not comparisons: an int vector's own value, a template call, a
  // conditional whose branches are numbers, shifts.
  r[10] = float4(int4(x) - int4(0, 1, 0, 2));
  r[10].z = float(twice<1>() > 3);
  r[10].w = float4(x.x > 0 ? 1 : 0).x;
  // After a comparison's `>`, and followed by `> (` past its own `)`.
  bool4 after = float4(0.5f) > float4(x > 0);   // 0 1 1 0
  bool4 before = float4(x < 0) + x > (x);      // 0 1 0 0
  r[10].w += float(before[1]) - float(after[0]) - 1.0f; // stays 1
  for (int k = 0; k < 11; ++k)
    for (int c = 0; c < 4; ++c)
      out[4 * k + c] = r[k][c];
}

kernel void step_float4(device const float4 *src, device float4 *dst,
                        uint i [[thread_position_in_grid]]) {
  dst[i] = step_of(src[i]);
}
