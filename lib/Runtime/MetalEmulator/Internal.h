/*===- Internal.h - Shared declarations of the Metal emulator -----*- C -*-===*\
|*                                                                            *|
|* Not installed. The emulator is split by concern:                          *|
|*   wrapper.c  generated C++ entry, MSL type parsing, builtin table          *|
|*   lex.c      lexical scanning helpers of source.c and adapt.c              *|
|*   source.c   finding kernels, reading parameters                           *|
|*   adapt.c    rewriting the source for C++                                  *|
|*   casts.c    C-style casts to vector types, as MSL converts                *|
|*   bool_vectors.c  converted vector comparisons as bool vectors (1, not -1) *|
|*   address_spaces.c  MSL address spaces in the text (SYCL device mode)      *|
|*   include.c  a file with its own headers and the launch's macros          *|
|*   macros.c   expanding the source's macros to find kernels they declare    *|
|*   toolchain.c  the host compiler, the shim headers, the command line       *|
|*   compile.c  building, caching and dlopen of modules, threadgroup memory   *|
|*   cache.c    the compiled-kernel cache's directory and hash keys           *|
|*   memory.c   guarded buffer mappings, fault handler                        *|
|*   fiber.c    workers' fibers and the per-threadgroup scheduler             *|
|*   context.c  the fibers' user-space context switch                         *|
|*   hooks.c    the tile_msl_* hooks (barriers, MMA, rendezvous, reports)     *|
|*   collectives.c  completing barriers and collectives whose threads arrived *|
|*   stall.c    explaining a threadgroup that cannot progress (divergence)    *|
|*   mma.c      simdgroup_multiply_accumulate arithmetic, half/bfloat16      *|
|*   access.c   load/store and atomic callbacks: counters, checks             *|
|*   simd.c     SIMD-group functions (simd_sum, ...): hook and arithmetic     *|
|*   launch.c   tme_run: copies, worker pool, schedule comparison, stats      *|
|*   crossgroup.c  races between threadgroups                                *|
|*   racecheck.c   races on threadgroup memory, by happens-before            *|
|*   abi.c      the ABI JSON reader                                           *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_LIB_RUNTIME_METALEMULATOR_INTERNAL_H
#define TILE_LIB_RUNTIME_METALEMULATOR_INTERNAL_H

#include "tile/Runtime/MetalEmulator.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

/* Builtin values handed to the generated entry, one `unsigned` array per
 * thread. The generated C++ reads it with these offsets (wrapper.c). */
enum {
  TME_BV_TID = 0,         /* thread_index_in_threadgroup          */
  TME_BV_SGID = 1,        /* simdgroup_index_in_threadgroup       */
  TME_BV_LANE = 2,        /* thread_index_in_simdgroup            */
  TME_BV_TPOS_TG = 3,     /* thread_position_in_threadgroup (3)   */
  TME_BV_TPTG = 6,        /* threads_per_threadgroup (3)          */
  TME_BV_TGPOS = 9,       /* threadgroup_position_in_grid (3)     */
  TME_BV_NTG = 12,        /* threadgroups_per_grid (3)            */
  TME_BV_TPOS_GRID = 15,  /* thread_position_in_grid (3)         */
  TME_BV_TPGRID = 18,     /* threads_per_grid (3)                 */
  TME_BV_NSG = 21,        /* simdgroups_per_threadgroup           */
  TME_BV_SIMD_WIDTH = 22, /* threads_per_simdgroup              */
  /* The launch's threadgroup size, which a partial threadgroup of a
   * dispatchThreads launch (TmeLaunch.threads_per_grid) is smaller than. */
  TME_BV_DISPATCH_TPTG = 23, /* dispatch_threads_per_threadgroup (3) */
  TME_BV_DISPATCH_NSG = 26,  /* dispatch_simdgroups_per_threadgroup */
  TME_BV_QUAD_LANE = 27,     /* thread_index_in_quadgroup          */
  TME_BV_QUAD_ID = 28,       /* quadgroup_index_in_threadgroup     */
  TME_BV_NQUADS = 29,        /* quadgroups_per_threadgroup         */
  TME_BV_COUNT = 30
};

