# meTile's pointer-style row kernels, imported as `metile`: load/store of
# `buffer + row * n + cols` with a mask, accumulators that start as a Python
# float and become tiles in a tile_range loop (maximum, +), then max/sum/min
# of the tile to a scalar; ragged rows (n = 300, blocks of 128) against numpy.
# The last block's masked-off lanes keep the accumulator's old value, as
# meTile runs a masked body only on the lanes it keeps.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir

sys.modules["metile"] = tile_mlir
import metile  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import rand, report  # noqa: E402

ROWS, COLS = 7, 300


@metile.kernel
def row_rms_scale(X, Gain, Y, n, eps, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    squares = 0.0
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        v = metile.cast(metile.load(X + r * n + c, mask=keep), "f32")
        squares = squares + v * v
    scale = 1.0 / metile.sqrt(metile.sum(squares) / n + eps)
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        v = metile.load(X + r * n + c, mask=keep)
        g = metile.load(Gain + c, mask=keep)
        metile.store(Y + r * n + c, v * scale * g, mask=keep)


X = rand(ROWS, COLS) * 4
G = rand(COLS, seed=1) + 1.0
Y = np.zeros_like(X)
row_rms_scale[(ROWS,)](X, G, Y, COLS, 1e-5, BLOCK=128)
x = X.astype(np.float64)
report("rmsnorm", Y, x / np.sqrt((x * x).mean(1, keepdims=True) + 1e-5) * G)
# CHECK: rmsnorm: ok


@metile.kernel
def row_softmax(X, Y, n, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    top = -1e38
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        top = metile.maximum(top, metile.load(X + r * n + c, mask=keep))
    top = metile.max(top)
    total = 0.0
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        total = total + metile.exp(metile.load(X + r * n + c, mask=keep) - top)
    total = metile.sum(total)
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        e = metile.exp(metile.load(X + r * n + c, mask=keep) - top)
        metile.store(Y + r * n + c, e / total, mask=keep)


# All negative: a masked lane reading 0 would win the maximum and, in the
# sum, add exp(0 - max) for each of the 84 lanes past the end.
Xn = -1.0 - np.abs(rand(ROWS, COLS, seed=2)) * 8
Y = np.zeros_like(Xn)
row_softmax[(ROWS,)](Xn, Y, COLS, BLOCK=128)
e = np.exp(Xn.astype(np.float64) - Xn.max(1, keepdims=True))
report("softmax", Y, e / e.sum(1, keepdims=True), tol=1e-6)
# CHECK: softmax: ok


@metile.kernel
def row_min(X, Out, n, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    low = 1e38
    for c0 in metile.tile_range(0, n, BLOCK):
        c = c0 + metile.arange(0, BLOCK)
        keep = c < n
        low = metile.minimum(low, metile.load(X + r * n + c, mask=keep))
    metile.store(Out + r, metile.min(low))


# All positive: masked lanes reading 0 would be the minimum.
Xp = 1.0 + np.abs(rand(ROWS, COLS, seed=3))
Out = np.zeros(ROWS, np.float32)
row_min[(ROWS,)](Xp, Out, COLS, BLOCK=128)
report("row min", Out, Xp.astype(np.float64).min(1), tol=0)
# CHECK: row min: ok

# The promoted accumulator is a tile carried by the loop from the start.
ir = row_softmax.compile(Xn, Y, COLS, BLOCK=128).ir
print([l.split("->")[-1].strip() for l in ir.splitlines()
       if "tile.for_range" in l][0])
# CHECK: (tensor<128xf32>) {
