/* Metal 4 tensor ops through the Metal emulator (fixtures/tensor_ops*.metal,
 * compiled with the compile option -std=metal4.0), against references
 * computed here with the numerics docs/tensorops.md specifies. Three
 * sections, one lit test each (this file, tensor-ops-matmul.c and
 * tensor-ops-misuse.c run it), so that each compiles few kernels:
 *
 * layout: the destination cooperative tensor's layout (the same capacity in
 *   every thread, every position of the m x n tile exactly once among the
 *   valid elements, scrambled: neither slot order nor thread-major order,
 *   the same in two runs; also for execution_simdgroups<2>); tensor views
 *   (extents, strides, rank, loads outside the extents give 0, stores there
 *   are dropped, dynamic and static slices); threadgroup operands through
 *   slices; execution_simdgroups<2> on 64 threads, and in threadgroups of 1
 *   and 4 SIMD-groups (reported).
 * matmul: exact results for small integers with f32, f16 and bf16
 *   operands, transpose_left, transpose_right, dynamic K with a ragged K
 *   extent, M and N extents below m and n (zeros read, stores dropped), a
 *   destination tensor larger than m x n, a static k below the K extent and
 *   above it (reported), relaxed precision (truncation visible), multiply vs
 *   multiply_accumulate, cooperative load/store masked by the view's
 *   extents, a tensor view as destination; the tensor_ops counter and the
 *   operands' traffic (each element the operation uses read once).
 * misuse: the reports: a run reached by half a SIMD-group, at two calls,
 *   with different operands per thread, dynamic K extents that differ, the
 *   index of an invalid element, a static slice past its tensor; the headers
 *   without -std=metal4.0; the ABI's msl_version becoming the option.
 *
 * Usage: tensor-ops <fixtures dir> <cache dir> layout|matmul|misuse
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache layout | FileCheck %s --check-prefix=LAYOUT
 *
 * LAYOUT: layout 32x32: capacity 33 in all 32 threads, 1024 valid elements, each position once, scrambled, same in a second run
 * LAYOUT-NEXT: layout 16x64: capacity 33 in all 32 threads, 1024 valid elements, each position once, scrambled, same in a second run
 * LAYOUT-NEXT: layout_sg2 32x32: capacity 17 in all 64 threads, 1024 valid elements, each position once, scrambled, same in a second run
 * LAYOUT-NEXT: tensor_api: 45 of 45 right
 * LAYOUT-NEXT: mm_tg_slices: 1024 of 1024 elements right, 1 tensor op
 * LAYOUT-NEXT: mm_sg2 32x32x32: 1024 of 1024 elements right, 1 tensor op, A and B read once: 4096 + 4096 bytes
 * LAYOUT-NEXT: mm_sg2 n=32: [argument] kernel 'mm_sg2', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run: its execution scope is 2 SIMD-groups (execution_simdgroups<2>), but the threadgroup has 1 (32 threads)
 * LAYOUT-NEXT: mm_sg2 n=128: [argument] kernel 'mm_sg2', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run: its execution scope is 2 SIMD-groups (execution_simdgroups<2>), but the threadgroup has 4 (128 threads)
 *
 * MATMUL: mm_f32 32x32x32: 1024 of 1024 elements right, 1 tensor op, A and B read once: 4096 + 4096 bytes
 * MATMUL-NEXT: mm_f32 20x27x37: 1024 of 1024 elements right, 1 tensor op, A and B read once: 2960 + 3996 bytes
 * MATMUL-NEXT: mm_f32 relaxed 32x32x1: 1024 of 1024 elements right, 1 tensor op, A and B read once: 128 + 128 bytes
 * MATMUL-NEXT: relaxed precision: D[0][0] = 3.0029296875, without it 3.002932549
 * MATMUL-NEXT: mm_f32 static k 32x32x40: 1024 of 1024 elements right, 1 tensor op, A and B read once: 4096 + 4096 bytes
 * MATMUL-NEXT: mm_f32 static k 32x32x20: [oob] kernel 'mm_f32', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run with k = 32 reads past the left operand, whose K extent (dimension 0) is 20
 * MATMUL-NEXT: mm_f16_tl 32x32x24: 1024 of 1024 elements right, 1 tensor op, A and B read once: 1536 + 1536 bytes
 * MATMUL-NEXT: mm_bf16_tr 30x17x32: 1024 of 1024 elements right, 1 tensor op, A and B read once: 1920 + 1088 bytes
 * MATMUL-NEXT: mm_f16_half 20x24x16: 768 of 768 elements right, 1 tensor op, A and B read once: 512 + 768 bytes
 *
 * MISUSE: partial: [divergence] kernel 'misuse', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run in divergent control flow (every thread of the SIMD-group must call it together, at the same call): thread 0 waits at mpp::tensor_ops::matmul2d::run #1 (call site +0x{{[0-9a-f]+}}), but thread 16 has returned from the kernel
 * MISUSE-NEXT: two calls: [divergence] kernel 'misuse', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run in divergent control flow (every thread of the SIMD-group must call it together, at the same call): thread 0 waits at mpp::tensor_ops::matmul2d::run #1 (call site +0x{{[0-9a-f]+}}), but thread 16 waits at mpp::tensor_ops::matmul2d::run #1 (call site +0x{{[0-9a-f]+}})
 * MISUSE-NEXT: operands: [divergence] kernel 'misuse', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run with divergent operands: thread 0 and thread 16 pass different operands (every thread of the SIMD-group must pass the same ones)
 * MISUSE-NEXT: k mismatch: [fault] kernel 'misuse', threadgroup (0,0,0), thread 0: mpp::tensor_ops::matmul2d::run with a dynamic k: the left operand's K extent (32) differs from the right operand's (33)
 * MISUSE-NEXT: invalid index: [fault] kernel 'misuse', threadgroup (0,0,0), thread {{[0-9]+}}: cooperative_tensor::get_multidimensional_index({{[0-9]+}}): element {{[0-9]+}} of this thread is not valid (is_valid_element is false), so its index is undefined
 * MISUSE-NEXT: static slice: [oob] kernel 'misuse', threadgroup (0,0,0), thread 0: tensor::slice: a static extent of 16 at origin 24 of dimension 0 reaches past the tensor's extent 32
 * MISUSE-NEXT: without -std=metal4.0: [compile] {{.*}}<metal_tensor> needs Metal Shading Language 4.0
 * MISUSE-NEXT: ABI with msl_version 4.0: compile options -std=metal4.0, loaded
 */

