/* End to end: the MSL that tile-mlir emits for examples/gemm.mlir, run by
 * the Metal emulator on ragged shapes (M, N, K not multiples of the 64x64x32
 * tiling, nor of 8) and compared with a plain C reference, bit for bit: the
 * inputs are small multiples of 1/4 and 1/2, so every product and partial
 * sum is exact in float and any difference is a real error (dropped or
 * duplicated elements, wrong offsets, reads past the end, races).
 * The signature, threads per threadgroup and grid come from the ABI JSON.
 *
 * Usage: gemm <kernel.metal> <abi.json> <cache dir>
 *
 * RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu | tile-translate --mlir-to-msl --msl-abi=%t.json > %t.metal
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %t.metal %t.json %t.cache | FileCheck %s
 *
 * CHECK: kernel matmul: 6 parameters, 5 builtins, 128x1x1 threads, threadgroup memory 17920 bytes (module: 17920)
 * CHECK: M=100 N=37 K=53 grid 2x1x1: ok, 0 wrong of 3700
 * CHECK-NEXT:   counters as expected: yes
 * CHECK: M=64 N=64 K=32 grid 1x1x1: ok, 0 wrong of 4096
 * CHECK-NEXT:   counters as expected: yes
 * CHECK: M=1 N=1 K=1 grid 1x1x1: ok, 0 wrong of 1
 * CHECK-NEXT:   counters as expected: yes
 * CHECK: M=130 N=65 K=97 grid 3x2x1: ok, 0 wrong of 8450
 * CHECK-NEXT:   counters as expected: yes
 * CHECK: M=128 N=192 K=64 grid 2x3x1: ok, 0 wrong of 24576
 * CHECK-NEXT:   counters as expected: yes
 * CHECK-NOT: wrong element
 */

#include "Inputs/emu_test.h"

#include <ctype.h>
#include <math.h>

/* The ABI's grid expressions as tile-translate writes them: an integer,
 * a scalar parameter's name (M, N or K here), or ceildiv(expr, expr). */
static unsigned long long eval(const char **p, const unsigned *scalars,
                               int *ok) {
  while (isspace((unsigned char)**p))
    ++*p;
  if (!strncmp(*p, "ceildiv(", 8)) {
    *p += 8;
    unsigned long long a = eval(p, scalars, ok);
    while (isspace((unsigned char)**p) || **p == ',')
      ++*p;
    unsigned long long b = eval(p, scalars, ok);
    while (isspace((unsigned char)**p))
      ++*p;
    if (**p != ')' || b == 0) {
      *ok = 0;
      return 0;
    }
    ++*p;
    return (a + b - 1) / b;
  }
  if (**p == 'M' || **p == 'N' || **p == 'K') {
    /* The scalar parameters, named as in examples/gemm.mlir. */
    char name = *(*p)++;
    return scalars[name == 'M' ? 0 : name == 'N' ? 1 : 2];
  }
  char *end;
  unsigned long long v = strtoull(*p, &end, 10);
  if (end == *p)
    *ok = 0;
  *p = end;
  return v;
}

