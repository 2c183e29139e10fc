/*===- tile/Runtime/MetalEmulator.h - Metal kernels on the host ---*- C -*-===*\
|*                                                                            *|
|* Plain C (C11). Runs Metal Shading Language compute kernels on a Linux host *|
|* so that tile-mlir's MSL output can be checked without a Mac                *|
|* (docs/architecture.md, "The Metal emulator").                              *|
\*===----------------------------------------------------------------------===*/

/* How it works
 * ------------
 * tme_module_load() compiles the MSL text as C++17 against the shim headers
 * of include/tile/Runtime/msl, together with a small generated `extern "C"`
 * entry that calls the kernel with its arguments bound by their attributes,
 * into a shared object (cached by content hash) and dlopen()s it. The text
 * is compiled unchanged except, line for line, for what C++ cannot express:
 * `threadgroup` on pointers and references is dropped, a function
 * constant's [[function_constant(i)]] becomes its value, attributes of
 * explicit template instantiations are dropped (source.c). A kernel is
 * named by its name or by a [[host_name("...")]] of an instantiation.
 * Users' own kernels are supported as docs/emulator.md describes.
 *
 * tme_run() executes a grid: threadgroups are distributed over a few OS
 * threads; the threads of one threadgroup are fibers (ucontext) on one OS
 * thread that switch at threadgroup_barrier, simdgroup_barrier,
 * simdgroup_multiply_accumulate, the SIMD-group functions (simd_sum,
 * simd_shuffle, ...) and Metal 4's matmul2d::run. SIMD-group collectives
 * are 32-lane rendezvous. On top
 * of plain execution it looks for the faults that GPU code typically has:
 *  - threadgroup memory is filled with 0xFF bytes (a NaN for float, half and
 *    bfloat) before every threadgroup, so reading what nobody wrote shows up;
 *    such reads are also counted (TmeStats.threadgroup_uninit_reads);
 *  - every device buffer lives in its own mapping with PROT_NONE guard pages
 *    on both sides: an out-of-bounds access stops the launch with an error
 *    naming the buffer and element (see "Out-of-bounds accesses" below);
 *  - barriers and collectives reached in divergent control flow (some threads
 *    at another barrier, at another call site, or already returned) are
 *    reported instead of hanging;
 *  - the grid is run several times with the fibers of each threadgroup
 *    resumed in different orders (forward, reverse, seeded shuffles) on fresh
 *    copies of the buffers; results that differ are reported as a race --
 *    except device buffers updated by float atomics, whose rounding depends
 *    on the order by design (TmeStats.float_atomic_buffers names them).
 *    Atomics are real host atomics: threadgroups run on several OS threads.
 *
 * Linking
 * -------
 * The kernel module refers to the hook functions of
 * include/tile/Runtime/msl/tile_msl_hooks.h (tile_msl_*). When instrumented,
 * its loads and stores call SanitizerCoverage callbacks
 * (__sanitizer_cov_load1..16, __sanitizer_cov_store1..16) that the module
 * defines itself, hidden, and that forward to tile_msl_note_access: a
 * sanitizer runtime in the process, which defines the same names, cannot
 * take the module's calls. The emulator library defines the hooks; the
 * dynamic linker binds the module to them when it is loaded, so they must
 * be in the process's global symbol scope:
 *  - an executable that links libTileMetalEmulator.a statically must export
 *    them: link with -rdynamic (= -Wl,--export-dynamic), which the CMake
 *    targets TileMetalEmulator and TileMLIR::MetalEmulator add;
 *  - a shared libTileMetalEmulator linked normally needs nothing; dlopen()ing
 *    it requires RTLD_GLOBAL (Python: ctypes.CDLL(..., mode=RTLD_GLOBAL)).
 * Also link -ldl -lpthread -lm. tme_module_load checks that the module
 * really bound to this library's hooks and says so if not.
 * TILE_MSL_NO_INSTRUMENT=1 compiles modules without the callbacks (faster;
 * the byte counters stay zero).
 *
 * Environment
 * -----------
 *  TILE_MSL_CXX          C++ compiler (default: the one configured at build
 *                        time, else clang++ from PATH; the shim needs clang)
 *  TILE_MSL_SHIM_DIR     directory of the shim headers (default: see "Shim
 *                        headers" below)
 *  TILE_MSL_CACHE_DIR    cache directory when tme_module_load gets NULL
 *  TILE_MSL_NO_INSTRUMENT=1  compile modules without load/store callbacks
 *  TILE_MSL_FIBER_STACK  fiber stack size in bytes (default 65536; read at
 *                        every tme_run). Kernels are compiled with
 *                        -fstack-clash-protection, so an overflow hits the
 *                        guard page below the stack: TME_ERR_FAULT "fiber
 *                        stack overflow".
 *
 * Shim headers
 * ------------
 * No path is compiled in, so that an installation works wherever it is put.
 * Without TILE_MSL_SHIM_DIR, tme_module_load takes:
 *  - in a program linked through the CMake package (TileMLIR::MetalEmulator,
 *    find_package(TileMLIR)), the installed shim the package names;
 *  - else <dir>/../include/tile/Runtime/msl, <dir> being where the executable
 *    (or the shared library) that contains the emulator is: an installation's
 *    bin/ or lib/, or the build tree's, where that path links to the source.
 * Other programs set TILE_MSL_SHIM_DIR; if it names no shim, that is an
 * error rather than a reason to look elsewhere.
 *
 * Out-of-bounds accesses
 * ----------------------
 * A buffer of `size` bytes is placed so that it ends exactly `slack` bytes
 * before a page boundary, slack = (16 - size % 16) % 16, i.e. its end rounded
 * up to 16 bytes (vector loads stay aligned) touches an inaccessible guard
 * region of at least 64 KiB; another guard region precedes the buffer's
 * first page. An access in a guard region raises SIGSEGV; the emulator's
 * handler (on an alternate signal stack, fibers have small stacks) records
 * "out-of-bounds read|write of buffer 'name' at element i" with kernel,
 * threadgroup and thread, and siglongjmp()s back to the scheduler of that OS
 * thread, abandoning the threadgroup's fibers; tme_run returns TME_ERR_OOB.
 * This is safe because the fault is synchronous, in kernel code, which holds
 * no locks and owns no heap state (the module's TLS block is allocated before
 * any fiber runs). The slack bytes hold a canary: a write there is reported
 * after the run (TME_ERR_OOB, without thread). Not detected: reads within
 * the slack bytes, reads
 * before the start of a buffer that stay inside its first page, and accesses
 * that jump over a guard region into other memory (those are reported as an
 * invalid access if they fault, TME_ERR_FAULT). Faults that do not happen on
 * a fiber go to the previously installed handler (or the default action).
 *
 * Threading: tme_module_load and tme_run may be called from several threads
 * at once, also on the same module (a module is read-only after loading;
 * every tme_run has its own worker threads, hence its own threadgroup
 * memory). tme_run installs a process-wide SIGSEGV/SIGBUS handler once and
 * keeps it; faults outside its fibers are passed to the previous handler.
 */

