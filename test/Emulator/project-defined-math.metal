// What a project that extends the standard library relies on, in MLX's
// style (bf16_math.h, bf16.h): its own bfloat math overloads in namespace
// metal written with the __metal_* builtins and __METAL_MAYBE_FAST_MATH__,
// a _numeric_limits_impl specialization for its own type, a
// __is_valid_simdgroup_type specialization. Without the project's
// overloads a bfloat takes MSL's float functions, as on Apple's compiler
// (MSL has no bfloat math; a bfloat converts implicitly to float only):
// exp(bfloat) is a float, which candle converts back with a static_cast.
// A bfloat vector converts to nothing, so exp(bfloat4) is an error.
// RUN: tile-run %s --kernel use_project_math --threads-per-threadgroup 32 --grid 1 --arg x=bf16:32:ones --arg out=f32:32:zeros --print out | FileCheck %s
// RUN: tile-run %s -DNO_PROJECT_MATH --kernel use_project_math --threads-per-threadgroup 32 --grid 1 --arg x=bf16:32:ones --arg out=f32:32:zeros --print out | FileCheck %s
// CHECK: ran use_project_math on the emulator: ok
// CHECK-NEXT: out: 3.71875 3.71875
// RUN: not tile-run %s -DVECTOR_MATH --kernel use_project_math --threads-per-threadgroup 32 --grid 1 --arg x=bf16:32:ones --arg out=f32:32:zeros 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: error: static assertion failed{{.*}}MSL has no math functions on bfloat vectors: convert to a float vector and back

#include <metal_stdlib>
using namespace metal;

typedef bfloat bfloat16_t;

#ifndef NO_PROJECT_MATH
#define instantiate_math(itype, ctype, mfast)                                 \
  METAL_FUNC itype exp(itype x) {                                             \
    return static_cast<itype>(__metal_exp(static_cast<ctype>(x), mfast));     \
  }                                                                           \
  METAL_FUNC itype fmax(itype x, itype y) {                                   \
    return static_cast<itype>(                                                \
        __metal_fmax(static_cast<ctype>(x), static_cast<ctype>(y), mfast));   \
  }                                                                           \
  METAL_FUNC itype abs(itype x) {                                             \
    return static_cast<itype>(__metal_fabs(static_cast<ctype>(x)));           \
  }

namespace metal {
instantiate_math(bfloat16_t, float, __METAL_MAYBE_FAST_MATH__)
namespace fast {
instantiate_math(bfloat16_t, float, __METAL_FAST_MATH__)
} // namespace fast
} // namespace metal
#endif

// A project's own 8-bit type, described to metal::numeric_limits.
struct fp8 {
  uchar bits;
};
namespace metal {
template <>
struct _numeric_limits_impl<fp8> : _fp_numeric_limits_impl_base {
  static constexpr fp8 max() { return fp8{0x7e}; }
};
template <> struct __is_valid_simdgroup_type<fp8> : true_type {};
} // namespace metal

kernel void use_project_math(device const bfloat16_t* x [[buffer(0)]],
                             device float* out [[buffer(1)]],
                             uint i [[thread_position_in_grid]]) {
  static_assert(numeric_limits<fp8>::is_specialized &&
                    numeric_limits<fp8>::max().bits == 0x7e &&
                    __is_valid_simdgroup_type<fp8>::value &&
                    __is_valid_simdgroup_type<float4>::value,
                "the project's specializations are seen");
#ifdef NO_PROJECT_MATH
  static_assert(is_same<decltype(exp(x[i])), float>::value &&
                    is_same<decltype(fast::fmax(x[i], x[i])), float>::value &&
                    is_same<decltype(round(x[i])), float>::value &&
                    is_same<decltype(precise::tanh(x[i])), float>::value &&
                    is_same<decltype(mix(x[i], x[i], x[i])), float>::value &&
                    is_same<decltype(sign(x[i])), float>::value,
                "a bfloat takes the float function");
  bfloat16_t e = static_cast<bfloat16_t>(exp(x[i]));           // candle's
  bfloat16_t m = static_cast<bfloat16_t>(fmax(abs(-x[i]), x[i]));
#else
  bfloat16_t e = exp(x[i]);                       // 2.71875 in bfloat
  bfloat16_t m = fast::fmax(abs(-x[i]), x[i]);    // 1
#endif
#ifdef VECTOR_MATH
  e += exp(bfloat2(x[i], x[i])).x;
#endif
  // Builtins with other names or shapes than the functions they implement.
  int exponent;
  float mantissa = __metal_frexp(4.0f, &exponent);            // 0.5, 3
  float three = __metal_fmax3(1.0f, mantissa, __metal_divide(6.0f, 2.0f));
  float filled = __metal_simd_shuffle_and_fill_down(
      0.0f, 1.0f, ushort(1), ushort(__metal_get_simdgroup_size(ushort())));
  float lane_ok = __metal_get_thread_index_in_simdgroup(ushort()) == i % 32;
  out[i] = simd_max(float(e) + float(m)) +
           (three == 3.0f && exponent == 3 && lane_ok ? 0.0f : 100.0f) +
           simd_min(filled) * 0.0f;
}
