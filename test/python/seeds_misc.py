# The remaining seeds: TinyTon's loop_sum, tiled_dot and tiled_matmul (Triton
# names, constexpr loops unrolled while tracing, as TinyTon does), a row
# softmax, and the TileLang-style f16 GEMM with a 3-stage pipelined K loop
# (num_stages passes through to tile.for_range), on ragged shapes vs numpy.
# RUN: %python %s 2>&1 | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
import tile_mlir.language as tt  # noqa: E402
from check import K, M, N, rand, report, show_msl  # noqa: E402


@tm.jit
def loop_sum(src, out, N: tt.constexpr, TILE: tt.constexpr):
    lane = tt.arange(0, TILE)
    total = 0.0
    for start in range(0, N, TILE):  # constexpr bounds: unrolled
        chunk = tt.load(src + start + lane, mask=lane < N - start, other=0.0)
        total = total + tt.reduce_sum(chunk)
    tt.store(out + lane, total, mask=lane < 1)


x = rand(300)
out = np.zeros(1, np.float32)
loop_sum[(1,)](x, out, N=300, TILE=128)
report("loop_sum", out, np.array([x.astype(np.float64).sum()]))
# CHECK: loop_sum: ok


@tm.jit
def tiled_dot(A, B, C, K: tt.constexpr, TILE_K: tt.constexpr):
    row = tt.program_id(0)
    lane = tt.arange(0, TILE_K)
    total = 0.0
    for k0 in range(0, K, TILE_K):
        a = tt.load(A + row * K + k0 + lane, mask=lane < K - k0, other=0.0)
        b = tt.load(B + k0 + lane, mask=lane < K - k0, other=0.0)
        total = total + tt.reduce_sum(a * b)
    tt.store(C + row, total)


A, v = rand(M, K), rand(K, seed=3)
c = np.zeros(M, np.float32)
tiled_dot[(M,)](A, v, c, K=K, TILE_K=16)
report("tiled_dot", c, A.astype(np.float64) @ v)
# CHECK-NEXT: tiled_dot: ok


@tm.jit
def tiled_matmul(A, B, C, K: tt.constexpr, N: tt.constexpr, TILE_K: tt.constexpr):
    row = tt.program_id(0)
    lane = tt.arange(0, TILE_K)
    for col in range(N):
        total = 0.0
        for k0 in range(0, K, TILE_K):
            a = tt.load(A + row * K + k0 + lane, mask=lane < K - k0, other=0.0)
            b = tt.load(B + (k0 + lane) * N + col, mask=lane < K - k0, other=0.0)
            total = total + tt.reduce_sum(a * b)
        tt.store(C + row * N + col, total)


Bs = rand(K, 5, seed=4)
C = np.zeros((M, 5), np.float32)
tiled_matmul[(M,)](A, Bs, C, K=K, N=5, TILE_K=16)
report("tiled_matmul", C, A.astype(np.float64) @ Bs)
# CHECK-NEXT: tiled_matmul: ok


@tm.jit
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
print("warning kept:", "num_stages" in compiled.diagnostics or compiled.diagnostics == "")
# CHECK-NEXT: warning kept: True
for k in (softmax, tiled_matmul, gemm_f16):
    show_msl(next(iter(k.cache.values())))
# CHECK-NEXT: {{\[\[}}kernel]] void softmax(
# CHECK-NEXT: {{\[\[}}kernel]] void tiled_matmul(
# CHECK-NEXT: {{\[\[}}kernel]] void gemm_f16(
