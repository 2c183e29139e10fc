// -*- C++ -*-
//===- tile_msl_metal_builtins.h - The __metal_* names real code calls
//-----===//
//
// Apple's headers implement the standard library on compiler builtins named
// __metal_F (__metal_fabs(x), __metal_exp(x, __METAL_MAYBE_FAST_MATH__),
// __metal_simd_max(x), ...), and projects that define functions for their
// own types call them too: MLX's bf16_math.h defines exp(bfloat16_t) & co.
// as __metal_exp(float(x), mfast). Here each __metal_F forwards to
// metal::F, with an optional last argument saying fast or precise math
// (both are the same host functions, tile_msl_math_extra.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_TILE_MSL_METAL_BUILTINS_H
#define TILE_RUNTIME_MSL_TILE_MSL_METAL_BUILTINS_H

#pragma clang system_header // see tile_msl_shim.h

#include "tile_msl_shim.h"

namespace tile_msl {
// The value of __METAL_FAST_MATH__ & co.: which variant a builtin computes.
struct math_mode {
  bool fast;
};
} // namespace tile_msl

#define __METAL_FAST_MATH__ (::tile_msl::math_mode{true})
#define __METAL_PRECISE_MATH__ (::tile_msl::math_mode{false})
#ifndef __METAL_MAYBE_FAST_MATH__
#define __METAL_MAYBE_FAST_MATH__ __METAL_FAST_MATH__
#endif

// __metal_F(args...[, mode]) for 1 to 3 arguments, and 4 without a mode.
#define TILE_MSL_METAL_BUILTIN(F)                                              \
  template <class X> inline auto __metal_##F(X x) -> decltype(::metal::F(x)) { \
    return ::metal::F(x);                                                      \
  }                                                                            \
  template <class X>                                                           \
  inline auto __metal_##F(X x, ::tile_msl::math_mode)                          \
      -> decltype(::metal::F(x)) {                                             \
    return ::metal::F(x);                                                      \
  }                                                                            \
  template <class X, class Y>                                                  \
  inline auto __metal_##F(X x, Y y) -> decltype(::metal::F(x, y)) {            \
    return ::metal::F(x, y);                                                   \
  }                                                                            \
  template <class X, class Y>                                                  \
  inline auto __metal_##F(X x, Y y, ::tile_msl::math_mode)                     \
      -> decltype(::metal::F(x, y)) {                                          \
    return ::metal::F(x, y);                                                   \
  }                                                                            \
  template <class X, class Y, class Z>                                         \
  inline auto __metal_##F(X x, Y y, Z z) -> decltype(::metal::F(x, y, z)) {    \
    return ::metal::F(x, y, z);                                                \
  }                                                                            \
  template <class X, class Y, class Z>                                         \
  inline auto __metal_##F(X x, Y y, Z z, ::tile_msl::math_mode)                \
      -> decltype(::metal::F(x, y, z)) {                                       \
    return ::metal::F(x, y, z);                                                \
  }                                                                            \
  template <class X, class Y, class Z, class W>                                \
  inline auto __metal_##F(X x, Y y, Z z, W w)                                  \
      -> decltype(::metal::F(x, y, z, w)) {                                    \
    return ::metal::F(x, y, z, w);                                             \
  }
