/* The Metal emulator on small hand-written kernels (fixtures/NAME.metal): a
 * correct one gives the right result and exact counters; each faulty one is
 * reported with the right kind of error, naming kernel, threadgroup, thread
 * and buffer; none hangs.
 *
 * Usage: fixtures <fixtures dir> <cache dir> <case>
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache vector_add | FileCheck %s --check-prefix=ADD
 * RUN: %t %S/fixtures %t.cache race | FileCheck %s --check-prefix=RACE
 * RUN: %t %S/fixtures %t.cache uninit | FileCheck %s --check-prefix=UNINIT
 * RUN: %t %S/fixtures %t.cache oob | FileCheck %s --check-prefix=OOB
 * RUN: %t %S/fixtures %t.cache barrier | FileCheck %s --check-prefix=BARRIER
 * RUN: %t %S/fixtures %t.cache mma | FileCheck %s --check-prefix=MMA
 * RUN: %t %S/fixtures %t.cache compile_error | FileCheck %s --check-prefix=CERR
 * RUN: %t %S/fixtures %t.cache hang | FileCheck %s --check-prefix=HANG
 * RUN: %t %S/fixtures %t.cache builtins | FileCheck %s --check-prefix=BUILTINS
 * RUN: %t %S/fixtures %t.cache arguments | FileCheck %s --check-prefix=ARGS
 *
 * ADD: vector_add: ok, 0 wrong elements
 * ADD-NEXT: threadgroups 3 threads 192 barriers 0
 * ADD-NEXT: bytes read a 600 b 600 out 0, written out 600
 * ADD-NEXT: cached object reused: yes
 *
 * RACE: write_write_race: [race] kernel 'write_write_race': the result depends on the order in which threads run
 * RACE-SAME: buffer 'out' element 0 is 2 (0x40000000) under schedule 0 (forward) but 1 (0x3f800000) under schedule 1 (reverse)
 * RACE: read_write_race: [race] kernel 'read_write_race': the result depends on the order
 * RACE-SAME: buffer 'out' element 0 is -nan (0xffffffff) under schedule 0 (forward) but 42 (0x42280000) under schedule 1 (reverse)
 *
 * UNINIT: read_uninitialized: ok
 * UNINIT-NEXT: float NaN elements 32 (first 32), 0xffffffff 32
 * UNINIT-NEXT: half NaN elements 32 (first 32), 0xffff 32
 * UNINIT-NEXT: uninitialised threadgroup reads 64, first by thread 32 of threadgroup (0,0,0)
 * UNINIT-NEXT: poison elements out 32 out_h 32
 * UNINIT-NEXT: threadgroup memory 384 bytes
 *
 * OOB: write_past_end: [oob] kernel 'write_past_end', threadgroup (1,0,0), thread 15: out-of-bounds write of buffer 'out' at element 32 (the buffer has 128 bytes = 32 elements of 4 bytes)
 * OOB-NEXT: read_before_start: [oob] kernel 'read_before_start', threadgroup (0,0,0), thread 0: out-of-bounds read of buffer 'in' at element -1024
 * OOB-NEXT: bindings unchanged: yes
 * OOB-NEXT: vector_add after faults: ok
 *
 * BARRIER: barrier_in_if: [divergence] kernel 'barrier_in_if', threadgroup (0,0,0), thread 0: divergent barrier
 * BARRIER-SAME: thread 0 waits at threadgroup_barrier #1 (barrier_in_if.metal:{{[0-9]+}}), but thread 16 has returned from the kernel
 * BARRIER: barrier_if_else: [divergence] kernel 'barrier_if_else', threadgroup (0,0,0), thread 0: divergent barrier
 * BARRIER-SAME: thread 0 waits at threadgroup_barrier #1 (barrier_if_else.metal:{{[0-9]+}}), but thread 16 waits at threadgroup_barrier #1 (barrier_if_else.metal:
 * BARRIER: early_return: [divergence] {{.*}} thread 0 waits at threadgroup_barrier #1 {{.*}} but thread 16 has returned
 * BARRIER-NEXT: early_return (exited threads allowed): ok, out[0] 15 out[15] 0, barriers 1
 *
 * MMA: mma_in_if: [divergence] kernel 'mma_in_if', threadgroup (0,0,0), thread 0: simdgroup_multiply_accumulate in divergent control flow
 * MMA-SAME: thread 0 waits at simdgroup_multiply_accumulate #1 (call site {{.*}}), but thread 16 {{has returned from the kernel|waits at simdgroup_load/simdgroup_store .*}}
 *
 * CERR: broken: [compile] compiling kernel 'broken'
 * CERR: broken.metal:3:{{[0-9]+}}: error: use of undeclared identifier 'undefined_name'
 *
 * BUILTINS: builtins: ok, 6144 of 6144 values right, threadgroup memory 0 bytes
 *
 * ARGS: unknown builtin: [argument] unsupported builtin parameter 'sample_id'
 * ARGS-NEXT: code in msl_type: [argument] parameter 0 ('out'): unsupported msl_type 'device float*) + 0; system("true"'
 * ARGS-NEXT: threadgroup parameter: [argument] parameter 0 ('out'): threadgroup parameters are not supported (type 'threadgroup float*')
 * ARGS-NEXT: bad kernel name: [argument] invalid kernel name 'a b'
 * ARGS-NEXT: binding count: [argument] kernel 'vector_add' has 4 parameters, 3 bindings given
 * ARGS-NEXT: scalar too small: [argument] binding 3 ('n'): 2 bytes given for a value of 4
 * ARGS-NEXT: too many threads: [argument] kernel 'vector_add': 2048 threads per threadgroup (at most 1024)
 * ARGS-NEXT: empty grid: [argument] kernel 'vector_add': grid and threadgroup extents must be >= 1
 * ARGS-NEXT: malformed ABI: [argument] ABI JSON: expected ',' or '}' at offset 26
 * ARGS-NEXT: missing kernel: [argument] ABI JSON: no kernel 'nope'
 * ARGS-NEXT: ABI: k with 2 parameters (out, n), 1 builtins, threads 64x2x1, 4096 bytes, grid ceildiv(arg1, 64) x 1 x 1
 *
 * HANG: spin_wait: [timeout] kernel 'spin_wait', threadgroup (0,0,0), thread 0: launch timed out
 * HANG-NEXT: big_private_array: [fault] kernel 'big_private_array', threadgroup (0,0,0), thread 0: fiber stack overflow (65536 bytes per thread; set TILE_MSL_FIBER_STACK)
 * HANG-NEXT: big_private_array with 1 MiB stacks: ok, out[1] 7934
 */

