// A kernel that uses SIMD-group functions, called directly as one host thread
// (no emulator): the weak default hook of tile_msl_shim.h makes it a
// SIMD-group of one lane, lane 0. Reductions, inclusive scans and
// broadcast_first return the value, exclusive scans 0 or 1 of the type,
// votes the lane's own vote; reading a missing lane (1..31, or an invalid
// lane id) gives all-0xFF bytes, a relative source outside 0..31 the value
// itself -- the emulator's rules for a SIMD-group of one lane.
// Prints "single lane ok", or the mismatches and exits with 1.
// (-rtlib=compiler-rt: float->bfloat conversions call __truncsfbf2.)
//
// RUN: %host_cxx -std=c++17 -Wall -Wextra -Werror -I %tile_src_root/include/tile/Runtime/msl -rtlib=compiler-rt %s -o %t
// RUN: %t | FileCheck %s
// CHECK: single lane ok

// Standard headers first: the shim defines `thread`, `device`, `constant` and
// `threadgroup` as macros.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <metal_stdlib>
using namespace metal;

// out[i]: the results in the order checked below.
[[kernel]] void one_lane(device float *out [[buffer(0)]],
                         device int *iout [[buffer(1)]]) {
  float x = 2.5f;
  out[0] = simd_sum(x);
  out[1] = simd_product(x);
  out[2] = simd_min(x);
  out[3] = simd_max(x);
  out[4] = simd_prefix_inclusive_sum(x);
  out[5] = simd_prefix_exclusive_sum(x);
  out[6] = simd_prefix_exclusive_product(x);
  out[7] = float(simd_prefix_exclusive_product(half(x)));
  out[8] = float(simd_prefix_exclusive_product(bfloat(x)));
  out[9] = simd_shuffle(x, ushort(0));
  out[10] = simd_shuffle(x, ushort(1));      // missing lane
  out[11] = simd_shuffle_xor(x, ushort(1));  // missing lane
  out[12] = simd_shuffle_xor(x, ushort(32)); // out of range: own value
  out[13] = simd_shuffle_up(x, ushort(1));   // out of range: own value
  out[14] = simd_shuffle_down(x, ushort(1)); // missing lane
  out[15] = simd_shuffle_down(x, ushort(32));
  out[16] = simd_broadcast(x, ushort(0));
  out[17] = simd_broadcast_first(x);
  float3 v = simd_prefix_exclusive_product(float3(4.0f, 5.0f, 6.0f));
  out[18] = v.x + v.y + v.z;

  int k = -7;
  iout[0] = simd_sum(k);
  iout[1] = simd_and(k) ^ simd_or(k) ^ simd_xor(k);
  iout[2] = simd_prefix_exclusive_sum(k);
  iout[3] = simd_prefix_exclusive_product(k);
  iout[4] = int(simd_prefix_exclusive_product(long(k)));
  iout[5] = simd_shuffle_down(k, ushort(3)); // missing lane: -1
  iout[6] = int(static_cast<ulong>(simd_ballot(true)));
  iout[7] = int(static_cast<ulong>(simd_ballot(false)));
  iout[8] = simd_all(true) + 2 * simd_any(false) + 4 * simd_is_first();
  iout[9] = int(simd_prefix_exclusive_product(short(k))) +
            int(simd_prefix_exclusive_product(char(k)));
}

static int failures = 0;

static void check(const char *what, double got, double want) {
  if (got != want && ++failures <= 20)
    std::printf("FAIL %s: got %g, want %g\n", what, got, want);
}

static void check_poison(const char *what, float got) {
  std::uint32_t bits;
  std::memcpy(&bits, &got, 4);
  if (bits != 0xffffffffu && ++failures <= 20)
    std::printf("FAIL %s: got 0x%08x, want poison 0xffffffff\n", what, bits);
}

int main() {
  float out[19];
  int iout[10];
  one_lane(out, iout);
  const float x = 2.5f;
  const char *names[] = {"sum",       "product",        "min",
                         "max",       "incl sum",       "excl sum",
                         "excl prod", "excl prod half", "excl prod bfloat",
                         "shuffle 0"};
  const float want[] = {x, x, x, x, x, 0.0f, 1.0f, 1.0f, 1.0f, x};
  for (int i = 0; i < 10; ++i)
    check(names[i], out[i], want[i]);
  check_poison("shuffle 1", out[10]);
  check_poison("shuffle_xor 1", out[11]);
  check("shuffle_xor 32", out[12], x);
  check("shuffle_up 1", out[13], x);
  check_poison("shuffle_down 1", out[14]);
  check("shuffle_down 32", out[15], x);
  check("broadcast 0", out[16], x);
  check("broadcast_first", out[17], x);
  check("float3 excl prod", out[18], 3.0f);
  check("int sum", iout[0], -7);
  check("int and^or^xor", iout[1], -7);
  check("int excl sum", iout[2], 0);
  check("int excl prod", iout[3], 1);
  check("long excl prod", iout[4], 1);
  check("int shuffle_down 3", iout[5], -1);
  check("ballot true", iout[6], 1);
  check("ballot false", iout[7], 0);
  check("all/any/is_first", iout[8], 1 + 4);
  check("short+char excl prod", iout[9], 2);
  if (failures)
    return 1;
  std::printf("single lane ok\n");
  return 0;
}
