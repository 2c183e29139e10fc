// Hand-written MSL as Apple's samples and MLX write it, run unchanged and
// without an ABI file: `kernel void`, half literals, int32_t & co.,
// METAL_FUNC, __METAL_VERSION__ (3.2 unless the kernel asks), as_type,
// numeric_limits, type traits in templates, packed vectors, precise:: and
// fast::, and the common, geometric, integer and relational functions.
// Each output element is one exactly representable result.
// RUN: %msl_check %s
// RUN: tile-run %s --threads-per-threadgroup 1 --grid 1 --arg out=f32:40:zeros --arg bits=u32:8:zeros --print out --print bits | FileCheck %s
// CHECK: ran language_basics on the emulator: ok
// CHECK-NEXT: out: 320 1.5 -2 3 14 3.7416575 0.5 1 0.5 0.15625 0.5 -1 1 2 -1 2 0.25 0.25 1 3 2 -3 0 1 1 0 0 7 8 4 3.5 5 6 1 2 3 65504 0.0009765625 -3.40282347e+38 1
// CHECK-NEXT: bits: 1065353216 2 24 3 2147483647 4294967295 2863311530 15

#include <metal_stdlib>
#include <metal_atomic>
#include <metal_common>
#include <metal_geometric>
#include <metal_integer>
#include <metal_relational>
#include <metal_simdgroup>
using namespace metal;

struct Particle {
  packed_float3 position; // 12 bytes, not 16
  float mass;
};
static_assert(sizeof(Particle) == 16, "packed_float3 has no padding");

METAL_FUNC float square(float x) { return x * x; }

template <typename T, typename = enable_if_t<is_floating_point_v<T>>>
METAL_FUNC T lowest_of() {
  return numeric_limits<T>::lowest();
}

template <typename T> METAL_FUNC float kind_code() {
  return is_integral_v<T> ? 1.0f : is_floating_point_v<T> ? 2.0f : 3.0f;
}

kernel void language_basics(device float* out [[buffer(0)]],
                            device uint* bits [[buffer(1)]],
                            uint gid [[thread_position_in_grid]]) {
  int32_t i32 = -2;
  uint16_t u16 = 3;
  int64_t i64 = 14;
  half h = 1.5h;
  float3 v = float3(1.0f, 2.0f, 3.0f);
  Particle p;
  p.position = v;
  p.mass = 2.0f;
  float3 back = p.position * 2.0f;

  out[0] = float(__METAL_VERSION__);
  out[1] = float(h);
  out[2] = float(i32);
  out[3] = float(u16);
  out[4] = float(i64);
  out[5] = length(v);                       // sqrt(14)
  out[6] = mix(0.0f, 1.0f, 0.5f);
  out[7] = step(0.5f, 0.75f);
  out[8] = smoothstep(0.0f, 2.0f, 1.0f);
  out[9] = smoothstep(0.0f, 4.0f, 1.0f);    // 0.0625*(3-0.5)
  out[10] = saturate(0.5f);
  out[11] = sign(-3.0f);
  out[12] = fract(-1.0f) + 1.0f;            // 0 + 1
  out[13] = rint(2.5f);                     // to even
  out[14] = trunc(-1.5f);
  out[15] = round(1.5f);
  out[16] = precise::sqrt(0.0625f);
  out[17] = fast::exp2(-2.0f);
  out[18] = float(all(v > 0.0f)) * float(any(v > 2.5f));
  out[19] = min3(3.0f, 4.0f, 5.0f);
  out[20] = median3(1.0f, 3.0f, 2.0f);
  out[21] = cross(float3(1, 0, 0), float3(0, 1, 0)).z * -3.0f;
  out[22] = float(isnan(v.x));
  out[23] = float(isinf(numeric_limits<float>::infinity()));
  out[24] = float(signbit(-0.0f));
  out[25] = distance(v, v);
  out[26] = dot(float2(1, -1), float2(1, 1));
  out[27] = float(popcount(0x7fu));
  out[28] = float(clz(0x00ffffffu));
  out[29] = float(ctz(16u));
  out[30] = back.y * 0.875f;                // 4 * 0.875
  out[31] = float(abs_diff(-2, 3));
  out[32] = float(add_sat(short(32767), short(1)) - short(32761));
  out[33] = kind_code<int>();
  out[34] = kind_code<half>();
  out[35] = kind_code<float2>();
  out[36] = float(numeric_limits<half>::max());
  out[37] = float(numeric_limits<half>::epsilon());
  out[38] = lowest_of<float>();
  out[39] = square(1.0f);

  bits[0] = as_type<uint>(1.0f);
  bits[1] = as_type<ushort2>(0x00020001u).y;
  bits[2] = extract_bits(0xABCDu, 4u, 8u) - 0xA4u;  // 0xBC - 0xA4
  bits[3] = mulhi(0x80000000u, 6u);
  bits[4] = uint(numeric_limits<int>::max());
  bits[5] = numeric_limits<uint>::max();
  bits[6] = reverse_bits(0x55555555u);
  bits[7] = rotate(0xF0000000u, 4u);
}