#include "Inputs/emu_test.h"

#include <math.h>
#include <stdint.h>

static const char *dir, *cache;
static const char *const kTid[] = {"thread_index_in_threadgroup"};
static const char *const kOptions[] = {"-fno-fast-math", "-std=metal4.0"};

static const char *fixture(const char *name) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s.metal", dir, name);
  return path;
}

/* Loads `kernel` of fixtures/<file>.metal with -std=metal4.0 (or without
 * it); NULL after printing "what: [code] message" on failure. */
static TmeModule *load(const char *file, const char *kernel,
                       const TmeParam *params, size_t n, int with_version,
                       const char *what) {
  char *source = emu_read_file(fixture(file));
  TmeSignature sig = emu_signature(kernel, params, n, kTid, 1);
  sig.compile_options = kOptions;
  sig.num_compile_options = with_version ? 2 : 1;
  TmeModule *m = NULL;
  char error[16384];
  int rc = tme_module_load(source, &sig, cache, &m, error, sizeof error);
  free(source);
  if (rc != TME_OK) {
    /* Compiler output: keep the first line that names the problem. */
    const char *e = strstr(error, "error: ");
    char line[512];
    snprintf(line, sizeof line, "%s", e ? e + 7 : error);
    line[strcspn(line, "\n")] = '\0';
    emu_print_failure(what, rc, line);
    return NULL;
  }
  return m;
}

/* ---- elements ----------------------------------------------------------- */
typedef enum { F32, F16, BF16 } Ty;

static size_t ty_size(Ty t) { return t == F32 ? 4 : 2; }

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* Exactly representable normal values (or 0) only. */
static uint16_t half_bits(double v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000u : 0u;
  int e;
  double m = frexp(fabs(v), &e); /* |v| = m * 2^e, m in [0.5, 1) */
  unsigned frac = (unsigned)((m * 2.0 - 1.0) * 1024.0);
  return (uint16_t)(sign | (unsigned)(e - 1 + 15) << 10 | frac);
}
static double half_value(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  double m = (double)(h & 0x3ff);
  double v = e ? ldexp(1.0 + m / 1024.0, e - 15) : ldexp(m / 1024.0, -14);
  return (h & 0x8000u) ? -v : v;
}

