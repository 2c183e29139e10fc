/*===- launch.c - tme_run: schedules, workers, comparison, stats --*- C -*-===*\
|*                                                                            *|
|* A launch is `schedules` complete executions of the grid, each on its own   *|
|* guarded copies of the bindings. The (schedule, threadgroup) pairs are one  *|
|* work list that a few worker threads drain, so schedules run in parallel.   *|
|* Afterwards every buffer is compared bit for bit across schedules: a kernel *|
|* whose result depends on the order in which its threads run has a race.     *|
|*                                                                            *|
|* Errors are deterministic: the error of the lowest work item wins, and once *|
|* an item fails no higher item is started (lower ones still finish, and may  *|
|* replace the error with their own).                                         *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void tme_set_error(char *error, size_t error_size, const char *fmt, ...) {
  if (!error || !error_size)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(error, error_size, fmt, ap);
  va_end(ap);
}

char *tme_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

void tme_worker_error(TmeWorker *w, int code, unsigned thread, const char *fmt,
                      ...) {
  if (w->err_code)
    return; /* the first error of a threadgroup is the one that matters */
  w->err_code = code;
  char sched[48] = "";
  if (w->schedule != 0) {
    char name[32];
    snprintf(sched, sizeof sched, ", schedule %s",
             tme_schedule_name(w->schedule, name, sizeof name));
  }
  int n = snprintf(w->err, sizeof w->err,
                   "kernel '%s', threadgroup (%u,%u,%u), thread %u%s: ",
                   w->ls->m->kernel_name, w->tg[0], w->tg[1], w->tg[2], thread,
                   sched);
  if (n < 0 || (size_t)n >= sizeof w->err)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->err + n, sizeof w->err - (size_t)n, fmt, ap);
  va_end(ap);
}

/* ---- workers ----------------------------------------------------------- */
typedef struct {
  TmeLaunchState *ls;
  unsigned id;
} WorkerArg;

static void record_error(TmeLaunchState *ls, unsigned long long item, int code,
                         const char *msg) {
  pthread_mutex_lock(&ls->mu);
  if (item < ls->err_item) {
    ls->err_item = item;
    ls->err_code = code;
    snprintf(ls->err, sizeof ls->err, "%s", msg);
    atomic_store(&ls->stop_at, item);
  }
  pthread_mutex_unlock(&ls->mu);
}

static void add_stats(TmeStats *to, const TmeStats *from) {
  to->threadgroups += from->threadgroups;
  to->threads += from->threads;
  to->barriers += from->barriers;
  to->simdgroup_barriers += from->simdgroup_barriers;
  to->simdgroup_mmas += from->simdgroup_mmas;
  to->simd_collectives += from->simd_collectives;
  to->tensor_ops += from->tensor_ops;
  for (int i = 0; i < TME_MAX_COUNTED_PARAMS; ++i) {
    to->buffer_bytes_read[i] += from->buffer_bytes_read[i];
    to->buffer_bytes_written[i] += from->buffer_bytes_written[i];
  }
  to->threadgroup_bytes_read += from->threadgroup_bytes_read;
  to->threadgroup_bytes_written += from->threadgroup_bytes_written;
  /* Keep the first uninitialised read in grid order, whichever worker saw
   * it, so the report does not depend on thread timing. */
  if (from->threadgroup_uninit_reads) {
    const unsigned *a = from->uninit_threadgroup, *b = to->uninit_threadgroup;
    int earlier =
        !to->threadgroup_uninit_reads || a[2] < b[2] ||
        (a[2] == b[2] && (a[1] < b[1] || (a[1] == b[1] && a[0] < b[0])));
    if (earlier) {
      memcpy(to->uninit_threadgroup, a, sizeof to->uninit_threadgroup);
      to->uninit_thread = from->uninit_thread;
      to->uninit_offset = from->uninit_offset;
    }
    to->threadgroup_uninit_reads += from->threadgroup_uninit_reads;
  }
}

