/*===- crossgroup.c - Races between threadgroups ------------------*- C -*-===*\
|*                                                                            *|
|* Nothing orders the threadgroups of one dispatch: they run in any order and *|
|* at once, and no barrier reaches across them. So a buffer byte that one     *|
|* threadgroup writes and another reads or writes (other than with atomics,   *|
|* which the load/store callbacks do not see) is a race whatever order the    *|
|* emulator happens to run them in -- the check looks for that, not for a     *|
|* difference between runs. Two threadgroups storing to the same bytes race   *|
|* even when they store the same value (Metal's memory model makes any such   *|
|* pair of plain stores a data race; an atomic store is the race-free         *|
|* spelling), and which value stays when they differ depends on the order.    *|
|*                                                                            *|
|* The report must not depend on how the workers happened to interleave the   *|
|* threadgroups of schedule 0 (users diff tool output), so per byte of each   *|
|* buffer the check keeps sets, not "last writer": the two lowest-numbered    *|
|* threadgroups that wrote it and the two that read it. Those are the same    *|
|* in every order. After the run the first racy byte (lowest parameter,       *|
|* then lowest offset) is reported, a writer and a reader by preference       *|
|* (the lowest writer and the lowest other reader), else the two lowest       *|
|* writers. Only a kernel whose accesses depend on the racy values can        *|
|* still report differently from run to run.                                  *|
|* Threadgroup numbers are kept modulo 65535, which can only hide a race      *|
|* (two threadgroups taken for one), never invent one.                        *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* A set of threadgroups as its two lowest members, 1 + threadgroup (mod
 * 65535) each, 0 = none: the low half is the lowest, the high half the next.
 * One word, so that a compare-and-swap updates both at once. */
typedef uint32_t LowestTwo;

struct TmeCrossGroup {
  size_t nparams;
  size_t size[TME_MAX_COUNTED_PARAMS];
  _Atomic LowestTwo *writers[TME_MAX_COUNTED_PARAMS]; /* per byte */
  _Atomic LowestTwo *readers[TME_MAX_COUNTED_PARAMS]; /* per byte */
  unsigned grid[3]; /* threadgroups per grid */
  atomic_int found; /* some access saw a race; report() finds the first */
};

