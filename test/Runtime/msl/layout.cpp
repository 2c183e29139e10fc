// Checks the per-lane behaviour of the simdgroup_matrix shim
// (include/tile/Runtime/msl/metal_simdgroup_matrix) against the fragment
// layout of docs/layouts.md (the fragments encoding): lane l owns row
// (l/4 & 4) + (l/2)%4, columns c, c+1 with c = (l/4 & 2)*2 + (l%2)*2.
//
// There is no emulator here: the program plays the 32 lanes one after the
// other by providing tile_msl_lane_id(), which is enough for every operation
// that touches only the lane's own elements (fill, diagonal, load, store,
// thread_elements). Prints "layout ok", or the mismatches and exits with 1.
// -rtlib=compiler-rt: float->bfloat conversions call __truncsfbf2, which the
// libgcc of GCC < 13 (e.g. Debian 12) lacks; compiler-rt's builtins have it.
// (%host_cxx: the host clang++, e.g. /usr/lib/llvm-22/bin/clang++.)
//
// RUN: %host_cxx -std=c++17 -Wall -Wextra -Werror -I %tile_src_root/include/tile/Runtime/msl -rtlib=compiler-rt %s -o %t
// RUN: %t | FileCheck %s
// CHECK: layout ok

// Standard headers first: the shim defines `thread`, `device`, `constant` and
// `threadgroup` as macros.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// This program supplies the hook itself; the shim's weak single-thread
// defaults would clash with it in the same translation unit.
#define TILE_MSL_NO_DEFAULT_HOOKS
#include <metal_simdgroup_matrix>
#include <metal_stdlib>

static unsigned current_lane = 0;
extern "C" unsigned tile_msl_lane_id(void) { return current_lane; }
// Lanes are played one after the other here: nothing to wait for.
extern "C" void tile_msl_simdgroup_uniform(void) {}

static int failures = 0;

static void fail(const char *what, const char *type, unsigned lane, int elem,
                 double got, double want) {
  if (++failures <= 20)
    std::fprintf(stderr,
                 "layout FAIL [%s, %s] lane %u elem %d: got %g want %g\n", what,
                 type, lane, elem, got, want);
}

// The expected owner of each element, written the way tinygrad's emulator
// states it (row = (lane/2)%4 + (lane/16)*4, col = elem + (lane%2)*2 +
// ((lane/8)%2)*4) rather than with the shim's formula, so the two formulas
// are checked against each other.
static unsigned want_row(unsigned lane) {
  return (lane / 2) % 4 + (lane / 16) * 4;
}
static unsigned want_col(unsigned lane, unsigned e) {
  return e + (lane % 2) * 2 + ((lane / 8) % 2) * 4;
}

// The lanes together must own all 64 elements exactly once.
static void check_partition() {
  int seen[8][8] = {};
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned e = 0; e < 2; ++e)
      ++seen[want_row(l)][want_col(l, e)];
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if (seen[r][c] != 1)
        fail("partition", "-", 0, r * 8 + c, seen[r][c], 1);
}

struct LoadCase {
  unsigned ld;     // elements_per_row
  unsigned ox, oy; // matrix_origin (column, row)
  bool transpose;
};

// Offset in memory of matrix element (r, c), as specified for tile-mlir.
static unsigned want_offset(const LoadCase &k, unsigned r, unsigned c) {
  return k.transpose ? (k.ox + c) * k.ld + k.oy + r
                     : (k.oy + r) * k.ld + k.ox + c;
}