TILE_MSL_METAL_BUILTIN(abs)
TILE_MSL_METAL_BUILTIN(acos)
TILE_MSL_METAL_BUILTIN(acosh)
TILE_MSL_METAL_BUILTIN(asin)
TILE_MSL_METAL_BUILTIN(asinh)
TILE_MSL_METAL_BUILTIN(atan)
TILE_MSL_METAL_BUILTIN(atan2)
TILE_MSL_METAL_BUILTIN(atanh)
TILE_MSL_METAL_BUILTIN(ceil)
TILE_MSL_METAL_BUILTIN(copysign)
TILE_MSL_METAL_BUILTIN(cos)
TILE_MSL_METAL_BUILTIN(cosh)
TILE_MSL_METAL_BUILTIN(cospi)
TILE_MSL_METAL_BUILTIN(exp)
TILE_MSL_METAL_BUILTIN(exp10)
TILE_MSL_METAL_BUILTIN(exp2)
TILE_MSL_METAL_BUILTIN(fabs)
TILE_MSL_METAL_BUILTIN(fdim)
TILE_MSL_METAL_BUILTIN(floor)
TILE_MSL_METAL_BUILTIN(fma)
TILE_MSL_METAL_BUILTIN(fmax)
TILE_MSL_METAL_BUILTIN(fmin)
TILE_MSL_METAL_BUILTIN(fmod)
TILE_MSL_METAL_BUILTIN(fract)
TILE_MSL_METAL_BUILTIN(frexp)
TILE_MSL_METAL_BUILTIN(ilogb)
TILE_MSL_METAL_BUILTIN(isfinite)
TILE_MSL_METAL_BUILTIN(isinf)
TILE_MSL_METAL_BUILTIN(isnan)
TILE_MSL_METAL_BUILTIN(isnormal)
TILE_MSL_METAL_BUILTIN(ldexp)
TILE_MSL_METAL_BUILTIN(log)
TILE_MSL_METAL_BUILTIN(log10)
TILE_MSL_METAL_BUILTIN(log2)
TILE_MSL_METAL_BUILTIN(max)
TILE_MSL_METAL_BUILTIN(min)
TILE_MSL_METAL_BUILTIN(modf)
TILE_MSL_METAL_BUILTIN(nextafter)
TILE_MSL_METAL_BUILTIN(pow)
TILE_MSL_METAL_BUILTIN(powr)
TILE_MSL_METAL_BUILTIN(rint)
TILE_MSL_METAL_BUILTIN(round)
TILE_MSL_METAL_BUILTIN(rsqrt)
TILE_MSL_METAL_BUILTIN(select)
TILE_MSL_METAL_BUILTIN(signbit)
TILE_MSL_METAL_BUILTIN(sin)
TILE_MSL_METAL_BUILTIN(sinh)
TILE_MSL_METAL_BUILTIN(sinpi)
TILE_MSL_METAL_BUILTIN(sqrt)
TILE_MSL_METAL_BUILTIN(tan)
TILE_MSL_METAL_BUILTIN(tanh)
TILE_MSL_METAL_BUILTIN(tanpi)
TILE_MSL_METAL_BUILTIN(trunc)
TILE_MSL_METAL_BUILTIN(clamp)
TILE_MSL_METAL_BUILTIN(mix)
TILE_MSL_METAL_BUILTIN(saturate)
TILE_MSL_METAL_BUILTIN(sign)
TILE_MSL_METAL_BUILTIN(step)
TILE_MSL_METAL_BUILTIN(smoothstep)
TILE_MSL_METAL_BUILTIN(median3)
TILE_MSL_METAL_BUILTIN(min3)
TILE_MSL_METAL_BUILTIN(max3)
TILE_MSL_METAL_BUILTIN(dot)
TILE_MSL_METAL_BUILTIN(length)
TILE_MSL_METAL_BUILTIN(normalize)
TILE_MSL_METAL_BUILTIN(distance)
TILE_MSL_METAL_BUILTIN(cross)
TILE_MSL_METAL_BUILTIN(simd_broadcast)
TILE_MSL_METAL_BUILTIN(simd_broadcast_first)
TILE_MSL_METAL_BUILTIN(simd_shuffle)
TILE_MSL_METAL_BUILTIN(simd_shuffle_down)
TILE_MSL_METAL_BUILTIN(simd_shuffle_up)
TILE_MSL_METAL_BUILTIN(simd_shuffle_xor)
TILE_MSL_METAL_BUILTIN(simd_shuffle_rotate_down)
TILE_MSL_METAL_BUILTIN(simd_shuffle_rotate_up)
TILE_MSL_METAL_BUILTIN(simd_shuffle_and_fill_down)
TILE_MSL_METAL_BUILTIN(simd_shuffle_and_fill_up)
TILE_MSL_METAL_BUILTIN(simd_max)
TILE_MSL_METAL_BUILTIN(simd_min)
TILE_MSL_METAL_BUILTIN(simd_sum)
TILE_MSL_METAL_BUILTIN(simd_product)
TILE_MSL_METAL_BUILTIN(simd_prefix_inclusive_sum)
TILE_MSL_METAL_BUILTIN(simd_prefix_exclusive_sum)
TILE_MSL_METAL_BUILTIN(simd_prefix_inclusive_product)
TILE_MSL_METAL_BUILTIN(simd_prefix_exclusive_product)
TILE_MSL_METAL_BUILTIN(simd_all)
TILE_MSL_METAL_BUILTIN(simd_any)
TILE_MSL_METAL_BUILTIN(simd_ballot)
TILE_MSL_METAL_BUILTIN(quad_broadcast)
TILE_MSL_METAL_BUILTIN(quad_shuffle)
TILE_MSL_METAL_BUILTIN(quad_shuffle_down)
TILE_MSL_METAL_BUILTIN(quad_shuffle_up)
TILE_MSL_METAL_BUILTIN(quad_shuffle_xor)
TILE_MSL_METAL_BUILTIN(quad_sum)
TILE_MSL_METAL_BUILTIN(quad_max)
TILE_MSL_METAL_BUILTIN(quad_min)
TILE_MSL_METAL_BUILTIN(popcount)
TILE_MSL_METAL_BUILTIN(clz)
TILE_MSL_METAL_BUILTIN(ctz)
TILE_MSL_METAL_BUILTIN(mulhi)
TILE_MSL_METAL_BUILTIN(divide)
#undef TILE_MSL_METAL_BUILTIN