#ifndef TILE_RUNTIME_METALEMULATOR_H
#define TILE_RUNTIME_METALEMULATOR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result codes of the tme_* functions (0 = success). */
enum {
  TME_OK = 0,
  TME_ERR_ARGUMENT = 1,   /* invalid signature, bindings or launch          */
  TME_ERR_COMPILE = 2,    /* the C++ compiler rejected the kernel            */
  TME_ERR_LOAD = 3,       /* dlopen/symbol/TLS problems, limits exceeded     */
  TME_ERR_DIVERGENCE = 4, /* barrier or SIMD-group collective not reached by
                             all participants at the same call              */
  TME_ERR_RACE = 5,       /* results differ between thread schedules        */
  TME_ERR_OOB = 6,        /* access in a guard region of a buffer            */
  TME_ERR_FAULT = 7,      /* any other memory fault in a kernel thread       */
  TME_ERR_TIMEOUT = 8,    /* the launch did not finish in time (spin-wait?)  */
  TME_ERR_SYSTEM = 9      /* mmap, pthread, fork... failed                   */
};

/* Buffers beyond this many parameters get no per-buffer counters (Metal
 * allows 31 buffer bindings). */
#define TME_MAX_COUNTED_PARAMS 32

typedef struct TmeModule TmeModule;

