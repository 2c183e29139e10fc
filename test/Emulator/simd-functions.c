/* MSL's SIMD-group functions (include/tile/Runtime/msl/metal_simdgroup)
 * through the Metal emulator, on the kernels of fixtures/simd_functions.metal,
 * against references computed here independently of the emulator's code:
 *  - every reduction and scan on float, half, bfloat, int and uint, as the
 *    sequential fold over lanes 0..31 that tile_msl_hooks.h specifies (half
 *    and bfloat rounded to nearest even after every step), with negative
 *    numbers, integer overflow (wraps), and NaN lanes for simd_min/simd_max;
 *  - short, ushort, char, uchar, long, ulong and vectors;
 *  - shuffle_xor with masks 1..16, shuffle_up/down at the edge lanes (which
 *    keep their own value), shuffle, broadcast, broadcast_first;
 *  - ballot, all, any, is_first and simd_vote;
 *  - one threadgroup of 128 threads (4 SIMD-groups, each with its own data:
 *    no result may mix them) and one of 48 (a partial SIMD-group of 16 lanes:
 *    the missing lanes are inactive, and shuffling from one gives poison);
 *  - calls reached by only some lanes, by lanes at different calls, or a
 *    different number of times are reported as divergent, naming the function;
 *  - the simd_collectives counter (one per SIMD-group and call).
 *  - the hook called outside the emulator's fibers: a SIMD-group of one lane.
 *
 * Usage: simd-functions <fixtures dir> <cache dir>
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache | FileCheck %s
 *
 * CHECK: reduce_f32 n=32: 384 of 384 values right, 12 simd collectives
 * CHECK-NEXT: reduce_f32 n=128: 1536 of 1536 values right, 48 simd collectives
 * CHECK-NEXT: reduce_f32 n=48: 576 of 576 values right, 24 simd collectives
 * CHECK-NEXT: reduce_f16 n=32: 384 of 384 values right, 12 simd collectives
 * CHECK-NEXT: reduce_f16 n=128: 1536 of 1536 values right, 48 simd collectives
 * CHECK-NEXT: reduce_bf16 n=32: 384 of 384 values right, 12 simd collectives
 * CHECK-NEXT: reduce_i32 n=32: 352 of 352 values right, 11 simd collectives
 * CHECK-NEXT: reduce_i32 n=128: 1408 of 1408 values right, 44 simd collectives
 * CHECK-NEXT: reduce_u32 n=32: 352 of 352 values right, 11 simd collectives
 * CHECK-NEXT: small_types n=32: 416 of 416 values right, 10 simd collectives
 * CHECK-NEXT: small_types n=128: 1664 of 1664 values right, 40 simd collectives
 * CHECK-NEXT: movement n=32: 416 of 416 values right, 13 simd collectives
 * CHECK-NEXT: movement n=128: 1664 of 1664 values right, 52 simd collectives
 * CHECK-NEXT: movement n=48: 624 of 624 values right, 26 simd collectives
 * CHECK-NEXT: votes n=32: 288 of 288 values right, 6 simd collectives
 * CHECK-NEXT: votes n=128: 1152 of 1152 values right, 24 simd collectives
 * CHECK-NEXT: votes n=48: 432 of 432 values right, 12 simd collectives
 * CHECK-NEXT: outside the emulator: 6 of 6 right
 * CHECK-NEXT: sum_in_if n=32: [divergence] kernel 'sum_in_if', threadgroup (0,0,0), thread 0: simd_sum in divergent control flow
 * CHECK-SAME: thread 0 waits at simd_sum (SIMD-group function #1, call site +0x{{[0-9a-f]+}}), but thread 16 has returned from the kernel
 * CHECK-NEXT: if_else_sites n=32: [divergence] kernel 'if_else_sites', threadgroup (0,0,0), thread 0: simd_sum in divergent control flow
 * CHECK-SAME: thread 0 waits at simd_sum (SIMD-group function #1, call site +0x{{[0-9a-f]+}}), but thread 16 waits at simd_max (SIMD-group function #1, call site
 * CHECK-NEXT: loop_count n=32: [divergence] kernel 'loop_count', threadgroup (0,0,0), thread 0: simd_sum in divergent control flow
 * CHECK-SAME: thread 0 waits at simd_sum (SIMD-group function #2, call site +0x{{[0-9a-f]+}}), but thread 16 has returned from the kernel
 * CHECK-NEXT: sum_below_48 n=48: ok
 * CHECK-NEXT: sum_below_48 n=64: [divergence] kernel 'sum_below_48', threadgroup (0,0,0), thread 32: simd_sum in divergent control flow
 * CHECK-SAME: thread 32 waits at simd_sum (SIMD-group function #1, call site +0x{{[0-9a-f]+}}), but thread 48 has returned from the kernel
 */

