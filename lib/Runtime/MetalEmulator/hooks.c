/*===- hooks.c - the tile_msl_* hooks kernels call ----------------*- C -*-===*\
|*                                                                            *|
|* The kernel module calls the hooks of tile_msl_hooks.h; they are defined    *|
|* here (strong, exported) and resolved by the dynamic linker when the module *|
|* is loaded. A hook that has to wait records what the fiber waits for and    *|
|* yields to the scheduler; collectives.c completes the collective only when  *|
|* all its participants wait at the SAME call (same return address and same   *|
|* number of earlier passes), which is how divergent barriers and             *|
|* simdgroup_multiply_accumulate or simd_sum & co. (simd.c) in divergent      *|
|* control flow are caught instead of being silently "completed" or hanging.  *|
|* tile_msl_rendezvous is the generic form (matmul2d::run of the tensor       *|
|* headers): the threads of a scope meet, one runs the shim's callback over   *|
|* all their arguments, and all continue.                                     *|
|* The load/store and atomic callbacks are access.c's.                        *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <stdio.h>
#include <stdlib.h>

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
