# meTile's Python lists of traced values: accumulators built with append or a
# comprehension, items assigned with indices known while tracing (`+=` too),
# the list carried through a tile_range loop (each item its own iter_arg),
# and a plain (not @jit) helper function of the kernel's module traced in
# place; ragged rows against numpy.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir

sys.modules["metile"] = tile_mlir
import metile  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import rand, report, show_error  # noqa: E402

ROWS, COLS, BLOCK, PARTS = 5, 300, 32, 3


@metile.kernel
def part_sums(X, Out, n, BLOCK: metile.constexpr, PARTS: metile.constexpr):
    r = metile.program_id(0)
    accumulators = []
    for q in range(PARTS):
        accumulators.append(metile.zeros((BLOCK,), dtype="f32"))
    squares = [metile.zeros((BLOCK,), dtype="f32") for _ in range(PARTS)]
    for c0 in metile.tile_range(0, n, BLOCK * PARTS):
        for p in range(PARTS):
            c = c0 + p * BLOCK + metile.arange(0, BLOCK)
            v = metile.load(X + r * n + c, mask=c < n)
            accumulators[p] = accumulators[p] + v
            squares[p] += v * v
    for j in range(PARTS):
        metile.store(Out + (r * PARTS + j) * 2, metile.sum(accumulators[j]))
        metile.store(Out + (r * PARTS + j) * 2 + 1, metile.sum(squares[j]))


X = rand(ROWS, COLS) * 4
Out = np.zeros((ROWS, PARTS, 2), np.float32)
part_sums[(ROWS,)](X, Out, COLS, BLOCK=BLOCK, PARTS=PARTS)
x = X.astype(np.float64)
part = (np.arange(COLS) // BLOCK) % PARTS
want = np.stack([np.stack([x[:, part == p].sum(1), (x[:, part == p] ** 2).sum(1)], 1)
                 for p in range(PARTS)], 1)
report("list accumulators", Out, want, tol=1e-3)
# CHECK: list accumulators: ok

# One tile.for_range carries the 2 x PARTS accumulators.
ir = part_sums.compile(X, Out, COLS, BLOCK=BLOCK, PARTS=PARTS).ir
loops = [l for l in ir.splitlines() if "tile.for_range" in l]
print(len(loops), loops[0].split("->")[-1].strip())
# CHECK: 1 (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) {


def _scaled_row(X, r, n, BLOCK, scale):
    c = metile.arange(0, BLOCK)
    keep = c < n
    return [metile.load(X + r * n + c, mask=keep) * scale], c, keep


@metile.kernel
def scale_rows(X, Y, n, scale, BLOCK: metile.constexpr):
    r = metile.program_id(0)
    values, c, keep = _scaled_row(X, r, n, BLOCK, scale)
    metile.store(Y + r * n + c, values[0], mask=keep)


X = rand(ROWS, 100, seed=1)
Y = np.zeros_like(X)
scale_rows[(ROWS,)](X, Y, 100, 2.5, BLOCK=128)
report("plain helper", Y, X.astype(np.float64) * 2.5, tol=1e-6)
# CHECK: plain helper: ok


@metile.kernel
def grows_in_loop(X, Out, n, BLOCK: metile.constexpr):
    parts = [metile.zeros((BLOCK,), dtype="f32")]
    for c0 in metile.tile_range(0, n, BLOCK):
        parts.append(metile.load(X + c0 + metile.arange(0, BLOCK)))
    metile.store(Out, metile.sum(parts[0]))


@metile.kernel
def runtime_index(X, Out, n, BLOCK: metile.constexpr):
    parts = [metile.zeros((BLOCK,), dtype="f32")]
    for c0 in metile.tile_range(0, n, BLOCK):
        parts[c0] = metile.load(X + c0 + metile.arange(0, BLOCK))
    metile.store(Out, metile.sum(parts[0]))


X1, O1 = rand(64), np.zeros(1, np.float32)
show_error("list grows in a tile loop",
           lambda: grows_in_loop.compile(X1, O1, 64, BLOCK=32), __file__)
# CHECK: list grows in a tile loop -> DSLError: lists.py:[[@LINE-16]]:{{[0-9]+}}: error: 'parts' changes its length in the loop (1 items before)
show_error("list item at a runtime index",
           lambda: runtime_index.compile(X1, O1, 64, BLOCK=32), __file__)
# CHECK: list item at a runtime index -> DSLError: lists.py:[[@LINE-10]]:{{[0-9]+}}: error: a list item is assigned with an index known while tracing
