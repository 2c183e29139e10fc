# meTile's thread-level style (thread_id, simd_lane_id, scalar, shared,
# barrier, simd_sum, per-thread load/store of scalar pointers), imported as
# `metile`, against numpy on ragged shapes:
# - a row sum: each thread a strided part, simd_sum per SIMD group, lane 0
#   of each group publishes to a shared array, a barrier, then one SIMD group
#   adds the partials;
# - an MLX-style affine 4-bit matvec written per thread (a SIMD group per
#   output column, lanes split the packed words, simd_sum at the end).
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir

sys.modules["metile"] = tile_mlir
import metile  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import rand, report  # noqa: E402


@metile.kernel
def row_sum(X, Y, n, BLOCK: metile.constexpr):
    row = metile.program_id(0)
    thread = metile.thread_id()
    lane = metile.simd_lane_id()
    groups = BLOCK // 32
    partials = metile.shared(groups, dtype="f32")
    acc = metile.scalar(0.0)
    for c in metile.tile_range(thread, n, BLOCK):
        acc = acc + metile.load(X + row * n + c)
    total = metile.simd_sum(acc)
    metile.store(partials + thread // 32, total, mask=lane == 0)
    metile.barrier()
    mine = metile.load(partials + lane % groups)
    s = metile.simd_sum(metile.where(lane < groups, mine, 0.0))
    metile.store(Y + row, s, mask=thread == 0)


for rows, cols, block in ((5, 1000, 128), (3, 77, 256)):
    X = rand(rows, cols) * 4
    Y = np.zeros(rows, np.float32)
    row_sum[(rows,)](X, Y, cols, BLOCK=block)
    report("row_sum %dx%d BLOCK=%d" % (rows, cols, block), Y,
           X.astype(np.float64).sum(1), tol=1e-3)
# CHECK: row_sum 5x1000 BLOCK=128: ok
# CHECK: row_sum 3x77 BLOCK=256: ok


@metile.kernel
def affine_qmv4(X, W, Scales, Biases, Y, K, N, GROUP: metile.constexpr,
                BLOCK: metile.constexpr):
    thread = metile.thread_id()
    lane = metile.simd_lane_id()
    column = metile.program_id(0) * (BLOCK // 32) + thread // 32
    safe = column % N  # groups past the last column read column 0, store nothing
    words = K // 8
    groups = K // GROUP
    acc = metile.scalar(0.0)
    for w in metile.tile_range(lane, words, 32):
        packed = metile.load(W + safe * words + w)
        g = (w * 8) // GROUP
        scale = metile.cast(metile.load(Scales + safe * groups + g), "f32")
        bias = metile.cast(metile.load(Biases + safe * groups + g), "f32")
        for e in range(8):
            q = metile.cast((packed >> (4 * e)) & 15, "f32")
            x = metile.cast(metile.load(X + w * 8 + e), "f32")
            acc = acc + x * (q * scale + bias)
    total = metile.simd_sum(acc)
    metile.store(Y + column, total, mask=(lane == 0) & (column < N))


def pack4(q):
    """Rows of 4-bit values, 8 per 32-bit word, element e in bits 4e..4e+3."""
    n, k = q.shape
    words = np.zeros((n, k // 8), np.uint32)
    for e in range(8):
        words |= q[:, e::8].astype(np.uint32) << np.uint32(4 * e)
    return words


for k, n, group, block in ((320, 13, 64, 128), (1024, 7, 32, 64)):
    rng = np.random.default_rng(k + n)
    q = rng.integers(0, 16, (n, k))
    scales = (rng.random((n, k // group)) * 0.1).astype(np.float16)
    biases = (rng.random((n, k // group)) - 0.5).astype(np.float16)
    x = rand(k, seed=3).astype(np.float16)
    y = np.zeros(n, np.float32)
    programs = -(-n // (block // 32))
    affine_qmv4[(programs,)](x, pack4(q).view(np.int32), scales, biases, y, k, n,
                             GROUP=group, BLOCK=block)
    w = (np.repeat(scales.astype(np.float64), group, 1) * q +
         np.repeat(biases.astype(np.float64), group, 1))
    report("affine_qmv4 K=%d N=%d group=%d" % (k, n, group), y,
           w @ x.astype(np.float64), tol=2e-3 * np.sqrt(k))
# CHECK: affine_qmv4 K=320 N=13 group=64: ok
# CHECK: affine_qmv4 K=1024 N=7 group=32: ok


# sum(exp(x - max(x))) per row, one SIMD group per row: the max by a
# butterfly of simd_shuffle_xor, the sum by simd_sum.
@metile.kernel
def softmax_denominator(X, Y, n, BLOCK: metile.constexpr):
    row = metile.program_id(0)
    lane = metile.simd_lane_id()
    m = metile.scalar(-3.0e38)
    for c in metile.tile_range(lane, n, 32):
        m = metile.maximum(m, metile.load(X + row * n + c))
    for step in (16, 8, 4, 2, 1):
        m = metile.maximum(m, metile.simd_shuffle_xor(m, step))
    e = metile.scalar(0.0)
    for c in metile.tile_range(lane, n, 32):
        e = e + metile.fast_exp(metile.load(X + row * n + c) - m)
    metile.store(Y + row, metile.simd_sum(e), mask=lane == 0)


for rows, cols in ((7, 99), (2, 10)):
    X = rand(rows, cols, seed=5) * 8
    Y = np.zeros(rows, np.float32)
    softmax_denominator[(rows,)](X, Y, cols, BLOCK=32)
    x = X.astype(np.float64)
    report("softmax_denominator %dx%d" % (rows, cols), Y,
           np.exp(x - x.max(1, keepdims=True)).sum(1), tol=1e-4)
# CHECK: softmax_denominator 7x99: ok
# CHECK: softmax_denominator 2x10: ok