#include "Inputs/emu_test.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <math.h>
#include <stdint.h>

#define MAXT 128

static const char *dir, *cache;
static const char *const kBuiltins[] = {"thread_index_in_threadgroup",
                                        "threads_per_threadgroup"};

static const char *fixture(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/simd_functions.metal", dir);
  return path;
}

/* Lanes in the SIMD-group of thread t when the threadgroup has n threads. */
static unsigned group_lanes(unsigned n, unsigned t) {
  unsigned first = t / 32 * 32;
  return n - first < 32 ? n - first : 32;
}

/* ---- running a kernel and comparing ------------------------------------- */
typedef struct {
  const char *kernel;
  const char *in_type, *out_type; /* msl types of buffers 0 and 1 */
  unsigned n;                     /* threads of the one threadgroup */
  unsigned results;               /* results per thread */
  size_t size;                    /* bytes of one result */
} Case;

typedef int (*SameFn)(const void *got, const void *want);
typedef void (*ShowFn)(char *buf, size_t size, const void *v);

/* Runs `c` on `in`; on success compares got[i*n + t] with want[i*n + t]. */
static void run(const Case *c, void *in, size_t in_bytes, const void *want,
                SameFn same, ShowFn show) {
  const TmeParam params[] = {{"in", c->in_type, 0}, {"out", c->out_type, 1}};
  TmeModule *m = emu_load(fixture(), c->kernel, params, 2, kBuiltins, 2, cache);
  size_t out_bytes = c->results * c->n * c->size;
  unsigned char *got = malloc(out_bytes);
  memset(got, 0xA5, out_bytes);
  TmeBinding bind[2] = {{in, in_bytes}, {got, out_bytes}};
  TmeLaunch l = emu_launch_1d(1, c->n);
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 2, &l, &st, error, sizeof error);
  if (rc != TME_OK) {
    char what[64];
    snprintf(what, sizeof what, "%s n=%u", c->kernel, c->n);
    emu_print_failure(what, rc, error);
  } else {
    int right = 0, shown = 0;
    for (unsigned i = 0; i < c->results; ++i)
      for (unsigned t = 0; t < c->n; ++t) {
        size_t off = ((size_t)i * c->n + t) * c->size;
        if (same(got + off, (const unsigned char *)want + off)) {
          ++right;
        } else if (shown++ < 10) {
          char g[64], w[64];
          show(g, sizeof g, got + off);
          show(w, sizeof w, (const unsigned char *)want + off);
          printf("%s n=%u: result %u of thread %u is %s, want %s\n", c->kernel,
                 c->n, i, t, g, w);
        }
      }
    printf("%s n=%u: %d of %u values right, %llu simd collectives\n", c->kernel,
           c->n, right, c->results * c->n, st.simd_collectives);
  }
  free(got);
  tme_module_free(m);
}

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
#define POISON_F32 0xffffffffu /* what reading a missing lane gives */

/* Floats: the same bits; a wanted NaN matches any NaN, except the poison,
 * which must be exact. */
static int same_f32(const void *got, const void *want) {
  float g, w;
  memcpy(&g, got, 4);
  memcpy(&w, want, 4);
  if (isnan(w) && f32_bits(w) != POISON_F32)
    return isnan(g);
  return f32_bits(g) == f32_bits(w);
}
static void show_f32(char *buf, size_t size, const void *v) {
  float f;
  memcpy(&f, v, 4);
  snprintf(buf, size, "%.9g (0x%08x)", f, f32_bits(f));
}
static int same_u32(const void *got, const void *want) {
  return memcmp(got, want, 4) == 0;
}
static void show_u32(char *buf, size_t size, const void *v) {
  uint32_t u;
  memcpy(&u, v, 4);
  snprintf(buf, size, "%u (%d)", u, (int)u);
}
static int same_i64(const void *got, const void *want) {
  return memcmp(got, want, 8) == 0;
}
static void show_i64(char *buf, size_t size, const void *v) {
  int64_t x;
  memcpy(&x, v, 8);
  snprintf(buf, size, "%lld", (long long)x);
}

