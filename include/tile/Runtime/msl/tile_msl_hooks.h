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

/* Element type codes of simdgroup_matrix operands passed to the MMA hook. */
#define TILE_MSL_ELEM_F32 0  /* float                  */
#define TILE_MSL_ELEM_F16 1  /* half     (_Float16)    */
#define TILE_MSL_ELEM_BF16 2 /* bfloat   (__bf16)      */

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
void tile_msl_simdgroup_multiply_accumulate(void *d, int d_type,
                                            const void *a, int a_type,
                                            const void *b, int b_type,
                                            const void *c, int c_type);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TILE_RUNTIME_MSL_TILE_MSL_HOOKS_H */
