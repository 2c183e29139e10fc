// What MLX's gemv needs besides: `uniform<int>` loop bounds
// (`const uniform<int> n_iter = make_uniform(n) / loop_stride;`), and
// `vec<float, 4>(h4)` converting a half4 element by element, which a C++
// functional cast of an ext_vector_type does not do (a half4 -> float4
// cast was a size error, an int4 -> float4 one a bit cast). A conversion
// function named `operator vec<T, 2>()` (MLX's complex.h) stays one.
// RUN: tile-run %s --kernel strided_sum --threads-per-threadgroup 4 --grid 1 --arg in=f16:20:ones --arg out=f32:4:zeros --arg n=20 --print out | FileCheck %s --check-prefix=SUM
// SUM: out: 2 1 1 1
// RUN: tile-run %s --kernel conversions --threads-per-threadgroup 1 --grid 1 --arg out=f32:8:zeros --print out | FileCheck %s --check-prefix=CONV
// CONV: out: 1.5 -2 3 4 7 0 1 2

#include <metal_stdlib>
using namespace metal;

template <typename T> struct pair_like {
  T re, im;
  constexpr operator vec<T, 2>() const { return vec<T, 2>(re, im); }
};

kernel void strided_sum(device const half4* in, device float* out,
                        constant int& n, uint lid [[thread_index_in_threadgroup]]) {
  constexpr const uniform<int> loop_stride = make_uniform(4);
  const uniform<int> n_iter = make_uniform(n / 4) / loop_stride;
  const uniform<int> leftover = make_uniform(n / 4) - n_iter * loop_stride;
  float acc = 0;
  for (int i = 0; i < n_iter; ++i) {
    float4 v = vec<float, 4>(in[i * loop_stride + lid]);
    acc += v[lid];
  }
  if (leftover > 0 && int(lid) < leftover)
    acc += metal::vec<float, 4>(in[n_iter * loop_stride + lid]).x;
  out[lid] = acc;
}

kernel void conversions(device float* out) {
  half4 h = half4(1.5h, -2.0h, 3.0h, 4.0h);
  float4 f = vec<float, 4>(h);
  int4 i = int4(7, 0, 1, 2);
  float4 g = metal::vec<float, 4>(i);
  out[0] = f.x; out[1] = f.y; out[2] = f.z; out[3] = f.w;
  float2 p = pair_like<float>{g.x, g.y};
  out[4] = p.x; out[5] = p.y; out[6] = g.z; out[7] = g.w;
}
