/*===- context.c - User-space context switch of the fibers --------*- C -*-===*\
|*                                                                            *|
|* glibc's swapcontext saves and restores the signal mask with a system call  *|
|* on every switch, and a GEMM switches fibers tens of millions of times (32  *|
|* lanes block and resume at every simdgroup_multiply_accumulate). The fibers *|
|* of a worker all run with the same signal mask, so nothing needs it: the    *|
|* switch here saves what the calling convention says a callee preserves --   *|
|* the callee-saved registers, the stack pointer, and the floating-point      *|
|* control state -- on the old stack, stores the stack pointer, and loads the *|
|* other side's. A fiber is entered by "returning" into its entry function    *|
|* from a frame built at the top of its stack.                                *|
|*                                                                            *|
|* The fault path does not go through here: the SIGSEGV handler runs on the   *|
|* worker's sigaltstack and siglongjmp()s to the scheduler's sigsetjmp, which *|
|* restores the signal mask the handler blocked.                              *|
|*                                                                            *|
|* Other architectures fall back to swapcontext (TME_CONTEXT_UCONTEXT).       *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <string.h>

#if !TME_CONTEXT_UCONTEXT

/* tme_context_switch(from, to): saves the callee-saved state on the current
 * stack, *from = stack pointer, switches to `to`, restores the state saved
 * there and returns into whatever called tme_context_switch on it (or into
 * the entry function of a fresh fiber). */
#if defined(__x86_64__)
/* Frame, from the saved stack pointer up: MXCSR (4 bytes), x87 control word
 * (2 bytes, padded to 8 in all), r15, r14, r13, r12, rbx, rbp, return
 * address. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl tme_context_switch\n"
        ".hidden tme_context_switch\n"
        ".type tme_context_switch,@function\n"
        "tme_context_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  subq $8, %rsp\n"
        "  stmxcsr (%rsp)\n"
        "  fnstcw 4(%rsp)\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  ldmxcsr (%rsp)\n"
        "  fldcw 4(%rsp)\n"
        "  addq $8, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size tme_context_switch, .-tme_context_switch\n");
enum { FRAME_WORDS = 8 }; /* control words, 6 registers, return address */

static void init_frame(uintptr_t *frame, void (*entry)(void)) {
  uint32_t mxcsr;
  uint16_t fpucw;
  /* A fresh fiber starts with the worker's floating-point environment. */
  __asm__ volatile("stmxcsr %0\n\tfnstcw %1" : "=m"(mxcsr), "=m"(fpucw));
  memset(frame, 0, FRAME_WORDS * sizeof *frame);
  memcpy(&frame[0], &mxcsr, 4);
  memcpy((char *)&frame[0] + 4, &fpucw, 2);
  frame[7] = (uintptr_t)entry;
}

#elif defined(__aarch64__)
/* Frame, from the saved stack pointer up: x19..x28, x29 (frame pointer),
 * x30 (link register: where `ret` goes), d8..d15, FPCR, padding; 176
 * bytes, a multiple of 16 as sp must be. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl tme_context_switch\n"
        ".hidden tme_context_switch\n"
        ".type tme_context_switch,%function\n"
        "tme_context_switch:\n"
        "  sub sp, sp, #176\n"
        "  stp x19, x20, [sp, #0]\n"
        "  stp x21, x22, [sp, #16]\n"
        "  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n"
        "  stp x27, x28, [sp, #64]\n"
        "  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n"
        "  stp d10, d11, [sp, #112]\n"
        "  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mrs x9, fpcr\n"
        "  str x9, [sp, #160]\n"
        "  mov x9, sp\n"
        "  str x9, [x0]\n"
        "  mov sp, x1\n"
        "  ldr x9, [sp, #160]\n"
        "  msr fpcr, x9\n"
        "  ldp x19, x20, [sp, #0]\n"
        "  ldp x21, x22, [sp, #16]\n"
        "  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n"
        "  ldp x27, x28, [sp, #64]\n"
        "  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n"
        "  ldp d10, d11, [sp, #112]\n"
        "  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #176\n"
        "  ret\n"
        ".size tme_context_switch, .-tme_context_switch\n");
enum { FRAME_WORDS = 22 };

static void init_frame(uintptr_t *frame, void (*entry)(void)) {
  uint64_t fpcr;
  __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
  memset(frame, 0, FRAME_WORDS * sizeof *frame);
  frame[11] = (uintptr_t)entry; /* x30 */
  frame[20] = fpcr;
}
#endif

void tme_context_make(TmeContext *c, void *stack, size_t size,
                      void (*entry)(void)) {
  /* The entry is reached by `ret`, as if called from the stack's top: on
   * x86-64 the stack pointer is then 8 below a 16-byte boundary (the pushed
   * return address of a call), on AArch64 it is 16-byte aligned. */
  uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
#if defined(__x86_64__)
  /* The entry function's return address slot: never used, but a zero ends a
   * debugger's backtrace of the fiber there instead of in stale data. */
  top -= 8;
  *(uintptr_t *)top = 0;
#endif
  uintptr_t *frame = (uintptr_t *)top - FRAME_WORDS;
  init_frame(frame, entry);
  c->sp = frame;
}

#else /* TME_CONTEXT_UCONTEXT */

/* getcontext "returns twice" as far as compilers know (like setjmp); only
 * its registers and signal mask are wanted, makecontext replaces the rest. */
static __attribute__((noinline)) void init_context(ucontext_t *c) {
  getcontext(c);
}

void tme_context_make(TmeContext *c, void *stack, size_t size,
                      void (*entry)(void)) {
  init_context(&c->uc);
  c->uc.uc_stack.ss_sp = stack;
  c->uc.uc_stack.ss_size = size;
  c->uc.uc_link = NULL; /* the entry never returns */
  makecontext(&c->uc, entry, 0);
}

void tme_context_swap(TmeContext *from, TmeContext *to) {
  swapcontext(&from->uc, &to->uc);
}

#endif
