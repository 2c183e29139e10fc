/*===- fiber.c - Fibers of a threadgroup and their scheduler ------*- C -*-===*\
|*                                                                            *|
|* All threads of a threadgroup run as fibers on ONE OS thread (the worker;   *|
|* context.c switches between them in user space): the shim keeps             *|
|* threadgroup variables in thread_local storage, so that is what makes them  *|
|* shared, and threadgroups on other workers get their own copies. A fiber    *|
|* runs until it blocks in a hook (barrier, SIMD-group collective) or         *|
|* returns; the scheduler resumes runnable fibers in the schedule's order     *|
|* (forward, reverse, shuffled) and, when none is runnable, completes the     *|
|* collectives whose participants have all arrived (collectives.c). If none   *|
|* can complete, the threadgroup is stuck in divergent control flow and that  *|
|* is reported: the emulator never waits for something that cannot happen.    *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

_Thread_local TmeWorker *tme_current_worker;

/* glibc's __tls_get_addr({module, offset}) returns this OS thread's copy of a
 * module's TLS block, allocating it on first use. */
struct tme_tls_index {
  unsigned long ti_module, ti_offset;
};
extern void *__tls_get_addr(struct tme_tls_index *);

static size_t page_size(void) {
  long p = sysconf(_SC_PAGESIZE);
  return p > 0 ? (size_t)p : 4096;
}

static size_t fiber_stack_size(void) {
  size_t page = page_size(), size = 64 * 1024;
  const char *env = getenv("TILE_MSL_FIBER_STACK");
  if (env && *env) {
    unsigned long long v = strtoull(env, NULL, 0);
    if (v >= 16 * 1024 && v <= (1ull << 30))
      size = (size_t)v;
  }
  return (size + page - 1) / page * page;
}

/* Runs on the worker's OS thread: the signal stack and the TLS block are
 * per OS thread. */
