/* The emulator's fiber switching and collectives under load: kernels of
 * fixtures/fiber_switching.metal keep integer and float values live across
 * hundreds of threadgroup barriers, simd_sum and simd_shuffle_xor calls, on
 * 2 workers, under 5 schedules (forward, reverse, 3 shuffles) that must
 * agree bit for bit, and the results are checked against a reference
 * computed here. This covers the user-space context switch (context.c: a
 * lost callee-saved register or stack slot changes a result) and the
 * completion of a collective by its last-arriving lane (hooks.c: the
 * counters of completed collectives must be exact). Then the fault
 * detectors after many switches: an out-of-bounds write, a divergent
 * barrier (and the same kernel with exited threads allowed), and a fiber
 * stack overflow, which the SIGSEGV handler reports from the worker's
 * signal stack.
 *
 * Usage: fiber-switching <fixtures dir> <cache dir>
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache | FileCheck %s
 *
 * CHECK: ping_pong 3x128, 100 rounds: ok, 384 of 384 right, barriers 600, simd collectives 2400
 * CHECK-NEXT: ping_pong 2x48, 50 rounds: ok, 96 of 96 right, barriers 200, simd collectives 400
 * CHECK-NEXT: ping_pong 1x1024, 20 rounds: ok, 1024 of 1024 right, barriers 40, simd collectives 1280
 * CHECK-NEXT: ping_pong 4x32, 300 rounds: ok, 128 of 128 right, barriers 2400, simd collectives 2400
 * CHECK-NEXT: oob_after_rounds: [oob] kernel 'oob_after_rounds', threadgroup (2,0,0), thread 77: out-of-bounds write of buffer 'out' at element 384
 * CHECK-NEXT: barrier_after_rounds: [divergence] kernel 'barrier_after_rounds', threadgroup (0,0,0), thread 0: divergent barrier
 * CHECK-SAME: thread 0 waits at threadgroup_barrier #201 (barrier_after_rounds.metal:{{[0-9]+}}), but thread 64 has returned from the kernel
 * CHECK-NEXT: barrier_after_rounds (exited threads allowed): ok, 192 of 192 right, barriers 603, simd collectives 2400
 * CHECK-NEXT: deep_stack: [fault] kernel 'deep_stack', threadgroup (0,0,0), thread 0: fiber stack overflow
 * CHECK-NEXT: ping_pong after the faults: ok, 384 of 384 right, barriers 600, simd collectives 2400
 */

#include "Inputs/emu_test.h"

#include <stdint.h>

static const char *dir, *cache;
static const char *const kBuiltins[] = {"thread_index_in_threadgroup",
                                        "threads_per_threadgroup",
                                        "threadgroup_position_in_grid"};

/* What ROUNDS_BODY leaves in out[tg * n + t] (ping_pong). */
static void reference(uint32_t *want, unsigned grid, unsigned n,
                      unsigned rounds) {
  for (unsigned tg = 0; tg < grid; ++tg) {
    uint32_t a[1024], b[1024], c[1024], d[1024], next[1024], s[1024];
    uint32_t x[1024];
    float f[1024];
    for (unsigned t = 0; t < n; ++t) {
      a[t] = t * 2654435761u + tg;
      b[t] = t ^ 0x9e3779b9u;
      c[t] = t + 7u;
      d[t] = 1u;
      f[t] = (float)t;
    }
    for (unsigned r = 0; r < rounds; ++r) {
      for (unsigned t = 0; t < n; ++t)
        next[t] = a[(t + 1u) % n];
      for (unsigned t = 0; t < n; ++t) {
        unsigned lo = t / 32 * 32, hi = lo + 32 < n ? lo + 32 : n;
        s[t] = 0;
        for (unsigned u = lo; u < hi; ++u)
          s[t] += next[u] & 0xffu;
        x[t] = b[lo + ((t - lo) ^ 1u)];
      }
      for (unsigned t = 0; t < n; ++t) {
        a[t] = a[t] * 1664525u + 1013904223u + next[t];
        b[t] = b[t] ^ (x[t] + r);
        c[t] = c[t] + s[t];
        d[t] = d[t] * 3u + (a[t] >> 7);
        f[t] = f[t] * 0.5f + (float)(s[t] & 15u);
      }
    }
    for (unsigned t = 0; t < n; ++t) /* f is in [0, 32): exact */
      want[tg * n + t] =
          a[t] ^ b[t] ^ c[t] ^ d[t] ^ (uint32_t)(f[t] * 65536.0f);
  }
}

/* Runs `kernel` on grid x n threads; prints "label: ok, R of T right, ..."
 * comparing the first `checked` threads of every threadgroup with the
 * reference, or the error. */
static void run(const char *label, const char *kernel, unsigned grid,
                unsigned n, unsigned rounds, unsigned flags, unsigned checked) {
  char path[4096];
  snprintf(path, sizeof path, "%s/fiber_switching.metal", dir);
  const TmeParam params[] = {{"out", "device uint*", 0},
                             {"rounds", "constant uint&", 1}};
  TmeModule *m = emu_load(path, kernel, params, 2, kBuiltins, 3, cache);
  size_t count = (size_t)grid * n;
  uint32_t *got = calloc(count, 4), *want = calloc(count, 4);
  if (!got || !want)
    exit(2);
  reference(want, grid, n, rounds);
  TmeBinding bind[2] = {{got, count * 4}, {&rounds, sizeof rounds}};
  TmeLaunch l = emu_launch_1d(grid, n);
  l.schedules = 5;
  l.workers = 2;
  l.flags = flags;
  TmeStats st;
  char error[4096];
  int rc = tme_run(m, bind, 2, &l, &st, error, sizeof error);
  if (rc != TME_OK) {
    emu_print_failure(label, rc, error);
  } else {
    unsigned right = 0;
    for (unsigned tg = 0; tg < grid; ++tg)
      for (unsigned t = 0; t < checked; ++t)
        right += got[tg * n + t] == want[tg * n + t];
    printf("%s: ok, %u of %u right, barriers %llu", label, right,
           grid * checked, st.barriers);
    if (st.simd_collectives)
      printf(", simd collectives %llu", st.simd_collectives);
    printf("\n");
  }
  free(got);
  free(want);
  tme_module_free(m);
}

int main(int argc, char **argv) {
  emu_parse_args(argc, argv, 0, "", &dir, &cache);
  run("ping_pong 3x128, 100 rounds", "ping_pong", 3, 128, 100, 0, 128);
  /* A partial SIMD-group of 16 lanes. */
  run("ping_pong 2x48, 50 rounds", "ping_pong", 2, 48, 50, 0, 48);
  run("ping_pong 1x1024, 20 rounds", "ping_pong", 1, 1024, 20, 0, 1024);
  run("ping_pong 4x32, 300 rounds", "ping_pong", 4, 32, 300, 0, 32);
  run("oob_after_rounds", "oob_after_rounds", 3, 128, 100, 0, 128);
  run("barrier_after_rounds", "barrier_after_rounds", 3, 128, 100, 0, 64);
  run("barrier_after_rounds (exited threads allowed)", "barrier_after_rounds",
      3, 128, 100, TME_ALLOW_EXITED_THREADS_AT_BARRIER, 64);
  run("deep_stack", "deep_stack", 1, 64, 10, 0, 64);
  /* The workers recover: the same kernel as first, in the same process. */
  run("ping_pong after the faults", "ping_pong", 3, 128, 100, 0, 128);
  return 0;
}
