# The rest of the meTile-style vocabulary on a ragged shape against numpy:
# full, where, exp, log, sqrt, abs, tanh, maximum, minimum, the sum/max/min
# reductions along either axis and to a scalar, arange, cast, and
# num_programs; each kernel also prints its MSL kernel line.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
from check import rand, report, show_msl  # noqa: E402

R, C = 37, 29  # rows and columns of X: neither a multiple of the block


@tm.kernel
def elementwise(X, Y, BLOCK_R: tm.constexpr, BLOCK_C: tm.constexpr):
    r = tm.program_id(0) * BLOCK_R
    x = tm.tile_load(X, r, 0, C, (BLOCK_R, BLOCK_C), bounds=(R, C))
    half = tm.full((BLOCK_R, BLOCK_C), 0.5)
    a = tm.sqrt(tm.abs(x)) + tm.log(tm.abs(x) + 1.0)
    b = tm.where(x > 0.0, tm.exp(x), tm.tanh(x))
    y = tm.maximum(a, half) + tm.minimum(b, half)
    tm.tile_store(Y, r, 0, C, y, (BLOCK_R, BLOCK_C), bounds=(R, C))


X = rand(R, C) * 4
Y = np.zeros_like(X)
elementwise[(tm.cdiv(R, 16),)](X, Y, BLOCK_R=16, BLOCK_C=32)
x = X.astype(np.float64)
a = np.sqrt(np.abs(x)) + np.log(np.abs(x) + 1)
b = np.where(x > 0, np.exp(x), np.tanh(x))
report("elementwise", Y, np.maximum(a, 0.5) + np.minimum(b, 0.5), tol=1e-4)
# CHECK: elementwise: ok


@tm.kernel
def reductions(X, RowSum, ColMax, Stats, BLOCK_R: tm.constexpr,
               BLOCK_C: tm.constexpr):
    # One program: -inf/+inf padding keeps the max/min of the real elements.
    x = tm.tile_load(X, 0, 0, C, (BLOCK_R, BLOCK_C), bounds=(R, C))
    lo = tm.tile_load(X, 0, 0, C, (BLOCK_R, BLOCK_C), bounds=(R, C),
                      padding=float("inf"))
    hi = tm.tile_load(X, 0, 0, C, (BLOCK_R, BLOCK_C), bounds=(R, C),
                      padding=-float("inf"))
    tm.tile_store(RowSum, 0, value=tm.sum(x, axis=1), shape=(BLOCK_R,),
                  bounds=(R,))
    tm.tile_store(ColMax, 0, value=tm.max(hi, axis=0), shape=(BLOCK_C,),
                  bounds=(C,))
    lanes = tm.arange(0, 4)
    stats = tm.where(lanes == 0, tm.full((4,), tm.min(lo)),
                     tm.where(lanes == 1, tm.full((4,), tm.max(hi)),
                              tm.cast(lanes, "f32") * 0.0
                              + tm.cast(tm.num_programs(0), "f32")))
    tm.tile_store(Stats, 0, value=stats, shape=(4,))


rs, cm, st = np.zeros(R, np.float32), np.zeros(C, np.float32), np.zeros(4, np.float32)
reductions[(1,)](X, rs, cm, st, BLOCK_R=64, BLOCK_C=32)
report("row sums", rs, x.sum(axis=1), tol=1e-4)
report("column maxima", cm, x.max(axis=0))
report("min, max, num_programs", st, np.array([x.min(), x.max(), 1, 1]))
# CHECK-NEXT: row sums: ok
# CHECK-NEXT: column maxima: ok
# CHECK-NEXT: min, max, num_programs: ok

for k in (elementwise, reductions):
    show_msl(next(iter(k.cache.values())))
# CHECK-NEXT: {{\[\[}}kernel]] void elementwise(
# CHECK-NEXT: {{\[\[}}kernel]] void reductions(