int tme_worker_init(TmeWorker *w, TmeLaunchState *ls, unsigned id) {
  memset(w, 0, sizeof *w);
  w->ls = ls;
  w->id = id;
  w->nthreads = ls->nthreads;
  size_t page = page_size();
  w->fibers = calloc(w->nthreads, sizeof *w->fibers);
  w->order = calloc(w->nthreads, sizeof *w->order);
  w->rv_args = calloc(w->nthreads, sizeof *w->rv_args);
  w->sg_waiting = calloc(ls->nsimd, sizeof *w->sg_waiting);
  if (!w->fibers || !w->order || !w->rv_args || !w->sg_waiting)
    return TME_ERR_SYSTEM;

  /* One mapping for all stacks, a PROT_NONE page below each (stacks grow
   * down), so an overflowing fiber faults instead of corrupting its
   * neighbour. MAP_NORESERVE: untouched stack pages cost nothing. */
  w->stack_size = fiber_stack_size();
  w->stack_stride = w->stack_size + page;
  w->stacks_len = w->stack_stride * w->nthreads;
  void *stacks = mmap(NULL, w->stacks_len, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stacks == MAP_FAILED)
    return TME_ERR_SYSTEM;
  w->stacks = stacks;
  for (unsigned t = 0; t < w->nthreads; ++t)
    if (mprotect(w->stacks + t * w->stack_stride, page, PROT_NONE) != 0)
      return TME_ERR_SYSTEM;

  /* The fault handler runs here: a fiber that overflowed has no stack. */
  long min_sig = sysconf(_SC_SIGSTKSZ);
  w->altstack_size = 64 * 1024;
  if (min_sig > 0 && (size_t)min_sig * 4 > w->altstack_size)
    w->altstack_size = (size_t)min_sig * 4;
  void *alt = mmap(NULL, w->altstack_size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (alt == MAP_FAILED)
    return TME_ERR_SYSTEM;
  w->altstack = alt;
  stack_t ss = {.ss_sp = alt, .ss_size = w->altstack_size, .ss_flags = 0};
  if (sigaltstack(&ss, NULL) != 0)
    return TME_ERR_SYSTEM;

  /* Allocate this OS thread's threadgroup memory now: __tls_get_addr may
   * malloc on first use, which must not happen inside a fiber that a fault
   * could abandon. */
  if (ls->m->tls_modid && ls->m->tls_size) {
    struct tme_tls_index idx = {ls->m->tls_modid, 0};
    w->tg_mem = __tls_get_addr(&idx);
    w->tg_size = ls->m->tls_size;
    w->tg_shadow = calloc(w->tg_size, 1);
    if (!w->tg_mem || !w->tg_shadow || tme_racecheck_init(w) != 0)
      return TME_ERR_SYSTEM;
    if (ls->m->redzone_address)
      w->redzone_offset = (size_t)(ls->m->redzone_address() - w->tg_mem);
  }
  tme_current_worker = w;
  return TME_OK;
}

void tme_worker_fini(TmeWorker *w) {
  tme_current_worker = NULL;
  if (w->altstack) {
    stack_t ss = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    munmap(w->altstack, w->altstack_size);
  }
  if (w->stacks)
    munmap(w->stacks, w->stacks_len);
  free(w->fibers);
  free(w->order);
  free(w->rv_args);
  free(w->sg_waiting);
  free(w->tg_shadow);
  tme_racecheck_fini(w);
  memset(w, 0, sizeof *w);
}

/* Position in w->order of the first runnable fiber at or after `from`, or
 * nthreads if there is none (the pass is over). */
static unsigned runnable_from(const TmeWorker *w, unsigned from) {
  for (unsigned k = from; k < w->nthreads; ++k)
    if (w->fibers[w->order[k]].state == TME_FS_RUNNABLE &&
        (w->pass_simd < 0 ||
         w->order[k] / TME_SIMD_WIDTH == (unsigned)w->pass_simd))
      return k;
  return w->nthreads;
}

/* Leaves the running fiber, saving its context in `from`, for the next
 * runnable fiber of the pass -- directly: one switch instead of two through
 * the scheduler, in the order the scheduler would have taken -- or for the
 * scheduler at the end of the pass, on an error or when the watchdog
 * fired. */
static void switch_onward(TmeWorker *w, TmeContext *from) {
  unsigned k = runnable_from(w, w->pos + 1);
  if (k == w->nthreads || w->err_code ||
      atomic_load_explicit(&w->ls->abort_flag, memory_order_relaxed)) {
    tme_context_swap(from, &w->sched);
    return;
  }
  w->pos = k;
  w->cur = w->order[k];
  tme_context_swap(from, &w->fibers[w->cur].ctx);
}

/* Entry of every fiber: the thread's kernel invocation, then on for good
 * (the context is re-made before it runs again). */
static void fiber_main(void) {
  TmeWorker *w = tme_current_worker;
  TmeFiber *f = &w->fibers[w->cur];
  w->ls->m->entry(w->args, f->bv);
  f->state = TME_FS_DONE;
  switch_onward(w, &f->ctx);
  __builtin_unreachable();
}

void tme_fiber_yield(TmeWorker *w) { switch_onward(w, &w->fibers[w->cur].ctx); }

TmeWorker *tme_active_worker(void) {
  TmeWorker *w = tme_current_worker;
  return w && w->in_fiber ? w : NULL;
}

void tme_fiber_block(TmeWorker *w, TmeFiberState state, const void *site) {
  TmeFiber *f = &w->fibers[w->cur];
  f->state = state;
  f->site = site;
  /* Even when it completed the collective, the fiber yields: the others
   * then run in the same order as when the scheduler completes it (which
   * fixes, e.g., which thread a report names first). */
  tme_complete_on_arrival(w);
  tme_fiber_yield(w);
}

static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

const char *tme_schedule_name(unsigned schedule, char *buf, size_t size) {
  if (schedule == 0)
    snprintf(buf, size, "0 (forward)");
  else if (schedule == 1)
    snprintf(buf, size, "1 (reverse)");
  else
    snprintf(buf, size, "%u (shuffle)", schedule);
  return buf;
}

/* The order in which this pass resumes runnable fibers. Shuffles draw a new
 * permutation every pass, from a stream that depends only on (seed,
 * schedule, threadgroup), so a run is reproducible whichever worker takes
 * the threadgroup. */
static void make_order(TmeWorker *w) {
  unsigned n = w->nthreads;
  for (unsigned i = 0; i < n; ++i)
    w->order[i] = w->schedule == 1 ? n - 1 - i : i;
  if (w->schedule >= 2)
    for (unsigned i = n - 1; i > 0; --i) {
      unsigned j = (unsigned)(splitmix64(&w->rng) % (i + 1));
      unsigned t = w->order[i];
      w->order[i] = w->order[j];
      w->order[j] = t;
    }
}

/* A pass resumes the runnable fibers in the pass's order; the fibers hand
 * over to each other (switch_onward) and the last one comes back here. */
static int schedule_loop(TmeWorker *w) {
  TmeLaunchState *ls = w->ls;
  for (;;) {
    make_order(w);
    int ran = 0;
    w->pass_simd = -1;
    unsigned k = runnable_from(w, 0);
    /* The reverse schedule runs one SIMD-group per pass, the first of the
     * pass's order with a runnable fiber: it gets ahead of the others up to
     * a threadgroup barrier, as SIMD-groups may on a GPU, so that
     * threadgroup memory one SIMD-group writes and another reads without a
     * barrier between shows up as a race (SIMD-group collectives alone keep
     * the SIMD-groups of the other schedules in step). */
    if (w->schedule == 1 && k < w->nthreads)
      w->pass_simd = (int)(w->order[k] / TME_SIMD_WIDTH);
    if (k < w->nthreads) {
      w->pos = k;
      w->cur = w->order[k];
      w->in_fiber = 1;
      tme_context_swap(&w->sched, &w->fibers[w->cur].ctx);
      w->in_fiber = 0;
      ran = 1;
      if (w->err_code)
        return w->err_code;
      if (atomic_load(&ls->abort_flag)) {
        tme_worker_error(w, TME_ERR_TIMEOUT, w->cur, "launch timed out");
        return w->err_code;
      }
    }
    if (ran)
      continue;
    unsigned done = 0;
    for (unsigned t = 0; t < w->nthreads; ++t)
      done += w->fibers[t].state == TME_FS_DONE;
    if (done == w->nthreads)
      return TME_OK;
    int r = tme_release_collectives(w);
    if (r < 0)
      return w->err_code;
    if (r == 0) {
      tme_describe_stall(w);
      return w->err_code ? w->err_code : TME_ERR_DIVERGENCE;
    }
  }
}

/* Fresh contexts and builtin values for every thread of the threadgroup
 * (kept out of tme_run_threadgroup, whose locals must survive siglongjmp). */
static void prepare_fibers(TmeWorker *w) {
  const TmeLaunch *l = &w->ls->launch;
  size_t page = page_size();
  const unsigned *tptg = l->threads, *ntg = l->grid;
  w->tg_waiting = 0;
  memset(w->sg_waiting, 0, w->ls->nsimd * sizeof *w->sg_waiting);
  const unsigned *size = w->tg_threads; /* this threadgroup's extents */
  for (unsigned t = 0; t < w->nthreads; ++t) {
    TmeFiber *f = &w->fibers[t];
    memset(f->passed, 0, sizeof f->passed);
    f->state = TME_FS_RUNNABLE;
    f->site = NULL;
    f->rv_lead = 0;
    tme_context_make(&f->ctx, w->stacks + t * w->stack_stride + page,
                     w->stack_size, fiber_main);
    unsigned *bv = f->bv;
    unsigned pos[3] = {t % size[0], t / size[0] % size[1],
                       t / (size[0] * size[1])};
    bv[TME_BV_TID] = t;
    bv[TME_BV_SGID] = t / TME_SIMD_WIDTH;
    bv[TME_BV_LANE] = t % TME_SIMD_WIDTH;
    for (int i = 0; i < 3; ++i) {
      bv[TME_BV_TPOS_TG + i] = pos[i];
      bv[TME_BV_TPTG + i] = size[i];
      bv[TME_BV_DISPATCH_TPTG + i] = tptg[i];
      bv[TME_BV_TGPOS + i] = w->tg[i];
      bv[TME_BV_NTG + i] = ntg[i];
      bv[TME_BV_TPOS_GRID + i] = w->tg[i] * tptg[i] + pos[i];
      bv[TME_BV_TPGRID + i] =
          w->ls->partial ? l->threads_per_grid[i] : ntg[i] * tptg[i];
    }
    bv[TME_BV_NSG] = w->nsimd;
    bv[TME_BV_QUAD_LANE] = t % 4;
    bv[TME_BV_QUAD_ID] = t / 4;
    bv[TME_BV_NQUADS] = (w->nthreads + 3) / 4;
    bv[TME_BV_DISPATCH_NSG] = w->ls->nsimd;
    bv[TME_BV_SIMD_WIDTH] = TME_SIMD_WIDTH;
  }
}

/* A write past the end of the [[threadgroup(n)]] parameters' memory
 * changed the 0xFF fill of the red zone behind it. */
static int check_redzone(TmeWorker *w) {
  if (!w->ls->m->redzone)
    return TME_OK;
  const unsigned char *z = w->tg_mem + w->redzone_offset;
  for (size_t i = 0; i < w->ls->m->redzone; ++i)
    if (z[i] != 0xFF) {
      tme_worker_error(w, TME_ERR_OOB, 0,
                       "out-of-bounds write of threadgroup memory at byte "
                       "%zu after the end of the [[threadgroup(n)]] "
                       "parameters' memory, whose size the host sets "
                       "(tile-run --threadgroup-memory; found after the "
                       "threadgroup ran)",
                       i);
      return w->err_code;
    }
  return TME_OK;
}

int tme_run_threadgroup(TmeWorker *w, unsigned schedule,
                        unsigned long long tg_index) {
  TmeLaunchState *ls = w->ls;
  const TmeLaunch *l = &ls->launch;
  size_t np = ls->m->num_params;
  w->schedule = schedule;
  w->tg[0] = (unsigned)(tg_index % l->grid[0]);
  w->tg[1] = (unsigned)(tg_index / l->grid[0] % l->grid[1]);
  w->tg[2] =
      (unsigned)(tg_index / ((unsigned long long)l->grid[0] * l->grid[1]));
  /* A dispatchThreads launch cuts the last threadgroups along each
   * dimension to the threads left (non-uniform threadgroups). */
  w->nthreads = 1;
  for (int d = 0; d < 3; ++d) {
    unsigned size = l->threads[d];
    if (ls->partial) {
      unsigned left = l->threads_per_grid[d] - w->tg[d] * l->threads[d];
      size = left < size ? left : size;
    }
    w->tg_threads[d] = size;
    w->nthreads *= size;
  }
  w->nsimd = (w->nthreads + TME_SIMD_WIDTH - 1) / TME_SIMD_WIDTH;
  w->args = ls->args + (size_t)schedule * np;
  w->regions = ls->regions + (size_t)schedule * np;
  w->counting = schedule == 0;
  w->err_code = 0;
  w->err[0] = '\0';
  w->last_addr = NULL;
  w->last_size = 0;
  w->rng = ((uint64_t)l->seed << 32) ^ ((uint64_t)schedule << 48) ^ tg_index;
  splitmix64(&w->rng);
  if (w->tg_mem) {
    /* 0xFF bytes: NaN as float, half and bfloat; Metal does not zero
     * threadgroup memory either. */
    memset(w->tg_mem, 0xFF, w->tg_size);
    memset(w->tg_shadow, 0, w->tg_size);
    tme_racecheck_new_epoch(w);
  }
  prepare_fibers(w);
  if (w->counting) {
    w->stats.threadgroups++;
    w->stats.threads += w->nthreads;
  }
  /* A fault in a fiber comes back here (memory.c, hooks.c): the fibers of
   * this threadgroup are abandoned; their stacks are re-made next time. */
  if (sigsetjmp(w->fault_jmp, 1) != 0) {
    w->in_fiber = 0;
    return w->err_code ? w->err_code : TME_ERR_FAULT;
  }
  int rc = schedule_loop(w);
  return rc == TME_OK ? check_redzone(w) : rc;
}