static int run_shape(TmeModule *m, const TmeAbi *abi, unsigned M, unsigned N,
                     unsigned K) {
  size_t na = (size_t)M * K, nb = (size_t)K * N, nc = (size_t)M * N;
  float *A = malloc(na * sizeof *A), *B = malloc(nb * sizeof *B);
  float *C = malloc(nc * sizeof *C);
  for (size_t i = 0; i < na; ++i)
    A[i] = (float)((int)(i * 7 % 5) - 2) / 4.0f;
  for (size_t i = 0; i < nb; ++i)
    B[i] = (float)((int)(i * 3 % 7) - 3) / 2.0f;
  for (size_t i = 0; i < nc; ++i)
    C[i] = -12345.0f; /* every element must be overwritten */
  unsigned scalars[3] = {M, N, K};
  TmeBinding bind[6] = {{A, na * sizeof *A},
                        {B, nb * sizeof *B},
                        {C, nc * sizeof *C},
                        {&scalars[0], sizeof(unsigned)},
                        {&scalars[1], sizeof(unsigned)},
                        {&scalars[2], sizeof(unsigned)}};
  TmeLaunch l;
  memset(&l, 0, sizeof l);
  tme_abi_threads_per_threadgroup(abi, l.threads);
  int ok = 1;
  for (unsigned i = 0; i < 3; ++i) {
    const char *e = tme_abi_grid_expression(abi, i);
    l.grid[i] = e ? (unsigned)eval(&e, scalars, &ok) : 1u;
  }
  if (!ok) {
    printf("cannot evaluate the ABI's grid\n");
    return 1;
  }
  l.seed = 7;
  l.timeout_ms = 300000;
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 6, &l, &st, error, sizeof error);
  printf("M=%u N=%u K=%u grid %ux%ux%u: ", M, N, K, l.grid[0], l.grid[1],
         l.grid[2]);
  if (rc != TME_OK) {
    printf("[%s] %s\n", emu_code_name(rc), error);
    return 1;
  }
  size_t wrong = 0;
  for (unsigned i = 0; i < M; ++i) {
    for (unsigned j = 0; j < N; ++j) {
      double s = 0;
      for (unsigned k = 0; k < K; ++k)
        s += (double)A[(size_t)i * K + k] * B[(size_t)k * N + j];
      float got = C[(size_t)i * N + j];
      if (got != (float)s && wrong++ < 5)
        printf("\n  wrong element C[%u][%u] = %g, want %g", i, j, got, s);
    }
  }
  printf("%s%s, %zu wrong of %zu\n", wrong ? "\n" : "", wrong ? "FAIL" : "ok",
         wrong, nc);
  /* Counters: each threadgroup stages its 64 rows of A and 64 columns of B
   * over all of K, reading only in-bounds elements, and writes its part of
   * C once; 4 SIMD-groups x 64 MMAs and 2 barriers per 32-wide K slice. */
  unsigned long long ntg =
      (unsigned long long)l.grid[0] * l.grid[1] * l.grid[2];
  unsigned long long slices = (K + 31) / 32;
  unsigned long long want_a = (unsigned long long)l.grid[1] * M * K * 4;
  unsigned long long want_b = (unsigned long long)l.grid[0] * K * N * 4;
  unsigned long long want_c = (unsigned long long)M * N * 4;
  int counters_ok =
      st.threadgroups == ntg && st.threads == ntg * 128 &&
      st.simdgroup_mmas == ntg * 4 * 64 * slices &&
      st.barriers == ntg * 2 * slices && st.buffer_bytes_read[0] == want_a &&
      st.buffer_bytes_read[1] == want_b && st.buffer_bytes_read[2] == 0 &&
      st.buffer_bytes_written[2] == want_c && st.buffer_bytes_written[0] == 0 &&
      st.threadgroup_bytes_written == ntg * slices * 16384 &&
      st.threadgroup_uninit_reads == 0 && st.buffer_poison_elements[2] == 0;
  printf("  counters as expected: %s\n", counters_ok ? "yes" : "no");
  if (!counters_ok)
    printf("  threadgroups %llu threads %llu mmas %llu barriers %llu "
           "A read %llu (want %llu) B read %llu (want %llu) C read %llu "
           "C written %llu (want %llu) tg written %llu read %llu "
           "uninit %llu poison %llu\n",
           st.threadgroups, st.threads, st.simdgroup_mmas, st.barriers,
           st.buffer_bytes_read[0], want_a, st.buffer_bytes_read[1], want_b,
           st.buffer_bytes_read[2], st.buffer_bytes_written[2], want_c,
           st.threadgroup_bytes_written, st.threadgroup_bytes_read,
           st.threadgroup_uninit_reads, st.buffer_poison_elements[2]);
  free(A);
  free(B);
  free(C);
  return wrong || !counters_ok;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s <kernel.metal> <abi.json> <cache dir>\n",
            argv[0]);
    return 2;
  }
  char *source = emu_read_file(argv[1]);
  char *json = emu_read_file(argv[2]);
  TmeAbi *abi = NULL;
  char error[8192];
  int rc = tme_abi_parse(json, NULL, &abi, error, sizeof error);
  if (rc != TME_OK) {
    printf("ABI: %s\n", error);
    return 1;
  }
  const TmeSignature *sig = tme_abi_signature(abi);
  TmeModule *m = NULL;
  rc = tme_module_load(source, sig, argv[3], &m, error, sizeof error);
  if (rc != TME_OK) {
    printf("load [%s]: %s\n", emu_code_name(rc), error);
    return 1;
  }
  unsigned t[3];
  tme_abi_threads_per_threadgroup(abi, t);
  printf("kernel %s: %zu parameters, %zu builtins, %ux%ux%u threads, "
         "threadgroup memory %lu bytes (module: %zu)\n",
         sig->kernel_name, sig->num_params, sig->num_builtins, t[0], t[1], t[2],
         tme_abi_threadgroup_memory_bytes(abi),
         tme_module_threadgroup_memory_bytes(m));
  static const unsigned shapes[][3] = {
      {100, 37, 53}, {64, 64, 32}, {1, 1, 1}, {130, 65, 97}, {128, 192, 64}};
  int failures = 0;
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i)
    failures += run_shape(m, abi, shapes[i][0], shapes[i][1], shapes[i][2]);
  tme_module_free(m);
  tme_abi_free(abi);
  free(source);
  free(json);
  return failures != 0;
}