static void put(void *buf, Ty t, size_t i, double v) {
  if (t == F32) {
    ((float *)buf)[i] = (float)v;
  } else {
    uint16_t u = t == F16 ? half_bits(v) : (uint16_t)(f32_bits((float)v) >> 16);
    ((uint16_t *)buf)[i] = u;
  }
}
static double get(const void *buf, Ty t, size_t i) {
  if (t == F32)
    return ((const float *)buf)[i];
  uint16_t u = ((const uint16_t *)buf)[i];
  return t == F16 ? half_value(u) : (double)bits_f32((uint32_t)u << 16);
}

/* ---- matmul cases ------------------------------------------------------- */
typedef struct {
  const char *file, *kernel;
  int variant; /* p[6] */
  Ty ta, tb, td;
  int m, n; /* descriptor */
  int tl, tr, acc, relaxed;
  int M, N, K; /* extents */
  int kread;   /* K the product runs over (a static k), 0: K */
  int lda, ldb, ldc;
  unsigned threads;
  int special; /* values that show the relaxed-precision truncation */
} Case;

static double a_value(const Case *c, int r, int k) {
  if (c->special)
    return (double)bits_f32(0x3f802008u); /* 1 + 2^-10 + 2^-20 */
  return (double)((r * 3 + k * 5) % 7 - 3);
}
static double b_value(const Case *c, int k, int col) {
  if (c->special)
    return 3.0;
  return (double)((k * 2 + col * 3) % 5 - 2);
}
static double c_value(int r, int col) {
  return (double)((r + 2 * col) % 9 - 4);
}

static int inside(const Case *c, int r, int col) {
  return r < c->M && col < c->N;
}
/* What D holds before the run: C inside the extents, a sentinel outside. */
static double d_initial(const Case *c, int r, int col) {
  return inside(c, r, col) ? c_value(r, col) : 700.0 + r;
}

static float truncate10(float x) { return bits_f32(f32_bits(x) & 0xffffe000u); }

/* The reference of docs/tensorops.md: float fma chain from C (or 0). */
static double reference(const Case *c, int r, int col) {
  float acc = c->acc ? (float)c_value(r, col) : 0.0f;
  int K = c->kread ? c->kread : c->K;
  for (int k = 0; k < K; ++k) {
    float x = (float)a_value(c, r, k), y = (float)b_value(c, k, col);
    if (c->relaxed && c->ta == F32) {
      x = truncate10(x);
      y = truncate10(y);
    }
    acc = fmaf(x, y, acc);
  }
  return acc;
}

static const char *ty_msl(Ty t, int is_const) {
  static const char *const names[2][3] = {
      {"device float*", "device half*", "device bfloat*"},
      {"device const float*", "device const half*", "device const bfloat*"}};
  return names[is_const][t];
}

static TmeModule *load_case(const Case *c, const char *what) {
  TmeParam params[4] = {{"A", ty_msl(c->ta, 1), 0},
                        {"B", ty_msl(c->tb, 1), 1},
                        {"D", ty_msl(c->td, 0), 2},
                        {"p", "device const int*", 3}};
  return load(c->file, c->kernel, params, 4, 1, what);
}

/* Runs `c` on module m; returns the D buffer (rows x ldc) or NULL after
 * printing the failure. */
