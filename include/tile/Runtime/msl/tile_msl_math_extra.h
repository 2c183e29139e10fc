// -*- C++ -*-
//===- tile_msl_math_extra.h - More of MSL's math, precise:: and fast:: ---===//
//
// The math functions hand-written kernels use beyond what tile-mlir emits
// (metal_math): rounding (round, trunc, rint, fract), more transcendentals
// (exp10, log10, tan, sinh, cosh, asin, acos, atan, atan2, powr, cbrt, the
// inverse hyperbolic functions, sinpi/cospi/tanpi, ldexp, frexp, ilogb, modf,
// nextafter),
// copysign, fdim, float min3/max3/median3 are in metal_common -- for float and
// half scalars and vectors; MSL has no bfloat overloads, and neither does the
// shim (a bfloat scalar takes the float function, a bfloat vector none: see
// metal_math). Then the namespaces metal::precise and metal::fast, which in MSL
// hold float-only variants of the math functions: here both are the same host
// functions (a host has no fast path worth modelling; tests compare with
// tolerances).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MSL_TILE_MSL_MATH_EXTRA_H
#define TILE_RUNTIME_MSL_TILE_MSL_MATH_EXTRA_H

#pragma clang system_header // see tile_msl_shim.h

#include "metal_math"
#include "tile_msl_shim.h"

