/*===- hooks.c - tile_msl_* hooks and collectives ------------------*- C
-*-===*\
|*                                                                            *|
|* The kernel module calls the hooks of tile_msl_hooks.h; they are defined    *|
|* here (strong, exported) and resolved by the dynamic linker when the module *|
|* is loaded. A hook that has to wait records what the fiber waits for and    *|
|* yields to the scheduler; the scheduler completes a collective only when    *|
|* all its participants wait at the SAME call (same return address and same  *|
|* number of earlier passes), which is how divergent barriers and             *|
|* simdgroup_multiply_accumulate or simd_sum & co. (simd.c) in divergent      *|
|* control flow are caught instead of being silently "completed" or hanging.  *|
|* tile_msl_rendezvous is the generic form (matmul2d::run of the tensor       *|
|* headers): the threads of a scope meet, one runs the shim's callback over   *|
|* all their arguments, and all continue.                                     *|
|* The load/store and atomic callbacks are access.c's.                       *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the hooks ---------------------------------------------------------- */
/* (tile_msl_simd_collective, the SIMD-group functions' hook, is in simd.c.) */
unsigned tile_msl_lane_id(void) {
  TmeWorker *w = tme_active_worker();
  return w ? w->cur % TME_SIMD_WIDTH : 0u;
}

/* Outside the emulator (a kernel called directly) the program is a single
 * thread: there is nobody to wait for. The flags do not matter to an
 * executor whose memory is coherent. */
/* The shim's barriers name their source line first; it is kept while the
 * fiber waits at the barrier, for describe(). */
void tile_msl_barrier_site(const char *file, unsigned line) {
  TmeWorker *w = tme_active_worker();
  if (!w)
    return;
  w->fibers[w->cur].barrier_file = file;
  w->fibers[w->cur].barrier_line = line;
}

/* Blocks at a barrier; the source line is then spent. */
static void barrier(TmeFiberState state, const void *site) {
  TmeWorker *w = tme_active_worker();
  if (!w)
    return;
  unsigned self = w->cur;
  tme_fiber_block(w, state, site);
  w->fibers[self].barrier_file = NULL;
}

void tile_msl_threadgroup_barrier(unsigned flags) {
  (void)flags;
  barrier(TME_FS_TG_BARRIER, __builtin_return_address(0));
}

void tile_msl_simdgroup_barrier(unsigned flags) {
  (void)flags;
  barrier(TME_FS_SG_BARRIER, __builtin_return_address(0));
}

/* simdgroup_load/store: a data-less rendezvous of the 32 lanes, so that one
 * reached in divergent control flow is reported (Metal leaves it undefined). */
void tile_msl_simdgroup_uniform(void) {
  TmeWorker *w = tme_active_worker();
  if (w)
    tme_fiber_block(w, TME_FS_SG_UNIFORM, __builtin_return_address(0));
}

void tile_msl_simdgroup_multiply_accumulate(void *d, int d_type, const void *a,
                                            int a_type, const void *b,
                                            int b_type, const void *c,
                                            int c_type) {
  TmeWorker *w = tme_active_worker();
  if (!w) {
    fputs("tile-msl: simdgroup_multiply_accumulate called outside the Metal "
          "emulator's fibers\n",
          stderr);
    abort();
  }
  TmeFiber *f = &w->fibers[w->cur];
  f->d = d;
  f->a = a;
  f->b = b;
  f->c = c;
  f->dt = d_type;
  f->at = a_type;
  f->bt = b_type;
  f->ct = c_type;
  tme_fiber_block(w, TME_FS_MMA, __builtin_return_address(0));
}

unsigned tile_msl_thread_index(void) {
  TmeWorker *w = tme_active_worker();
  return w ? w->cur : 0u;
}

unsigned tile_msl_builtin_value(unsigned slot) {
  TmeWorker *w = tme_active_worker();
  if (!w || slot >= TME_BV_COUNT)
    tile_msl_report(TILE_MSL_REPORT_INVALID,
                    "a program-scope built-in variable read outside a "
                    "kernel's thread");
  return w->fibers[w->cur].bv[slot];
}

