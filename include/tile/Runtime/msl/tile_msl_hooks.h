/*===- tile_msl_hooks.h - Hooks between the MSL shim and an executor ------===*
 *
 * The MSL shim headers (metal_stdlib & co.) let generated Metal Shading
 * Language compile unchanged as host C++17. Whatever a single GPU thread cannot
 * do on its own -- knowing its SIMD lane, waiting at a barrier, taking part in
 * a SIMD-group collective -- is routed to the functions declared here.
 *
 * This header is valid C11 *and* C++17 on purpose: the Metal emulator
 * (lib/Runtime/MetalEmulator, written in C11) includes it to provide strong
 * definitions, while the C++ shim includes it to call them. tile_msl_shim.h
 * supplies weak single-thread defaults; see there.
 *
 * Execution model the hooks are designed for: every thread of a threadgroup is
 * a fiber; all fibers of one threadgroup run on the same OS thread; lanes
 * 32*s .. 32*s+31 of the threadgroup form SIMD-group s.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_MSL_TILE_MSL_HOOKS_H
#define TILE_RUNTIME_MSL_TILE_MSL_HOOKS_H

/* Bits of MSL's mem_flags (metal::mem_flags uses exactly these values, so a
 * barrier hook receives them unchanged). */
#define TILE_MSL_MEM_NONE 0u
#define TILE_MSL_MEM_DEVICE 1u
#define TILE_MSL_MEM_THREADGROUP 2u
#define TILE_MSL_MEM_TEXTURE 4u

/* Element type codes. simdgroup_matrix operands (the MMA hook) use the first
 * three; the SIMD-group function hook uses all. */
#define TILE_MSL_ELEM_F32 0   /* float                  */
#define TILE_MSL_ELEM_F16 1   /* half     (_Float16)    */
#define TILE_MSL_ELEM_BF16 2  /* bfloat   (__bf16)      */
#define TILE_MSL_ELEM_I8 3    /* char     (signed)      */
#define TILE_MSL_ELEM_U8 4    /* uchar                  */
#define TILE_MSL_ELEM_I16 5   /* short                  */
#define TILE_MSL_ELEM_U16 6   /* ushort                 */
#define TILE_MSL_ELEM_I32 7   /* int                    */
#define TILE_MSL_ELEM_U32 8   /* uint                   */
#define TILE_MSL_ELEM_I64 9   /* long                   */
#define TILE_MSL_ELEM_U64 10  /* ulong                  */
#define TILE_MSL_ELEM_BOOL 11 /* bool (one byte, 0 or 1) */

/* Operation codes of tile_msl_simd_collective (metal_simdgroup). */
/* Reductions: every lane gets the combination of all lanes' values. */
#define TILE_MSL_SIMD_SUM 0
#define TILE_MSL_SIMD_PRODUCT 1
#define TILE_MSL_SIMD_MIN 2
#define TILE_MSL_SIMD_MAX 3
#define TILE_MSL_SIMD_AND 4 /* integers only */
#define TILE_MSL_SIMD_OR 5  /* integers only */
#define TILE_MSL_SIMD_XOR 6 /* integers only */
/* Data movement; `arg` is the lane id, mask or delta of the calling lane. */
#define TILE_MSL_SIMD_SHUFFLE 7
#define TILE_MSL_SIMD_SHUFFLE_XOR 8
#define TILE_MSL_SIMD_SHUFFLE_UP 9
#define TILE_MSL_SIMD_SHUFFLE_DOWN 10
#define TILE_MSL_SIMD_BROADCAST 11
#define TILE_MSL_SIMD_BROADCAST_FIRST 12
/* Scans over lanes 0..l (inclusive) or 0..l-1 (exclusive) for lane l. */
#define TILE_MSL_SIMD_PREFIX_INCLUSIVE_SUM 13
#define TILE_MSL_SIMD_PREFIX_EXCLUSIVE_SUM 14
#define TILE_MSL_SIMD_PREFIX_INCLUSIVE_PRODUCT 15
#define TILE_MSL_SIMD_PREFIX_EXCLUSIVE_PRODUCT 16
/* Votes: the input is one TILE_MSL_ELEM_BOOL. */
#define TILE_MSL_SIMD_ALL 17      /* out: one bool byte                   */
#define TILE_MSL_SIMD_ANY 18      /* out: one bool byte                   */
#define TILE_MSL_SIMD_BALLOT 19   /* out: uint64_t, bit l = lane l's vote  */
#define TILE_MSL_SIMD_IS_FIRST 20 /* no input; out: one bool byte       */
/* Rotations: lane l reads lane (l - arg) mod width (up) or (l + arg) mod
 * width (down). */