#define TME_SIMD_WIDTH 32u
#define TME_MAX_THREADS 1024u
#define TME_MAX_TG_MEMORY 32768u
/* Bytes after the host-sized threadgroup memory of [[threadgroup(n)]]
 * parameters, in the same TLS block: reads there are unwritten reads,
 * writes are reported as out of bounds instead of corrupting what follows
 * the block (wrapper.c, fiber.c). Not counted as threadgroup memory. */
#define TME_TG_REDZONE 1024u

/* Signature of the generated entry: args[i] is the address of parameter i's
 * storage (buffer start, or the scalar), bv the thread's builtin values. */
typedef void (*TmeEntryFn)(void *const *args, const unsigned *bv);

/* Parsed view of an msl_type string. */
typedef struct TmeTypeInfo {
  int is_reference; /* `T&`: a scalar passed by reference  */
  int is_pointer;   /* `T*`: a buffer                      */
  size_t elem_size; /* bytes of one element, 0 if unknown  */
  char scalar[16];  /* element scalar name: "float", "half", ... or "" */
  unsigned lanes;   /* vector components (1 for scalars)   */
} TmeTypeInfo;

struct TmeModule {
  char *kernel_name;
  size_t num_params;
  char **param_names;
  TmeTypeInfo *param_types;
  void *handle;
  TmeEntryFn entry;
  size_t tls_modid; /* 0: no threadgroup memory */
  size_t tls_size;  /* the TLS block, red zone included */
  size_t redzone;   /* TME_TG_REDZONE if the module has one, else 0 */
  unsigned char *(*redzone_address)(void); /* this OS thread's red zone */
  int instrumented;
  char *library_path;
};

/* ---- wrapper.c ---------------------------------------------------------- */
/* A growable string; `oom` latches allocation failure so callers check
 * once. */
typedef struct TmeStr {
  char *p;
  size_t len, cap;
  int oom;
} TmeStr;
void tme_str_add(TmeStr *s, const char *text, size_t n);

int tme_parse_msl_type(const char *msl_type, TmeTypeInfo *out);
/* Builtin attribute `name` (`len` bytes): its slot in the builtin values
 * and its number of components; 0 if it is not a compute builtin. */
int tme_builtin_slot(const char *name, size_t len, unsigned *slot,
                     unsigned *components);
/* Appends the generated C++ (MSL source + entry) to a malloc'd string. */
/* `flat_spaces`: for a compiler without address spaces as types (no
 * -fsycl-is-device; compile.c's fallback): overloads on address spaces that
 * then collide are blanked as the address-space qualifiers of members are. */
int tme_build_translation_unit(const char *msl_source, const TmeSignature *sig,
                               const TmeKernelOptions *options, int flat_spaces,
                               char **out, char *error, size_t error_size);

/* ---- address_spaces.c --------------------------------------------------- */
/* One of MSL's address-space words at p. */
int tme_is_address_space(const char *code, const char *p);
/* The address-space word at p (`len` letters) qualifies a pointer or
 * reference. */
int tme_qualifies_pointer(const char *p, size_t len);
/* In `text` (a copy of `code`, the text without comments): array
 * parameters in an address space written as pointers (in `code` too), and
 * member functions' address-space qualifiers dropped (then identical
 * members blanked). Every line and column is kept. */
void tme_address_space_array_parameters(char *text, char *code);
/* `constant` and `threadgroup` where they qualify a pointer or reference
 * (and `constant` on a variable of static storage) become the shim's
 * address-space macros, in place. */
void tme_address_space_words(char *text, const char *code);
void tme_blank_member_space_overloads(char *text, const char *code,
                                      int flat_spaces);
/* The compiler's log (of a compile with address spaces as types) shows
 * valid MSL that clang or the emulator's rewriting for address spaces
 * refuses, which compiles flat: no address-space mistake (a pointer or
 * reference of one address space where another is required), and an error
 * naming an object in an address space, the rewriting's thread_pointer or
 * __msl_self, or any error when `members_rewritten` (a C++23 source). */
int tme_address_space_needs_flat(const char *log, int members_rewritten);
/* The declaration [start, brace) opens a namespace, class or linkage scope
 * (rather than a body or an initializer). */
int tme_opens_scope(const char *code, const char *start, const char *brace);

/* ---- adapt.c: helpers of the rewriting passes ---------------------------- */
/* Adds `src` from *copied up to `to`, then `text` (n bytes), to `s`; *copied
 * becomes `to`. */
