# TileLang-syntax mistakes are Python exceptions naming the source line: a
# T.* call this front end does not have, a T.Parallel copy whose index is
# not a start plus a loop variable, shape mismatches (T.gemm operands, an
# argument array against its T.Buffer annotation), a tile read before it is
# written, and T.* called outside a prim_func. All fail while tracing, before
# anything is compiled.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir.tilelang as T


sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from check import show_error  # noqa: E402


def show(what, fn):
    show_error(what, fn, __file__)


def gemm(M, N, K, bm, bn, bk, variant, dtype="float16"):
    @T.prim_func
    def main(A: T.Buffer((M, K), dtype), B: T.Buffer((K, N), dtype),
             C: T.Buffer((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            A_shared = T.alloc_shared((bm, bk), dtype)
            B_shared = T.alloc_shared((bk, bn if variant != "shape" else bk), dtype)
            C_local = T.alloc_fragment((bm, bn), "float")
            if variant != "unwritten":
                T.clear(C_local)
            if variant == "swizzle":
                T.use_swizzle(panel_size=10, enable=True)
            for ko in T.Pipelined(T.ceildiv(K, bk), num_stages=3):
                T.copy(A[by * bm, ko * bk], A_shared)
                if variant == "affine":
                    for k, j in T.Parallel(bk, bn):
                        B_shared[k, j] = B[ko * bk + k * 2, bx * bn + j]
                else:
                    T.copy(B[ko * bk, bx * bn], B_shared)
                T.gemm(A_shared, B_shared, C_local)
            T.copy(C_local, C[by * bm, bx * bn])

    return main


show("unsupported", lambda: gemm(64, 64, 64, 32, 32, 16, "swizzle").compile())
# CHECK: unsupported -> DSLError: tilelang_errors.py:[[@LINE-15]]:13: error: T.use_swizzle is not supported by tile_mlir.tilelang (it has: prim_func, Buffer, {{.*}})
# CHECK-NEXT: T.use_swizzle(panel_size=10, enable=True)

show("affine", lambda: gemm(64, 64, 64, 32, 32, 16, "affine").compile())
# CHECK: affine -> DSLError: tilelang_errors.py:[[@LINE-14]]:38: error: T.Parallel: index 0 of 'B' must be a start plus one loop variable (coefficient 1, each variable once), as in B[ko * block_K + k, bx * block_N + j]; got 'ko * bk + k * 2'
# CHECK-NEXT: B_shared[k, j] = B[ko * bk + k * 2, bx * bn + j]

show("gemm shape", lambda: gemm(64, 64, 64, 32, 32, 16, "shape").compile())
# CHECK: gemm shape -> DSLError: tilelang_errors.py:[[@LINE-15]]:13: error: T.gemm: shape mismatch, tensor<32x16xf16> x tensor<16x16xf16> into 'C_local' tensor<32x32xf32>
# CHECK-NEXT: T.gemm(A_shared, B_shared, C_local)

show("unwritten", lambda: gemm(64, 64, 64, 32, 32, 16, "unwritten").compile())
# CHECK: unwritten -> DSLError: tilelang_errors.py:[[@LINE-19]]:13: error: 'C_local' is read before it is written (T.clear it, or T.copy into it, first)
# CHECK-NEXT: T.gemm(A_shared, B_shared, C_local)

a = np.zeros((64, 48), np.float16)
b = np.zeros((64, 64), np.float16)
show("argument shape", lambda: gemm(64, 64, 64, 32, 32, 16, "ok")(a, b, b))
# CHECK: argument shape -> DSLError: tilelang_errors.py:[[@LINE-42]]:10: error: argument 'A': shape mismatch, (64, 48) array for T.Buffer((64, 64), 'float16')
# CHECK-NEXT: def main(A: T.Buffer((M, K), dtype), B: T.Buffer((K, N), dtype),

show("outside", lambda: T.clear(a))
# CHECK: outside -> OutsideKernelError: T.clear can only be called inside a @T.prim_func
print("done")
# CHECK: done