#define _POSIX_C_SOURCE 200809L /* setenv */
#include "Inputs/emu_test.h"

#include <math.h>
#include <stdint.h>

static const char *dir, *cache;

static char *fixture(const char *name) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return path;
}

static void report(const char *kernel, int rc, const char *error) {
  if (rc == TME_OK)
    printf("%s: ok\n", kernel);
  else
    emu_print_failure(kernel, rc, error);
}

static const char *const kTid[] = {"thread_index_in_threadgroup"};

static int vector_add(int quiet) {
  static const TmeParam params[] = {{"a", "device const float*", 0},
                                    {"b", "device const float*", 1},
                                    {"out", "device float*", 2},
                                    {"n", "constant uint&", 3}};
  static const char *const builtins[] = {"thread_position_in_grid"};
  TmeModule *m = emu_load(fixture("vector_add.metal"), "vector_add", params, 4,
                          builtins, 1, cache);
  enum { N = 150 };
  float a[N], b[N], out[N];
  unsigned n = N;
  for (int i = 0; i < N; ++i) {
    a[i] = (float)i * 0.5f;
    b[i] = 1000.0f - (float)i;
    out[i] = -1.0f;
  }
  TmeBinding bind[4] = {
      {a, sizeof a}, {b, sizeof b}, {out, sizeof out}, {&n, sizeof n}};
  TmeLaunch l = emu_launch_1d(3, 64);
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 4, &l, &st, error, sizeof error);
  int wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += out[i] != a[i] + b[i];
  if (quiet) {
    printf("vector_add after faults: %s\n",
           rc == TME_OK && !wrong ? "ok" : error);
    tme_module_free(m);
    return rc;
  }
  if (rc != TME_OK) {
    report("vector_add", rc, error);
    return rc;
  }
  printf("vector_add: ok, %d wrong elements\n", wrong);
  printf("threadgroups %llu threads %llu barriers %llu\n", st.threadgroups,
         st.threads, st.barriers);
  printf("bytes read a %llu b %llu out %llu, written out %llu\n",
         st.buffer_bytes_read[0], st.buffer_bytes_read[1],
         st.buffer_bytes_read[2], st.buffer_bytes_written[2]);
  /* Loading the same kernel again must reuse the cached object. */
  char first[4096];
  snprintf(first, sizeof first, "%s", tme_module_library_path(m));
  TmeModule *again = emu_load(fixture("vector_add.metal"), "vector_add", params,
                              4, builtins, 1, cache);
  printf("cached object reused: %s\n",
         strcmp(first, tme_module_library_path(again)) == 0 ? "yes" : "no");
  tme_module_free(again);
  tme_module_free(m);
  return 0;
}