static void *worker_main(void *arg) {
  WorkerArg *wa = arg;
  TmeLaunchState *ls = wa->ls;
  TmeWorker *w = malloc(sizeof *w);
  int rc = w ? tme_worker_init(w, ls, wa->id) : TME_ERR_SYSTEM;
  if (rc != TME_OK) {
    record_error(ls, 0, rc, "cannot set up a worker thread (out of memory?)");
  } else {
    for (;;) {
      unsigned long long item = atomic_fetch_add(&ls->next_item, 1);
      if (item >= ls->total_items || item >= atomic_load(&ls->stop_at))
        break;
      unsigned schedule = (unsigned)(item / ls->ntg);
      rc = tme_run_threadgroup(w, schedule, item % ls->ntg);
      if (rc != TME_OK)
        record_error(ls, item, rc, w->err);
      if (ls->launch.progress)
        ls->launch.progress(item + 1, ls->total_items,
                            ls->launch.progress_user);
    }
    pthread_mutex_lock(&ls->mu);
    add_stats(&ls->stats, &w->stats);
    ls->float_atomic_params |= w->float_atomic_params;
    ls->float_atomic_threadgroup |= w->float_atomic_threadgroup;
    pthread_mutex_unlock(&ls->mu);
  }
  if (w)
    tme_worker_fini(w);
  free(w);
  pthread_mutex_lock(&ls->mu);
  ls->workers_done++;
  pthread_cond_broadcast(&ls->done_cv);
  pthread_mutex_unlock(&ls->mu);
  return NULL;
}

/* Waits for `count` workers until `deadline`; returns 0 when all are done. */
static int wait_workers(TmeLaunchState *ls, unsigned count,
                        const struct timespec *deadline) {
  int rc = 0;
  pthread_mutex_lock(&ls->mu);
  while (ls->workers_done < count && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&ls->done_cv, &ls->mu, deadline);
  int done = ls->workers_done >= count;
  pthread_mutex_unlock(&ls->mu);
  return done ? 0 : -1;
}

static struct timespec deadline_after(unsigned ms) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += ms / 1000;
  ts.tv_nsec += (long)(ms % 1000) * 1000000L;
  if (ts.tv_nsec >= 1000000000L) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000L;
  }
  return ts;
}

/* ---- comparing schedules ------------------------------------------------ */
/* A float atomic read-modify-write at `address` (metal_atomic): remembers
 * which buffer it updates, whose schedules then differ legitimately. A
 * linear search over the parameters, once per float atomic. */
void tile_msl_note_float_atomic(const void *address) {
  TmeWorker *w = tme_active_worker();
  if (!w)
    return;
  const unsigned char *a = address;
  size_t np = w->ls->m->num_params;
  for (size_t i = 0; i < np; ++i) {
    const TmeRegion *r = &w->regions[i];
    if (a >= r->data && a < r->data + r->size) {
      if (i < 64)
        w->float_atomic_params |= 1ull << i;
      return;
    }
  }
  w->float_atomic_threadgroup = 1;
}