static void *run_case(TmeModule *m, const Case *c, const char *what,
                      TmeStats *st, int *drows) {
  size_t na = c->tl ? (size_t)c->K * c->lda : (size_t)c->M * c->lda;
  size_t nb = c->tr ? (size_t)c->N * c->ldb : (size_t)c->K * c->ldb;
  int rows = c->M > 32 ? c->M : 32;
  size_t nd = (size_t)rows * c->ldc;
  void *A = calloc(na, ty_size(c->ta)), *B = calloc(nb, ty_size(c->tb));
  void *D = calloc(nd, ty_size(c->td));
  for (int r = 0; r < c->M; ++r)
    for (int k = 0; k < c->K; ++k)
      put(A, c->ta, c->tl ? (size_t)k * c->lda + r : (size_t)r * c->lda + k,
          a_value(c, r, k));
  for (int k = 0; k < c->K; ++k)
    for (int col = 0; col < c->N; ++col)
      put(B, c->tb, c->tr ? (size_t)col * c->ldb + k : (size_t)k * c->ldb + col,
          b_value(c, k, col));
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < c->ldc; ++col)
      put(D, c->td, (size_t)r * c->ldc + col, d_initial(c, r, col));
  int p[7] = {c->M, c->N, c->K, c->lda, c->ldb, c->ldc, c->variant};
  TmeBinding bind[4] = {{A, na * ty_size(c->ta)},
                        {B, nb * ty_size(c->tb)},
                        {D, nd * ty_size(c->td)},
                        {p, sizeof p}};
  TmeLaunch l = emu_launch_1d(1, c->threads);
  char error[4096];
  int rc = tme_run(m, bind, 4, &l, st, error, sizeof error);
  free(A);
  free(B);
  if (rc != TME_OK) {
    emu_print_failure(what, rc, error);
    free(D);
    return NULL;
  }
  *drows = rows;
  return D;
}

/* load_case then run_case once: D, or NULL after printing why. */
static void *load_and_run(const Case *c, const char *what, TmeStats *st,
                          int *rows) {
  TmeModule *m = load_case(c, what);
  if (!m)
    return NULL;
  void *D = run_case(m, c, what, st, rows);
  tme_module_free(m);
  return D;
}

static void matmul(const Case *c, const char *label) {
  char what[96];
  snprintf(what, sizeof what, "%s %dx%dx%d", label, c->M, c->N, c->K);
  TmeStats st;
  int rows;
  void *D = load_and_run(c, what, &st, &rows);
  if (!D)
    return;
  int right = 0, total = 0, shown = 0;
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < c->ldc; ++col) {
      int written = inside(c, r, col) && r < c->m && col < c->n;
      double want = written ? reference(c, r, col) : d_initial(c, r, col);
      double got = get(D, c->td, (size_t)r * c->ldc + col);
      /* Count the elements of the 32-row band the test is about (all of
       * D), but check every element. */
      ++total;
      if (got == want)
        ++right;
      else if (shown++ < 8)
        printf("%s: D[%d][%d] = %.10g, want %.10g\n", what, r, col, got, want);
    }
  printf("%s: %d of %d elements right, %llu tensor op%s, A and B read "
         "once: %llu + %llu bytes\n",
         what, right, total, st.tensor_ops, st.tensor_ops == 1 ? "" : "s",
         st.buffer_bytes_read[0], st.buffer_bytes_read[1]);
  if (c->special) {
    Case exact = *c;
    exact.relaxed = 0;
    printf("relaxed precision: D[0][0] = %.11g, without it %.10g\n",
           get(D, c->td, 0), reference(&exact, 0, 0));
  }
  free(D);
}

/* A case expected to fail: prints the report. */
static void failing(const Case *c, const char *what) {
  TmeStats st;
  int rows;
  void *D = load_and_run(c, what, &st, &rows);
  if (D) {
    printf("%s: ran without a report\n", what);
    free(D);
  }
}

/* ---- layouts ------------------------------------------------------------ */
#define SLOTS 80 /* ints per thread in the layout kernels' output */

/* Checks one m x n layout: out[t*SLOTS] = capacity, then (column, row) or
 * (-1, -1) per element; `again` is the output of a second run. */
