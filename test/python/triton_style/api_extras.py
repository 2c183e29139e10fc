# The rest of Triton's tl.* functions, with Triton's meaning: rand4x /
# randn4x / uint_to_uniform_float / pair_uniform_to_normal (checked against
# the kernel's own randint4x words mapped in numpy as Triton maps them),
# add / sub / mul, reduce_or, max / min with return_indices, sum with
# dtype, max_constancy, and tl.range's disable_licm; ragged sizes.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report  # noqa: E402


def uniform(words):
    x = words.view(np.int32)
    return np.where(x < 0, -x - 1, x).astype(np.float32) * np.float32(4.6566127342e-10)


def normals(u1, u2):
    r = np.sqrt(-2.0 * np.log(np.maximum(np.float32(1e-7), u1)))
    th = np.float32(6.283185307179586) * u2
    return r * np.cos(th), r * np.sin(th)


@triton.jit
def random_blocks(words_ptr, u_ptr, g_ptr, w_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    w0, w1, w2, w3 = tl.randint4x(seed, offs)
    u0, u1, u2, u3 = tl.rand4x(seed, offs)
    g0, g1, g2, g3 = tl.randn4x(seed, offs)
    tl.store(words_ptr + offs, w0, mask=m)
    tl.store(words_ptr + n + offs, w1, mask=m)
    tl.store(words_ptr + 2 * n + offs, w2, mask=m)
    tl.store(words_ptr + 3 * n + offs, w3, mask=m)
    tl.store(u_ptr + offs, u0, mask=m)
    tl.store(u_ptr + n + offs, u1, mask=m)
    tl.store(u_ptr + 2 * n + offs, u2, mask=m)
    tl.store(u_ptr + 3 * n + offs, u3, mask=m)
    tl.store(g_ptr + offs, g0, mask=m)
    tl.store(g_ptr + n + offs, g1, mask=m)
    tl.store(g_ptr + 2 * n + offs, g2, mask=m)
    tl.store(g_ptr + 3 * n + offs, g3, mask=m)
    a, b = tl.pair_uniform_to_normal(tl.uint_to_uniform_float(w0), u1)
    tl.store(w_ptr + offs, a, mask=m)
    tl.store(w_ptr + n + offs, b, mask=m)


n = 333
words = np.zeros(4 * n, np.int32)
u, g, w = np.zeros(4 * n, np.float32), np.zeros(4 * n, np.float32), np.zeros(2 * n, np.float32)
random_blocks[(triton.cdiv(n, 128),)](words, u, g, w, n, 77, BLOCK=128)
us = [uniform(words[i * n:(i + 1) * n]) for i in range(4)]
print("rand4x:", "ok" if np.array_equal(u, np.concatenate(us)) else "MISMATCH")
report("randn4x", g, np.concatenate(normals(us[0], us[1]) + normals(us[2], us[3])))
report("pair_uniform_to_normal", w, np.concatenate(normals(us[0], us[1])))
# CHECK: rand4x: ok
# CHECK-NEXT: randn4x: ok
# CHECK-NEXT: pair_uniform_to_normal: ok


@triton.jit
def misc(x_ptr, i_ptr, h_ptr, out_ptr, iout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=-1.0)
    xi = tl.load(i_ptr + tl.max_constancy(offs, 1), mask=m, other=0)
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, tl.add(tl.mul(x, 3.0), tl.sub(x, 1.0)), mask=m)
    big, where_big = tl.max(x, axis=0, return_indices=True)
    small, where_small = tl.min(x, 0, return_indices=True,
                                return_indices_tie_break_left=False)
    tl.store(out_ptr + BLOCK, big)
    tl.store(out_ptr + BLOCK + 1, small)
    tl.store(out_ptr + BLOCK + 2, tl.sum(h, axis=0, dtype=tl.float32))
    tl.store(iout_ptr, where_big)
    tl.store(iout_ptr + 1, where_small)
    tl.store(iout_ptr + 2, tl.reduce_or(xi, 0))
    tl.store(iout_ptr + 3, tl.add(xi, 5, sanitize_overflow=False).to(tl.int32).sum())
    total = 0
    for k in tl.range(0, n, 7, disable_licm=True):
        total += k
    tl.store(iout_ptr + 4, total)


n, B = 45, 64
rng = np.random.default_rng(11)
x = rng.random(n).astype(np.float32) + 0.5
x[[9, 30]] = 0.25  # the minimum twice: the last with tie_break_left=False
xi = (1 << rng.integers(0, 20, n)).astype(np.int32)
h = (rng.random(n) * 1000).astype(np.float16)
out, iout = np.zeros(B + 3, np.float32), np.zeros(5, np.int32)
misc[(1,)](x, xi, h, out, iout, n, BLOCK=B)
report("add/sub/mul", out[:n], 3.0 * x + (x - 1.0), 1e-6)
report("sum(dtype=f32) of f16", out[B + 2:B + 3], np.array([h.astype(np.float64).sum()]), 1.0)
# Padding lanes read -1.0 and take part in the minimum, as in Triton.
print("max, argmax:", out[B] == x.max(), iout[0] == int(np.argmax(x)))
print("min, argmin (last):", out[B + 1], iout[1])
print("reduce_or:", iout[2] == int(np.bitwise_or.reduce(xi)))
print("add ints:", iout[3] == int((xi + 5).sum() + 5 * (B - n)))
print("range(disable_licm):", iout[4] == sum(range(0, n, 7)))
# CHECK-NEXT: add/sub/mul: ok
# CHECK-NEXT: sum(dtype=f32) of f16: ok
# CHECK-NEXT: max, argmax: True True
# CHECK-NEXT: min, argmin (last): -1.0 63
# CHECK-NEXT: reduce_or: True
# CHECK-NEXT: add ints: True
# CHECK-NEXT: range(disable_licm): True