static void format_element(const TmeTypeInfo *t, const unsigned char *p,
                           size_t es, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = '\0';
  /* The value of the first component in the element's type, then the raw
   * bytes (what the comparison looked at). */
  if (t->lanes == 1 || t->elem_size) {
    const char *s = t->scalar;
    if (!strcmp(s, "float")) {
      float v;
      memcpy(&v, p, 4);
      len = (size_t)snprintf(buf, size, "%g ", v);
    } else if (!strcmp(s, "half")) {
      uint16_t u;
      memcpy(&u, p, 2);
      len = (size_t)snprintf(buf, size, "%g ", tme_half_to_float(u));
    } else if (!strcmp(s, "bfloat")) {
      uint16_t u;
      memcpy(&u, p, 2);
      uint32_t x = (uint32_t)u << 16;
      float v;
      memcpy(&v, &x, 4);
      len = (size_t)snprintf(buf, size, "%g ", v);
    } else if (!strcmp(s, "int") || !strcmp(s, "int32_t")) {
      int32_t v;
      memcpy(&v, p, 4);
      len = (size_t)snprintf(buf, size, "%ld ", (long)v);
    } else if (!strcmp(s, "uint") || !strcmp(s, "uint32_t")) {
      uint32_t v;
      memcpy(&v, p, 4);
      len = (size_t)snprintf(buf, size, "%lu ", (unsigned long)v);
    }
  }
  if (len >= size)
    return;
  len += (size_t)snprintf(buf + len, size - len, "(0x");
  for (size_t i = es; i-- > 0 && len + 3 < size;)
    len += (size_t)snprintf(buf + len, size - len, "%02x", p[i]);
  if (len + 1 < size)
    snprintf(buf + len, size - len, ")");
}

static size_t elem_size_of(const TmeTypeInfo *t) {
  return t->elem_size ? t->elem_size : 1;
}

/* A write past the end of a buffer that stayed within its alignment slack
 * did not fault; the canary there tells. */
static int check_slack(TmeLaunchState *ls, unsigned schedules, char *error,
                       size_t error_size) {
  TmeModule *m = ls->m;
  size_t np = m->num_params;
  for (unsigned s = 0; s < schedules; ++s)
    for (size_t i = 0; i < np; ++i) {
      const TmeRegion *r = &ls->regions[(size_t)s * np + i];
      if (r->is_alias)
        continue;
      size_t damage = tme_region_slack_damage(r);
      if (!damage)
        continue;
      size_t es = elem_size_of(&m->param_types[i]);
      tme_set_error(error, error_size,
                    "kernel '%s': out-of-bounds write of buffer '%s' at "
                    "element %zu (the buffer has %zu bytes; found after the "
                    "run in the alignment slack behind it)",
                    m->kernel_name, m->param_names[i],
                    (r->size + damage - 1) / es, r->size);
      return TME_ERR_OOB;
    }
  return TME_OK;
}

static int compare_schedules(TmeLaunchState *ls, unsigned schedules,
                             char *error, size_t error_size) {
  TmeModule *m = ls->m;
  size_t np = m->num_params;
  int slack = check_slack(ls, schedules, error, error_size);
  if (slack != TME_OK)
    return slack;
  for (size_t i = 0; i < np; ++i) {
    const TmeTypeInfo *t = &m->param_types[i];
    /* A buffer updated by float atomics depends on the order by design
     * (metal_atomic); the caller learns which from the stats. */
    if (!t->is_pointer || ls->regions[i].is_alias ||
        (i < 64 && (ls->float_atomic_params >> i) & 1))
      continue;
    const TmeRegion *r0 = &ls->regions[i];
    for (unsigned s = 1; s < schedules; ++s) {
      const TmeRegion *rs = &ls->regions[(size_t)s * np + i];
      if (memcmp(r0->data, rs->data, r0->size) == 0)
        continue;
      size_t b = 0;
      while (r0->data[b] == rs->data[b])
        ++b;
      size_t es = elem_size_of(t), e = b / es;
      size_t avail = r0->size - e * es < es ? r0->size - e * es : es;
      char v0[96], vs[96], n0[32], ns[32];
      format_element(t, r0->data + e * es, avail, v0, sizeof v0);
      format_element(t, rs->data + e * es, avail, vs, sizeof vs);
      tme_set_error(error, error_size,
                    "kernel '%s': the result depends on the order in which "
                    "threads run (a race, e.g. threadgroup memory accessed by "
                    "several threads without a barrier between): buffer "
                    "'%s' element %zu is %s under schedule %s but %s under "
                    "schedule %s%s",
                    m->kernel_name, m->param_names[i], e, v0,
                    tme_schedule_name(0, n0, sizeof n0), vs,
                    tme_schedule_name(s, ns, sizeof ns),
                    ls->float_atomic_threadgroup
                        ? " (the kernel uses float atomics on threadgroup "
                          "memory, whose result depends on the order of the "
                          "threads)"
                        : "");
      return TME_ERR_RACE;
    }
  }
  return TME_OK;
}