static void check_layout(const char *what, const int *out, const int *again,
                         int m, int n, unsigned threads) {
  int cap = out[0], same_cap = 1, valid = 0, bad = 0;
  int slot_order = 1, thread_order = 1;
  int *seen = calloc((size_t)m * n, sizeof(int));
  for (unsigned t = 0; t < threads; ++t) {
    const int *o = out + (size_t)t * SLOTS;
    same_cap &= o[0] == cap;
    for (int i = 0; i < cap && i < SLOTS / 2 - 1; ++i) {
      int col = o[1 + 2 * i], row = o[2 + 2 * i];
      if (col == -1 && row == -1)
        continue;
      if (col < 0 || col >= n || row < 0 || row >= m) {
        if (bad++ < 4)
          printf("%s: thread %u element %d at column %d row %d\n", what, t, i,
                 col, row);
        continue;
      }
      ++valid;
      int pos = row * n + col;
      seen[pos]++;
      slot_order &= pos == i * (int)threads + (int)t;
      thread_order &= pos == (int)t * (cap - 1) + i;
    }
  }
  int once = 1;
  for (int p = 0; p < m * n; ++p)
    once &= seen[p] == 1;
  int expected_cap = (m * n + (int)threads - 1) / (int)threads + 1;
  printf("%s: capacity %d in %s %u threads%s, %d valid elements, %s, %s, "
         "%s\n",
         what, cap, same_cap ? "all" : "NOT all", threads,
         cap == expected_cap ? "" : " (unexpected)", valid,
         once && !bad ? "each position once" : "positions NOT each once",
         slot_order || thread_order ? "NOT scrambled" : "scrambled",
         memcmp(out, again, (size_t)threads * SLOTS * sizeof(int)) == 0
             ? "same in a second run"
             : "DIFFERENT in a second run");
  free(seen);
}

/* Runs a layout kernel twice; `tiles` m x n layouts follow each other in
 * its output. */
static void layout(const char *kernel, unsigned threads, int tiles,
                   const int (*mn)[2]) {
  static const TmeParam params[] = {{"out", "device int*", 0}};
  TmeModule *mod = load("tensor_ops", kernel, params, 1, 1, kernel);
  if (!mod)
    return;
  size_t count = (size_t)tiles * threads * SLOTS;
  int *out[2];
  for (int run = 0; run < 2; ++run) {
    out[run] = malloc(count * sizeof(int));
    memset(out[run], 0x7f, count * sizeof(int));
    TmeBinding bind[1] = {{out[run], count * sizeof(int)}};
    TmeLaunch l = emu_launch_1d(1, threads);
    char error[4096];
    int rc = tme_run(mod, bind, 1, &l, NULL, error, sizeof error);
    if (rc != TME_OK) {
      emu_print_failure(kernel, rc, error);
      tme_module_free(mod);
      return;
    }
  }
  tme_module_free(mod);
  for (int k = 0; k < tiles; ++k) {
    char what[64];
    snprintf(what, sizeof what, "%s %dx%d", kernel, mn[k][0], mn[k][1]);
    size_t base = (size_t)k * threads * SLOTS;
    check_layout(what, out[0] + base, out[1] + base, mn[k][0], mn[k][1],
                 threads);
  }
  free(out[0]);
  free(out[1]);
}

/* ---- the tensor view ---------------------------------------------------- */
static void tensor_api(void) {
  static const TmeParam params[] = {{"X", "device float*", 0},
                                    {"info", "device int*", 1},
                                    {"out", "device float*", 2}};
  TmeModule *m = load("tensor_ops", "tensor_api", params, 3, 1, "tensor_api");
  if (!m)
    return;
  float X[24], out[9];
  int info[12];
  for (int i = 0; i < 24; ++i)
    X[i] = (float)(i + 1);
  memset(info, 0x7f, sizeof info);
  for (int i = 0; i < 9; ++i)
    out[i] = -1.0f;
  TmeBinding bind[3] = {{X, sizeof X}, {info, sizeof info}, {out, sizeof out}};
  TmeLaunch l = emu_launch_1d(1, 32);
  char error[4096];
  int rc = tme_run(m, bind, 3, &l, NULL, error, sizeof error);
  tme_module_free(m);
  if (rc != TME_OK) {
    emu_print_failure("tensor_api", rc, error);
    return;
  }
  static const int want_info[12] = {5, 3, 1, 8, 2, 3, 2, 8, 2, 2, 0, 0};
  static const float want_out[9] = {21, 0, 0, 0, 11, 21, 0, 21, 0};
  int right = 0;
  for (int i = 0; i < 12; ++i) {
    if (info[i] == want_info[i])
      ++right;
    else
      printf("tensor_api: info[%d] = %d, want %d\n", i, info[i], want_info[i]);
  }
  for (int i = 0; i < 9; ++i) {
    if (out[i] == want_out[i])
      ++right;
    else
      printf("tensor_api: out[%d] = %g, want %g\n", i, out[i], want_out[i]);
  }
  /* X: only X[9] changed (to 7), not X[5] nor anything else. */
  for (int i = 0; i < 24; ++i) {
    float want = i == 9 ? 7.0f : (float)(i + 1);
    if (X[i] == want)
      ++right;
    else
      printf("tensor_api: X[%d] = %g, want %g\n", i, X[i], want);
  }
  printf("tensor_api: %d of 45 right\n", right);
}

