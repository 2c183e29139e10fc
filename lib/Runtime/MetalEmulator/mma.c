/*===- mma.c - simdgroup_multiply_accumulate arithmetic -----------*- C -*-===*\
|*                                                                            *|
|* What an 8x8 simdgroup_multiply_accumulate computes once all 32 lanes of    *|
|* a SIMD-group have arrived (collectives.c completes it): gathers the        *|
|* lanes' fragments into matrices, D = A*B + C as sequential fma chains       *|
|* (FMA3 when the CPU has it, same bits), scatters D back rounded to D's      *|
|* type. The bit-exact float <-> binary16/bfloat16 conversions live here too  *|
|* (simd.c and launch.c call them): the MMA's gather and scatter are the hot  *|
|* path, and in one file the compiler can inline them there.                 *|
|* Separate from the collective's bookkeeping: this is pure arithmetic with   *|
|* no scheduler state.                                                        *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <math.h>
#include <string.h>

/* ---- element conversions (bit exact, round to nearest even) ------------- */
static float bits_to_float(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

float tme_half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0) {
    float v = ldexpf((float)man, -24); /* zero or subnormal: exact */
    return sign ? -v : v;
  }
  if (exp == 31)
    return bits_to_float(sign | 0x7f800000u | (man << 13));
  return bits_to_float(sign | ((exp + 112u) << 23) | (man << 13));
}

uint16_t tme_float_to_half(float v) {
  uint32_t x;
  memcpy(&x, &v, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) /* NaN: keep the top payload bits, make it quiet */
    return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu));
  if (ax >= 0x477ff000u) /* rounds to >= 65520: infinity */
    return (uint16_t)(sign | 0x7c00u);
  if (ax < 0x38800000u) { /* below 2^-14: subnormal half or zero */
    if (ax < 0x33000000u) /* below 2^-25: rounds to zero */
      return (uint16_t)sign;
    uint32_t e = ax >> 23, mant = (ax & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126u - e, r = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
    if (rem > halfway || (rem == halfway && (r & 1u)))
      ++r;
    return (uint16_t)(sign | r);
  }
  uint32_t r = ax - 0x38000000u; /* rebias the exponent by 127 - 15 */
  uint32_t h = r >> 13, rem = r & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
    ++h; /* a carry into the exponent is the correct rounding */
  return (uint16_t)(sign | h);
}

uint16_t tme_float_to_bf16(float v) {
  uint32_t x;
  memcpy(&x, &v, sizeof x);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((x >> 16) | 0x40u);
  return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

static float load_elem(const void *p, int type, int e) {
  if (type == TILE_MSL_ELEM_F32) {
    float f;
    memcpy(&f, (const char *)p + 4 * e, 4);
    return f;
  }
  uint16_t u;
  memcpy(&u, (const char *)p + 2 * e, 2);
  return type == TILE_MSL_ELEM_F16 ? tme_half_to_float(u)
                                   : bits_to_float((uint32_t)u << 16);
}

static void store_elem(void *p, int type, int e, float v) {
  if (type == TILE_MSL_ELEM_F32) {
    memcpy((char *)p + 4 * e, &v, 4);
    return;
  }
  uint16_t u =
      type == TILE_MSL_ELEM_F16 ? tme_float_to_half(v) : tme_float_to_bf16(v);
  memcpy((char *)p + 2 * e, &u, 2);
}

static unsigned frag_row(unsigned l) { return ((l / 4) & 4) + (l / 2) % 4; }
static unsigned frag_col(unsigned l) { return ((l / 4) & 2) * 2 + (l % 2) * 2; }

/* D = C + A*B of 8x8 float matrices, each element a sequential fma chain
 * over k (the reference of tile_msl_hooks.h). */
static inline __attribute__((always_inline)) void
mma_8x8_body(float D[8][8], const float A[8][8], const float B[8][8],
             const float C[8][8]) {
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      float acc = C[r][c];
      for (int k = 0; k < 8; ++k)
        acc = __builtin_fmaf(A[r][k], B[k][c], acc);
      D[r][c] = acc;
    }
}

static void mma_8x8_generic(float D[8][8], const float A[8][8],
                            const float B[8][8], const float C[8][8]) {
  mma_8x8_body(D, A, B, C);
}

#if defined(__x86_64__)
/* The library is built for baseline x86-64, where every fmaf is a call into
 * libm; a GEMM does 512 of them per MMA. fma is exact either way, so the
 * FMA3 clone gives the same bits. */
__attribute__((target("fma"))) static void mma_8x8_fma3(float D[8][8],
                                                        const float A[8][8],
                                                        const float B[8][8],
                                                        const float C[8][8]) {
  mma_8x8_body(D, A, B, C);
}
#endif

static void mma_8x8(float D[8][8], const float A[8][8], const float B[8][8],
                    const float C[8][8]) {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("fma")) {
    mma_8x8_fma3(D, A, B, C);
    return;
  }
#endif
  mma_8x8_generic(D, A, B, C);
}

/* D = A*B + C over the 32 lanes starting at fiber `lo` (tile_msl_hooks.h):
 * gather every input first (d may alias a, b or c), float accumulation,
 * one rounding to D's type. */
void tme_simdgroup_mma(TmeWorker *w, unsigned lo) {
  float A[8][8], B[8][8], C[8][8], D[8][8];
  for (unsigned l = 0; l < TME_SIMD_WIDTH; ++l) {
    const TmeFiber *f = &w->fibers[lo + l];
    unsigned r = frag_row(l), c = frag_col(l);
    for (int e = 0; e < 2; ++e) {
      A[r][c + e] = load_elem(f->a, f->at, e);
      B[r][c + e] = load_elem(f->b, f->bt, e);
      C[r][c + e] = load_elem(f->c, f->ct, e);
    }
  }
  mma_8x8(D, A, B, C);
  for (unsigned l = 0; l < TME_SIMD_WIDTH; ++l) {
    const TmeFiber *f = &w->fibers[lo + l];
    unsigned r = frag_row(l), c = frag_col(l);
    for (int e = 0; e < 2; ++e)
      store_elem(f->d, f->dt, e, D[r][c + e]);
  }
}
