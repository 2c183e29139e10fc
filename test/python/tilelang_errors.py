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
            if variant == "local":
                T.alloc_local((4,), dtype)
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


show("unsupported", lambda: gemm(64, 64, 64, 32, 32, 16, "local").compile())
# CHECK: unsupported -> DSLError: tilelang_errors.py:[[@LINE-15]]:13: error: T.alloc_local is not supported by tile_mlir.tilelang (it has: prim_func, Buffer, {{.*}}, annotate_layout, use_swizzle, {{.*}})
# CHECK-NEXT: T.alloc_local((4,), dtype)

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


# The additions of issue 25: broadcasts only on reads, T.use_swizzle and
# T.annotate_layout arguments, and the host API (JITKernel's out_idx and
# target, the inputs a call passes, do_bench of another function).
def epilogue(variant, M=64, N=64, bm=32, bn=32, dtype="float32"):
    @T.prim_func
    def main(A: T.Buffer((M, N), dtype), Bias: T.Buffer((N,), dtype),
             C: T.Buffer((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            if variant == "swizzle twice":
                T.use_swizzle(panel_size=2)
            if variant == "swizzle twice" or variant == "swizzle panel":
                T.use_swizzle(panel_size=0 if variant == "swizzle panel" else 2)
            if variant == "layout":
                A_shared = T.alloc_shared((bm, bn), dtype)
                C_shared = T.alloc_shared((bm, 2 * bn), dtype)
                T.annotate_layout({A_shared: make_mma_swizzle_layout(C_shared)})
            if variant == "store broadcast":
                for i, j in T.Parallel(bm, bn):
                    Bias[bx * bn + j] = A[by * bm + i, bx * bn + j]
            for i, j in T.Parallel(bm, bn):
                C[by * bm + i, bx * bn + j] = A[by * bm + i, bx * bn + j] + Bias[bx * bn + j]

    return main


from tile_mlir.tilelang.intrinsics import make_mma_swizzle_layout  # noqa: E402
import tile_mlir.tilelang as tilelang  # noqa: E402

show("store broadcast", lambda: epilogue("store broadcast").compile())
# CHECK: store broadcast -> DSLError: tilelang_errors.py:[[@LINE-11]]:17: error: T.Parallel: 'Bias' is written, so it must use every loop variable (a read may use some and is broadcast along the others)
show("swizzle twice", lambda: epilogue("swizzle twice").compile())
# CHECK: swizzle twice -> DSLError: {{.*}} error: T.use_swizzle is called once per kernel
show("swizzle panel", lambda: epilogue("swizzle panel").compile())
# CHECK: swizzle panel -> DSLError: {{.*}} error: T.use_swizzle(panel_size=0): a positive int
show("layout", lambda: epilogue("layout").compile())
# CHECK: layout -> DSLError: {{.*}} error: T.annotate_layout: the layout is for a (32, 64) tile, 'A_shared' is (32, 32)
show("out_idx", lambda: tilelang.JITKernel(epilogue("ok"), out_idx=[3]))
# CHECK: out_idx -> DSLError: {{.*}} error: JITKernel(out_idx=[3]): main has 3 parameters
show("target", lambda: tilelang.JITKernel(epilogue("ok"), out_idx=[2], target="hip"))
# CHECK: target -> DSLError: JITKernel(target='hip'): tile_mlir compiles for Apple GPUs: 'auto' or 'metal' (apple9), one of apple7, apple8, apple9, apple10, or 'cuda' (taken as 'auto': kernels run on the Metal emulator)
kernel = tilelang.JITKernel(epilogue("ok"), out_idx=-1)
show("all arrays", lambda: kernel(a, b, b))
# CHECK: all arrays -> DSLError: {{.*}} error: main takes its inputs (A, Bias) (out_idx=[2] are allocated and returned), got 3 arrays
show("do_bench(func)", lambda: kernel.get_profiler().do_bench(lambda: 0))
# CHECK: do_bench(func) -> DSLError: do_bench(func=...): only the kernel itself can be estimated here (no timing of Python functions)
print("done")
# CHECK: done