static void race(void) {
  static const TmeParam params[] = {{"out", "device float*", 0}};
  const char *kernels[] = {"write_write_race", "read_write_race"};
  for (int k = 0; k < 2; ++k) {
    TmeModule *m =
        emu_load(fixture("race.metal"), kernels[k], params, 1, kTid, 1, cache);
    float out[1] = {0};
    TmeBinding bind[1] = {{out, sizeof out}};
    TmeLaunch l = emu_launch_1d(1, 32);
    char error[4096];
    report(kernels[k], tme_run(m, bind, 1, &l, NULL, error, sizeof error),
           error);
    tme_module_free(m);
  }
}

static void uninit(void) {
  static const TmeParam params[] = {{"out", "device float*", 0},
                                    {"out_h", "device half*", 1}};
  TmeModule *m = emu_load(fixture("uninit.metal"), "read_uninitialized", params,
                          2, kTid, 1, cache);
  float out[64];
  uint16_t out_h[64];
  memset(out, 0, sizeof out);
  memset(out_h, 0, sizeof out_h);
  TmeBinding bind[2] = {{out, sizeof out}, {out_h, sizeof out_h}};
  TmeLaunch l = emu_launch_1d(1, 64);
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 2, &l, &st, error, sizeof error);
  report("read_uninitialized", rc, error);
  int nan_f = 0, first_f = -1, ones_f = 0, nan_h = 0, first_h = -1, ones_h = 0;
  for (int i = 0; i < 64; ++i) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    if (isnan(out[i]) && nan_f++ == 0)
      first_f = i;
    ones_f += bits == 0xffffffffu;
    /* half NaN: exponent all ones, mantissa non-zero */
    if ((out_h[i] & 0x7c00u) == 0x7c00u && (out_h[i] & 0x3ffu) && nan_h++ == 0)
      first_h = i;
    ones_h += out_h[i] == 0xffffu;
    if (i < 32 && (out[i] != (float)i))
      printf("element %d wrong\n", i);
  }
  printf("float NaN elements %d (first %d), 0xffffffff %d\n", nan_f, first_f,
         ones_f);
  printf("half NaN elements %d (first %d), 0xffff %d\n", nan_h, first_h,
         ones_h);
  printf("uninitialised threadgroup reads %llu, first by thread %u of "
         "threadgroup (%u,%u,%u)\n",
         st.threadgroup_uninit_reads, st.uninit_thread,
         st.uninit_threadgroup[0], st.uninit_threadgroup[1],
         st.uninit_threadgroup[2]);
  printf("poison elements out %llu out_h %llu\n", st.buffer_poison_elements[0],
         st.buffer_poison_elements[1]);
  printf("threadgroup memory %zu bytes\n", st.threadgroup_memory_bytes);
  tme_module_free(m);
}

