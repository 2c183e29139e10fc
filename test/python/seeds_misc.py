# The remaining seeds: TinyTon's loop_sum, tiled_dot and tiled_matmul
# (Inputs/tinyton.py, shared with loops.py) written as TinyTon writes them (`import ... as tt`, `@tt.jit`, unmasked loads where
# K is a multiple of TILE_K, B's column read with stride N), plus a ragged
# masked tiled_matmul; a row softmax; and the f16 GEMM with a 3-stage
# pipelined K loop (num_stages passes through to tile.for_range). `range`
# loops with constexpr bounds stay tile.for_range loops (loops.py checks
# what that does to tiled_matmul at larger sizes). Vs numpy.
# RUN: %python %s 2>&1 | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
import tile_mlir.language as tt  # noqa: E402
from check import K, M, N, rand, report, show_msl  # noqa: E402
from tinyton import tiled_matmul_kernel  # noqa: E402


@tt.jit
def loop_sum_kernel(src_ptr, dst_ptr, N: tt.constexpr, TILE: tt.constexpr):
    tid = tt.arange(0, TILE)
    acc = 0.0
    for t in range(0, N, TILE):
        mask = tid < (N - t)
        x = tt.load(src_ptr + t + tid, mask=mask, other=0.0)
        acc = acc + tt.reduce_sum(x)
    tt.store(dst_ptr + tid, acc, mask=tid < 1)


print("tt.jit is tile_mlir.jit:", tt.jit is tm.jit)
# CHECK: tt.jit is tile_mlir.jit: True

x = rand(300)
out = np.zeros(1, np.float32)
loop_sum_kernel[(1,)](x, out, N=300, TILE=128)
report("loop_sum", out, np.array([x.astype(np.float64).sum()]))
# CHECK-NEXT: loop_sum: ok


@tt.jit
def tiled_dot_kernel(A_ptr, B_ptr, C_ptr, K: tt.constexpr, TILE_K: tt.constexpr):
    row = tt.program_id(0)
    tid = tt.arange(0, TILE_K)
    acc = 0.0
    for k0 in range(0, K, TILE_K):
        a_tile = tt.load(A_ptr + row * K + k0 + tid)
        b_tile = tt.load(B_ptr + k0 + tid)
        acc = acc + tt.reduce_sum(a_tile * b_tile)
    tt.store(C_ptr + row, acc)


K_TILED = 48  # TinyTon's loads are unmasked: K a multiple of TILE_K
A, v = rand(M, K_TILED), rand(K_TILED, seed=3)
c = np.zeros(M, np.float32)
tiled_dot_kernel[(M,)](A, v, c, K=K_TILED, TILE_K=16)
report("tiled_dot", c, A.astype(np.float64) @ v)
# CHECK-NEXT: tiled_dot: ok


Bs = rand(K_TILED, 5, seed=4)
C = np.zeros((M, 5), np.float32)
tiled_matmul_kernel[(M,)](A, Bs, C, K=K_TILED, N=5, TILE_K=16)
report("tiled_matmul", C, A.astype(np.float64) @ Bs)
# CHECK-NEXT: tiled_matmul: ok


# Ragged K (39, no multiple of TILE_K): the same kernel with masked loads.
@tt.jit
def tiled_matmul_masked(A_ptr, B_ptr, C_ptr, K: tt.constexpr, N: tt.constexpr,
                        TILE_K: tt.constexpr):
    row = tt.program_id(0)
    tid = tt.arange(0, TILE_K)
    for col in range(N):
        acc = 0.0
        for k0 in range(0, K, TILE_K):
            in_k = tid < K - k0
            a_tile = tt.load(A_ptr + row * K + k0 + tid, mask=in_k, other=0.0)
            b_tile = tt.load(B_ptr + k0 * N + col + tid * N, mask=in_k, other=0.0)
            acc = acc + tt.reduce_sum(a_tile * b_tile)
        tt.store(C_ptr + row * N + col, acc)


