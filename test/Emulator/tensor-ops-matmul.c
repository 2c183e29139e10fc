/* The "matmul" section of tensor-ops.c (matmul2d numerics: f32, f16, bf16,
 * transposes, ragged extents, static k, relaxed precision, tensor-view
 * destinations), a lit test of its own so that each test compiles only a
 * few kernels. The program and the checks are in tensor-ops.c.
 *
 * RUN: %tile_cc %S/tensor-ops.c -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache matmul | FileCheck %S/tensor-ops.c --check-prefix=MATMUL
 */