static void oob(void) {
  static const TmeParam params[] = {{"in", "device const float*", 0},
                                    {"out", "device float*", 1},
                                    {"n", "constant uint&", 2}};
  const char *kernels[] = {"write_past_end", "read_before_start"};
  int unchanged = 1;
  for (int k = 0; k < 2; ++k) {
    static const char *const builtins[] = {"thread_position_in_grid"};
    TmeModule *m = emu_load(fixture("oob.metal"), kernels[k], params, 3,
                            builtins, 1, cache);
    float in[32], out[32];
    unsigned n = 32;
    for (int i = 0; i < 32; ++i) {
      in[i] = (float)i;
      out[i] = -5.0f;
    }
    TmeBinding bind[3] = {{in, sizeof in}, {out, sizeof out}, {&n, sizeof n}};
    TmeLaunch l = emu_launch_1d(2, 16);
    char error[4096];
    report(kernels[k], tme_run(m, bind, 3, &l, NULL, error, sizeof error),
           error);
    for (int i = 0; i < 32; ++i)
      unchanged &= out[i] == -5.0f;
    tme_module_free(m);
  }
  printf("bindings unchanged: %s\n", unchanged ? "yes" : "no");
  /* The process is still fine after the faults were caught. */
  vector_add(1);
}

static void barrier(void) {
  static const TmeParam params[] = {{"out", "device float*", 0}};
  const char *kernels[] = {"barrier_in_if", "barrier_if_else", "early_return"};
  for (int k = 0; k < 3; ++k) {
    TmeModule *m = emu_load(fixture("divergent_barrier.metal"), kernels[k],
                            params, 1, kTid, 1, cache);
    float out[32] = {0};
    TmeBinding bind[1] = {{out, sizeof out}};
    TmeLaunch l = emu_launch_1d(1, 32);
    char error[4096];
    int rc = tme_run(m, bind, 1, &l, NULL, error, sizeof error);
    report(kernels[k], rc, error);
    if (k == 2) {
      TmeStats st;
      l.flags = TME_ALLOW_EXITED_THREADS_AT_BARRIER;
      rc = tme_run(m, bind, 1, &l, &st, error, sizeof error);
      if (rc == TME_OK)
        printf("early_return (exited threads allowed): ok, out[0] %g out[15] "
               "%g, barriers %llu\n",
               out[0], out[15], st.barriers);
      else
        report("early_return (exited threads allowed)", rc, error);
    }
    tme_module_free(m);
  }
}

static void mma(void) {
  static const TmeParam params[] = {{"in", "device const float*", 0},
                                    {"out", "device float*", 1}};
  static const char *const builtins[] = {"thread_index_in_simdgroup"};
  TmeModule *m = emu_load(fixture("divergent_mma.metal"), "mma_in_if", params,
                          2, builtins, 1, cache);
  float in[64], out[64];
  for (int i = 0; i < 64; ++i)
    in[i] = (float)(i % 5);
  TmeBinding bind[2] = {{in, sizeof in}, {out, sizeof out}};
  TmeLaunch l = emu_launch_1d(1, 32);
  char error[4096];
  report("mma_in_if", tme_run(m, bind, 2, &l, NULL, error, sizeof error),
         error);
  tme_module_free(m);
}

static void compile_error(void) {
  static const char source[] =
      "#include <metal_stdlib>\n"
      "[[kernel]] void broken(device float* out [[buffer(0)]]) {\n"
      "  out[0] = undefined_name;\n"
      "}\n";
  static const TmeParam params[] = {{"out", "device float*", 0}};
  TmeSignature sig = emu_signature("broken", params, 1, NULL, 0);
  TmeModule *m = NULL;
  char error[8192];
  int rc = tme_module_load(source, &sig, cache, &m, error, sizeof error);
  report("broken", rc, error);
  tme_module_free(m);
}