/* Shadow memory that costs only the pages touched. */
static void *shadow(size_t bytes) {
  void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static size_t shadow_bytes(size_t size) {
  return sizeof(LowestTwo) * (size ? size : 1);
}

TmeCrossGroup *tme_crossgroup_create(const TmeRegion *regions, size_t n,
                                     const unsigned grid[3]) {
  TmeCrossGroup *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  /* Set before any worker runs: the workers only read it. */
  memcpy(c->grid, grid, sizeof c->grid);
  c->nparams = n < TME_MAX_COUNTED_PARAMS ? n : TME_MAX_COUNTED_PARAMS;
  for (size_t i = 0; i < c->nparams; ++i) {
    if (!regions[i].type->is_pointer || regions[i].is_alias)
      continue;
    c->size[i] = regions[i].size;
    c->writers[i] = shadow(shadow_bytes(regions[i].size));
    c->readers[i] = shadow(shadow_bytes(regions[i].size));
    if (!c->writers[i] || !c->readers[i]) {
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
    if (c->writers[i])
      munmap((void *)c->writers[i], shadow_bytes(c->size[i]));
    if (c->readers[i])
      munmap((void *)c->readers[i], shadow_bytes(c->size[i]));
  }
  free(c);
}

static uint16_t lowest(LowestTwo set) { return (uint16_t)(set & 0xFFFFu); }
static uint16_t next_lowest(LowestTwo set) { return (uint16_t)(set >> 16); }

/* Adds `me` to the set (keeping its two lowest members); returns the set
 * as it is afterwards. */
static LowestTwo add_member(_Atomic LowestTwo *slot, uint16_t me) {
  LowestTwo old = atomic_load(slot);
  for (;;) {
    uint16_t a = lowest(old), b = next_lowest(old);
    LowestTwo set;
    if (me == a || me == b || (b && me > b))
      return old; /* already in, or above both */
    if (!a)
      set = me;
    else if (me < a)
      set = me | (LowestTwo)a << 16;
    else
      set = a | (LowestTwo)me << 16;
    if (atomic_compare_exchange_weak(slot, &old, set))
      return set;
  }
}

/* Whether a set holds a threadgroup other than `me`. */
static int has_other(LowestTwo set, uint16_t me) {
  return (lowest(set) && lowest(set) != me) ||
         (next_lowest(set) && next_lowest(set) != me);
}

/* Notes that some access raced. Once it is set, a plain load saves every
 * later racy byte (the race check does not stop there) a store to the one
 * line every worker shares. */
static void mark_found(TmeCrossGroup *c) {
  if (!atomic_load_explicit(&c->found, memory_order_relaxed))
    atomic_store(&c->found, 1);
}

void tme_crossgroup_note(TmeCrossGroup *c, size_t param, size_t offset,
                         size_t n, int store, const unsigned tg[3],
                         const unsigned grid[3]) {
  if (!c || param >= c->nparams || !c->writers[param])
    return;
  unsigned long long id =
      tg[0] + (unsigned long long)grid[0] *
                  (tg[1] + (unsigned long long)grid[1] * tg[2]);
  uint16_t me = (uint16_t)(id % 65535u + 1u);
  if (offset + n > c->size[param])
    n = c->size[param] - offset;
  /* Sequentially consistent: of a store and a load by two threadgroups
   * racing on one byte, at least one sees the other's mark, so `found` is
   * set in every interleaving. */
  for (size_t k = offset; k < offset + n; ++k) {
    _Atomic LowestTwo *wr = &c->writers[param][k];
    _Atomic LowestTwo *rd = &c->readers[param][k];
    if (store) {
      LowestTwo writers = add_member(wr, me);
      if (has_other(writers, me) || has_other(atomic_load(rd), me))
        mark_found(c);
    } else {
      add_member(rd, me);
      if (has_other(atomic_load(wr), me))
        mark_found(c);
    }
  }
}

/* For a racy byte, the pair to report: a writer and another threadgroup
 * that read it if there is one (the lowest writer and the lowest other
 * reader, else the next writer and the lowest writer as its reader), else
 * the two lowest writers. Returns 0 if the byte is not racy. */
static int racy_pair(LowestTwo writers, LowestTwo readers, uint16_t *first,
                     int *second_store, uint16_t *second) {
  uint16_t w1 = lowest(writers), w2 = next_lowest(writers);
  uint16_t r1 = lowest(readers), r2 = next_lowest(readers);
  if (!w1)
    return 0;
  *first = w1;
  *second_store = 0;
  if (r1 && r1 != w1) {
    *second = r1;
    return 1;
  }
  if (r2) { /* r1 == w1 */
    *second = r2;
    return 1;
  }
  if (!w2)
    return 0;
  if (r1) { /* only w1 read it, and w2 wrote it */
    *first = w2;
    *second = w1;
    return 1;
  }
  *second = w2;
  *second_store = 1;
  return 1;
}

static void tg_text(unsigned long long tg, const unsigned grid[3], char *buf,
                    size_t size) {
  snprintf(buf, size, "threadgroup (%llu,%llu,%llu)", tg % grid[0],
           tg / grid[0] % grid[1], tg / grid[0] / grid[1]);
}

int tme_crossgroup_report(TmeCrossGroup *c, const TmeModule *m, char *error,
                          size_t error_size) {
  if (!c || !atomic_load(&c->found))
    return TME_OK;
  for (size_t p = 0; p < c->nparams; ++p) {
    if (!c->writers[p])
      continue;
    for (size_t k = 0; k < c->size[p]; ++k) {
      uint16_t first, second;
      int second_store;
      if (!racy_pair(atomic_load(&c->writers[p][k]),
                     atomic_load(&c->readers[p][k]), &first, &second_store,
                     &second))
        continue;
      const unsigned *grid = c->grid;
      size_t es = m->param_types[p].elem_size;
      char a[96], b[96];
      tg_text(first - 1u, grid, a, sizeof a);
      tg_text(second - 1u, grid, b, sizeof b);
      tme_set_error(
          error, error_size,
          "kernel '%s': a race between threadgroups: %s wrote buffer '%s' "
          "element %zu and %s %s it, without atomics (nothing orders "
          "threadgroups: they run in any order and at once)%s",
          m->kernel_name, a, m->param_names[p], k / (es ? es : 1), b,
          second_store ? "writes" : "reads",
          (unsigned long long)grid[0] * grid[1] * grid[2] > 65535
              ? " (threadgroup numbers are told apart modulo 65535)"
              : "");
      return TME_ERR_RACE;
    }
  }
  return TME_OK;
}
