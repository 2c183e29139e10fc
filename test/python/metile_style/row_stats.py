# More of meTile's pointer-style row kernels, imported as `metile`, on
# constructs row_norms.py leaves out: two accumulators promoted from floats
# to tiles in one tile_range loop (a sum and a sum of squares), a store in
# the same loop that accumulates (a residual add written out while its
# squares are summed), f16 buffers cast to f32, and an elementwise sum of
# several buffers through one mask; ragged rows (n = 300, blocks of 128)
# against numpy. The padding lanes of the last block never reach the sums.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir

sys.modules["metile"] = tile_mlir
import metile  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import rand, report  # noqa: E402

ROWS, COLS = 5, 300


@metile.kernel
def row_standardize(X, Scale, Shift, Y, n, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    total = 0.0
    squares = 0.0
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        v = metile.load(X + r * n + c, mask=keep)
        total = total + v
        squares = squares + v * v
    mean = metile.sum(total) / n
    inv = 1.0 / metile.sqrt(metile.sum(squares) / n - mean * mean + 1e-5)
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        v = metile.load(X + r * n + c, mask=keep)
        a = metile.load(Scale + c, mask=keep)
        b = metile.load(Shift + c, mask=keep)
        metile.store(Y + r * n + c, (v - mean) * inv * a + b, mask=keep)


X = rand(ROWS, COLS) * 3 + 1.0
A, B = rand(COLS, seed=1) + 1.0, rand(COLS, seed=2)
Y = np.zeros_like(X)
row_standardize[(ROWS,)](X, A, B, Y, COLS, BLOCK=128)
x = X.astype(np.float64)
mu = x.mean(1, keepdims=True)
report("standardize", Y, (x - mu) / np.sqrt(x.var(1, keepdims=True) + 1e-5) * A + B)
# CHECK: standardize: ok


@metile.kernel
def residual_rms(X, R, Gain, Sum, Y, n, eps, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    squares = 0.0
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        s = metile.cast(metile.load(X + r * n + c, mask=keep), "f32") + \
            metile.cast(metile.load(R + r * n + c, mask=keep), "f32")
        metile.store(Sum + r * n + c, s, mask=keep)
        squares = squares + s * s
    scale = 1.0 / metile.sqrt(metile.sum(squares) / n + eps)
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        s = metile.cast(metile.load(Sum + r * n + c, mask=keep), "f32")
        g = metile.cast(metile.load(Gain + c, mask=keep), "f32")
        metile.store(Y + r * n + c, s * scale * g, mask=keep)


Xh, Rh = rand(ROWS, COLS, dtype=np.float16), rand(ROWS, COLS, dtype=np.float16, seed=3)
Gh = (rand(COLS, seed=4) + 1.0).astype(np.float16)
S, Yh = np.zeros_like(Xh), np.zeros_like(Xh)
residual_rms[(ROWS,)](Xh, Rh, Gh, S, Yh, COLS, 1e-5, BLOCK=128)
s = Xh.astype(np.float64) + Rh
report("residual sum", S, s, tol=1e-3)
s16 = s.astype(np.float16).astype(np.float64)
report("residual rmsnorm", Yh, s16 / np.sqrt((s * s).mean(1, keepdims=True) + 1e-5) * Gh,
       tol=1e-2)
# CHECK-NEXT: residual sum: ok
# CHECK-NEXT: residual rmsnorm: ok


@metile.kernel
def add4(P0, P1, P2, P3, Out, n, BLOCK: metile.constexpr):
    offs = metile.program_id(0) * BLOCK + metile.arange(0, BLOCK)
    keep = offs < n
    acc = metile.load(P0 + offs, mask=keep) + metile.load(P1 + offs, mask=keep)
    acc = acc + metile.load(P2 + offs, mask=keep) + metile.load(P3 + offs, mask=keep)
    metile.store(Out + offs, acc, mask=keep)


n = 1001
parts = [rand(n, seed=10 + i) for i in range(4)]
out = metile.Buffer.zeros((n,))
add4[(metile.cdiv(n, 256),)](*[metile.Buffer(data=p) for p in parts], out, n, BLOCK=256)
report("add4", out.numpy(), np.sum([p.astype(np.float64) for p in parts], 0), 1e-5)
# CHECK-NEXT: add4: ok