/* ---- threadgroup operands and slices ------------------------------------ */
static void tg_slices(void) {
  static const TmeParam params[] = {{"A", "device const float*", 0},
                                    {"B", "device const float*", 1},
                                    {"D", "device float*", 2},
                                    {"p", "device const int*", 3}};
  TmeModule *m =
      load("tensor_ops", "mm_tg_slices", params, 4, 1, "mm_tg_slices");
  if (!m)
    return;
  static float A[64 * 32], B[32 * 48], D[32 * 32];
  int p[7] = {0};
  for (int r = 0; r < 64; ++r)
    for (int k = 0; k < 32; ++k)
      A[r * 32 + k] = (float)((r * 3 + k * 5) % 7 - 3);
  for (int k = 0; k < 32; ++k)
    for (int c = 0; c < 48; ++c)
      B[k * 48 + c] = (float)((k * 2 + c * 3) % 5 - 2);
  TmeBinding bind[4] = {
      {A, sizeof A}, {B, sizeof B}, {D, sizeof D}, {p, sizeof p}};
  TmeLaunch l = emu_launch_1d(1, 32);
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 4, &l, &st, error, sizeof error);
  tme_module_free(m);
  if (rc != TME_OK) {
    emu_print_failure("mm_tg_slices", rc, error);
    return;
  }
  int right = 0;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      float acc = 0.0f;
      for (int k = 0; k < 32; ++k)
        acc = fmaf(A[(r + 32) * 32 + k], B[k * 48 + c + 16], acc);
      if (D[r * 32 + c] == acc)
        ++right;
      else
        printf("mm_tg_slices: D[%d][%d] = %g, want %g\n", r, c, D[r * 32 + c],
               acc);
    }
  printf("mm_tg_slices: %d of 1024 elements right, %llu tensor op\n", right,
         st.tensor_ops);
}

/* ---- the ABI's msl_version ---------------------------------------------- */
static void abi_version(void) {
  static const char json[] =
      "{\"kernels\": [{\"name\": \"misuse\", \"buffers\": ["
      "{\"index\": 0, \"name\": \"A\", \"msl_type\": \"device const float*\"},"
      "{\"index\": 1, \"name\": \"B\", \"msl_type\": \"device const float*\"},"
      "{\"index\": 2, \"name\": \"D\", \"msl_type\": \"device float*\"},"
      "{\"index\": 3, \"name\": \"p\", \"msl_type\": \"device const int*\"}"
      "], \"scalars\": [], \"builtins\": [\"thread_index_in_threadgroup\"], "
      "\"threads_per_threadgroup\": [32, 1, 1], \"msl_version\": \"4.0\", "
      "\"compile_options\": [\"-fno-fast-math\"]}]}";
  TmeAbi *abi = NULL;
  char error[16384];
  int rc = tme_abi_parse(json, NULL, &abi, error, sizeof error);
  if (rc != TME_OK) {
    emu_print_failure("ABI", rc, error);
    return;
  }
  const TmeSignature *sig = tme_abi_signature(abi);
  printf("ABI with msl_version 4.0: compile options");
  for (size_t i = 1; i < sig->num_compile_options; ++i)
    printf(" %s", sig->compile_options[i]);
  char *source = emu_read_file(fixture("tensor_ops_misuse"));
  TmeModule *m = NULL;
  rc = tme_module_load(source, sig, cache, &m, error, sizeof error);
  free(source);
  if (rc != TME_OK)
    emu_print_failure("", rc, error);
  else
    printf(", loaded\n");
  tme_module_free(m);
  tme_abi_free(abi);
}