void tme_splice(TmeStr *s, const char *src, size_t *copied, size_t to,
                const char *text, size_t n);
/* The end of a pass that built `s` from `src` up to `copied`: the rewritten
 * text, or NULL when it changed nothing (s empty) or ran out of memory
 * (then *failed). */
char *tme_finish_rewrite(TmeStr *s, const char *src, size_t copied,
                         int *failed);

/* ---- declarations.c ----------------------------------------------------- */
/* What a walk of the declarations at namespace and class scope reports. */
typedef struct TmeDeclarationWalk {
  /* The namespace or class that [start, brace) opens, now `depth` deep. */
  void (*enter)(void *ctx, const char *start, const char *brace, size_t depth);
  /* A parenthesized list [open, close) of the declaration at `start` (its
   * first if `first`) at `depth`: where the walk goes on if the callback
   * took the declaration to its end there, else NULL. */
  const char *(*list)(void *ctx, const char *start, const char *open,
                      const char *close, int first, size_t depth);
  /* The `{` of a body or initializer, which the walk steps over. */
  void (*body)(void *ctx, const char *brace);
  /* The current declaration ended. */
  void (*end)(void *ctx);
} TmeDeclarationWalk;
/* Walks `code` (the text without comments). */
void tme_walk_declarations(const char *code, const TmeDeclarationWalk *walk,
                           void *ctx);

/* ---- thread_pointers.c ------------------------------------------------- */
/* `src` with each `thread T*` parameter of a function that is not a
 * template made a ::tile_msl::thread_pointer (which refuses pointers of the
 * other address spaces), malloc'd; NULL if there is none (or, with
 * *failed set, out of memory). Lines are kept. */
char *tme_rewrite_thread_pointer_parameters(const char *src, int *failed);

/* ---- member_spaces.c --------------------------------------------------- */
/* `src` with each member function qualified by a `threadgroup`, `device` or
 * `constant` object made a C++23 explicit-object member calling its body
 * under another name, malloc'd; NULL if there is none (or, with *failed
 * set, out of memory). Lines are kept. */
char *tme_rewrite_member_spaces(const char *src, int *failed);

/* ---- lex.c -------------------------------------------------------------- */
int tme_is_ident(char c);
/* `src` with comments, string and character literals replaced by spaces
 * (newlines kept), same length; malloc'd. */
char *tme_code_only(const char *src);
const char *tme_skip_space(const char *p);
/* `word` at p as a whole word (`code` is the text's start). */
int tme_word_at(const char *code, const char *p, const char *word);
/* `word` as a whole word somewhere in [b, e). */
int tme_word_in(const char *code, const char *b, const char *e,
                const char *word);
/* After the bracket matching the one at `open` ((, [, { or <), or NULL. */
const char *tme_matching(const char *open);
/* The identifier just before `p`, not before `lo`: its start, its end in
 * *end (start == end: none). */
const char *tme_ident_before(const char *lo, const char *p, const char **end);
/* The end of the comma-separated element at `p`: the first comma outside
 * brackets before `e`, else `e`. */
const char *tme_list_element_end(const char *p, const char *e);
/* The end of the preprocessor line at p (continuation lines included). */
const char *tme_skip_preprocessor_line(const char *p);
/* [b, e) trimmed, runs of spaces collapsed, into buf. */
void tme_copy_trimmed(const char *b, const char *e, char *buf, size_t size);
/* The `(` at `open` opens an attribute's list (`alignas(16)`,
 * `__attribute__((packed))`, `__declspec(...)`). */
int tme_attribute_list_at(const char *code, const char *open);
/* p after spaces and attributes (`[[...]]` and the lists above), not past
 * `end`. */
const char *tme_skip_attributes(const char *code, const char *p,
                                const char *end);
/* [w, w + n) names an MSL vector type (`float4`, `bool2`, ...). */
int tme_is_vector_type_name(const char *w, size_t n);
/* The `<...>` at p, when a call or `::` follows it (a template's
 * arguments): its end; else p. */
const char *tme_template_arguments_end(const char *p);

/* ---- source.c ----------------------------------------------------------- */
#define TME_MAX_DECLARED 64

/* A kernel found in the source: what to call (`sum<float>` for a host-name
 * instantiation), the function whose declaration carries the parameter
 * attributes (`sum`), and the name it is known by (the host name). */
