// A project header found relative to the .metal file that includes it,
// guarded by #pragma once and included twice; it includes its neighbour.
#pragma once
#include "defines.h"

template <typename T>
METAL_FUNC T scaled(T x) {
  return x * T(SCALE);
}
#ifdef BREAK_IN_HEADER
#error "an error in the header is reported at its line"
#endif

// MLX's way of declaring kernels: a template in a header, instantiated by a
// macro of another header.
#define instantiate_kernel(name, func, ...)                                  \
  template [[host_name(name)]] [[kernel]] decltype(func<__VA_ARGS__>)       \
      func<__VA_ARGS__>;

template <typename T>
[[kernel]] void negate(device const T* in [[buffer(0)]],
                       device T* out [[buffer(1)]],
                       uint i [[thread_position_in_grid]]) {
  out[i] = -scaled(in[i]);
}
