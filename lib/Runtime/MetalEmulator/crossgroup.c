/*===- crossgroup.c - Races between threadgroups ------------------*- C -*-===*\
|*                                                                            *|
|* Nothing orders the threadgroups of one dispatch: they run in any order and *|
|* at once, and no barrier reaches across them. So a buffer byte that one     *|
|* threadgroup writes and another reads or writes (other than with atomics,   *|
|* which the load/store callbacks do not see) is a race whatever order the   *|
|* emulator happens to run them in -- the check looks for that, not for a    *|
|* difference between runs. Per byte of each buffer of schedule 0 it keeps   *|
|* the threadgroup that last wrote it and the one that read it (or "several"):*|
|* a store conflicts with another threadgroup's read or write, a load with  *|
|* another's write. Two threadgroups storing to the same bytes race even     *|
|* when they store the same value (Metal's memory model makes any such pair *|
|* of plain stores a data race; an atomic store is the race-free spelling),  *|
|* and which value stays when they differ depends on the order.             *|
|* Threadgroup numbers are kept modulo 65535, which can only hide a race    *|
|* (two threadgroups taken for one), never invent one.                      *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SEVERAL_READERS 0xFFFFu

struct TmeCrossGroup {
  size_t nparams;
  size_t size[TME_MAX_COUNTED_PARAMS];
  /* per byte: 1 + threadgroup (mod 65535), 0 = none */
  _Atomic uint16_t *writer[TME_MAX_COUNTED_PARAMS];
  _Atomic uint16_t *reader[TME_MAX_COUNTED_PARAMS];
  unsigned grid[3]; /* threadgroups per grid */
  atomic_int found;
  /* the first race */
  size_t param, offset;
  unsigned first, second; /* threadgroups (mod 65535) */
  int first_store, second_store;
};

/* Shadow memory that costs only the pages touched. */
static void *shadow(size_t bytes) {
  void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

TmeCrossGroup *tme_crossgroup_create(const TmeRegion *regions, size_t n) {
  TmeCrossGroup *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->nparams = n < TME_MAX_COUNTED_PARAMS ? n : TME_MAX_COUNTED_PARAMS;
  for (size_t i = 0; i < c->nparams; ++i) {
    if (!regions[i].type->is_pointer || regions[i].is_alias)
      continue;
    c->size[i] = regions[i].size;
    c->writer[i] = shadow(2 * regions[i].size);
    c->reader[i] = shadow(2 * regions[i].size);
    if (!c->writer[i] || !c->reader[i]) {
      tme_crossgroup_free(c);
      return NULL;
    }
  }
  return c;
}

void tme_crossgroup_free(TmeCrossGroup *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->nparams; ++i) {
    if (c->writer[i])
      munmap((void *)c->writer[i], 2 * c->size[i] ? 2 * c->size[i] : 1);
    if (c->reader[i])
      munmap((void *)c->reader[i], 2 * c->size[i] ? 2 * c->size[i] : 1);
  }
  free(c);
}

static void record(TmeCrossGroup *c, size_t param, size_t offset,
                   unsigned first, int first_store, unsigned second,
                   int second_store) {
  int expected = 0;
  if (!atomic_compare_exchange_strong(&c->found, &expected, 1))
    return;
  c->param = param;
  c->offset = offset;
  c->first = first;
  c->second = second;
  c->first_store = first_store;
  c->second_store = second_store;
  atomic_store(&c->found, 2);
}

void tme_crossgroup_note(TmeCrossGroup *c, size_t param, size_t offset,
                         size_t n, int store, const unsigned tg[3],
                         const unsigned grid[3]) {
  if (!c || param >= c->nparams || !c->writer[param] ||
      atomic_load_explicit(&c->found, memory_order_relaxed))
    return;
  if (!c->grid[0]) /* the same for every thread */
    memcpy(c->grid, grid, sizeof c->grid);
  unsigned long long id =
      tg[0] + (unsigned long long)grid[0] *
                  (tg[1] + (unsigned long long)grid[1] * tg[2]);
  uint16_t me = (uint16_t)(id % 65535u + 1u);
  if (offset + n > c->size[param])
    n = c->size[param] - offset;
  for (size_t k = offset; k < offset + n; ++k) {
    _Atomic uint16_t *wr = &c->writer[param][k];
    _Atomic uint16_t *rd = &c->reader[param][k];
    uint16_t w = atomic_load_explicit(wr, memory_order_relaxed);
    if (w && w != me) { /* read after, or write after, another's write */
      record(c, param, k, w - 1u, 1, me - 1u, store);
      return;
    }
    if (store) {
      uint16_t r = atomic_load_explicit(rd, memory_order_relaxed);
      if (r && r != me) {
        record(c, param, k, r == SEVERAL_READERS ? 0xFFFFFFFFu : r - 1u, 0,
               me - 1u, 1);
        return;
      }
      atomic_store_explicit(wr, me, memory_order_relaxed);
    } else {
      uint16_t r = atomic_load_explicit(rd, memory_order_relaxed);
      if (r != me && r != SEVERAL_READERS)
        atomic_store_explicit(rd, r ? (uint16_t)SEVERAL_READERS : me,
                              memory_order_relaxed);
    }
  }
}

static void tg_text(unsigned long long tg, const unsigned grid[3], char *buf,
                    size_t size) {
  if (tg == 0xFFFFFFFFu) {
    snprintf(buf, size, "other threadgroups");
    return;
  }
  snprintf(buf, size, "threadgroup (%llu,%llu,%llu)", tg % grid[0],
           tg / grid[0] % grid[1], tg / grid[0] / grid[1]);
}

int tme_crossgroup_report(TmeCrossGroup *c, const TmeModule *m, char *error,
                          size_t error_size) {
  if (!c || atomic_load(&c->found) != 2)
    return TME_OK;
  const unsigned *grid = c->grid;
  size_t es = m->param_types[c->param].elem_size;
  char a[96], b[96];
  tg_text(c->first, grid, a, sizeof a);
  tg_text(c->second, grid, b, sizeof b);
  tme_set_error(error, error_size,
                "kernel '%s': a race between threadgroups: %s %s buffer "
                "'%s' element %zu and %s %s it, without atomics (nothing "
                "orders threadgroups: they run in any order and at once)%s",
                m->kernel_name, a, c->first_store ? "wrote" : "read",
                m->param_names[c->param], c->offset / (es ? es : 1), b,
                c->second_store ? "writes" : "reads",
                (unsigned long long)grid[0] * grid[1] * grid[2] > 65535
                    ? " (threadgroup numbers are told apart modulo 65535)"
                    : "");
  return TME_ERR_RACE;
}