typedef struct TmeKernelRef {
  char callee[256];
  char base[128];
  char host[128];
} TmeKernelRef;
/* `name` NULL: the source's only kernel (else an error listing them). A
 * name not found is an error if `strict`, else taken as the function to
 * call (a kernel made by a macro, with its ABI). */
int tme_resolve_kernel(const char *src, const char *name, int strict,
                       TmeKernelRef *ref, char *error, size_t error_size);

/* One declared parameter of a kernel (TME_PARAM_* kind). */
typedef struct TmeDeclSlot {
  int kind;
  unsigned index;
  char name[64];
  char type[160];
  char builtin[64];
  char function_constant[64];
  int implicit_index; /* no attribute: index given in declaration order */
} TmeDeclSlot;
/* The parameters of `function`'s first declaration, in order, those
 * without a binding attribute indexed as Metal does (source.c); -1 if it
 * cannot be read (a parameter that is neither a buffer, threadgroup memory
 * nor a builtin; more than `max`). */
int tme_read_parameters(const char *src, const char *function,
                        TmeDeclSlot *slots, size_t max, size_t *count);
/* adapt.c: the text to compile: `src` with threadgroup pointers and
 * function constants rewritten for C++ (adapt.c explains); malloc'd. Fails on a
 * function constant the signature sets that the source does not declare. */
int tme_adapt_source(const char *src, const TmeKernelOptions *options,
                     int flat_spaces, char **out, char *error,
                     size_t error_size);

/* casts.c: `src` with C-style casts to vector types and template type
 * parameters (`(float4) h`) written as MSL's conversion
 * (`::tile_msl::msl_c_cast<float4>(h)`); NULL (and *failed 0) when it has
 * none. */
char *tme_rewrite_vector_casts(const char *src, int *failed);

/* bool_vectors.c: `src` with each comparison of vectors that is converted
 * (`float4(x > 0)`, `static_cast<T>(a == b)`, a C-style cast's operand
 * after tme_rewrite_vector_casts) wrapped in `::tile_msl::msl_bool(...)`,
 * so it converts as MSL's bool vector does (1, not clang's -1); NULL (and
 * *failed 0) when there is none. */
char *tme_rewrite_bool_vector_conversions(const char *src, int *failed);

/* ---- toolchain.c (used by compile.c and macros.c) ---------------------- */
/* __METAL_VERSION__ when the kernel asks for no version (MetalEmulator.h). */
#define TME_DEFAULT_METAL_VERSION 320u
char *tme_find_compiler(void);
char *tme_find_shim_dir(char *error, size_t error_size);
/* Runs argv, collects its output; returns the exit status or -1. */
int tme_run_capture(char *const *argv, char *out, size_t out_size);
int tme_write_file(const char *path, const char *text);
/* The MSL version the signature's compile options ask for (-std=metalX.Y)
 * in *version, 0 for none; an unknown version is TME_ERR_ARGUMENT. */
int tme_metal_version_of(const TmeSignature *sig, unsigned *version,
                         char *error, size_t error_size);
/* The compiler's command line up to the input: writes argv, returns argc.
 * `version_define` holds the -D__METAL_VERSION__ flag's text;
 * `typed_spaces`: address spaces as types (else flat). */
size_t tme_compile_flags(const char **argv, const char *cxx, const char *shim,
                         const TmeSignature *sig, unsigned metal_version,
                         int instrumented, int typed_spaces,
                         char version_define[48]);

/* ---- cache.c ------------------------------------------------------------ */
/* 64-bit FNV-1a over bytes, strings (with their terminator, so "ab","c" !=
 * "a","bc") and the shim headers' names and contents. */
void tme_hash_bytes(uint64_t *h, const void *data, size_t n);
void tme_hash_str(uint64_t *h, const char *s);
void tme_hash_shim_dir(uint64_t *h, const char *dir, int depth);
/* mkdir -p; 0 on success, else -1 with errno set. */
int tme_mkdir_p(const char *dir);
/* $TILE_MSL_CACHE_DIR, else under $XDG_CACHE_HOME or $HOME, else /tmp. */
void tme_default_cache_dir(char *buf, size_t size);
/* The whole file (malloc'd), or NULL (include.c). */
char *tme_read_file(const char *path);
/* When kernel `name` (NULL: the only one) is not found in `src` but `src`
 * defines macros: `src` with its own macros expanded (malloc'd) in *out,
 * else NULL there; __METAL_VERSION__ is `metal_version` (0: the default). */
