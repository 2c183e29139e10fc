/* simdgroup_matrix through the Metal emulator
 * (fixtures/simdgroup_layout.metal):
 *  - each lane writes known values (2l, 2l+1) into its thread_elements and
 *    the fragment is stored with simdgroup_store; the positions must follow
 *    docs/layouts.md (the fragments encoding): lane l owns row
 *    (l/4 & 4) + (l/2)%4, columns c and c+1 with
 *    c = (l/4 & 2)*2 + (l%2)*2 (float and half fragments);
 *  - the 32-lane MMA collective: D = A*B + C for float and for half operands
 *    with a transposed B, against a C reference (exact: small integers).
 *
 * Usage: simdgroup-layout <fixtures dir> <cache dir>
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache | FileCheck %s
 *
 * CHECK: fragment_layout: 64 of 64 elements where docs/layouts.md puts them
 * CHECK-NEXT: fragment_layout_half: 64 of 64 elements where docs/layouts.md puts them
 * CHECK-NEXT: mma_f32: 64 of 64 elements right, 1 MMA
 * CHECK-NEXT: mma_f16: 64 of 64 elements right, 1 MMA
 */

#include "Inputs/emu_test.h"

#include <stdint.h>

static const char *dir, *cache;
static const char *const kLane[] = {"thread_index_in_simdgroup"};

static const char *fixture(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/simdgroup_layout.metal", dir);
  return path;
}

/* The layout as docs/layouts.md states it (the fragments encoding). */
static unsigned design_row(unsigned l) { return ((l / 4) & 4) + (l / 2) % 4; }
static unsigned design_col(unsigned l) {
  return ((l / 4) & 2) * 2 + (l % 2) * 2;
}

/* Exact for the small integers used here. */
static uint16_t half_from_int(int v) {
  if (v == 0)
    return 0;
  unsigned sign = v < 0 ? 0x8000u : 0u, a = (unsigned)(v < 0 ? -v : v);
  int e = 0;
  while ((a >> e) > 1)
    ++e;
  unsigned mant = (a << (10 - e)) & 0x3ffu; /* a < 2048 */
  return (uint16_t)(sign | (unsigned)(e + 15) << 10 | mant);
}

static double half_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  double m = (double)(h & 0x3ff);
  double v = e ? (1.0 + m / 1024.0) * (double)(1u << e) / 32768.0
               : m / 1024.0 / 16384.0;
  return (h & 0x8000u) ? -v : v;
}

static void layout(const char *kernel, int is_half) {
  static const TmeParam pf[] = {{"out", "device float*", 0}};
  static const TmeParam ph[] = {{"out", "device half*", 0}};
  TmeModule *m =
      emu_load(fixture(), kernel, is_half ? ph : pf, 1, kLane, 1, cache);
  float outf[64];
  uint16_t outh[64];
  TmeBinding bind[1] = {{is_half ? (void *)outh : (void *)outf,
                         is_half ? sizeof outh : sizeof outf}};
  TmeLaunch l = emu_launch_1d(1, 32);
  char error[4096];
  int rc = tme_run(m, bind, 1, &l, NULL, error, sizeof error);
  if (rc != TME_OK) {
    emu_print_failure(kernel, rc, error);
    tme_module_free(m);
    return;
  }
  int right = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    for (unsigned e = 0; e < 2; ++e) {
      unsigned pos = design_row(lane) * 8 + design_col(lane) + e;
      double got = is_half ? half_to_double(outh[pos]) : (double)outf[pos];
      if (got == (double)(2 * lane + e))
        ++right;
      else
        printf("%s: lane %u element %u found %g at row %u column %u\n", kernel,
               lane, e, got, pos / 8, pos % 8);
    }
  }
  printf("%s: %d of 64 elements where docs/layouts.md puts them\n", kernel,
         right);
  tme_module_free(m);
}

static void mma(const char *kernel, int is_half) {
  static const TmeParam pf[] = {{"A", "device const float*", 0},
                                {"B", "device const float*", 1},
                                {"C", "device const float*", 2},
                                {"D", "device float*", 3}};
  static const TmeParam ph[] = {{"A", "device const half*", 0},
                                {"Bt", "device const half*", 1},
                                {"C", "device const float*", 2},
                                {"D", "device float*", 3}};
  TmeModule *m =
      emu_load(fixture(), kernel, is_half ? ph : pf, 4, kLane, 1, cache);
  int a[64], b[64];
  float af[64], bf[64], c[64], d[64];
  uint16_t ah[64], bth[64];
  for (int i = 0; i < 64; ++i) {
    a[i] = (i * 5) % 9 - 4;
    b[i] = (i * 7) % 11 - 5;
    c[i] = (float)(i % 13) - 6.0f;
    af[i] = (float)a[i];
    bf[i] = (float)b[i];
    ah[i] = half_from_int(a[i]);
    d[i] = 0.0f;
  }
  for (int r = 0; r < 8; ++r) /* Bt holds B transposed */
    for (int k = 0; k < 8; ++k)
      bth[r * 8 + k] = half_from_int(b[k * 8 + r]);
  TmeBinding bind[4] = {
      {is_half ? (void *)ah : (void *)af, is_half ? sizeof ah : sizeof af},
      {is_half ? (void *)bth : (void *)bf, is_half ? sizeof bth : sizeof bf},
      {c, sizeof c},
      {d, sizeof d}};
  TmeLaunch l = emu_launch_1d(1, 32);
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 4, &l, &st, error, sizeof error);
  if (rc != TME_OK) {
    emu_print_failure(kernel, rc, error);
    tme_module_free(m);
    return;
  }
  int right = 0;
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      int s = (int)c[i * 8 + j];
      for (int k = 0; k < 8; ++k)
        s += a[i * 8 + k] * b[k * 8 + j];
      if (d[i * 8 + j] == (float)s)
        ++right;
      else
        printf("%s: D[%d][%d] = %g, want %d\n", kernel, i, j, d[i * 8 + j], s);
    }
  }
  printf("%s: %d of 64 elements right, %llu MMA\n", kernel, right,
         st.simdgroup_mmas);
  tme_module_free(m);
}

int main(int argc, char **argv) {
  emu_parse_args(argc, argv, 0, "", &dir, &cache);
  layout("fragment_layout", 0);
  layout("fragment_layout_half", 1);
  mma("mma_f32", 0);
  mma("mma_f16", 1);
  return 0;
}