/* A misuse the shim detected (metal_tensor, MetalPerformancePrimitives):
 * stops the threadgroup as a fault in kernel code does. */
void tile_msl_report(int kind, const char *message) {
  TmeWorker *w = tme_active_worker();
  if (!message)
    message = "(no message)";
  if (!w) {
    fprintf(stderr, "tile-msl: %s\n", message);
    abort();
  }
  int code = kind == TILE_MSL_REPORT_OUT_OF_BOUNDS ? TME_ERR_OOB
             : kind == TILE_MSL_REPORT_DIVERGENCE  ? TME_ERR_DIVERGENCE
                                                   : TME_ERR_FAULT;
  tme_worker_error(w, code, w->cur, "%s", message);
  siglongjmp(w->fault_jmp, 1); /* synchronous, in kernel code */
}

/* The generic collective of tile_msl_hooks.h. A thread records its
 * arguments and waits (TME_FS_RENDEZVOUS); when the whole scope waits at
 * the same call with equal keys, tme_release_collectives resumes the
 * scope's first thread with rv_lead set and parks the others
 * (TME_FS_RV_WAIT). The first thread runs the callback on its own fiber --
 * so that its memory accesses are counted and a fault in it is reported
 * like one in kernel code -- and then lets the others go. */
void tile_msl_rendezvous(unsigned simdgroups, const char *what,
                         tile_msl_rendezvous_fn fn, void *arg, const void *key,
                         unsigned key_size) {
  const void *site = __builtin_return_address(0);
  TmeWorker *w = tme_active_worker();
  if (!what)
    what = "tile_msl_rendezvous";
  if (!w) { /* a kernel called directly: a scope of one thread */
    void *args[1] = {arg};
    fn(args, 1);
    return;
  }
  if (!fn || (key_size && !key)) {
    tme_worker_error(w, TME_ERR_FAULT, w->cur,
                     "%s: invalid call of tile_msl_rendezvous", what);
    siglongjmp(w->fault_jmp, 1);
  }
  if (w->nthreads % TME_SIMD_WIDTH != 0) {
    tme_worker_error(w, TME_ERR_ARGUMENT, w->cur,
                     "%s needs full SIMD-groups, but the threadgroup has %u "
                     "threads (not a multiple of 32)",
                     what, w->nthreads);
    siglongjmp(w->fault_jmp, 1);
  }
  if (simdgroups != 0 && simdgroups != w->nsimd) {
    tme_worker_error(w, TME_ERR_ARGUMENT, w->cur,
                     "%s: its execution scope is %u SIMD-groups "
                     "(execution_simdgroups<%u>), but the threadgroup has %u "
                     "(%u threads)",
                     what, simdgroups, simdgroups, w->nsimd, w->nthreads);
    siglongjmp(w->fault_jmp, 1);
  }
  TmeFiber *f = &w->fibers[w->cur];
  f->rv_simdgroups = simdgroups;
  f->rv_what = what;
  f->rv_fn = fn;
  f->rv_arg = arg;
  f->rv_key = key;
  f->rv_key_size = key_size;
  f->rv_lead = 0;
  tme_fiber_block(w, TME_FS_RENDEZVOUS, site);
  if (!f->rv_lead)
    return;
  f->rv_lead = 0;
  unsigned lo = f->rv_lo, hi = f->rv_hi;
  for (unsigned t = lo; t < hi; ++t)
    w->rv_args[t - lo] = w->fibers[t].rv_arg;
  fn(w->rv_args, hi - lo);
  for (unsigned t = lo; t < hi; ++t)
    if (w->fibers[t].state == TME_FS_RV_WAIT)
      w->fibers[t].state = TME_FS_RUNNABLE;
}

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
static void do_mma(TmeWorker *w, unsigned lo) {
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

/* ---- completing collectives -------------------------------------------- */
static int counter_of(TmeFiberState s) {
  switch (s) {
  case TME_FS_TG_BARRIER:
    return 0;
  case TME_FS_SG_BARRIER:
    return 1;
  case TME_FS_MMA:
    return 2;
  case TME_FS_SIMD:
    return 4;
  case TME_FS_RENDEZVOUS:
  case TME_FS_RV_WAIT:
    return 5;
  default:
    return 3;
  }
}

/* Same collective call: same state, call site and number of earlier passes
 * of that kind; for SIMD-group functions also the same operation on the
 * same operand type (one call site has one, so this only guards against a
 * hand-written caller). */
static int same_call(const TmeFiber *x, const TmeFiber *y) {
  if (x->state == TME_FS_SIMD && y->state == TME_FS_SIMD &&
      (x->simd_op != y->simd_op || x->simd_type != y->simd_type ||
       x->simd_count != y->simd_count))
    return 0;
  if (x->state == TME_FS_RENDEZVOUS && y->state == TME_FS_RENDEZVOUS &&
      (x->rv_fn != y->rv_fn || x->rv_simdgroups != y->rv_simdgroups))
    return 0;
  return x->state == y->state && x->site == y->site &&
         x->passed[counter_of(x->state)] == y->passed[counter_of(y->state)];
}

static void release(TmeWorker *w, unsigned lo, unsigned hi,
                    TmeFiberState state) {
  unsigned n = 0;
  for (unsigned t = lo; t < hi; ++t) {
    TmeFiber *f = &w->fibers[t];
    if (f->state == state) {
      f->passed[counter_of(state)]++;
      f->state = TME_FS_RUNNABLE;
      ++n;
    }
  }
  if (state == TME_FS_TG_BARRIER) {
    w->tg_waiting -= n;
    tme_racecheck_new_epoch(w);
  } else
    w->sg_waiting[lo / TME_SIMD_WIDTH] -= n;
}

/* Whether fibers [lo, hi) all wait at one `state` call. Returned fibers are
 * tolerated (skipped) only for barriers under
 * TME_ALLOW_EXITED_THREADS_AT_BARRIER; at least one fiber must wait. */
static int all_at(TmeWorker *w, unsigned lo, unsigned hi, TmeFiberState state,
                  int allow_done) {
  const TmeFiber *first = NULL;
  for (unsigned t = lo; t < hi; ++t) {
    const TmeFiber *f = &w->fibers[t];
    if (f->state == TME_FS_DONE && allow_done)
      continue;
    if (f->state != state)
      return 0;
    if (!first)
      first = f;
    else if (!same_call(first, f))
      return 0;
  }
  return first != NULL;
}

/* Fibers [lo, hi) all wait at one tile_msl_rendezvous call: checks that
 * they agree on the key, then releases the first as the one that runs the
 * callback (tile_msl_rendezvous) and parks the others until it has. */
static int complete_rendezvous(TmeWorker *w, unsigned lo, unsigned hi) {
  const TmeFiber *first = &w->fibers[lo];
  for (unsigned t = lo + 1; t < hi; ++t) {
    const TmeFiber *f = &w->fibers[t];
    if (f->rv_key_size != first->rv_key_size ||
        (f->rv_key_size &&
         memcmp(f->rv_key, first->rv_key, f->rv_key_size) != 0)) {
      tme_worker_error(w, TME_ERR_DIVERGENCE, lo,
                       "%s with divergent operands: thread %u and thread %u "
                       "pass different operands (every thread of the %s "
                       "must pass the same ones)",
                       first->rv_what, lo, t,
                       first->rv_simdgroups ? "threadgroup" : "SIMD-group");
      return -1;
    }
  }
  for (unsigned t = lo; t < hi; ++t) {
    TmeFiber *f = &w->fibers[t];
    f->passed[counter_of(TME_FS_RENDEZVOUS)]++;
    f->rv_lo = lo;
    f->rv_hi = hi;
    f->rv_lead = t == lo;
    f->state = t == lo ? TME_FS_RUNNABLE : TME_FS_RV_WAIT;
  }
  if (w->counting)
    w->stats.tensor_ops++;
  tme_racecheck_new_epoch(w);
  return 1;
}

/* One past the last thread of the SIMD-group that starts at thread `lo`
 * (the last SIMD-group of a threadgroup may be partial). */
static unsigned simdgroup_end(const TmeWorker *w, unsigned lo) {
  return lo + TME_SIMD_WIDTH < w->nthreads ? lo + TME_SIMD_WIDTH : w->nthreads;
}

/* Completes the collective that fibers [lo, hi), one SIMD-group, all wait
 * at in `state` (all_at holds). Returns 1, or -1 on error (w->err set). */
static int complete_simdgroup(TmeWorker *w, unsigned lo, unsigned hi,
                              TmeFiberState state) {
  switch (state) {
  case TME_FS_MMA:
    if (hi - lo != TME_SIMD_WIDTH) {
      tme_worker_error(w, TME_ERR_DIVERGENCE, lo,
                       "simdgroup_multiply_accumulate in a partial "
                       "SIMD-group (%u threads; the threadgroup size is not "
                       "a multiple of 32)",
                       hi - lo);
      return -1;
    }
    do_mma(w, lo);
    if (w->counting)
      w->stats.simdgroup_mmas++;
    break;
  case TME_FS_SIMD:
    /* A partial SIMD-group is fine here: its missing lanes are inactive
     * (simd.c). */
    tme_simd_complete(w, lo, hi);
    if (w->counting)
      w->stats.simd_collectives++;
    break;
  case TME_FS_RENDEZVOUS:
    return complete_rendezvous(w, lo, hi);
  case TME_FS_SG_BARRIER:
    if (w->counting)
      w->stats.simdgroup_barriers++;
    break;
  default: /* TME_FS_SG_UNIFORM: nothing but the meeting */
    break;
  }
  release(w, lo, hi, state);
  return 1;
}

/* The collective of SIMD-group [lo, hi) that can complete, or
 * TME_FS_RUNNABLE if none. */
static TmeFiberState ready_simdgroup(TmeWorker *w, unsigned lo, unsigned hi,
                                     int lenient) {
  static const TmeFiberState kinds[] = {TME_FS_MMA, TME_FS_SIMD,
                                        TME_FS_RENDEZVOUS, TME_FS_SG_UNIFORM};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
    if (all_at(w, lo, hi, kinds[i], 0) &&
        (kinds[i] != TME_FS_RENDEZVOUS || w->fibers[lo].rv_simdgroups == 0))
      return kinds[i];
  if (all_at(w, lo, hi, TME_FS_SG_BARRIER, lenient))
    return TME_FS_SG_BARRIER;
  return TME_FS_RUNNABLE;
}

int tme_release_collectives(TmeWorker *w) {
  TmeLaunchState *ls = w->ls;
  int lenient = (ls->launch.flags & TME_ALLOW_EXITED_THREADS_AT_BARRIER) != 0;
  int progress = 0;
  for (unsigned lo = 0; lo < w->nthreads; lo += TME_SIMD_WIDTH) {
    unsigned hi = simdgroup_end(w, lo);
    TmeFiberState state = ready_simdgroup(w, lo, hi, lenient);
    if (state == TME_FS_RUNNABLE)
      continue;
    if (complete_simdgroup(w, lo, hi, state) < 0)
      return -1;
    progress = 1;
  }
  if (!progress && all_at(w, 0, w->nthreads, TME_FS_RENDEZVOUS, 0) &&
      w->fibers[0].rv_simdgroups != 0) {
    if (complete_rendezvous(w, 0, w->nthreads) < 0)
      return -1;
    progress = 1;
  }
  if (!progress && all_at(w, 0, w->nthreads, TME_FS_TG_BARRIER, lenient)) {
    release(w, 0, w->nthreads, TME_FS_TG_BARRIER);
    if (w->counting)
      w->stats.barriers++;
    progress = 1;
  }
  return progress;
}

/* Whether every fiber of [lo, hi) but `t` waits at the same call as `t`
 * (returned ones tolerated if allow_done). */
static int others_at(const TmeWorker *w, unsigned lo, unsigned hi, unsigned t,
                     int allow_done) {
  const TmeFiber *self = &w->fibers[t];
  for (unsigned u = lo; u < hi; ++u) {
    const TmeFiber *f = &w->fibers[u];
    if (u == t || (f->state == TME_FS_DONE && allow_done))
      continue;
    if (!same_call(self, f))
      return 0;
  }
  return 1;
}

int tme_complete_on_arrival(TmeWorker *w) {
  unsigned t = w->cur;
  TmeFiberState state = w->fibers[t].state;
  /* Returned fibers may count as arrived at barriers: the counters do not
   * know them, so every arrival looks. */
  int lenient =
      (w->ls->launch.flags & TME_ALLOW_EXITED_THREADS_AT_BARRIER) != 0;
  if (state == TME_FS_TG_BARRIER) {
    if ((++w->tg_waiting < w->nthreads && !lenient) ||
        !others_at(w, 0, w->nthreads, t, lenient))
      return 0;
    release(w, 0, w->nthreads, TME_FS_TG_BARRIER);
    if (w->counting)
      w->stats.barriers++;
    return 1;
  }
  /* Rendezvous (their first thread runs the callback) are left to the
   * scheduler. */
  if (state == TME_FS_RENDEZVOUS)
    return 0;
  unsigned lo = t / TME_SIMD_WIDTH * TME_SIMD_WIDTH;
  unsigned hi = simdgroup_end(w, lo);
  int allow_done = state == TME_FS_SG_BARRIER && lenient;
  if ((++w->sg_waiting[t / TME_SIMD_WIDTH] < hi - lo && !allow_done) ||
      !others_at(w, lo, hi, t, allow_done))
    return 0;
  /* So is an error (a partial SIMD-group's MMA), to be reported in the
   * same place as before. */
  if (state == TME_FS_MMA && hi - lo != TME_SIMD_WIDTH)
    return 0;
  return complete_simdgroup(w, lo, hi, state);
}

/* ---- explaining a stuck threadgroup ------------------------------------ */
static const char *call_name(const TmeFiber *f) {
  switch (f->state) {
  case TME_FS_TG_BARRIER:
    return "threadgroup_barrier";
  case TME_FS_SG_BARRIER:
    return "simdgroup_barrier";
  case TME_FS_MMA:
    return "simdgroup_multiply_accumulate";
  case TME_FS_SG_UNIFORM:
    return "simdgroup_load/simdgroup_store";
  case TME_FS_SIMD:
    return tme_simd_name(f->simd_op);
  case TME_FS_RENDEZVOUS:
  case TME_FS_RV_WAIT:
    return f->rv_what;
  default:
    return "?";
  }
}

/* "waits at threadgroup_barrier #2 (call site +0x1234)" etc. The site is an
 * offset in the kernel module, stable for a given compiled object. */
static void describe(const TmeFiber *f, char *buf, size_t size) {
  if (f->state == TME_FS_DONE) {
    snprintf(buf, size, "has returned from the kernel");
    return;
  }
  if (f->state == TME_FS_RUNNABLE) {
    snprintf(buf, size, "is runnable");
    return;
  }
  Dl_info info;
  unsigned long off = (unsigned long)(uintptr_t)f->site;
  if (dladdr(f->site, &info) && info.dli_fbase)
    off = (unsigned long)((uintptr_t)f->site - (uintptr_t)info.dli_fbase);
  unsigned long long n = f->passed[counter_of(f->state)] + 1;
  int at_barrier =
      f->state == TME_FS_TG_BARRIER || f->state == TME_FS_SG_BARRIER;
  if (at_barrier && f->barrier_file) /* the line the shim recorded */
    snprintf(buf, size, "waits at %s #%llu (%s:%u)", call_name(f), n,
             f->barrier_file, f->barrier_line);
  else if (f->state == TME_FS_SIMD) /* one count for all SIMD-group functions */
    snprintf(buf, size,
             "waits at %s (SIMD-group function #%llu, call site "
             "+0x%lx)",
             call_name(f), n, off);
  else
    snprintf(buf, size, "waits at %s #%llu (call site +0x%lx)", call_name(f), n,
             off);
}

/* Finds a fiber in [lo, hi) waiting at `state` and one that is not at the
 * same call; reports them. Returns 1 if it reported. */
static int report_group(TmeWorker *w, unsigned lo, unsigned hi,
                        TmeFiberState state, int allow_done, const char *what) {
  unsigned a = hi;
  for (unsigned t = lo; t < hi && a == hi; ++t)
    if (w->fibers[t].state == state)
      a = t;
  if (a == hi)
    return 0;
  unsigned b = hi;
  for (unsigned t = lo; t < hi && b == hi; ++t) {
    const TmeFiber *f = &w->fibers[t];
    if (f->state == TME_FS_DONE && allow_done)
      continue;
    if (!same_call(&w->fibers[a], f))
      b = t;
  }
  if (b == hi)
    return 0;
  char da[160], db[160];
  describe(&w->fibers[a], da, sizeof da);
  describe(&w->fibers[b], db, sizeof db);
  tme_worker_error(w, TME_ERR_DIVERGENCE, a,
                   "%s: thread %u %s, but thread %u %s", what, a, da, b, db);
  return 1;
}

/* report_group over each SIMD-group of the threadgroup. */
static int report_simdgroups(TmeWorker *w, TmeFiberState state, int allow_done,
                             const char *what) {
  for (unsigned lo = 0; lo < w->nthreads; lo += TME_SIMD_WIDTH) {
    unsigned hi = simdgroup_end(w, lo);
    if (report_group(w, lo, hi, state, allow_done, what))
      return 1;
  }
  return 0;
}

/* report_group for SIMD-group functions, naming the function the first
 * waiting lane of a SIMD-group is at. */
static int report_simd_functions(TmeWorker *w) {
  for (unsigned lo = 0; lo < w->nthreads; lo += TME_SIMD_WIDTH) {
    unsigned hi = simdgroup_end(w, lo);
    for (unsigned t = lo; t < hi; ++t) {
      if (w->fibers[t].state != TME_FS_SIMD)
        continue;
      char what[160];
      snprintf(what, sizeof what,
               "%s in divergent control flow (every thread of the "
               "SIMD-group must call it together, at the same call)",
               tme_simd_name(w->fibers[t].simd_op));
      if (report_group(w, lo, hi, TME_FS_SIMD, 0, what))
        return 1;
      break;
    }
  }
  return 0;
}

/* report_group for tile_msl_rendezvous calls, over the scope of the first
 * waiting thread found (its SIMD-group, or the threadgroup). */
static int report_rendezvous(TmeWorker *w) {
  for (unsigned lo = 0; lo < w->nthreads; lo += TME_SIMD_WIDTH) {
    unsigned hi = simdgroup_end(w, lo);
    for (unsigned t = lo; t < hi; ++t) {
      const TmeFiber *f = &w->fibers[t];
      if (f->state != TME_FS_RENDEZVOUS)
        continue;
      int whole = f->rv_simdgroups != 0;
      char what[256];
      snprintf(what, sizeof what,
               "%s in divergent control flow (every thread of the %s must "
               "call it together, at the same call)",
               f->rv_what,
               whole ? "threadgroup, its execution scope," : "SIMD-group");
      if (report_group(w, whole ? 0 : lo, whole ? w->nthreads : hi,
                       TME_FS_RENDEZVOUS, 0, what))
        return 1;
      break;
    }
  }
  return 0;
}

void tme_describe_stall(TmeWorker *w) {
  int lenient =
      (w->ls->launch.flags & TME_ALLOW_EXITED_THREADS_AT_BARRIER) != 0;
  /* Collectives of SIMD-groups first: a SIMD-group stuck in divergent flow
   * also keeps the threadgroup barrier from completing. */
  if (report_simdgroups(w, TME_FS_MMA, 0,
                        "simdgroup_multiply_accumulate in divergent control "
                        "flow (all 32 threads of the SIMD-group must call it "
                        "together)") ||
      report_simdgroups(w, TME_FS_SG_UNIFORM, 0,
                        "simdgroup_load/simdgroup_store in divergent control "
                        "flow (all 32 threads of the SIMD-group must call it "
                        "together)") ||
      report_simd_functions(w) || report_rendezvous(w) ||
      report_simdgroups(w, TME_FS_SG_BARRIER, lenient,
                        "divergent simdgroup_barrier"))
    return;
  if (report_group(w, 0, w->nthreads, TME_FS_TG_BARRIER, lenient,
                   "divergent barrier (every thread of the threadgroup must "
                   "reach the same threadgroup_barrier)"))
    return;
  tme_worker_error(w, TME_ERR_DIVERGENCE, 0,
                   "threadgroup cannot make progress (internal)");
}