int tme_expand_macros_if_needed(const char *src, const char *name,
                                unsigned metal_version, char **out, char *error,
                                size_t error_size);

/* ---- memory.c ----------------------------------------------------------- */
typedef struct TmeRegion {
  unsigned char *map; /* whole mapping, guards included */
  size_t map_len;
  unsigned char *data; /* first byte of the buffer */
  size_t size;
  const char *name;
  const TmeTypeInfo *type;
  unsigned param;
  unsigned schedule;
  /* The same host buffer bound at an earlier parameter: this region is a
   * copy of that one's (same mapping), not destroyed or compared twice. */
  int is_alias;
} TmeRegion;

int tme_region_create(TmeRegion *r, size_t size);
/* The canary in the slack after a buffer, and where it was overwritten: 0 if
 * intact, else 1 + the offset of the first changed byte after the buffer. */
#define TME_SLACK_CANARY 0xA5
size_t tme_region_slack_damage(const TmeRegion *r);
void tme_region_destroy(TmeRegion *r);
/* Installs the process-wide SIGSEGV/SIGBUS handler once. */
int tme_install_fault_handler(void);

/* ---- fiber.c / hooks.c / launch.c --------------------------------------- */
typedef enum {
  TME_FS_RUNNABLE,
  TME_FS_TG_BARRIER,
  TME_FS_SG_BARRIER,
  TME_FS_MMA,
  TME_FS_SG_UNIFORM, /* at a simdgroup_load/store: waits for its 32 lanes */
  TME_FS_SIMD,       /* at a SIMD-group function (simd_sum, simd_shuffle..) */
  TME_FS_RENDEZVOUS, /* at a tile_msl_rendezvous (matmul2d::run)           */
  TME_FS_RV_WAIT,    /* arrived; the scope's first thread runs the callback */
  TME_FS_DONE
} TmeFiberState;

/* ---- context.c: switching between a worker's scheduler and its fibers --- */
/* x86-64 and AArch64 switch in user space (context.c); elsewhere, or with
 * -DTME_CONTEXT_UCONTEXT=1, swapcontext does. */
#ifndef TME_CONTEXT_UCONTEXT
#if defined(__x86_64__) || defined(__aarch64__)
#define TME_CONTEXT_UCONTEXT 0
#else
#define TME_CONTEXT_UCONTEXT 1
#endif
#endif

typedef struct TmeContext {
#if TME_CONTEXT_UCONTEXT
  ucontext_t uc;
#else
  void *sp; /* the saved stack pointer; the rest is on that stack */
#endif
} TmeContext;

/* Prepares `c` to run entry() on [stack, stack + size); entry must never
 * return (it switches away for good instead). */
void tme_context_make(TmeContext *c, void *stack, size_t size,
                      void (*entry)(void));
#if TME_CONTEXT_UCONTEXT
void tme_context_swap(TmeContext *from, TmeContext *to);
#else
void tme_context_switch(void **from_sp, void *to_sp);
/* Saves the running context in `from` and resumes `to`. */
static inline void tme_context_swap(TmeContext *from, TmeContext *to) {
  tme_context_switch(&from->sp, to->sp);
}
#endif

typedef struct TmeFiber {
  TmeContext ctx;
  TmeFiberState state;
  const void *site;             /* return address of the blocking hook call */
  const char *barrier_file;     /* source file and line of the barrier the */
  unsigned barrier_line;        /* fiber waits at (tile_msl_barrier_site)  */
  unsigned long long passed[6]; /* tg barriers, sg barriers, MMAs,
                                   simdgroup loads/stores, SIMD-group
                                   functions, rendezvous passed */
  /* MMA operands while state == TME_FS_MMA */
  void *d;
  const void *a, *b, *c;
  int dt, at, bt, ct;
  /* SIMD-group function operands while state == TME_FS_SIMD (the arguments
   * of tile_msl_simd_collective) */
  int simd_op, simd_type;
  unsigned simd_count, simd_arg;
  const void *simd_in;
  void *simd_out;
  /* tile_msl_rendezvous arguments while state == TME_FS_RENDEZVOUS */
  unsigned rv_simdgroups; /* 0: the SIMD-group; N: the threadgroup */
  const char *rv_what;
  tile_msl_rendezvous_fn rv_fn;
  void *rv_arg;
  const void *rv_key;
  unsigned rv_key_size;
  unsigned rv_lo, rv_hi; /* the scope's fibers, set on release */
  int rv_lead;           /* released as the one that runs rv_fn */
  unsigned bv[TME_BV_COUNT];
} TmeFiber;