/* One bound kernel argument ([[buffer(index)]]), as in the MSL ABI JSON. */
typedef struct TmeParam {
  const char *name;     /* for messages, e.g. "arg2"                       */
  const char *msl_type; /* exactly as in the ABI: "device const float*",
                           "device half*", "constant uint&", ...           */
  unsigned index;       /* [[buffer(index)]]; informational                */
} TmeParam;

/* Metal Shading Language version
 * --------------------------------
 * A compile option "-std=metalX.Y" (Apple's spelling; e.g. from the ABI's
 * "msl_version", see tme_abi_parse) is not passed to the host compiler but
 * translated: -D__METAL_VERSION__=XY0, and for 4.0 and later -std=c++20
 * instead of -std=c++17. With __METAL_VERSION__ >= 400 the shim defines
 * __HAVE_TENSOR__, which <metal_tensor> and
 * <MetalPerformancePrimitives/MetalPerformancePrimitives.h> need (they stop
 * with an #error otherwise, where Apple's compile to nothing). Without the
 * option the kernel is Metal 3.2 (-D__METAL_VERSION__=320, which the shim
 * also assumes when compiled on its own), as C++17. Plain clang++ gets
 * MSL 4.0 from -std=c++20 -D__METAL_VERSION__=400. */

/* What is needed to call a kernel. `params` are the bound arguments in the
 * order they appear in the kernel's signature ([[buffer]] index order);
 * `builtins` name the builtin parameters that follow them, in signature
 * order ("thread_index_in_threadgroup", "threadgroup_position_in_grid", ...).
 * Supported builtins: thread_index_in_threadgroup,
 * thread_position_in_threadgroup, threads_per_threadgroup,
 * threadgroup_position_in_grid, threadgroups_per_grid,
 * thread_position_in_grid, threads_per_grid, simdgroup_index_in_threadgroup,
 * thread_index_in_simdgroup, simdgroups_per_threadgroup,
 * threads_per_simdgroup (alias thread_execution_width),
 * dispatch_threads_per_threadgroup, dispatch_simdgroups_per_threadgroup,
 * thread_index_in_quadgroup, quadgroup_index_in_threadgroup,
 * quadgroups_per_threadgroup (scalar, 2- or 3-vector of uint or ushort, as
 * the kernel declares them). `compile_options` (may be NULL) are passed to the
 * compiler, e.g. the ABI's "-fno-fast-math", except "-std=metalX.Y" (see
 * "Metal Shading Language version" above). */
/* A function constant's value (`constant bool has_bias
 * [[function_constant(0)]];`): `name` is the constant's name, or its index
 * in decimal; `value` a C++ literal (true, false, 3, -2, 0.5f, ...). */
typedef struct TmeFunctionConstant {
  const char *name;
  const char *value;
} TmeFunctionConstant;

/* A [[threadgroup(index)]] parameter's threadgroup memory, sized by the
 * host (setThreadgroupMemoryLength): `bytes`, a multiple of 16. */
typedef struct TmeThreadgroupParam {
  unsigned index;
  size_t bytes;
} TmeThreadgroupParam;

typedef struct TmeSignature {
  /* The kernel's name, or the host name of a template instantiation
   * (`template [[host_name("sum_f32")]] [[kernel]] void sum<float>(...)`).
   */
  const char *kernel_name;
  const TmeParam *params;
  size_t num_params;
  const char *const *builtins;
  size_t num_builtins;
  const char *const *compile_options;
  size_t num_compile_options;
} TmeSignature;

/* What hand-written kernels may need beyond the signature (see
 * tme_module_load_ex). Function constants it does not name are undefined
 * (is_function_constant_defined is false, the value 0), as when a pipeline
 * sets none. */