// The bitwise SIMD-group reductions also take floating-point values as
// builtins (MLX's bf16_math.h defines simd_and & co. for bfloat with them):
// on their bits.
#define TILE_MSL_METAL_BITWISE(F)                                              \
  template <class X> inline X __metal_##F(X x) {                               \
    if constexpr (std::is_floating_point_v<X> || std::is_same_v<X, half> ||    \
                  std::is_same_v<X, bfloat>) {                                 \
      using bits = std::conditional_t<sizeof(X) == 2, ushort, uint>;           \
      return __builtin_bit_cast(X, ::metal::F(__builtin_bit_cast(bits, x)));   \
    } else {                                                                   \
      return ::metal::F(x);                                                    \
    }                                                                          \
  }
TILE_MSL_METAL_BITWISE(simd_and)
TILE_MSL_METAL_BITWISE(simd_or)
TILE_MSL_METAL_BITWISE(simd_xor)
#undef TILE_MSL_METAL_BITWISE

// Builtins named differently from the functions they implement.
#define TILE_MSL_METAL_BUILTIN3(B, F)                                          \
  template <class X>                                                           \
  inline auto __metal_##B(X x, X y, X z) -> decltype(::metal::F(x, y, z)) {    \
    return ::metal::F(x, y, z);                                                \
  }                                                                            \
  template <class X>                                                           \
  inline auto __metal_##B(X x, X y, X z, ::tile_msl::math_mode)                \
      -> decltype(::metal::F(x, y, z)) {                                       \
    return ::metal::F(x, y, z);                                                \
  }
TILE_MSL_METAL_BUILTIN3(fmin3, min3)
TILE_MSL_METAL_BUILTIN3(fmax3, max3)
TILE_MSL_METAL_BUILTIN3(fmedian3, median3)
#undef TILE_MSL_METAL_BUILTIN3
// frexp and modf's second result through a pointer.
template <class X>
inline auto __metal_frexp(X x, thread int *e)
    -> decltype(::metal::frexp(x, *e)) {
  return ::metal::frexp(x, *e);
}
template <class X>
inline auto __metal_modf(X x, thread X *i) -> decltype(::metal::modf(x, *i)) {
  return ::metal::modf(x, *i);
}
inline uint __metal_get_simdgroup_size(ushort = 0) { return 32u; }
inline uint __metal_get_thread_index_in_simdgroup(ushort = 0) {
  return tile_msl_lane_id();
}

#endif // TILE_RUNTIME_MSL_TILE_MSL_METAL_BUILTINS_H
