/* The "misuse" section of tensor-ops.c (what the emulator reports about
 * Metal 4 tensor ops, the language version), a lit test of its own so that
 * each test compiles only a few kernels. The program and the checks are in
 * tensor-ops.c.
 *
 * RUN: %tile_cc %S/tensor-ops.c -o %t %tme_lib
 * RUN: %t %S/fixtures %t.cache misuse | FileCheck %S/tensor-ops.c --check-prefix=MISUSE
 */