typedef struct TmeKernelOptions {
  const TmeFunctionConstant *function_constants;
  size_t num_function_constants;
  const TmeThreadgroupParam *threadgroup_params;
  size_t num_threadgroup_params;
  /* The file name compiler diagnostics give the source (the .metal file's
   * path); NULL: "<kernel_name>.metal". */
  const char *source_name;
} TmeKernelOptions;

/* ---- Reading a kernel's declaration from MSL -------------------------- */
/* For running a .metal file without an ABI: the parameters of kernel
 * `kernel_name` (NULL: the file's only kernel; a name may be a host name)
 * as the source declares them. */
enum {
  TME_PARAM_BUFFER = 0,      /* [[buffer(index)]]: a pointer or constant T& */
  TME_PARAM_THREADGROUP = 1, /* [[threadgroup(index)]]                      */
  TME_PARAM_BUILTIN = 2      /* [[thread_position_in_grid]] & co.           */
};
typedef struct TmeDeclaredParam {
  int kind;             /* TME_PARAM_*                                     */
  unsigned index;       /* buffer or threadgroup index                     */
  const char *name;     /* the parameter's name                            */
  const char *msl_type; /* its type as written, e.g. "device const float*" */
  const char *builtin;  /* TME_PARAM_BUILTIN: the attribute's name         */
  const char *function_constant; /* [[function_constant(c)]]: c, else NULL */
} TmeDeclaredParam;
typedef struct TmeMslKernel TmeMslKernel;
int tme_msl_kernel_read(const char *msl_source, const char *kernel_name,
                        TmeMslKernel **out, char *error, size_t error_size);
const char *tme_msl_kernel_name(const TmeMslKernel *kernel);
size_t tme_msl_kernel_num_params(const TmeMslKernel *kernel);
const TmeDeclaredParam *tme_msl_kernel_param(const TmeMslKernel *kernel,
                                             size_t i);
void tme_msl_kernel_free(TmeMslKernel *kernel);

/* The text of the .metal file at `path` as the functions here take it:
 * `defines` ("NAME" or "NAME=VALUE", Metal's preprocessorMacros) as
 * #defines first, then the file with the project's own headers in place of
 * their #include lines (`"..."` relative to the including file, then the
 * include directories; `<...>` found in the include directories), between
 * #line directives. Includes found nowhere (<metal_stdlib>) stay. *out is
 * malloc'd. */
int tme_msl_read_source(const char *path, const char *const *include_dirs,
                        size_t num_include_dirs, const char *const *defines,
                        size_t num_defines, char **out, char *error,
                        size_t error_size);

/* Compiles `msl_source` (one .metal file's text, which may hold several
 * kernels) for the kernel described by `sig` and loads it. The shared object
 * is cached in `cache_dir` (created if missing; NULL: $TILE_MSL_CACHE_DIR,
 * else $XDG_CACHE_HOME/tile-mlir/msl, else ~/.cache/tile-mlir/msl) under a
 * hash of the source, the signature, the compiler, its flags and the shim
 * headers; a cached object is reused. On failure returns a TME_ERR_* code and
 * writes a message (for TME_ERR_COMPILE: the compiler's output, truncated) to
 * `error` (if non-NULL), always NUL-terminated. */
int tme_module_load(const char *msl_source, const TmeSignature *sig,
                    const char *cache_dir, TmeModule **out, char *error,
                    size_t error_size);

/* tme_module_load with function constant values and the sizes of
 * [[threadgroup(n)]] parameters (`options` may be NULL). */
int tme_module_load_ex(const char *msl_source, const TmeSignature *sig,
                       const TmeKernelOptions *options, const char *cache_dir,
                       TmeModule **out, char *error, size_t error_size);

void tme_module_free(TmeModule *module);

/* Bytes of threadgroup memory the kernel declares: the size of the module's
 * TLS segment, which is where the shim puts `threadgroup` variables. The
 * module is linked with section garbage collection, so the threadgroup
 * variables of other kernels in the same source do not count. Loading fails
 * (TME_ERR_LOAD) above 32 KiB, the Apple GPU limit. */
size_t tme_module_threadgroup_memory_bytes(const TmeModule *module);

