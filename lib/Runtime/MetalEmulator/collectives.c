/*===- collectives.c - completing barriers and collectives --------*- C -*-===*\
|*                                                                            *|
|* Decides when the fibers waiting in hooks (hooks.c, simd.c) may go on: a    *|
|* barrier, MMA, SIMD-group function or rendezvous completes only when all    *|
|* its participants wait at the same call (same state, call site and number   *|
|* of earlier passes). tme_complete_on_arrival lets the last arrival          *|
|* complete it on the spot; tme_release_collectives is the scheduler's pass   *|
|* when no fiber is runnable. What identifies a call (tme_same_call) is       *|
|* shared with stall.c, which explains the case where nothing can complete.   *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <string.h>

int tme_collective_counter(TmeFiberState s) {
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
int tme_same_call(const TmeFiber *x, const TmeFiber *y) {
  if (x->state == TME_FS_SIMD && y->state == TME_FS_SIMD &&
      (x->simd_op != y->simd_op || x->simd_type != y->simd_type ||
       x->simd_count != y->simd_count))
    return 0;
  if (x->state == TME_FS_RENDEZVOUS && y->state == TME_FS_RENDEZVOUS &&
      (x->rv_fn != y->rv_fn || x->rv_simdgroups != y->rv_simdgroups))
    return 0;
  return x->state == y->state && x->site == y->site &&
         x->passed[tme_collective_counter(x->state)] ==
             y->passed[tme_collective_counter(y->state)];
}

static void release(TmeWorker *w, unsigned lo, unsigned hi,
                    TmeFiberState state) {
  unsigned n = 0;
  for (unsigned t = lo; t < hi; ++t) {
    TmeFiber *f = &w->fibers[t];
    if (f->state == state) {
      f->passed[tme_collective_counter(state)]++;
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
    else if (!tme_same_call(first, f))
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
    f->passed[tme_collective_counter(TME_FS_RENDEZVOUS)]++;
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
unsigned tme_simdgroup_end(const TmeWorker *w, unsigned lo) {
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
    tme_simdgroup_mma(w, lo);
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
    unsigned hi = tme_simdgroup_end(w, lo);
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
    if (!tme_same_call(self, f))
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
  unsigned hi = tme_simdgroup_end(w, lo);
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