/* Threadgroups of 8x4x2 threads in a 2x3x1 grid. */
static void builtins(void) {
  static const TmeParam params[] = {{"out", "device uint*", 0}};
  static const char *const names[] = {"thread_index_in_threadgroup",
                                      "thread_position_in_threadgroup",
                                      "threads_per_threadgroup",
                                      "threadgroup_position_in_grid",
                                      "threadgroups_per_grid",
                                      "thread_position_in_grid",
                                      "threads_per_grid",
                                      "simdgroup_index_in_threadgroup",
                                      "thread_index_in_simdgroup",
                                      "simdgroups_per_threadgroup",
                                      "threads_per_simdgroup"};
  TmeModule *m = emu_load(fixture("builtins.metal"), "builtins", params, 1,
                          names, 11, cache);
  enum { TX = 8, TY = 4, TZ = 2, GX = 2, GY = 3, T = TX * TY * TZ };
  static unsigned out[GX * GY * T * 16];
  TmeBinding bind[1] = {{out, sizeof out}};
  TmeLaunch l = emu_launch_1d(GX, TX);
  l.grid[1] = GY;
  l.threads[1] = TY;
  l.threads[2] = TZ;
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 1, &l, &st, error, sizeof error);
  if (rc != TME_OK) {
    report("builtins", rc, error);
    tme_module_free(m);
    return;
  }
  int right = 0;
  for (unsigned gy = 0; gy < GY; ++gy)
    for (unsigned gx = 0; gx < GX; ++gx)
      for (unsigned t = 0; t < T; ++t) {
        unsigned x = t % TX, y = t / TX % TY, z = t / (TX * TY);
        unsigned want[16] = {t,
                             x,
                             y,
                             z,
                             TX * 10000 + TY * 100 + TZ,
                             gx,
                             gy,
                             GX * 10000 + GY * 100 + 1,
                             gx * TX + x,
                             gy * TY + y,
                             z,
                             GX * TX,
                             t / 32,
                             t % 32,
                             T / 32,
                             32};
        const unsigned *got = &out[((gy * GX + gx) * T + t) * 16];
        for (int i = 0; i < 16; ++i) {
          if (got[i] == want[i])
            ++right;
          else
            printf("threadgroup (%u,%u) thread %u value %d: %u, want %u\n", gx,
                   gy, t, i, got[i], want[i]);
        }
      }
  printf("builtins: ok, %d of %d values right, threadgroup memory %zu bytes\n",
         right, GX * GY * T * 16, st.threadgroup_memory_bytes);
  tme_module_free(m);
}

static void expect_load_error(const char *what, const char *name,
                              const TmeParam *params, size_t np,
                              const char *const *builtins, size_t nb) {
  TmeSignature sig = emu_signature(name, params, np, builtins, nb);
  TmeModule *m = NULL;
  char error[4096];
  int rc = tme_module_load("", &sig, cache, &m, error, sizeof error);
  report(what, rc, error);
  tme_module_free(m);
}

/* Invalid signatures, bindings, launches and ABI text are rejected with a
 * message; nothing that comes from an ABI reaches the C++ text unchecked. */
static void arguments(void) {
  static const TmeParam out[] = {{"out", "device float*", 0}};
  /* A fragment-shader input: compute kernels have no sample. */
  static const char *const sample[] = {"sample_id"};
  expect_load_error("unknown builtin", "k", out, 1, sample, 1);
  static const TmeParam code[] = {
      {"out", "device float*) + 0; system(\"true\"", 0}};
  expect_load_error("code in msl_type", "k", code, 1, NULL, 0);
  static const TmeParam tg[] = {{"out", "threadgroup float*", 0}};
  expect_load_error("threadgroup parameter", "k", tg, 1, NULL, 0);
  expect_load_error("bad kernel name", "a b", out, 1, NULL, 0);

  static const TmeParam params[] = {{"a", "device const float*", 0},
                                    {"b", "device const float*", 1},
                                    {"out", "device float*", 2},
                                    {"n", "constant uint&", 3}};
  static const char *const gid[] = {"thread_position_in_grid"};
  TmeModule *m = emu_load(fixture("vector_add.metal"), "vector_add", params, 4,
                          gid, 1, cache);
  float a[4] = {0}, b[4] = {0}, o[4] = {0};
  unsigned short n16 = 4;
  unsigned n = 4;
  TmeBinding bind[4] = {
      {a, sizeof a}, {b, sizeof b}, {o, sizeof o}, {&n, sizeof n}};
  TmeLaunch l = emu_launch_1d(1, 4);
  char error[4096];
  report("binding count", tme_run(m, bind, 3, &l, NULL, error, sizeof error),
         error);
  bind[3].data = &n16;
  bind[3].size = sizeof n16;
  report("scalar too small", tme_run(m, bind, 4, &l, NULL, error, sizeof error),
         error);
  bind[3].data = &n;
  bind[3].size = sizeof n;
  l.threads[0] = 2048;
  report("too many threads", tme_run(m, bind, 4, &l, NULL, error, sizeof error),
         error);
  l.threads[0] = 4;
  l.grid[1] = 0;
  report("empty grid", tme_run(m, bind, 4, &l, NULL, error, sizeof error),
         error);
  tme_module_free(m);

  TmeAbi *abi = NULL;
  report("malformed ABI",
         tme_abi_parse("{\"kernels\": [{\"name\": \"k\" \"x\": 1}]}", NULL,
                       &abi, error, sizeof error),
         error);
  static const char json[] =
      "{\"kernels\": [{\"name\": \"k\", \"buffers\": [{\"index\": 0, "
      "\"name\": \"out\", \"msl_type\": \"device float*\"}], "
      "\"scalars\": [{\"index\": 1, \"name\": \"n\", \"msl_type\": "
      "\"constant uint&\"}], \"builtins\": [\"thread_position_in_grid\"], "
      "\"threads_per_threadgroup\": [64, 2, 1], "
      "\"threadgroup_memory_bytes\": 4096, "
      "\"grid\": [\"ceildiv(arg1, 64)\", \"1\", 1]}]}";
  report("missing kernel",
         tme_abi_parse(json, "nope", &abi, error, sizeof error), error);
  if (tme_abi_parse(json, "k", &abi, error, sizeof error) == TME_OK) {
    const TmeSignature *sig = tme_abi_signature(abi);
    unsigned t[3];
    tme_abi_threads_per_threadgroup(abi, t);
    printf("ABI: %s with %zu parameters (%s, %s), %zu builtins, threads "
           "%ux%ux%u, %lu bytes, grid %s x %s x %s\n",
           sig->kernel_name, sig->num_params, sig->params[0].name,
           sig->params[1].name, sig->num_builtins, t[0], t[1], t[2],
           tme_abi_threadgroup_memory_bytes(abi),
           tme_abi_grid_expression(abi, 0), tme_abi_grid_expression(abi, 1),
           tme_abi_grid_expression(abi, 2));
    tme_abi_free(abi);
  } else {
    report("ABI", TME_ERR_ARGUMENT, error);
  }
}

