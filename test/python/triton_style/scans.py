# tl.argmax / tl.argmin (first extreme; the last with tie_break_left=False)
# and tl.cumsum / tl.cumprod, with Triton's meaning, as tile IR builds them
# without a scan or index-returning op: 1-D and 2-D tiles along either axis,
# integers exact, reversed scans, ties, padding lanes taking part as in
# Triton; ragged shapes against numpy on apple9 and apple10 (where a 2-D
# float cumsum is a tile.dot on relaxed-precision tensor ops). A 2-D
# integer cumsum is refused with its line.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report, show_error  # noqa: E402


@triton.jit
def scans_1d(x_ptr, i_ptr, out_f, out_i, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    xi = tl.load(i_ptr + offs, mask=mask, other=0)
    tl.store(out_f + offs, tl.cumsum(x, axis=0), mask=mask)
    tl.store(out_f + BLOCK + offs, x.cumsum(0, reverse=True), mask=mask)
    tl.store(out_f + 2 * BLOCK + offs, tl.cumprod(x + 0.5, 0), mask=mask)
    tl.store(out_i + offs, tl.cumsum(xi, 0), mask=mask)
    tl.store(out_i + BLOCK, tl.argmax(xi, axis=0))
    tl.store(out_i + BLOCK + 1, tl.argmax(xi, 0, tie_break_left=False))
    tl.store(out_i + BLOCK + 2, tl.argmin(x, 0))
    tl.store(out_i + BLOCK + 3, x.argmax(0))


n, B = 29, 32
rng = np.random.default_rng(5)
x = rng.random(n).astype(np.float32)
xi = rng.integers(-1000, 1000, n).astype(np.int32)
xi[[4, 17]] = 5000  # a tie for the maximum
x[[3, 20]] = -0.25  # a tie for the minimum
for target in ("apple9", "apple10"):
    of, oi = np.zeros(3 * B, np.float32), np.zeros(2 * B, np.int32)
    scans_1d[(1,)](x, xi, of, oi, n, BLOCK=B, target=target)
    report("cumsum 1-D %s" % target, of[:n], np.cumsum(x.astype(np.float64)), 1e-5)
    report("reversed cumsum %s" % target, of[B:B + n],
           np.cumsum(x[::-1].astype(np.float64))[::-1], 1e-5)
    report("cumprod %s" % target, of[2 * B:2 * B + n],
           np.cumprod(x.astype(np.float64) + 0.5), 1e-5 * np.prod(x + 0.5))
    print("int cumsum %s:" % target, "exact" if np.array_equal(
        oi[:n], np.cumsum(xi)) else "MISMATCH")
    print("argmax/argmin %s:" % target, list(oi[B:B + 4]))
# CHECK: cumsum 1-D apple9: ok
# CHECK-NEXT: reversed cumsum apple9: ok
# CHECK-NEXT: cumprod apple9: ok
# CHECK-NEXT: int cumsum apple9: exact
# Padding lanes (other=0) take part, as in Triton: the minimum is -0.25 at 3.
# CHECK-NEXT: argmax/argmin apple9: [4, 17, 3, {{[0-9]+}}]
# CHECK: argmax/argmin apple10: [4, 17, 3, {{[0-9]+}}]
print("float argmax:", int(np.argmax(np.concatenate([x, np.zeros(B - n)]))) ==
      int(oi[B + 3]))
# CHECK-NEXT: float argmax: True


@triton.jit
def scans_2d(x_ptr, out_ptr, arg_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    r = tl.arange(0, BM)
    c = tl.arange(0, BN)
    m = (r[:, None] < M) & (c[None, :] < N)
    x = tl.load(x_ptr + r[:, None] * N + c[None, :], mask=m, other=0.0)
    tl.store(out_ptr + r[:, None] * N + c[None, :], tl.cumsum(x, axis=1), mask=m)
    tl.store(out_ptr + M * N + r[:, None] * N + c[None, :],
             tl.cumsum(x, axis=0, reverse=True), mask=m)
    tl.store(arg_ptr + r, tl.argmax(tl.where(m, x, -1.0), axis=1), mask=r < M)
    tl.store(arg_ptr + BM + c, tl.argmin(tl.where(m, x, 1000.0), axis=0), mask=c < N)


M, N = 19, 27
x2 = rng.random((M, N)).astype(np.float32) * 100
x64 = x2.astype(np.float64)
for target in ("apple9", "apple10"):
    out, args = np.zeros(2 * M * N, np.float32), np.zeros(64, np.int32)
    scans_2d[(1,)](x2, out, args, M, N, BM=32, BN=32, target=target)
    # f32 accumulation: within a few ulps of the sums' magnitude (~2700).
    report("cumsum axis 1 %s" % target, out[:M * N].reshape(M, N),
           np.cumsum(x64, 1), 1e-3)
    report("reversed cumsum axis 0 %s" % target, out[M * N:].reshape(M, N),
           np.cumsum(x64[::-1], 0)[::-1], 1e-3)
    print("argmax axis 1, argmin axis 0 %s:" % target,
          np.array_equal(args[:M], x2.argmax(1)) and
          np.array_equal(args[32:32 + N], x2.argmin(0)))
# CHECK: cumsum axis 1 apple9: ok
# CHECK-NEXT: reversed cumsum axis 0 apple9: ok
# CHECK-NEXT: argmax axis 1, argmin axis 0 apple9: True
# CHECK-NEXT: cumsum axis 1 apple10: ok
# CHECK-NEXT: reversed cumsum axis 0 apple10: ok
# CHECK-NEXT: argmax axis 1, argmin axis 0 apple10: True


@triton.jit
def int_scan_2d(x_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r[:, None] * BLOCK + r[None, :])
    tl.store(x_ptr + r[:, None] * BLOCK + r[None, :], tl.cumsum(x, axis=1))


show_error("2-D int cumsum", lambda: int_scan_2d.compile(
    np.zeros(64, np.int32), BLOCK=8), __file__)
# CHECK: 2-D int cumsum -> DSLError: scans.py:[[@LINE-5]]:55: error: cumsum of a 2-D i32 tile is not supported: tile IR has no scan op (1-D tiles, and cumsum of 2-D float tiles, are)