/* ---- float references ---------------------------------------------------- */
/* v rounded to p significant bits, to nearest even (rintf in the default
 * rounding mode), with a quantum of at least 2^qmin (subnormals). The data
 * stays far from overflow. */
static float round_sig(float v, int p, int qmin) {
  if (v == 0.0f || isnan(v) || isinf(v))
    return v;
  int e;
  frexpf(v, &e); /* |v| = m * 2^e, 0.5 <= m < 1 */
  int q = e - p < qmin ? qmin : e - p;
  return ldexpf(rintf(ldexpf(v, -q)), q);
}
typedef float (*RoundFn)(float);
static float round_f32(float v) { return v; }
static float round_f16(float v) { return round_sig(v, 11, -24); }
static float round_bf16(float v) { return round_sig(v, 8, -133); }

enum { SUM, PRODUCT, MIN, MAX, AND, OR, XOR };

/* v[0] op v[1] op ... op v[count-1], left to right, rounded every step. */
static float fold_f(int op, RoundFn r, const float *v, unsigned count) {
  float acc = v[0];
  for (unsigned l = 1; l < count; ++l)
    acc = op == SUM       ? r(acc + v[l])
          : op == PRODUCT ? r(acc * v[l])
          : op == MIN     ? fminf(acc, v[l])
                          : fmaxf(acc, v[l]);
  return acc;
}

static void float_inputs(unsigned n, float *in) {
  for (unsigned t = 0; t < n; ++t) {
    unsigned lane = t % 32, g = t / 32;
    float x = (float)((int)(t * 37 % 29) - 14) * 0.3f + (float)g * 0.1f;
    if (lane == 5)
      x = 1500.7f; /* makes the running sum round in half and bfloat */
    float p = 1.0f + (float)((int)((t * 5 + g) % 9) - 4) / 16.0f;
    in[t] = x;
    in[n + t] = lane % 7 == 3 ? -p : p;
    /* Positive between the NaN lanes: the kernel takes simd_min of these
     * and simd_max of their negation, so that NaN lanes meet running
     * minima and maxima of either sign. */
    int nan_lane = lane <= 1 || lane == 3 || lane == 9 || lane == 31;
    in[2 * n + t] = nan_lane ? NAN : fabsf(x) + 0.5f;
    in[3 * n + t] = NAN;
  }
}

static void reduce_float(const char *kernel, RoundFn r, unsigned n) {
  static float in[4 * MAXT], want[12 * MAXT];
  float_inputs(n, in);
  for (unsigned t = 0; t < n; ++t) {
    unsigned first = t / 32 * 32, m = group_lanes(n, t), lane = t - first;
    float v[4][32]; /* the SIMD-group's four inputs in the element type */
    for (unsigned k = 0; k < 4; ++k)
      for (unsigned l = 0; l < m; ++l)
        v[k][l] = r(in[k * n + first + l]);
    float *w = want + t;
    w[0 * n] = fold_f(SUM, r, v[0], m);
    w[1 * n] = fold_f(PRODUCT, r, v[1], m);
    w[2 * n] = fold_f(MIN, r, v[0], m);
    w[3 * n] = fold_f(MAX, r, v[0], m);
    w[4 * n] = fold_f(MIN, r, v[2], m);
    float neg[32];
    for (unsigned l = 0; l < m; ++l)
      neg[l] = -v[2][l];
    w[5 * n] = fold_f(MAX, r, neg, m);
    w[6 * n] = fold_f(MIN, r, v[3], m);
    w[7 * n] = fold_f(MAX, r, v[3], m);
    w[8 * n] = fold_f(SUM, r, v[0], lane + 1);
    w[9 * n] = lane ? fold_f(SUM, r, v[0], lane) : 0.0f;
    w[10 * n] = fold_f(PRODUCT, r, v[1], lane + 1);
    w[11 * n] = lane ? fold_f(PRODUCT, r, v[1], lane) : 1.0f;
  }
  Case c = {kernel, "device const float*", "device float*", n, 12, 4};
  run(&c, in, 4 * n * sizeof *in, want, same_f32, show_f32);
}