template <class T> static void check_type(const char *type) {
  using namespace metal;
  // Memory holds value = memory row * ld + memory column: exact in half and
  // bfloat for the sizes used (< 256).
  const LoadCase cases[] = {
      {8, 0, 0, false}, {8, 0, 0, true},   {13, 3, 5, false},
      {13, 5, 2, true}, {11, 0, 4, false}, {9, 1, 0, true},
  };
  for (const LoadCase &k : cases) {
    const unsigned rows = 16;
    std::vector<T> src(rows * k.ld), dst(rows * k.ld, T(-1.0f));
    for (unsigned i = 0; i < src.size(); ++i)
      src[i] = T(float(i));
    for (unsigned l = 0; l < 32; ++l) {
      current_lane = l;
      simdgroup_matrix<T, 8, 8> m;
      if (k.ld == 8 && k.ox == 0 && k.oy == 0 && !k.transpose)
        simdgroup_load(m, src.data()); // all defaults
      else
        simdgroup_load(m, src.data(), k.ld, ulong2(k.ox, k.oy), k.transpose);
      for (unsigned e = 0; e < 2; ++e) {
        unsigned r = want_row(l), c = want_col(l, e);
        double want = want_offset(k, r, c);
        if (k.ld == 8 && k.ox == 0 && k.oy == 0) // the row*8+col picture
          want = k.transpose ? c * 8 + r : r * 8 + c;
        if (float(m.thread_elements()[e]) != want)
          fail("load", type, l, int(e), float(m.thread_elements()[e]), want);
      }
      simdgroup_store(m, dst.data(), k.ld, ulong2(k.ox, k.oy), k.transpose);
    }
    // Round trip: exactly the 64 addressed elements are written back.
    std::vector<bool> touched(dst.size(), false);
    for (unsigned r = 0; r < 8; ++r)
      for (unsigned c = 0; c < 8; ++c)
        touched[want_offset(k, r, c)] = true;
    for (unsigned i = 0; i < dst.size(); ++i) {
      double want = touched[i] ? float(src[i]) : -1.0;
      if (float(dst[i]) != want)
        fail("store round trip", type, 0, int(i), float(dst[i]), want);
    }
  }

  // thread_elements() is a writable reference; fill, diagonal, poison.
  std::vector<T> out(64, T(-1.0f));
  for (unsigned l = 0; l < 32; ++l) {
    current_lane = l;
    simdgroup_matrix<T, 8, 8> m = make_filled_simdgroup_matrix<T, 8>(T(7.0f));
    simdgroup_matrix<T, 8, 8> f =
        make_filled_simdgroup_matrix<T, 8, 8>(T(3.0f));
    simdgroup_matrix<T, 8, 8> d(T(2.0f));
    simdgroup_matrix<T, 8, 8> u;
    for (unsigned e = 0; e < 2; ++e) {
      unsigned r = want_row(l), c = want_col(l, e);
      if (float(m.thread_elements()[e]) != 7.0f)
        fail("fill<T,8>", type, l, int(e), float(m.thread_elements()[e]), 7);
      if (float(f.thread_elements()[e]) != 3.0f)
        fail("fill<T,8,8>", type, l, int(e), float(f.thread_elements()[e]), 3);
      double dw = r == c ? 2.0 : 0.0;
      if (float(d.thread_elements()[e]) != dw)
        fail("diagonal", type, l, int(e), float(d.thread_elements()[e]), dw);
      if (!std::isnan(float(u.thread_elements()[e])))
        fail("default is NaN", type, l, int(e), float(u.thread_elements()[e]),
             NAN);
    }
    m.thread_elements()[0] = T(float(l));
    m.thread_elements()[1] = T(float(100 + l));
    simdgroup_store(m, out.data());
  }
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned e = 0; e < 2; ++e) {
      double want = e == 0 ? l : 100 + l;
      float got = float(out[want_row(l) * 8 + want_col(l, e)]);
      if (got != want)
        fail("thread_elements write", type, l, int(e), got, want);
    }
}

int main() {
  check_partition();
  check_type<float>("float");
  check_type<half>("half");
  check_type<bfloat>("bfloat");
  if (failures) {
    std::fprintf(stderr, "layout: %d mismatches\n", failures);
    return 1;
  }
  std::puts("layout ok");
  return 0;
}
