/*===- memory.c - Guarded buffer mappings and the fault handler ---*- C -*-===*\
|*                                                                            *|
|* Every buffer (and every scalar) a kernel receives is a private mapping     *|
|*                                                                            *|
|*   [ guard >= 64 KiB ][ (unused) data ... data (slack) ][ guard >= 64 KiB ] *|
|*                                                                            *|
|* with the data's end rounded up to 16 bytes touching the trailing guard;    *|
|* the up-to-15 bytes of slack hold a canary that is checked after the run.   *|
|* Guards are PROT_NONE, so an access there raises SIGSEGV. The handler runs  *|
|* on the alternate signal stack of the worker (fiber stacks are small),      *|
|* names the buffer and element and siglongjmp()s to the worker's scheduler,  *|
|* which abandons the threadgroup. Why that is safe: see MetalEmulator.h.     *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define TME_GUARD_MIN (64u * 1024u)

static size_t page_size(void) {
  static size_t page;
  if (!page) {
    long p = sysconf(_SC_PAGESIZE);
    page = p > 0 ? (size_t)p : 4096;
  }
  return page;
}

static size_t round_up(size_t x, size_t a) { return (x + a - 1) / a * a; }

static size_t guard_size(void) { return round_up(TME_GUARD_MIN, page_size()); }

int tme_region_create(TmeRegion *r, size_t size) {
  size_t page = page_size(), guard = guard_size();
  size_t padded = round_up(size, 16);
  size_t data_len = round_up(padded, page);
  r->map_len = guard + data_len + guard;
  /* Reserve everything inaccessible, then open the data pages: the guards
   * can never be handed to another mapping. */
  void *map = mmap(NULL, r->map_len, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED) {
    r->map = NULL;
    return -1;
  }
  r->map = map;
  if (data_len &&
      mprotect(r->map + guard, data_len, PROT_READ | PROT_WRITE) != 0) {
    munmap(r->map, r->map_len);
    r->map = NULL;
    return -1;
  }
  r->data = r->map + guard + data_len - padded;
  r->size = size;
  /* The bytes between the buffer's end and the guard page (kept so that the
   * buffer stays 16-byte aligned for vector loads) get a canary: a write
   * there shows up after the run instead of passing unnoticed. */
  memset(r->data + size, TME_SLACK_CANARY, padded - size);
  return 0;
}

size_t tme_region_slack_damage(const TmeRegion *r) {
  size_t padded = round_up(r->size, 16);
  for (size_t b = r->size; b < padded; ++b)
    if (r->data[b] != TME_SLACK_CANARY)
      return b - r->size + 1;
  return 0;
}

void tme_region_destroy(TmeRegion *r) {
  if (r->map)
    munmap(r->map, r->map_len);
  r->map = NULL;
}

/* ---- fault handler ------------------------------------------------------ */
static struct sigaction old_segv, old_bus;

/* Lets the previous disposition deal with a fault that is not ours. For the
 * default action, reinstalling it and returning re-executes the faulting
 * instruction, which then terminates the process as usual. */
static void chain(int sig, siginfo_t *si, void *uctx) {
  struct sigaction *old = sig == SIGBUS ? &old_bus : &old_segv;
  if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
    old->sa_sigaction(sig, si, uctx);
  } else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN &&
             old->sa_handler) {
    old->sa_handler(sig);
  } else {
    signal(sig, SIG_DFL);
  }
}

static int access_is_write(void *uctx) {
#if defined(__x86_64__)
  /* Page-fault error code bit 1: the access was a write. */
  const ucontext_t *uc = uctx;
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
  (void)uctx;
  return -1; /* unknown on this architecture */
#endif
}

static void on_fault(int sig, siginfo_t *si, void *uctx) {
  TmeWorker *w = tme_current_worker;
  if (!w || !w->in_fiber) {
    chain(sig, si, uctx);
    return;
  }
  const unsigned char *addr = si->si_addr;
  /* If the access that faulted is the one the load/store callback saw last,
   * its start names the element better than the first faulting byte (a
   * float4 straddling the end faults at the page boundary). */
  if (w->last_addr && addr >= w->last_addr &&
      addr < w->last_addr + w->last_size)
    addr = w->last_addr;
  int write = access_is_write(uctx);
  const char *what = write < 0 ? "access" : write ? "write" : "read";
  TmeLaunchState *ls = w->ls;
  size_t guard = guard_size();
  unsigned thread = w->cur;
  /* snprintf with integer/string formats does not allocate or lock in glibc,
   * and the interrupted code is kernel code that holds no locks. */
  for (size_t i = 0; i < ls->nregions; ++i) {
    const TmeRegion *r = &ls->regions[i];
    if (!r->map)
      continue;
    const unsigned char *lo = r->map, *hi = r->map + r->map_len;
    if (addr < lo || addr >= hi)
      continue;
    int before = addr < r->map + guard;
    int after = addr >= hi - guard;
    if (!before && !after)
      break; /* inside the data pages: not an OOB fault (should not happen) */
    size_t es = r->type && r->type->elem_size ? r->type->elem_size : 1;
    long long off = (long long)(addr - r->data);
    long long elem = off >= 0 ? off / (long long)es
                              : -((-off + (long long)es - 1) / (long long)es);
    const char *own = r->schedule == w->schedule
                          ? ""
                          : " (a buffer of another schedule's copy)";
    tme_worker_error(w, TME_ERR_OOB, thread,
                     "out-of-bounds %s of buffer '%s' at element %lld "
                     "(the buffer has %zu bytes = %zu elements of %zu bytes%s)",
                     what, r->name, elem, r->size, r->size / es, es, own);
    siglongjmp(w->fault_jmp, 1);
  }
  /* A fiber stack's guard page: the kernel needs more stack. */
  if (addr >= w->stacks && addr < w->stacks + w->stacks_len &&
      (size_t)(addr - w->stacks) % w->stack_stride < page_size()) {
    tme_worker_error(w, TME_ERR_FAULT, thread,
                     "fiber stack overflow (%zu bytes per thread; set "
                     "TILE_MSL_FIBER_STACK)",
                     w->stack_size);
    siglongjmp(w->fault_jmp, 1);
  }
  tme_worker_error(w, TME_ERR_FAULT, thread,
                   "invalid memory %s at address %p (signal %d, not in a "
                   "guard region of any buffer)",
                   what, (const void *)addr, sig);
  siglongjmp(w->fault_jmp, 1);
}

static pthread_once_t handler_once = PTHREAD_ONCE_INIT;
static int handler_status;

static void install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_fault;
  /* SA_ONSTACK: the fault may be a fiber stack overflow, and fiber stacks
   * are too small for a handler anyway. SA_NODEFER is not set: the signal
   * stays blocked in the handler and siglongjmp restores the mask. */
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  handler_status = sigaction(SIGSEGV, &sa, &old_segv) == 0 &&
                           sigaction(SIGBUS, &sa, &old_bus) == 0
                       ? 0
                       : -1;
}

int tme_install_fault_handler(void) {
  pthread_once(&handler_once, install);
  return handler_status;
}
