/*===- stall.c - explaining a threadgroup that cannot progress ----*- C -*-===*\
|*                                                                            *|
|* When no fiber is runnable and no collective can complete, the threads      *|
|* diverged: finds two threads of one scope that wait at different calls      *|
|* (or one that returned) and reports both, with the call's name, its pass    *|
|* number and its source line or call-site offset. Only runs on the error     *|
|* path, so it is kept out of collectives.c's completion logic.               *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

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
  unsigned long long n = f->passed[tme_collective_counter(f->state)] + 1;
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
    if (!tme_same_call(&w->fibers[a], f))
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
    unsigned hi = tme_simdgroup_end(w, lo);
    if (report_group(w, lo, hi, state, allow_done, what))
      return 1;
  }
  return 0;
}

/* report_group for SIMD-group functions, naming the function the first
 * waiting lane of a SIMD-group is at. */
static int report_simd_functions(TmeWorker *w) {
  for (unsigned lo = 0; lo < w->nthreads; lo += TME_SIMD_WIDTH) {
    unsigned hi = tme_simdgroup_end(w, lo);
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
    unsigned hi = tme_simdgroup_end(w, lo);
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