Ar, Br = rand(M, K), rand(K, 5, seed=4)
C = np.zeros((M, 5), np.float32)
tiled_matmul_masked[(M,)](Ar, Br, C, K=K, N=5, TILE_K=16)
report("tiled_matmul ragged K", C, Ar.astype(np.float64) @ Br)
# CHECK-NEXT: tiled_matmul ragged K: ok


@tt.jit
def softmax(X, Y, n_cols, row_stride, BLOCK: tt.constexpr):
    row = tt.program_id(0)
    cols = tt.arange(0, BLOCK)
    x = tt.load(X + row * row_stride + cols, mask=cols < n_cols, other=-float("inf"))
    shifted = x - tt.max(x, axis=0)
    e = tt.exp(shifted)
    tt.store(Y + row * row_stride + cols, e / tt.sum(e, axis=0), mask=cols < n_cols)


X = rand(M, 100) * 8
Y = np.zeros_like(X)
softmax[(M,)](X, Y, 100, 100, BLOCK=128)
ex = np.exp(X.astype(np.float64) - X.max(axis=1, keepdims=True))
report("softmax", Y, ex / ex.sum(axis=1, keepdims=True), tol=1e-5)
# CHECK-NEXT: softmax: ok


@tm.kernel
def gemm_f16(A, B, C, M, N, K, block_M: tm.constexpr, block_N: tm.constexpr,
             block_K: tm.constexpr, stages: tm.constexpr):
    by, bx = tm.program_id(0), tm.program_id(1)
    C_local = tm.zeros((block_M, block_N), dtype="f32")  # f32 accumulator
    for ko in tm.tile_range(0, K, block_K, num_stages=stages):
        A_tile = tm.tile_load(A, by * block_M, ko, K, (block_M, block_K), bounds=(M, K))
        B_tile = tm.tile_load(B, ko, bx * block_N, N, (block_K, block_N), bounds=(K, N))
        C_local = tm.dot(A_tile, B_tile, C_local)
    tm.tile_store(C, by * block_M, bx * block_N, N, tm.cast(C_local, "f16"),
                  (block_M, block_N), bounds=(M, N))


Ah, Bh = rand(M, K, dtype=np.float16), rand(K, N, dtype=np.float16, seed=5)
Ch = np.zeros((M, N), np.float16)
cfg = dict(block_M=32, block_N=32, block_K=16, stages=3)
gemm_f16[(tm.cdiv(M, 32), tm.cdiv(N, 32))](Ah, Bh, Ch, M, N, K, **cfg)
report("gemm_f16 num_stages=3", Ch, Ah.astype(np.float64) @ Bh, tol=2e-2)
# CHECK-NEXT: gemm_f16 num_stages=3: ok
compiled = gemm_f16.compile(Ah, Bh, Ch, M, N, K, **cfg)
print([l.strip() for l in compiled.ir.splitlines() if "num_stages" in l][0])
# CHECK-NEXT: } {num_stages = 3 : i64} loc(
print("diagnostics: %r" % compiled.diagnostics)
# CHECK-NEXT: diagnostics: ''
for k in (loop_sum_kernel, tiled_dot_kernel, tiled_matmul_kernel,
          tiled_matmul_masked, softmax, gemm_f16):
    show_msl(next(iter(k.cache.values())))
# CHECK-NEXT: {{\[\[}}kernel]] void loop_sum_kernel(
# CHECK-NEXT: {{\[\[}}kernel]] void tiled_dot_kernel(
# CHECK-NEXT: {{\[\[}}kernel]] void tiled_matmul_kernel(
# CHECK-NEXT: {{\[\[}}kernel]] void tiled_matmul_masked(
# CHECK-NEXT: {{\[\[}}kernel]] void softmax(
# CHECK-NEXT: {{\[\[}}kernel]] void gemm_f16(