/* ---- integer references ------------------------------------------------- */
/* 32-bit integers wrap; min/max compare as signed or unsigned. */
static uint32_t fold_i(int op, int is_signed, const uint32_t *v,
                       unsigned count) {
  uint32_t acc = v[0];
  for (unsigned l = 1; l < count; ++l) {
    uint32_t x = v[l];
    int x_less = is_signed ? (int32_t)x < (int32_t)acc : x < acc;
    switch (op) {
    case SUM:
      acc += x;
      break;
    case PRODUCT:
      acc *= x;
      break;
    case MIN:
      acc = x_less ? x : acc;
      break;
    case MAX:
      acc = x_less || x == acc ? acc : x;
      break;
    case AND:
      acc &= x;
      break;
    case OR:
      acc |= x;
      break;
    default:
      acc ^= x;
    }
  }
  return acc;
}

static int int_input(unsigned t) {
  return (int)((t * 53 + 7 * (t / 32)) % 201) - 100;
}

static void reduce_int(const char *kernel, int is_signed, unsigned n) {
  static uint32_t in[MAXT], want[11 * MAXT];
  for (unsigned t = 0; t < n; ++t)
    in[t] = is_signed ? (uint32_t)int_input(t)
                      : (uint32_t)int_input(t) * 2654435761u;
  for (unsigned t = 0; t < n; ++t) {
    unsigned first = t / 32 * 32, m = group_lanes(n, t), lane = t - first;
    const uint32_t *v = in + first;
    uint32_t *w = want + t;
    for (int op = SUM; op <= XOR; ++op)
      w[op * n] = fold_i(op, is_signed, v, m);
    w[7 * n] = fold_i(SUM, is_signed, v, lane + 1);
    w[8 * n] = lane ? fold_i(SUM, is_signed, v, lane) : 0u;
    w[9 * n] = fold_i(PRODUCT, is_signed, v, lane + 1);
    w[10 * n] = lane ? fold_i(PRODUCT, is_signed, v, lane) : 1u;
  }
  Case c = {kernel,
            is_signed ? "device const int*" : "device const uint*",
            is_signed ? "device int*" : "device uint*",
            n,
            11,
            4};
  run(&c, in, n * sizeof *in, want, same_u32, show_u32);
}

/* ---- the other element types and vectors -------------------------------- */
/* A value of `bits` bits (mod 2^bits) as a signed or unsigned number. */
static int64_t narrow(uint64_t v, unsigned bits, int is_signed) {
  uint64_t mask = (1ull << bits) - 1;
  v &= mask;
  if (is_signed && v >> (bits - 1))
    return (int64_t)v - (int64_t)(mask + 1);
  return (int64_t)v;
}