static void section_layout(void) {
  static const int two[2][2] = {{32, 32}, {16, 64}};
  layout("layout", 32, 2, two);
  layout("layout_sg2", 64, 1, two);
  tensor_api();
  tg_slices();
  /* file, kernel, variant, ta, tb, td, m, n, tl, tr, acc, relaxed, M, N, K,
   * kread, lda, ldb, ldc, threads, special */
  const Case sg2 = {"tensor_ops", "mm_sg2", 0,  F32, F32, F32, 32,
                    32,           0,        0,  0,   0,   32,  32,
                    32,           0,        32, 32,  32,  64,  0};
  matmul(&sg2, "mm_sg2");
  Case sg_one = sg2, sg_four = sg2;
  sg_one.threads = 32;
  sg_four.threads = 128;
  failing(&sg_one, "mm_sg2 n=32");
  failing(&sg_four, "mm_sg2 n=128");
}

static void section_matmul(void) {
  const char *file = "tensor_ops_matmul";
  const Case f32 = {file, "mm_f32", 0,  F32, F32, F32, 32, 32, 0,  0, 1,
                    0,    32,       32, 32,  0,   32,  32, 32, 32, 0};
  matmul(&f32, "mm_f32");
  const Case ragged = {file, "mm_f32", 0,  F32, F32, F32, 32, 32, 0,  0, 1,
                       0,    20,       27, 37,  0,   37,  27, 32, 32, 0};
  matmul(&ragged, "mm_f32");
  const Case relaxed = {file, "mm_f32", 1,  F32, F32, F32, 32, 32, 0,  0, 0,
                        1,    32,       32, 1,   0,   1,   32, 32, 32, 1};
  matmul(&relaxed, "mm_f32 relaxed");
  const Case static_k = {file, "mm_f32", 2,  F32, F32, F32, 32, 32, 0,  0, 0,
                         0,    32,       32, 40,  32,  40,  32, 32, 32, 0};
  matmul(&static_k, "mm_f32 static k");
  Case short_k = static_k;
  short_k.K = 20;
  short_k.lda = 20;
  failing(&short_k, "mm_f32 static k 32x32x20");
  const Case f16_tl = {file, "mm_f16_tl", 0,  F16, F16, F32, 32, 32, 1,  0, 0,
                       0,    32,          32, 24,  0,   40,  32, 32, 32, 0};
  matmul(&f16_tl, "mm_f16_tl");
  const Case bf16_tr = {
      file, "mm_bf16_tr", 0,  BF16, BF16, F32, 32, 32, 0,  1, 1,
      0,    30,           17, 32,   0,    32,  32, 32, 32, 0};
  matmul(&bf16_tr, "mm_bf16_tr");
  const Case f16_half = {file, "mm_f16_half",
                         0,    F16,
                         F16,  F16,
                         16,   32,
                         0,    0,
                         0,    0,
                         20,   24,
                         16,   0,
                         16,   24,
                         24,   32,
                         0};
  matmul(&f16_half, "mm_f16_half");
}

static void section_misuse(void) {
  static const char *const labels[] = {"partial",       "two calls",
                                       "operands",      "k mismatch",
                                       "invalid index", "static slice"};
  Case bad = {"tensor_ops_misuse",
              "misuse",
              0,
              F32,
              F32,
              F32,
              32,
              32,
              0,
              0,
              0,
              0,
              32,
              32,
              32,
              0,
              32,
              33,
              32,
              32,
              0};
  /* One module for all variants (ldb 33: room for case 3's K extent). */
  TmeModule *m = load_case(&bad, "misuse");
  if (!m)
    return;
  for (int v = 0; v < 6; ++v) {
    bad.variant = v;
    TmeStats st;
    int rows;
    void *D = run_case(m, &bad, labels[v], &st, &rows);
    if (D) {
      printf("%s: ran without a report\n", labels[v]);
      free(D);
    }
  }
  tme_module_free(m);
  static const TmeParam out_only[] = {{"out", "device int*", 0}};
  m = load("tensor_ops", "layout", out_only, 1, 0, "without -std=metal4.0");
  if (m) {
    printf("without -std=metal4.0: loaded\n");
    tme_module_free(m);
  }
  abi_version();
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr,
            "usage: %s <fixtures dir> <cache dir> layout|matmul|misuse\n",
            argv[0]);
    return 2;
  }
  dir = argv[1];
  cache = argv[2];
  if (strcmp(argv[3], "layout") == 0)
    section_layout();
  else if (strcmp(argv[3], "matmul") == 0)
    section_matmul();
  else if (strcmp(argv[3], "misuse") == 0)
    section_misuse();
  else
    return 2;
  return 0;
}