typedef struct TmeLaunchState TmeLaunchState;

/* crossgroup.c: races between threadgroups (one writes a buffer byte that
 * another reads or writes), looked for in schedule 0. */
typedef struct TmeCrossGroup TmeCrossGroup;
TmeCrossGroup *tme_crossgroup_create(const TmeRegion *regions, size_t n,
                                     const unsigned grid[3]);
void tme_crossgroup_free(TmeCrossGroup *c);
/* A load or store of `n` bytes at `offset` in parameter `param`'s buffer by
 * threadgroup `tg` of `grid` threadgroups. */
void tme_crossgroup_note(TmeCrossGroup *c, size_t param, size_t offset,
                         size_t n, int store, const unsigned tg[3],
                         const unsigned grid[3]);
/* TME_ERR_RACE with a message if a race was seen, else TME_OK. */
int tme_crossgroup_report(TmeCrossGroup *c, const TmeModule *m, char *error,
                          size_t error_size);

typedef struct TmeWorker {
  TmeLaunchState *ls;
  unsigned id;
  TmeFiber *fibers;
  unsigned nthreads;      /* of the current threadgroup (partial ones fewer) */
  unsigned nsimd;         /* its SIMD-groups */
  unsigned tg_threads[3]; /* its extents */
  unsigned char *stacks; /* nthreads * stack_stride, guard page at the bottom */
  size_t stacks_len, stack_size, stack_stride;
  void *altstack;
  size_t altstack_size;
  TmeContext sched; /* the scheduler's context on this OS thread */
  unsigned cur;     /* running fiber */
  unsigned pos;     /* its position in `order` (this pass) */
  int pass_simd;    /* the only SIMD-group this pass runs, or -1 */
  volatile sig_atomic_t in_fiber;
  sigjmp_buf fault_jmp;
  /* current threadgroup */
  unsigned schedule;
  unsigned tg[3];
  void *const *args;
  const TmeRegion *regions; /* this schedule's regions, one per param */
  unsigned *order;
  void **rv_args; /* nthreads: the callback's argument array */
  /* Fibers waiting at a threadgroup barrier, and per SIMD-group at one of
   * its collectives (not rendezvous): tme_complete_on_arrival looks at the
   * participants only once all can have arrived. */
  unsigned tg_waiting;
  unsigned *sg_waiting; /* nsimd */
  uint64_t rng;
  /* threadgroup memory of this OS thread (the module's TLS block) */
  unsigned char *tg_mem;
  unsigned char *tg_shadow; /* 1 = byte written since threadgroup start */
  uint32_t *rc_writer, *rc_reader; /* racecheck.c, per threadgroup byte */
  uint32_t rc_epoch;
  size_t tg_size;
  size_t redzone_offset;          /* in tg_mem, if the module has a red zone */
  int counting;                   /* schedule 0: update counters */
  const unsigned char *last_addr; /* last instrumented access (fault report) */
  size_t last_size;
  /* error of the current threadgroup */
  int err_code;
  char err[1024];
  TmeStats stats; /* accumulated for schedule 0 */
  /* Float atomics seen (all schedules): bit i = parameter i's buffer, and
   * whether any updated threadgroup memory. */
  uint64_t float_atomic_params;
  int float_atomic_threadgroup;
} TmeWorker;

struct TmeLaunchState {
  TmeModule *m;
  TmeLaunch launch;
  unsigned nthreads, nsimd; /* of a whole threadgroup */
  int partial;              /* dispatchThreads: threads_per_grid given */
  unsigned long long ntg, total_items;
  TmeRegion *regions; /* [schedules][num_params] */
  void **args;        /* [schedules][num_params] */
  size_t nregions;
  atomic_ullong next_item;
  atomic_ullong stop_at; /* items >= stop_at are not started */
  atomic_int abort_flag; /* watchdog fired */
  pthread_mutex_t mu;    /* error, stats, done */
  pthread_cond_t done_cv;
  unsigned workers_done;
  unsigned long long err_item;
  int err_code;
  char err[1024];
  TmeStats stats;
  uint64_t float_atomic_params; /* the workers' bits, or'ed (under mu) */
  int float_atomic_threadgroup;
  TmeCrossGroup *cross;
};