/* ---- tme_run ------------------------------------------------------------ */
/* Binding i is a device buffer with bytes (not a value, not empty). */
static int is_buffer(const TmeModule *m, const TmeBinding *bindings, size_t i) {
  return m->param_types[i].is_pointer && bindings[i].data && bindings[i].size;
}
/* Bindings i and j are the same host buffer (both is_buffer). */
static int same_buffer(const TmeBinding *bindings, size_t i, size_t j) {
  return bindings[i].data == bindings[j].data &&
         bindings[i].size == bindings[j].size;
}

static int check_arguments(TmeModule *m, TmeBinding *bindings, size_t n,
                           const TmeLaunch *l, char *error, size_t error_size) {
  if (!m || !l || (n && !bindings)) {
    tme_set_error(error, error_size, "tme_run: NULL argument");
    return TME_ERR_ARGUMENT;
  }
  if (n != m->num_params) {
    tme_set_error(error, error_size,
                  "kernel '%s' has %zu parameters, %zu bindings given",
                  m->kernel_name, m->num_params, n);
    return TME_ERR_ARGUMENT;
  }
  unsigned long long threads = 1;
  int partial = l->threads_per_grid[0] || l->threads_per_grid[1] ||
                l->threads_per_grid[2];
  for (int i = 0; i < 3; ++i) {
    if (partial && !l->threads_per_grid[i]) {
      tme_set_error(error, error_size,
                    "kernel '%s': threads_per_grid extents must all be >= 1",
                    m->kernel_name);
      return TME_ERR_ARGUMENT;
    }
    if ((!partial && !l->grid[i]) || !l->threads[i]) {
      tme_set_error(error, error_size,
                    "kernel '%s': grid and threadgroup extents must be >= 1",
                    m->kernel_name);
      return TME_ERR_ARGUMENT;
    }
    threads *= l->threads[i];
  }
  if (threads > TME_MAX_THREADS) {
    tme_set_error(error, error_size,
                  "kernel '%s': %llu threads per threadgroup (at most %u)",
                  m->kernel_name, threads, TME_MAX_THREADS);
    return TME_ERR_ARGUMENT;
  }
  for (size_t i = 0; i < n; ++i) {
    const TmeTypeInfo *t = &m->param_types[i];
    if (bindings[i].size && !bindings[i].data) {
      tme_set_error(error, error_size, "binding %zu ('%s'): NULL data", i,
                    m->param_names[i]);
      return TME_ERR_ARGUMENT;
    }
    /* The same host buffer at two parameters is one buffer; any other
     * overlap cannot be given to the kernel consistently. */
    for (size_t j = 0; is_buffer(m, bindings, i) && j < i; ++j) {
      if (!is_buffer(m, bindings, j))
        continue;
      const unsigned char *a = bindings[i].data, *b = bindings[j].data;
      int overlap = a < b + bindings[j].size && b < a + bindings[i].size;
      if (overlap && !same_buffer(bindings, i, j)) {
        tme_set_error(error, error_size,
                      "bindings %zu ('%s') and %zu ('%s') overlap without "
                      "being the same buffer",
                      j, m->param_names[j], i, m->param_names[i]);
        return TME_ERR_ARGUMENT;
      }
    }
    if (!t->is_pointer && bindings[i].size < t->elem_size) {
      tme_set_error(error, error_size,
                    "binding %zu ('%s'): %zu bytes given for a value of %zu", i,
                    m->param_names[i], bindings[i].size, t->elem_size);
      return TME_ERR_ARGUMENT;
    }
  }
  return TME_OK;
}

/* The first parameter bound to the same buffer as buffer parameter i
 * (i itself if none). */