static void small_types(unsigned n) {
  static int in[MAXT];
  static int64_t want[13 * MAXT];
  for (unsigned t = 0; t < n; ++t)
    in[t] = int_input(t);
  for (unsigned t = 0; t < n; ++t) {
    unsigned first = t / 32 * 32, m = group_lanes(n, t), lane = t - first;
    const int *d = in + first;
    uint64_t s16 = 0, s8 = 0, prod = 1, x = 0;
    int64_t mx = INT64_MIN, mn = INT64_MAX, s = 0;
    float h = 0.0f, b = 0.0f;
    for (unsigned l = 0; l < m; ++l) {
      s16 += (uint64_t)(int64_t)(d[l] * 1000);
      mx = d[l] + 40000 > mx ? d[l] + 40000 : mx;
      s8 += (uint64_t)(int64_t)d[l];
      mn = d[l] + 100 < mn ? d[l] + 100 : mn;
      prod *= (uint64_t)((int64_t)d[l] * 3 + 1);
      x ^= (uint64_t)(int64_t)d[l] << 40;
      s += d[l];
      b = l ? round_bf16(b + (float)d[l]) : (float)d[l];
      if (l <= lane)
        h = l ? round_f16(h + (float)d[l] * 0.5f) : (float)d[l] * 0.5f;
    }
    unsigned src = lane ^ 3u; /* float2 simd_shuffle_xor(_, 3) */
    int64_t *w = want + t;
    w[0 * n] = narrow(s16, 16, 1);
    w[1 * n] = mx;
    w[2 * n] = narrow(s8, 8, (char)-1 < 0); /* MSL char = the host's char */
    w[3 * n] = mn;
    w[4 * n] = (int64_t)prod; /* wrapped at 64 bits */
    w[5 * n] = (int64_t)x;
    w[6 * n] = s;
    w[7 * n] = 2 * s;
    w[8 * n] = -s;
    w[9 * n] = 2 * (int64_t)d[src];
    w[10 * n] = 2 * (int64_t)d[src] + 1;
    w[11 * n] = (int64_t)(h * 2.0f);
    w[12 * n] = (int64_t)b;
  }
  Case c = {"small_types", "device const int*", "device long*", n, 13, 8};
  run(&c, in, n * sizeof *in, want, same_i64, show_i64);
}

/* ---- data movement ------------------------------------------------------ */
/* The lane lane `lane` reads, -1 for its own value (a relative source
 * outside 0..31), or -2 for a lane missing from an m-lane SIMD-group. */
static int source(int kind, unsigned lane, unsigned arg, unsigned m) {
  int s;
  switch (kind) {
  case 0:
    s = (int)(lane ^ arg);
    break; /* shuffle_xor */
  case 1:
    s = (int)lane - (int)arg;
    break; /* shuffle_up */
  case 2:
    s = (int)(lane + arg);
    break; /* shuffle_down */
  default:
    s = (int)arg; /* shuffle, broadcast */
  }
  if (s < 0 || s >= 32)
    return -1;
  return s < (int)m ? s : -2;
}

static void movement(unsigned n) {
  static float in[MAXT], want[13 * MAXT];
  for (unsigned t = 0; t < n; ++t)
    in[t] = (float)(100 * (t / 32) + t % 32) + 0.25f;
  for (unsigned t = 0; t < n; ++t) {
    unsigned first = t / 32 * 32, m = group_lanes(n, t), lane = t - first;
    const struct {
      int kind;
      unsigned arg;
    } calls[13] = {
        {0, 1},         {0, 2},  {0, 4}, {0, 8}, {0, 16},
        {1, 1},         {1, 5},  {2, 1}, {2, 5}, {3, (lane * 7 + 3) % 32},
        {3, 31 - lane}, {3, 13}, {3, 0}};
    for (unsigned i = 0; i < 13; ++i) {
      int s = source(calls[i].kind, lane, calls[i].arg, m);
      float v = in[t];
      if (s == -2) {
        uint32_t poison = POISON_F32;
        memcpy(&v, &poison, 4);
      } else if (s >= 0) {
        v = in[first + (unsigned)s];
      }
      want[i * n + t] = v;
    }
  }
  Case c = {"movement", "device const float*", "device float*", n, 13, 4};
  run(&c, in, n * sizeof *in, want, same_f32, show_f32);
}

/* ---- votes -------------------------------------------------------------- */
static void votes(unsigned n) {
  static int in[MAXT];
  static uint32_t want[9 * MAXT];
  for (unsigned t = 0; t < n; ++t) {
    unsigned lane = t % 32, g = t / 32;
    in[t] = g == 0 ? lane % 3 == 0 : g == 1 ? 1 : g == 2 ? lane == 17 : 0;
  }
  for (unsigned t = 0; t < n; ++t) {
    unsigned first = t / 32 * 32, m = group_lanes(n, t), lane = t - first;
    uint64_t ballot = 0;
    for (unsigned l = 0; l < m; ++l)
      ballot |= (uint64_t)(in[first + l] != 0) << l;
    uint32_t *w = want + t;
    w[0 * n] = (uint32_t)ballot;
    w[1 * n] = (uint32_t)(ballot >> 32);
    w[2 * n] = ballot == (1ull << m) - 1;
    w[3 * n] = ballot != 0;
    w[4 * n] = 1;
    w[5 * n] = 0;
    w[6 * n] = lane == 0;
    w[7 * n] = (ballot & 0xffffffffu) == 0xffffffffu; /* simd_vote::all() */
    w[8 * n] = ballot != 0;
  }
  Case c = {"votes", "device const int*", "device uint*", n, 9, 4};
  run(&c, in, n * sizeof *in, want, same_u32, show_u32);
}