namespace metal {

#define TILE_MSL_FH1(F, B)                                                     \
  inline float F(float x) { return B(x); }                                     \
  inline half F(half x) { return static_cast<half>(B(float(x))); }             \
  template <class T, int N> inline vec<T, N> F(vec<T, N> x) {                  \
    static_assert(tile_msl_vector_math_on<T>());                               \
    for (int i = 0; i < N; ++i)                                                \
      x[i] = F(T(x[i]));                                                       \
    return x;                                                                  \
  }
#define TILE_MSL_FH2(F, B)                                                     \
  inline float F(float x, float y) { return B(x, y); }                         \
  inline half F(half x, half y) {                                              \
    return static_cast<half>(B(float(x), float(y)));                           \
  }                                                                            \
  template <class T, int N> inline vec<T, N> F(vec<T, N> x, vec<T, N> y) {     \
    static_assert(tile_msl_vector_math_on<T>());                               \
    for (int i = 0; i < N; ++i)                                                \
      x[i] = F(T(x[i]), T(y[i]));                                              \
    return x;                                                                  \
  }

// round: halfway cases away from zero; rint: to nearest even.
TILE_MSL_FH1(round, __builtin_roundf)
TILE_MSL_FH1(trunc, __builtin_truncf)
TILE_MSL_FH1(rint, __builtin_rintf)
TILE_MSL_FH1(exp10, __builtin_exp10f)
TILE_MSL_FH1(log10, __builtin_log10f)
TILE_MSL_FH1(tan, __builtin_tanf)
TILE_MSL_FH1(sinh, __builtin_sinhf)
TILE_MSL_FH1(cosh, __builtin_coshf)
TILE_MSL_FH1(asin, __builtin_asinf)
TILE_MSL_FH1(acos, __builtin_acosf)
TILE_MSL_FH1(atan, __builtin_atanf)
TILE_MSL_FH1(cbrt, __builtin_cbrtf)
TILE_MSL_FH1(asinh, __builtin_asinhf)
TILE_MSL_FH1(acosh, __builtin_acoshf)
TILE_MSL_FH1(atanh, __builtin_atanhf)
inline float tile_msl_sinpi(float x) { return __builtin_sinf(M_PI_F * x); }
inline float tile_msl_cospi(float x) { return __builtin_cosf(M_PI_F * x); }
inline float tile_msl_tanpi(float x) { return __builtin_tanf(M_PI_F * x); }
TILE_MSL_FH1(sinpi, tile_msl_sinpi)
TILE_MSL_FH1(cospi, tile_msl_cospi)
TILE_MSL_FH1(tanpi, tile_msl_tanpi)
TILE_MSL_FH2(nextafter, __builtin_nextafterf)
inline float ldexp(float x, int k) { return __builtin_ldexpf(x, k); }
inline half ldexp(half x, int k) { return half(__builtin_ldexpf(float(x), k)); }
inline int ilogb(float x) { return __builtin_ilogbf(x); }
inline int ilogb(half x) { return __builtin_ilogbf(float(x)); }
inline float frexp(float x, thread int &e) { return __builtin_frexpf(x, &e); }
inline half frexp(half x, thread int &e) {
  return half(__builtin_frexpf(float(x), &e));
}
inline float modf(float x, thread float &i) { return __builtin_modff(x, &i); }
inline half modf(half x, thread half &i) {
  float whole;
  float r = __builtin_modff(float(x), &whole);
  i = half(whole);
  return half(r);
}
TILE_MSL_FH2(atan2, __builtin_atan2f)
TILE_MSL_FH2(copysign, __builtin_copysignf)
TILE_MSL_FH2(fdim, __builtin_fdimf)
// powr: x >= 0 only (MSL leaves x < 0 undefined).
TILE_MSL_FH2(powr, __builtin_powf)

// x - floor(x), kept below 1 (fract(-1e-9f) would round to 1.0f).
inline float tile_msl_fract(float x) {
  return __builtin_fminf(x - __builtin_floorf(x), 0x1.fffffep-1f);
}
TILE_MSL_FH1(fract, tile_msl_fract)
#undef TILE_MSL_FH1
#undef TILE_MSL_FH2

// precise:: and fast:: -- float scalars and vectors only, as in MSL.
#define TILE_MSL_FLOAT_ALIAS1(F)                                               \
  inline float F(float x) { return ::metal::F(x); }                            \
  /* x / 2.0: a float in MSL (see metal_math); a template that takes only      \
     a double, so that a half argument still converts to float alone (MLX's    \
     precise::acos(x) for half) instead of being ambiguous */                  \
  template <class D, ::std::enable_if_t<::std::is_same_v<D, double>, int> = 0> \
  inline float F(D x) {                                                        \
    return ::metal::F(static_cast<float>(x));                                  \
  }                                                                            \
  template <int N> inline vec<float, N> F(vec<float, N> x) {                   \
    return ::metal::F(x);                                                      \
  }
#define TILE_MSL_FLOAT_ALIAS2(F)                                               \
  inline float F(float x, float y) { return ::metal::F(x, y); }                \
  template <int N> inline vec<float, N> F(vec<float, N> x, vec<float, N> y) {  \
    return ::metal::F(x, y);                                                   \
  }
#define TILE_MSL_FLOAT_VARIANTS                                                \
  TILE_MSL_FLOAT_ALIAS1(exp)                                                   \
  TILE_MSL_FLOAT_ALIAS1(exp2)                                                  \
  TILE_MSL_FLOAT_ALIAS1(exp10)                                                 \
  TILE_MSL_FLOAT_ALIAS1(log)                                                   \
  TILE_MSL_FLOAT_ALIAS1(log2)                                                  \
  TILE_MSL_FLOAT_ALIAS1(log10)                                                 \
  TILE_MSL_FLOAT_ALIAS1(sqrt)                                                  \
  TILE_MSL_FLOAT_ALIAS1(rsqrt)                                                 \
  TILE_MSL_FLOAT_ALIAS1(sin)                                                   \
  TILE_MSL_FLOAT_ALIAS1(cos)                                                   \
  TILE_MSL_FLOAT_ALIAS1(tan)                                                   \
  TILE_MSL_FLOAT_ALIAS1(sinh)                                                  \
  TILE_MSL_FLOAT_ALIAS1(cosh)                                                  \
  TILE_MSL_FLOAT_ALIAS1(tanh)                                                  \
  TILE_MSL_FLOAT_ALIAS1(asin)                                                  \
  TILE_MSL_FLOAT_ALIAS1(acos)                                                  \
  TILE_MSL_FLOAT_ALIAS1(atan)                                                  \
  TILE_MSL_FLOAT_ALIAS1(acosh)                                                 \
  TILE_MSL_FLOAT_ALIAS1(asinh)                                                 \
  TILE_MSL_FLOAT_ALIAS1(atanh)                                                 \
  TILE_MSL_FLOAT_ALIAS1(sinpi)                                                 \
  TILE_MSL_FLOAT_ALIAS1(cospi)                                                 \
  TILE_MSL_FLOAT_ALIAS1(tanpi)                                                 \
  TILE_MSL_FLOAT_ALIAS1(fabs)                                                  \
  TILE_MSL_FLOAT_ALIAS1(floor)                                                 \
  TILE_MSL_FLOAT_ALIAS1(ceil)                                                  \
  TILE_MSL_FLOAT_ALIAS1(round)                                                 \
  TILE_MSL_FLOAT_ALIAS1(trunc)                                                 \
  TILE_MSL_FLOAT_ALIAS1(rint)                                                  \
  TILE_MSL_FLOAT_ALIAS1(fract)                                                 \
  TILE_MSL_FLOAT_ALIAS2(pow)                                                   \
  TILE_MSL_FLOAT_ALIAS2(powr)                                                  \
  TILE_MSL_FLOAT_ALIAS2(atan2)                                                 \
  TILE_MSL_FLOAT_ALIAS2(fmin)                                                  \
  TILE_MSL_FLOAT_ALIAS2(fmax)                                                  \
  TILE_MSL_FLOAT_ALIAS2(fmod)                                                  \
  TILE_MSL_FLOAT_ALIAS2(min)                                                   \
  TILE_MSL_FLOAT_ALIAS2(max)                                                   \
  inline float divide(float x, float y) { return x / y; }                      \
  inline float clamp(float x, float lo, float hi) {                            \
    return ::metal::clamp(x, lo, hi);                                          \
  }
// divide(x, y): x / y, also element-wise on float vectors (fast:: and
// precise:: have it too).
inline float divide(float x, float y) { return x / y; }
template <int N> inline vec<float, N> divide(vec<float, N> x, vec<float, N> y) {
  return x / y;
}
namespace precise {
TILE_MSL_FLOAT_VARIANTS
} // namespace precise
namespace fast {
TILE_MSL_FLOAT_VARIANTS
} // namespace fast
#undef TILE_MSL_FLOAT_VARIANTS
#undef TILE_MSL_FLOAT_ALIAS1
#undef TILE_MSL_FLOAT_ALIAS2

} // namespace metal

#endif // TILE_RUNTIME_MSL_TILE_MSL_MATH_EXTRA_H