#define TILE_MSL_SIMD_SHUFFLE_ROTATE_UP 21
#define TILE_MSL_SIMD_SHUFFLE_ROTATE_DOWN 22
/* No input (type TILE_MSL_ELEM_BOOL); out: uint64_t, bit l set for every
 * active lane l. */
#define TILE_MSL_SIMD_ACTIVE_THREADS_MASK 23
#define TILE_MSL_SIMD_OP_COUNT 24
/* Or'ed into an op code: the same operation over each quad (lanes 4q ..
 * 4q+3) of the SIMD-group instead of all of it (quad_sum, quad_shuffle,
 * ...; lane numbers, masks and ballot bits are then 0..3 within the quad).
 * All 32 lanes still call it together. */
#define TILE_MSL_SIMD_QUAD 0x40

#ifdef __cplusplus
extern "C" {
#endif

/* Index of the calling thread within its SIMD-group, 0..31 (the value the
 * kernel sees as [[thread_index_in_simdgroup]]). simdgroup_matrix operations
 * use it to know which two elements of an 8x8 fragment this lane owns. */
unsigned tile_msl_lane_id(void);

/* threadgroup_barrier(flags): returns once every thread of the threadgroup
 * has reached the same threadgroup barrier. (Apple GPUs let a thread that has
 * returned drop out; the emulator reports that as a divergent barrier unless
 * told otherwise, since generated code never relies on it.) `flags` is a
 * combination of TILE_MSL_MEM_*; an executor with coherent memory may ignore
 * it, a race checker uses it to decide which accesses are ordered. */
void tile_msl_threadgroup_barrier(unsigned flags);

/* simdgroup_barrier(flags): the same, restricted to the 32 lanes of the
 * caller's SIMD-group. */
void tile_msl_simdgroup_barrier(unsigned flags);

/* Called right before each of the two barrier hooks above with the source
 * file and line of the barrier in the kernel, for diagnostics (a divergent
 * barrier is reported at its line). */
void tile_msl_barrier_site(const char *file, unsigned line);

/* Called by simdgroup_load and simdgroup_store, which Metal requires to run
 * in uniform control flow in the SIMD-group: returns once all 32 lanes of the
 * caller's SIMD-group have reached the same call, so that an executor can
 * report one that only some lanes reach. No data is exchanged. */
void tile_msl_simdgroup_uniform(void);

/* simdgroup_multiply_accumulate: D = A * B + C on 8x8 fragments, a collective
 * of the caller's 32 lanes (all must call it, in uniform control flow).
 *
 * Each lane passes pointers to ITS OWN two elements of every operand (the
 * storage of simdgroup_matrix::thread_elements()), plus TILE_MSL_ELEM_* codes.
 * Lane l owns row r = ((l/4) & 4) + (l/2)%4, columns c and c+1 with
 * c = ((l/4) & 2)*2 + (l%2)*2 (element [0] is column c).
 *
 * The executor must rendezvous the 32 lanes, gather A, B, C from all of them,
 * compute D(i,j) = C(i,j) + sum_k A(i,k)*B(k,j) (reference numerics: float
 * accumulation, a sequential fma chain over k = 0..7, rounded once to D's
 * type), then write each lane's two D elements through its `d` pointer.
 * `d` may alias `a`, `b` or `c` (acc = a*b + acc is the common case), so every
 * input must be read before any output is written. The pointed-to storage is
 * on the lanes' fiber stacks, which stay valid while the lanes wait. */
void tile_msl_simdgroup_multiply_accumulate(void *d, int d_type, const void *a,
                                            int a_type, const void *b,
                                            int b_type, const void *c,
                                            int c_type);

/* The SIMD-group functions of MSL (simd_sum, simd_shuffle, simd_ballot, ...;
 * header metal_simdgroup), one collective of the caller's SIMD-group. All
 * lanes of the SIMD-group must call it together, at the same call, in
 * uniform control flow.
 *
 * `op` is a TILE_MSL_SIMD_* code, `type` a TILE_MSL_ELEM_* code and `count`
 * (1..4) the number of components of a vector operand; vectors are combined
 * component by component. `in` points to the lane's `count` elements (NULL
 * for TILE_MSL_SIMD_IS_FIRST), `out` to storage for its result: `count`
 * elements of `type`, except for the votes (see their codes). `arg` is the
 * lane's lane id / mask / delta for data movement, 0 otherwise.
 *
 * Reference numerics (what the emulator computes): a sequential fold over
 * the lanes in lane order 0, 1, ..., 31 (acc = x0, then acc = acc op x1, ...;
 * a scan gives lane l the value after x_l, or before it for the exclusive
 * form, whose lane 0 gets 0 or 1), each step in the element type: float
 * arithmetic for float; for half and bfloat the float result rounded to
 * nearest even after every step (which is correctly rounded half/bfloat
 * arithmetic); integers wrap modulo 2^bits. Float min/max ignore a NaN
 * operand unless all are NaN, and order -0 below +0. */
void tile_msl_simd_collective(int op, int type, unsigned count, const void *in,
                              void *out, unsigned arg);

/* Called by every float atomic read-modify-write (metal_atomic) with the
 * address it updates, before updating it: the result depends on the order
 * of the threads, so an executor that compares thread orders bit for bit
 * must not hold that against the kernel (the emulator leaves such a device
 * buffer out of the comparison). Does not block. */
void tile_msl_note_float_atomic(const void *address);

/* A load (store != 0: a store) of `size` bytes at `address` by the kernel:
 * the emulator's byte counters and its check for reads of threadgroup
 * memory nobody wrote. An instrumented kernel module calls it from its own
 * SanitizerCoverage load/store callbacks (which the emulator's wrapper
 * defines in the module, hidden, so that no other definition of those
 * names in the process, such as a sanitizer runtime's, can take them). */
void tile_msl_note_access(const void *address, unsigned size, int store);

/* An atomic operation on `size` bytes at `address` that reads and/or
 * writes them (metal_atomic): the emulator's byte counters, which its
 * load/store callbacks do not update for atomics. */
void tile_msl_note_atomic(const void *address, unsigned size, int reads,
                          int writes);

/* Index of the calling thread within its threadgroup (the value the kernel
 * sees as [[thread_index_in_threadgroup]]; 0 outside an executor). A
 * cooperative tensor of execution_simdgroups<N> scope (metal_tensor) spreads
 * its elements over all threads of the threadgroup by this index. */
unsigned tile_msl_thread_index(void);

/* The calling thread's value of builtin slot `slot` (the emulator's table
 * of builtin values, wrapper.c): what a program-scope built-in variable
 * (MSL 3.0, `uint tg [[threadgroup_position_in_grid]];` at file scope)
 * reads on every use. */
unsigned tile_msl_builtin_value(unsigned slot);

/* What tile_msl_report is about; the emulator maps them to its result
 * codes (TME_ERR_OOB, TME_ERR_FAULT, TME_ERR_DIVERGENCE): a read or write
 * past a tensor; undefined behaviour on Apple GPUs (e.g. the index of an
 * invalid cooperative-tensor element); threads of a scope that disagree.
 * (One comment above the three: clang-format cannot align a comment of
 * several lines after a #define.) */
#define TILE_MSL_REPORT_OUT_OF_BOUNDS 1
#define TILE_MSL_REPORT_INVALID 2
#define TILE_MSL_REPORT_DIVERGENCE 3

/* A misuse the shim itself detects (the checks of metal_tensor and
 * MetalPerformancePrimitives that Apple's compiler cannot make statically).
 * Does not return: the emulator stops the threadgroup and reports `message`
 * with kernel, threadgroup and thread; the single-thread default prints it
 * and aborts. `message` needs no trailing newline. */
void tile_msl_report(int kind, const char *message);

/* A collective whose data exchange the shim computes itself (used by
 * mpp::tensor_ops::matmul2d::run): a rendezvous of a scope, a callback over
 * every participant's argument, and a release.
 *
 * The scope is the caller's SIMD-group if `simdgroups` is 0, else all
 * `simdgroups` SIMD-groups of the threadgroup (which must have exactly that
 * many; full SIMD-groups only, i.e. a threadgroup size that is a multiple of
 * 32). Every thread of the scope must call it at the same call (as for the
 * other collectives: same return address, same number of earlier passes,
 * same `fn` and `simdgroups`), and pass `key_size` bytes at `key` that are
 * equal in all threads (the operands the threads must agree on, e.g. tensor
 * pointers, extents and strides): anything else is reported as divergent.
 *
 * Once all have arrived, `fn(args, count)` runs ONCE, on the first thread of
 * the scope, with args[i] = the `arg` of the scope's thread i (i = lane for
 * a SIMD-group, thread index in the threadgroup otherwise) and count = the
 * number of threads of the scope; then all threads return. `arg` and `key`
 * point to the callers' own storage (typically their stacks), which stays
 * valid while they wait. `fn` must not call blocking hooks; it may call
 * tile_msl_report. `what` names the operation in reports ("matmul2d::run").
 * Outside an executor (one thread) `fn` is called with that one thread. */
typedef void (*tile_msl_rendezvous_fn)(void *const *args, unsigned count);
void tile_msl_rendezvous(unsigned simdgroups, const char *what,
                         tile_msl_rendezvous_fn fn, void *arg, const void *key,
                         unsigned key_size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TILE_RUNTIME_MSL_TILE_MSL_HOOKS_H */