/* ---- outside the emulator ------------------------------------------------ */
/* The emulator's hook called by a plain thread (a kernel called directly
 * in a program linked with the emulator): a SIMD-group of one lane, as with
 * the shim's default hook. */
static void one_lane(void) {
  float x = 2.5f, f = 0.0f;
  int k = -7, i = 0;
  unsigned char yes = 1, b = 0;
  uint64_t ballot = 0;
  int right = 0;
  tile_msl_simd_collective(TILE_MSL_SIMD_SUM, TILE_MSL_ELEM_F32, 1, &x, &f, 0);
  right += f == x;
  tile_msl_simd_collective(TILE_MSL_SIMD_PREFIX_EXCLUSIVE_PRODUCT,
                           TILE_MSL_ELEM_I32, 1, &k, &i, 0);
  right += i == 1;
  tile_msl_simd_collective(TILE_MSL_SIMD_SHUFFLE, TILE_MSL_ELEM_F32, 1, &x, &f,
                           1);
  right += f32_bits(f) == POISON_F32;
  tile_msl_simd_collective(TILE_MSL_SIMD_SHUFFLE_UP, TILE_MSL_ELEM_I32, 1, &k,
                           &i, 1);
  right += i == k;
  tile_msl_simd_collective(TILE_MSL_SIMD_BALLOT, TILE_MSL_ELEM_BOOL, 1, &yes,
                           &ballot, 0);
  right += ballot == 1;
  tile_msl_simd_collective(TILE_MSL_SIMD_IS_FIRST, TILE_MSL_ELEM_BOOL, 1, NULL,
                           &b, 0);
  right += b == 1;
  printf("outside the emulator: %d of 6 right\n", right);
}

/* ---- divergence --------------------------------------------------------- */
static void divergent(const char *kernel, unsigned n) {
  const TmeParam params[] = {{"in", "device const float*", 0},
                             {"out", "device float*", 1}};
  TmeModule *m = emu_load(fixture(), kernel, params, 2, kBuiltins, 2, cache);
  float in[MAXT], out[MAXT];
  for (unsigned t = 0; t < n; ++t)
    in[t] = (float)t;
  memset(out, 0, sizeof out);
  TmeBinding bind[2] = {{in, n * sizeof *in}, {out, n * sizeof *out}};
  TmeLaunch l = emu_launch_1d(1, n);
  char error[4096], what[64];
  snprintf(what, sizeof what, "%s n=%u", kernel, n);
  int rc = tme_run(m, bind, 2, &l, NULL, error, sizeof error);
  if (rc == TME_OK)
    printf("%s: ok\n", what);
  else
    emu_print_failure(what, rc, error);
  tme_module_free(m);
}

int main(int argc, char **argv) {
  emu_parse_args(argc, argv, 0, "", &dir, &cache);
  reduce_float("reduce_f32", round_f32, 32);
  reduce_float("reduce_f32", round_f32, 128);
  reduce_float("reduce_f32", round_f32, 48);
  reduce_float("reduce_f16", round_f16, 32);
  reduce_float("reduce_f16", round_f16, 128);
  reduce_float("reduce_bf16", round_bf16, 32);
  reduce_int("reduce_i32", 1, 32);
  reduce_int("reduce_i32", 1, 128);
  reduce_int("reduce_u32", 0, 32);
  small_types(32);
  small_types(128);
  movement(32);
  movement(128);
  movement(48);
  votes(32);
  votes(128);
  votes(48);
  one_lane();
  divergent("sum_in_if", 32);
  divergent("if_else_sites", 32);
  divergent("loop_count", 32);
  divergent("sum_below_48", 48);
  divergent("sum_below_48", 64);
  return 0;
}