static void hang(void) {
  static const TmeParam spin_params[] = {{"flag", "volatile device int*", 0},
                                         {"out", "device float*", 1}};
  TmeModule *m = emu_load(fixture("hang.metal"), "spin_wait", spin_params, 2,
                          kTid, 1, cache);
  int flag[1] = {0};
  float out[32] = {0};
  TmeBinding bind[2] = {{flag, sizeof flag}, {out, sizeof out}};
  TmeLaunch l = emu_launch_1d(1, 32);
  l.timeout_ms = 1000;
  char error[4096];
  report("spin_wait", tme_run(m, bind, 2, &l, NULL, error, sizeof error),
         error);
  tme_module_free(m);

  static const TmeParam big_params[] = {{"in", "device const float*", 0},
                                        {"out", "device float*", 1}};
  m = emu_load(fixture("hang.metal"), "big_private_array", big_params, 2, kTid,
               1, cache);
  float in[32];
  for (int i = 0; i < 32; ++i)
    in[i] = (float)i;
  bind[0].data = in;
  bind[0].size = sizeof in;
  l = emu_launch_1d(1, 32);
  report("big_private_array",
         tme_run(m, bind, 2, &l, NULL, error, sizeof error), error);
  /* The fiber stack size is read at each launch. */
  setenv("TILE_MSL_FIBER_STACK", "1048576", 1);
  int rc = tme_run(m, bind, 2, &l, NULL, error, sizeof error);
  if (rc == TME_OK)
    printf("big_private_array with 1 MiB stacks: ok, out[1] %g\n", out[1]);
  else
    report("big_private_array with 1 MiB stacks", rc, error);
  tme_module_free(m);
}

int main(int argc, char **argv) {
  emu_parse_args(argc, argv, 1, " <case>", &dir, &cache);
  const char *c = argv[3];
  if (!strcmp(c, "vector_add"))
    return vector_add(0);
  static const struct {
    const char *name;
    void (*run)(void);
  } cases[] = {{"race", race},
               {"uninit", uninit},
               {"oob", oob},
               {"barrier", barrier},
               {"mma", mma},
               {"compile_error", compile_error},
               {"hang", hang},
               {"builtins", builtins},
               {"arguments", arguments}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    if (!strcmp(c, cases[i].name)) {
      cases[i].run();
      return 0;
    }
  fprintf(stderr, "unknown case %s\n", c);
  return 2;
}