/* The fields of a `constant T&` parameter's struct, as the compiler lays
 * it out: `callback` is called once per field, in declaration order, with
 * its name, its type as written, its offset and size in bytes and its kind
 * (TME_FIELD_*). Returns sizeof the struct, 0 when parameter `param` is not
 * a struct (a scalar, a buffer) and then calls nothing. */
enum {
  TME_FIELD_OTHER = 0,    /* a nested struct, bit-field, array, vector or
                             pointer; size and offset are 0 for a nested
                             struct and a bit-field                        */
  TME_FIELD_SIGNED = 1,   /* char, short, int, long                        */
  TME_FIELD_UNSIGNED = 2, /* uchar, ushort, uint, ulong                    */
  TME_FIELD_FLOAT = 3,    /* half, float (IEEE binary16/32)                */
  TME_FIELD_BFLOAT = 4,   /* bfloat                                        */
  TME_FIELD_BOOL = 5
};
typedef void (*TmeFieldCallback)(void *ctx, const char *name, const char *type,
                                 unsigned long offset, unsigned long size,
                                 int kind);
unsigned long tme_module_param_fields(const TmeModule *module, size_t param,
                                      TmeFieldCallback callback, void *ctx);

/* Path of the compiled shared object (for messages and debugging; the
 * generated C++ is next to it with extension .cpp). */
const char *tme_module_library_path(const TmeModule *module);

/* One per parameter, in signature order: a device buffer's bytes (the
 * emulator runs on copies and writes the results back on success), or for a
 * `constant T&` parameter a pointer to the value with size >= sizeof(T).
 * Buffers bound twice -- the same `data` and `size` at two parameters, e.g.
 * an in-place kernel's input and output -- share one buffer in the kernel,
 * as on Metal (buffers that overlap otherwise are an error). */
typedef struct TmeBinding {
  void *data;
  size_t size;
} TmeBinding;

/* TmeLaunch.flags */
/* Let threads that returned from the kernel drop out of threadgroup and
 * SIMD-group barriers (what Apple GPUs do in practice) instead of reporting
 * a divergent barrier (the Metal specification makes it undefined). */
#define TME_ALLOW_EXITED_THREADS_AT_BARRIER 1u

typedef struct TmeLaunch {
  unsigned grid[3];    /* threadgroups per grid, each >= 1                   */
  unsigned threads[3]; /* threads per threadgroup, product 1..1024           */
  unsigned schedules;  /* 0: 3. Schedule 0 resumes runnable fibers in
                          thread order, 1 in reverse order, s >= 2 in a
                          shuffled order drawn from `seed`, s and the
                          threadgroup. Fewer than 3 weakens race detection. */
  unsigned seed;
  unsigned workers;    /* OS threads; 0: min(number of CPUs, 4)             */
  unsigned flags;      /* TME_ALLOW_EXITED_THREADS_AT_BARRIER               */
  unsigned timeout_ms; /* 0: 120000. A launch that takes longer (e.g. a
                          thread spinning on memory another fiber would
                          write) is stopped: TME_ERR_TIMEOUT if the module is
                          instrumented (the check runs in the load/store
                          callbacks), otherwise the process exits with
                          status TME_EXIT_HUNG after printing a message.    */
  /* dispatchThreads: threads in the grid, each >= 1; all 0: `grid` whole
   * threadgroups (dispatchThreadgroups). When set, `grid` is ignored and
   * the grid is ceil(threads_per_grid / threads) threadgroups, the last
   * ones along each dimension partial (non-uniform threadgroups): their
   * threads_per_threadgroup, thread_index_in_threadgroup and SIMD-groups
   * are those of the partial size, as on Apple GPUs. */
  unsigned threads_per_grid[3];
  /* Optional: called from the worker threads after each threadgroup run
   * with a count of runs done so far (over all schedules; approximate while
   * runs finish out of order: keep the largest) and the total. Must be
   * thread-safe and quick (tile-run shows progress with it). */
  void (*progress)(unsigned long long done, unsigned long long total,
                   void *user);
  void *progress_user;
} TmeLaunch;

#define TME_EXIT_HUNG 124

