/*===- access.c - The kernel's loads, stores and atomics ---------*- C -*-===*\
|*                                                                            *|
|* tile_msl_note_access is called by the module's SanitizerCoverage          *|
|* load/store callbacks before every access, tile_msl_note_atomic by the     *|
|* shim's atomics: the byte counters, reads of threadgroup memory that nobody *|
|* wrote, and the race checks (racecheck.c for threadgroup memory,           *|
|* crossgroup.c between threadgroups).                                        *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <setjmp.h>
#include <string.h>

/* ---- load/store callbacks (-fsanitize-coverage=trace-loads,trace-stores) */
/* The counted buffer parameter whose memory holds `a`, or -1. */
static long counted_buffer_of(const TmeWorker *w, const unsigned char *a) {
  size_t np = w->ls->m->num_params;
  if (np > TME_MAX_COUNTED_PARAMS)
    np = TME_MAX_COUNTED_PARAMS;
  for (size_t i = 0; i < np; ++i) {
    const TmeRegion *r = &w->regions[i];
    if (a >= r->data && a < r->data + r->size)
      return (long)i;
  }
  return -1;
}

/* Called before every 1/2/4/8/16-byte load or store of the module, also for
 * its stack, so the common path must be short. */
static void note_access(const void *p, size_t n, int store) {
  TmeWorker *w = tme_current_worker;
  if (!w || !w->in_fiber)
    return;
  if (atomic_load_explicit(&w->ls->abort_flag, memory_order_relaxed)) {
    /* The watchdog fired; leaving the fiber here is as safe as from the
     * fault handler (synchronous, in kernel code). */
    tme_worker_error(w, TME_ERR_TIMEOUT, w->cur,
                     "launch timed out (a thread waiting for memory another "
                     "thread writes, without a barrier, never finishes "
                     "under cooperative scheduling)");
    siglongjmp(w->fault_jmp, 1);
  }
  const unsigned char *a = p;
  w->last_addr = a;
  w->last_size = n;
  if (!w->counting)
    return;
  if (w->tg_mem && a >= w->tg_mem && a < w->tg_mem + w->tg_size) {
    size_t off = (size_t)(a - w->tg_mem);
    size_t m = n < w->tg_size - off ? n : w->tg_size - off;
    tme_racecheck_note(w, off, m, store);
    if (store) {
      w->stats.threadgroup_bytes_written += n;
      memset(w->tg_shadow + off, 1, m);
      return;
    }
    w->stats.threadgroup_bytes_read += n;
    /* An unwritten read is a load none of whose bytes was written. A load
     * that is only partly unwritten is an aggregate copy (a struct copied
     * whole after being written field by field: its padding was never
     * written) or two neighbouring values merged into one load by the
     * optimizer, not a bug. Writes the callbacks do not see -- memcpy and
     * struct assignments the compiler expands after instrumentation,
     * atomics -- still change the 0xFF fill: such bytes count as written
     * from then on. */
    size_t unwritten = 0;
    for (size_t i = 0; i < m; ++i) {
      if (w->tg_shadow[off + i])
        continue;
      if (w->tg_mem[off + i] != 0xFF)
        w->tg_shadow[off + i] = 1;
      else
        ++unwritten;
    }
    if (unwritten && unwritten == m &&
        w->stats.threadgroup_uninit_reads++ == 0) {
      memcpy(w->stats.uninit_threadgroup, w->tg, sizeof w->tg);
      w->stats.uninit_thread = w->cur;
      w->stats.uninit_offset = (unsigned long)off;
    }
    return;
  }
  long i = counted_buffer_of(w, a);
  if (i < 0)
    return;
  if (store)
    w->stats.buffer_bytes_written[i] += n;
  else
    w->stats.buffer_bytes_read[i] += n;
  tme_crossgroup_note(w->ls->cross, (size_t)i, (size_t)(a - w->regions[i].data),
                      n, store, w->tg, &w->fibers[w->cur].bv[TME_BV_NTG]);
}

void tile_msl_note_access(const void *address, unsigned size, int store) {
  note_access(address, size, store);
}

/* Atomics count in the byte counters only: they are the synchronization
 * between threadgroups, not a race (crossgroup.c). */
void tile_msl_note_atomic(const void *address, unsigned size, int reads,
                          int writes) {
  TmeWorker *w = tme_current_worker;
  if (!w || !w->in_fiber || !w->counting)
    return;
  const unsigned char *a = address;
  if (w->tg_mem && a >= w->tg_mem && a < w->tg_mem + w->tg_size) {
    w->stats.threadgroup_bytes_read += reads ? size : 0;
    w->stats.threadgroup_bytes_written += writes ? size : 0;
    return;
  }
  long i = counted_buffer_of(w, a);
  if (i >= 0) {
    w->stats.buffer_bytes_read[i] += reads ? size : 0;
    w->stats.buffer_bytes_written[i] += writes ? size : 0;
  }
}
