/*===- racecheck.c - Races on threadgroup memory by happens-before -*- C
-*-===*\
|*                                                                            *|
|* The schedule comparison (launch.c) finds a race only when some thread     *|
|* order changes the result. This check finds one whatever the order, as     *|
|* CUDA's racecheck does: per byte of threadgroup memory it keeps the thread *|
|* that wrote it and the threads that read it since the last threadgroup     *|
|* barrier (an epoch number, so a barrier costs nothing). A load of a byte    *|
|* another thread wrote in the same epoch, or a store to a byte another      *|
|* thread read in it, is a race -- between threads of different SIMD-groups: *|
|* lanes of one SIMD-group may be ordered by simdgroup_barrier, which the    *|
|* schedule comparison still covers. Two threads storing to one byte are not  *|
|* reported (storing the same value from every thread is common). A tensor   *|
|* operation's rendezvous (the scope's first thread moves the data of all)   *|
|* also starts a new epoch. Checked in schedule 0.                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An entry: epoch << 12 | who, who = 1 + thread, or SEVERAL. */
#define WHO_BITS 12u
#define WHO_MASK ((1u << WHO_BITS) - 1u)
#define SEVERAL WHO_MASK
#define MAX_EPOCH ((1u << (32u - WHO_BITS)) - 1u)

int tme_racecheck_init(TmeWorker *w) {
  w->rc_writer = calloc(w->tg_size, sizeof *w->rc_writer);
  w->rc_reader = calloc(w->tg_size, sizeof *w->rc_reader);
  w->rc_epoch = 1;
  return w->rc_writer && w->rc_reader ? 0 : -1;
}

void tme_racecheck_fini(TmeWorker *w) {
  free(w->rc_writer);
  free(w->rc_reader);
}

void tme_racecheck_new_epoch(TmeWorker *w) {
  if (!w->rc_writer)
    return;
  if (++w->rc_epoch > MAX_EPOCH) { /* entries of old epochs must not match */
    memset(w->rc_writer, 0, w->tg_size * sizeof *w->rc_writer);
    memset(w->rc_reader, 0, w->tg_size * sizeof *w->rc_reader);
    w->rc_epoch = 1;
  }
}

static unsigned who(const TmeWorker *w, uint32_t entry) {
  return entry >> WHO_BITS == w->rc_epoch ? entry & WHO_MASK : 0;
}

static void race(TmeWorker *w, size_t offset, unsigned other, int other_wrote,
                 int store) {
  char them[48];
  if (other == SEVERAL)
    snprintf(them, sizeof them, "threads of other SIMD-groups");
  else
    snprintf(them, sizeof them, "thread %u", other - 1);
  tme_worker_error(w, TME_ERR_RACE, w->cur,
                   "a race on threadgroup memory (byte %zu): %s %s it and "
                   "this thread %s it with no threadgroup_barrier between",
                   offset, them, other_wrote ? "wrote" : "read",
                   store ? "writes" : "reads");
  siglongjmp(w->fault_jmp, 1); /* synchronous, in kernel code */
}

void tme_racecheck_note(TmeWorker *w, size_t offset, size_t n, int store) {
  if (!w->rc_writer)
    return;
  unsigned me = w->cur + 1, my_sg = w->cur / TME_SIMD_WIDTH;
  uint32_t mine = w->rc_epoch << WHO_BITS;
  for (size_t k = offset; k < offset + n && k < w->tg_size; ++k) {
    unsigned wr = who(w, w->rc_writer[k]), rd = who(w, w->rc_reader[k]);
    if (!store) {
      if (wr && wr != me && (wr - 1) / TME_SIMD_WIDTH != my_sg)
        race(w, k, wr, 1, 0);
      if (!rd)
        w->rc_reader[k] = mine | me;
      else if (rd != SEVERAL && (rd - 1) / TME_SIMD_WIDTH != my_sg)
        w->rc_reader[k] = mine | SEVERAL;
      continue;
    }
    if (rd == SEVERAL || (rd && (rd - 1) / TME_SIMD_WIDTH != my_sg))
      race(w, k, rd, 0, 1);
    w->rc_writer[k] = mine | me;
  }
}