/* Counters of one execution of the grid (schedule 0). Collectives count once
 * per collective, not per participating thread. Byte counters come from the
 * module's load/store instrumentation and are zero when `instrumented` is 0;
 * loads/stores of sizes other than 1, 2, 4, 8, 16 bytes are not seen. */
typedef struct TmeStats {
  unsigned long long threadgroups, threads;
  unsigned long long barriers;           /* threadgroup_barrier completions */
  unsigned long long simdgroup_barriers; /* per SIMD-group                  */
  unsigned long long simdgroup_mmas;     /* per SIMD-group                  */
  /* SIMD-group functions (simd_sum, simd_shuffle, simd_ballot, ...), per
   * SIMD-group */
  unsigned long long simd_collectives;
  /* Metal 4 tensor operations (mpp::tensor_ops::matmul2d::run; every
   * tile_msl_rendezvous collective), one per execution scope: per
   * SIMD-group for execution_simdgroup, per threadgroup for
   * execution_simdgroups<N> */
  unsigned long long tensor_ops;
  /* Indexed by parameter position in the signature (scalars included). */
  unsigned long long buffer_bytes_read[TME_MAX_COUNTED_PARAMS];
  unsigned long long buffer_bytes_written[TME_MAX_COUNTED_PARAMS];
  /* Elements (of 2 bytes or more) of each buffer whose bytes are all 0xFF
   * after the run but were not before: most likely uninitialised threadgroup
   * memory copied out. Counted with or without instrumentation. */
  unsigned long long buffer_poison_elements[TME_MAX_COUNTED_PARAMS];
  unsigned long long threadgroup_bytes_read, threadgroup_bytes_written;
  /* Loads that read at least one byte of threadgroup memory not written
   * since the threadgroup started (instrumented modules only); the first
   * one in grid order is located below. */
  unsigned long long threadgroup_uninit_reads;
  unsigned uninit_threadgroup[3], uninit_thread;
  unsigned long uninit_offset; /* byte offset in threadgroup memory */
  size_t threadgroup_memory_bytes;
  int instrumented;
  /* Bit i: parameter i's buffer was updated by float atomics (any
   * schedule), whose result depends on the order of the threads; it was
   * left out of the bit-for-bit comparison of schedules (parameters >= 64
   * are not tracked and still compared). */
  unsigned long long float_atomic_buffers;
} TmeStats;

/* Runs the grid `launch->schedules` times and compares all buffers bit for
 * bit. `n` must equal the number of parameters. On success copies the
 * buffers of schedule 0 back into `bindings` and fills `stats` (if
 * non-NULL). On failure returns a TME_ERR_* code, leaves the bindings
 * unchanged and writes a message naming the kernel, the threadgroup (x,y,z)
 * and thread index (or, for a race, the buffer, first differing element and
 * schedules) to `error`. */
int tme_run(TmeModule *module, TmeBinding *bindings, size_t n,
            const TmeLaunch *launch, TmeStats *stats, char *error,
            size_t error_size);

/* ---- ABI JSON (tile-translate --mlir-to-msl --msl-abi=FILE) ------------ */

typedef struct TmeAbi TmeAbi;

/* Parses the ABI JSON text and selects the kernel named `kernel_name` (NULL:
 * the first). */
int tme_abi_parse(const char *json, const char *kernel_name, TmeAbi **out,
                  char *error, size_t error_size);
void tme_abi_free(TmeAbi *abi);
/* Signature of the kernel: buffers and scalars merged in [[buffer]] index
 * order, builtins, compile_options. Valid until tme_abi_free. */
const TmeSignature *tme_abi_signature(const TmeAbi *abi);
void tme_abi_threads_per_threadgroup(const TmeAbi *abi, unsigned out[3]);
unsigned long tme_abi_threadgroup_memory_bytes(const TmeAbi *abi);
/* The "grid" expressions as written (e.g. "ceildiv(arg3, 64)"), i = 0..2. */
const char *tme_abi_grid_expression(const TmeAbi *abi, unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* TILE_RUNTIME_METALEMULATOR_H */
