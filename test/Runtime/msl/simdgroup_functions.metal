// The SIMD-group functions of the shim (include/tile/Runtime/msl/
// metal_simdgroup) as MSL uses them: every function on every element type
// and on vectors must compile unchanged as C++17, both as a syntax check and
// as a real compilation; simd_and/or/xor on floats and element types MSL
// does not have are rejected with a message.
// (%host_cxx: the host clang++, e.g. /usr/lib/llvm-22/bin/clang++.)
//
// RUN: %host_cxx -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I %tile_src_root/include/tile/Runtime/msl -x c++ %s
// RUN: %host_cxx -std=c++17 -O1 -c -Wall -Wextra -Werror -I %tile_src_root/include/tile/Runtime/msl -x c++ %s -o %t.o
// RUN: not %host_cxx -std=c++17 -fsyntax-only -DREJECT_FLOAT_BITS -I %tile_src_root/include/tile/Runtime/msl -x c++ %s 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not %host_cxx -std=c++17 -fsyntax-only -DREJECT_BOOL -I %tile_src_root/include/tile/Runtime/msl -x c++ %s 2>&1 | FileCheck %s --check-prefix=BOOL
// BITS: error: static assertion failed{{.*}}simd_and, simd_or and simd_xor take integers only
// BOOL: error: static assertion failed{{.*}}SIMD-group function: the element type must be float, half, bfloat

#include <metal_stdlib>
using namespace metal;

// What every element type (scalar or vector) supports.
template <class T>
T arithmetic(T x, ushort lane) {
  T r = simd_sum(x) + simd_product(x) + simd_min(x) + simd_max(x);
  r += simd_shuffle(x, lane) + simd_shuffle_xor(x, ushort(1)) +
       simd_shuffle_up(x, ushort(2)) + simd_shuffle_down(x, ushort(3));
  r += simd_broadcast(x, ushort(0)) + simd_broadcast_first(x);
  r += simd_prefix_inclusive_sum(x) + simd_prefix_exclusive_sum(x) +
       simd_prefix_inclusive_product(x) + simd_prefix_exclusive_product(x);
  return r;
}

// Integers only.
template <class T> T bits(T x) {
  return simd_and(x) | simd_or(x) | simd_xor(x);
}

[[kernel]] void all_functions(device float* f [[buffer(0)]],
                              device half* h [[buffer(1)]],
                              device bfloat* bf [[buffer(2)]],
                              device int* i [[buffer(3)]],
                              device uint* u [[buffer(4)]],
                              device long* l [[buffer(5)]],
                              device uint* votes [[buffer(6)]],
                              ushort lane [[thread_index_in_simdgroup]]) {
  f[0] = arithmetic(f[0], lane);
  h[0] = arithmetic(h[0], lane);
  bf[0] = arithmetic(bf[0], lane);
  i[0] = arithmetic(i[0], lane) + bits(i[0]);
  u[0] = arithmetic(u[0], lane) + bits(u[0]);
  l[0] = arithmetic(l[0], lane) + bits(l[0]);
  l[1] = long(arithmetic(ulong(l[1]), lane) + bits(ulong(l[1])));
  i[1] = int(arithmetic(short(i[1]), lane) + bits(short(i[1])));
  i[2] = int(arithmetic(ushort(i[2]), lane) + bits(ushort(i[2])));
  i[3] = int(arithmetic(char(i[3]), lane) + bits(char(i[3])));
  i[4] = int(arithmetic(uchar(i[4]), lane) + bits(uchar(i[4])));

  float2 f2 = arithmetic(float2(f[1], f[2]), lane);
  float3 f3 = arithmetic(float3(f2, f[3]), lane);
  float4 f4 = arithmetic(float4(f3, f[4]), lane);
  f[5] = f4.w;
  half4 h4 = arithmetic(half4(h[1]), lane);
  h[2] = h4.y;
  bfloat2 b2 = arithmetic(bfloat2(bf[1], bf[2]), lane);
  bf[3] = b2.x;
  int4 i4 = arithmetic(int4(i[5]), lane) + bits(int4(i[6]));
  i[7] = i4.z;
  uint3 u3 = arithmetic(uint3(u[1]), lane) ^ bits(uint3(u[2]));
  u[3] = u3.y;
  ushort2 s2 = bits(ushort2(ushort(u[4]), ushort(u[5])));
  u[6] = s2.x;

  simd_vote v = simd_ballot(lane > 3);
  simd_vote::vote_t raw = static_cast<simd_vote::vote_t>(v);
  votes[0] = uint(raw) + uint(ulong(v) >> 32);
  votes[1] = (v.all() ? 1u : 0u) + (v.any() ? 2u : 0u);
  votes[2] = (simd_all(lane < 40) ? 1u : 0u) + (simd_any(lane == 7) ? 2u : 0u);
  votes[3] = simd_is_first() ? 1u : 0u;
}

#ifdef REJECT_FLOAT_BITS
[[kernel]] void float_bits(device float* f [[buffer(0)]]) {
  f[0] = simd_xor(f[0]);
}
#endif

#ifdef REJECT_BOOL
[[kernel]] void sum_of_bool(device int* i [[buffer(0)]]) {
  i[0] = simd_sum(i[0] != 0);
}
#endif