static size_t alias_of(const TmeModule *m, const TmeBinding *bindings,
                       size_t i) {
  if (!is_buffer(m, bindings, i))
    return i;
  for (size_t j = 0; j < i; ++j)
    if (is_buffer(m, bindings, j) && same_buffer(bindings, i, j))
      return j;
  return i;
}

static void free_launch(TmeLaunchState *ls) {
  for (size_t i = 0; ls->regions && i < ls->nregions; ++i)
    if (!ls->regions[i].is_alias)
      tme_region_destroy(&ls->regions[i]);
  tme_crossgroup_free(ls->cross);
  free(ls->regions);
  free(ls->args);
  pthread_mutex_destroy(&ls->mu);
  pthread_cond_destroy(&ls->done_cv);
  free(ls);
}

int tme_run(TmeModule *m, TmeBinding *bindings, size_t n,
            const TmeLaunch *launch, TmeStats *stats, char *error,
            size_t error_size) {
  if (error && error_size)
    error[0] = '\0';
  int rc = check_arguments(m, bindings, n, launch, error, error_size);
  if (rc != TME_OK)
    return rc;
  if (tme_install_fault_handler() != 0) {
    tme_set_error(error, error_size, "cannot install the SIGSEGV handler");
    return TME_ERR_SYSTEM;
  }
  TmeLaunchState *ls = calloc(1, sizeof *ls);
  if (!ls) {
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  pthread_mutex_init(&ls->mu, NULL);
  pthread_cond_init(&ls->done_cv, NULL);
  ls->m = m;
  ls->launch = *launch;
  unsigned schedules = launch->schedules ? launch->schedules : 3;
  ls->launch.schedules = schedules;
  ls->partial = launch->threads_per_grid[0] != 0;
  if (ls->partial) /* dispatchThreads: enough threadgroups to cover it */
    for (int d = 0; d < 3; ++d)
      ls->launch.grid[d] =
          (launch->threads_per_grid[d] + launch->threads[d] - 1) /
          launch->threads[d];
  ls->nthreads = launch->threads[0] * launch->threads[1] * launch->threads[2];
  ls->nsimd = (ls->nthreads + TME_SIMD_WIDTH - 1) / TME_SIMD_WIDTH;
  ls->ntg = (unsigned long long)ls->launch.grid[0] * ls->launch.grid[1] *
            ls->launch.grid[2];
  ls->total_items = ls->ntg * schedules;
  ls->err_item = ~0ull;
  atomic_init(&ls->next_item, 0);
  atomic_init(&ls->stop_at, ~0ull);
  atomic_init(&ls->abort_flag, 0);

  /* Private guarded copies of every binding, per schedule. */
  ls->nregions = (size_t)schedules * n;
  ls->regions = calloc(ls->nregions + 1, sizeof *ls->regions);
  ls->args = calloc(ls->nregions + 1, sizeof *ls->args);
  if (!ls->regions || !ls->args) {
    free_launch(ls);
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  for (unsigned s = 0; s < schedules; ++s) {
    for (size_t i = 0; i < n; ++i) {
      TmeRegion *r = &ls->regions[(size_t)s * n + i];
      size_t same = alias_of(m, bindings, i);
      if (same != i) { /* bound twice: the earlier parameter's buffer */
        *r = ls->regions[(size_t)s * n + same];
        r->is_alias = 1;
        ls->args[(size_t)s * n + i] = r->data;
        continue;
      }
      if (tme_region_create(r, bindings[i].size) != 0) {
        tme_set_error(error, error_size, "mmap of %zu bytes failed: %s",
                      bindings[i].size, strerror(errno));
        free_launch(ls);
        return TME_ERR_SYSTEM;
      }
      if (bindings[i].size)
        memcpy(r->data, bindings[i].data, bindings[i].size);
      r->name = m->param_names[i];
      r->type = &m->param_types[i];
      r->param = (unsigned)i;
      r->schedule = s;
      ls->args[(size_t)s * n + i] = r->data;
    }
  }

  ls->cross = tme_crossgroup_create(ls->regions, n, ls->launch.grid);
  if (!ls->cross) {
    free_launch(ls);
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }

  unsigned workers = launch->workers;
  if (!workers) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    workers = cpus < 1 ? 1 : cpus > 4 ? 4 : (unsigned)cpus;
  }
  if (workers > ls->total_items)
    workers = (unsigned)ls->total_items;
  pthread_t *threads = calloc(workers, sizeof *threads);
  WorkerArg *wargs = calloc(workers, sizeof *wargs);
  unsigned started = 0;
  if (threads && wargs) {
    for (; started < workers; ++started) {
      wargs[started].ls = ls;
      wargs[started].id = started;
      if (pthread_create(&threads[started], NULL, worker_main,
                         &wargs[started]) != 0)
        break;
    }
  }
  if (started == 0) {
    free(threads);
    free(wargs);
    free_launch(ls);
    tme_set_error(error, error_size, "cannot start worker threads");
    return TME_ERR_SYSTEM;
  }

  /* Watchdog: barrier deadlocks are detected by the scheduler, but a thread
   * spinning on memory never yields. First ask the fibers to stop (the
   * load/store callbacks check the flag); if they cannot (uninstrumented
   * module, or a loop without memory accesses), give up on the process
   * rather than hang. */
  unsigned timeout = launch->timeout_ms ? launch->timeout_ms : 120000u;
  struct timespec deadline = deadline_after(timeout);
  if (wait_workers(ls, started, &deadline) != 0) {
    atomic_store(&ls->abort_flag, 1);
    deadline = deadline_after(5000);
    if (wait_workers(ls, started, &deadline) != 0) {
      fprintf(stderr,
              "tile-msl emulator: kernel '%s' did not finish within %u ms "
              "and cannot be interrupted; exiting with status %d\n",
              m->kernel_name, timeout, TME_EXIT_HUNG);
      fflush(stderr);
      _exit(TME_EXIT_HUNG);
    }
  }
  for (unsigned i = 0; i < started; ++i)
    pthread_join(threads[i], NULL);
  free(threads);
  free(wargs);

  if (ls->err_code) {
    rc = ls->err_code;
    tme_set_error(error, error_size, "%s", ls->err);
    free_launch(ls);
    return rc;
  }
  rc = tme_crossgroup_report(ls->cross, m, error, error_size);
  if (rc == TME_OK)
    rc = compare_schedules(ls, schedules, error, error_size);
  if (rc != TME_OK) {
    free_launch(ls);
    return rc;
  }

  for (size_t i = 0; i < n; ++i) {
    const TmeRegion *r = &ls->regions[i];
    const TmeTypeInfo *t = &m->param_types[i];
    if (!t->is_pointer || !r->size || r->is_alias)
      continue;
    /* Poison (all 0xFF) elements that the kernel produced. */
    size_t es = elem_size_of(t);
    if (i < TME_MAX_COUNTED_PARAMS && es >= 2) {
      const unsigned char *in = bindings[i].data;
      for (size_t e = 0; e + es <= r->size; e += es) {
        size_t k = 0;
        while (k < es && r->data[e + k] == 0xFF)
          ++k;
        if (k < es)
          continue;
        k = 0;
        while (k < es && in[e + k] == 0xFF)
          ++k;
        if (k < es)
          ls->stats.buffer_poison_elements[i]++;
      }
    }
    memcpy(bindings[i].data, r->data, r->size);
  }
  if (stats) {
    *stats = ls->stats;
    stats->float_atomic_buffers = ls->float_atomic_params;
    stats->threadgroup_memory_bytes = tme_module_threadgroup_memory_bytes(m);
    stats->instrumented = m->instrumented;
  }
  free_launch(ls);
  return TME_OK;
}
