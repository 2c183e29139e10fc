# Triton's unary `~` on traced values: the negation of a mask or comparison
# (`tl.where(~mask, ...)`, `~(x > 0)`), every bit flipped on integer tiles
# (int32 and uint8, as in `tl.atomic_and(p, ~bit)`), `not` of a comparison;
# `~` of a float tile is a located error. It used to be "unary operator
# not supported". Ragged sizes against numpy.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import show_error  # noqa: E402


@triton.jit
def invert(x_ptr, i_ptr, b_ptr, out_ptr, oi_ptr, ob_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    i = tl.load(i_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    positive = x > 0
    y = tl.where(~positive, -x, x) + tl.where(not (x > 0.5), 1.0, 0.0)
    tl.store(out_ptr + offs, tl.where(~mask, 0.0, y), mask=mask)
    tl.store(oi_ptr + offs, ~i, mask=mask)
    tl.store(oi_ptr + n + offs, ~(offs & 3), mask=mask)
    tl.store(ob_ptr + offs, ~b, mask=mask)


n = 77
rng = np.random.default_rng(2)
x = rng.standard_normal(n).astype(np.float32)
i = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
b = rng.integers(0, 256, n).astype(np.uint8)
out, oi, ob = np.zeros(n, np.float32), np.zeros(2 * n, np.int32), np.zeros(n, np.uint8)
invert[(triton.cdiv(n, 32),)](x, i, b, out, oi, ob, n, BLOCK=32)
want = np.abs(x) + (x <= 0.5)
print("~mask, not:", np.allclose(out, want))
print("~int32:", np.array_equal(oi[:n], ~i), np.array_equal(oi[n:], ~(np.arange(n) & 3)))
print("~uint8:", np.array_equal(ob, ~b))
# CHECK: ~mask, not: True
# CHECK-NEXT: ~int32: True True
# CHECK-NEXT: ~uint8: True


@triton.jit
def float_invert(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK), ~x)


show_error("~float", lambda: float_invert.compile(x, BLOCK=16), __file__)
# CHECK-NEXT: ~float -> DSLError: invert.py:[[@LINE-4]]:43: error: ~ needs an integer or boolean operand, got a tile tensor<16xf32>