/* racecheck.c: races on threadgroup memory by happens-before. */
int tme_racecheck_init(TmeWorker *w);
void tme_racecheck_fini(TmeWorker *w);
/* At a threadgroup's start, each threadgroup barrier and tensor-op
 * rendezvous. */
void tme_racecheck_new_epoch(TmeWorker *w);
void tme_racecheck_note(TmeWorker *w, size_t offset, size_t n, int store);

/* The worker running on this OS thread (NULL outside tme_run's workers). */
extern _Thread_local TmeWorker *tme_current_worker;

/* fiber.c */
int tme_worker_init(TmeWorker *w, TmeLaunchState *ls, unsigned id);
void tme_worker_fini(TmeWorker *w);
/* Runs one threadgroup of one schedule to completion or error. */
int tme_run_threadgroup(TmeWorker *w, unsigned schedule,
                        unsigned long long tg_index);
void tme_fiber_yield(TmeWorker *w);
/* The worker whose fiber is running on this OS thread, or NULL (a hook
 * called outside the emulator's fibers). */
TmeWorker *tme_active_worker(void);
/* Makes the running fiber wait in `state` at call site `site` (a hook's
 * return address) and yields; returns once a collective released it. */
void tme_fiber_block(TmeWorker *w, TmeFiberState state, const void *site);
const char *tme_schedule_name(unsigned schedule, char *buf, size_t size);

/* collectives.c: called by the scheduler when no fiber is runnable. Returns
 * 1 if some collective completed, 0 if none can (the caller then reports the
 * divergence via tme_describe_stall, stall.c), -1 on error (w->err set). */
int tme_release_collectives(TmeWorker *w);
void tme_describe_stall(TmeWorker *w);
/* collectives.c: called by a fiber that has just started to wait at a
 * collective (state and site set). If it is the last participant to arrive,
 * completes the collective on the spot and returns 1 (all participants
 * runnable), so that the scheduler need not run an empty pass and scan every
 * SIMD-group for it. Returns 0 if others are still to come (or the scheduler
 * must decide: rendezvous, errors). */
int tme_complete_on_arrival(TmeWorker *w);
/* collectives.c, shared with stall.c: the index in TmeFiber::passed that
 * counts passes of calls in state `s`; whether two fibers wait at the same
 * collective call; one past the last thread of the SIMD-group that starts
 * at thread `lo`. */
int tme_collective_counter(TmeFiberState s);
int tme_same_call(const TmeFiber *x, const TmeFiber *y);
unsigned tme_simdgroup_end(const TmeWorker *w, unsigned lo);
/* mma.c: D = A*B + C of the 32 lanes' fragments starting at fiber `lo`. */
void tme_simdgroup_mma(TmeWorker *w, unsigned lo);

/* launch.c: formats "kernel 'k', threadgroup (x,y,z), thread t: "
 * followed by the message into w->err. */
void tme_worker_error(TmeWorker *w, int code, unsigned thread, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));

/* mma.c: IEEE binary16 to float (exact), float to binary16 and to
 * bfloat16 (round to nearest even, NaN kept quiet). */
float tme_half_to_float(uint16_t h);
uint16_t tme_float_to_half(float v);
uint16_t tme_float_to_bf16(float v);

/* simd.c: completes the SIMD-group function that fibers [lo, hi) (one
 * SIMD-group, possibly partial) all wait at: reads every lane's input, then
 * writes every lane's result. */
void tme_simd_complete(TmeWorker *w, unsigned lo, unsigned hi);
/* "simd_sum", "simd_shuffle", ... for a TILE_MSL_SIMD_* code. */
const char *tme_simd_name(int op);

/* Common helpers (launch.c). */
void tme_set_error(char *error, size_t error_size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *tme_strdup(const char *s);

#endif /* TILE_LIB_RUNTIME_METALEMULATOR_INTERNAL_H */
