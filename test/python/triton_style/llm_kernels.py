# The LLM building blocks of examples/llm (rmsnorm.mlir, rope_half.mlir,
# rope_interleaved.mlir, swiglu.mlir) written the Triton way: RMSNorm with a
# weight on f16 and bf16 rows (f32 statistics), RoPE in the split-half and
# interleaved conventions with positions offset + token, and the SwiGLU gate
# silu(a) * b; ragged shapes on both backends (apple9, apple10) against
# numpy in float64.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import from_bf16_bits, report, to_bf16_bits  # noqa: E402

TARGETS = ("apple9", "apple10")


@triton.jit
def load_f32(ptr, mask, BF16: tl.constexpr):
    # numpy has no bf16: bf16 buffers are uint16 arrays holding the bits.
    if BF16:
        return tl.load(ptr, mask=mask, other=0).to(tl.bfloat16,
                                                  bitcast=True).to(tl.float32)
    return tl.load(ptr, mask=mask, other=0.0).to(tl.float32)


@triton.jit
def rmsnorm_kernel(X, W, Y, M, N, eps, BLOCK: tl.constexpr,
                   BF16: tl.constexpr):
    # y = x / sqrt(mean(x^2) + eps) * w for the rows of X (M x N), in one
    # pass (X and W each read once per program): the whole row fits one
    # block (BLOCK >= N), the program loads W once and keeps it across its
    # rows (program_id, program_id + num_programs, ...).
    cols = tl.arange(0, BLOCK)
    ok = cols < N
    w = load_f32(W + cols, ok, BF16)
    for row in range(tl.program_id(0), M, tl.num_programs(0)):
        x = load_f32(X + row * N + cols, ok, BF16)
        rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
        y = x * rstd * w
        if BF16:
            tl.store(Y + row * N + cols,
                     y.to(tl.bfloat16).to(tl.uint16, bitcast=True), mask=ok)
        else:
            tl.store(Y + row * N + cols, y.to(tl.float16), mask=ok)


@triton.jit
def rope_kernel(X, Y, H, D, offset, base, BLOCK: tl.constexpr,
                INTERLEAVED: tl.constexpr):
    # Program (token, head) rotates one head vector of X (T x H x D): pairs
    # (x1[i], x2[i]) by the angle (offset + token) * base^(-2i/D). The pairs
    # are (x[i], x[i + D/2]) split-half, (x[2i], x[2i + 1]) interleaved.
    token = tl.program_id(0)
    head = tl.program_id(1)
    start = (token * H + head) * D
    half = D // 2
    i = tl.arange(0, BLOCK)
    ok = i < half
    if INTERLEAVED:
        first = start + 2 * i
        second = first + 1
    else:
        first = start + i
        second = first + half
    inv_freq = tl.exp(i.to(tl.float32) * (-2.0 / D.to(tl.float32)) * tl.log(base))
    angle = (offset + token).to(tl.float32) * inv_freq
    cos = tl.cos(angle)
    sin = tl.sin(angle)
    x1 = tl.load(X + first, mask=ok, other=0.0)
    x2 = tl.load(X + second, mask=ok, other=0.0)
    tl.store(Y + first, x1 * cos - x2 * sin, mask=ok)
    tl.store(Y + second, x2 * cos + x1 * sin, mask=ok)


@triton.jit
def swiglu_kernel(A, B, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(A + offs, mask=offs < n, other=0.0).to(tl.float32)
    b = tl.load(B + offs, mask=offs < n, other=0.0).to(tl.float32)
    silu = a * tl.sigmoid(a)
    tl.store(Y + offs, (silu * b).to(tl.float16), mask=offs < n)


def rmsnorm(x, w, eps, target, bf16):
    m, n = x.shape
    y = np.zeros_like(x)
    # Two programs, so that each walks several rows.
    rmsnorm_kernel[(min(m, 2),)](x, w, y, m, n, eps,
                                 BLOCK=triton.next_power_of_2(n), BF16=bf16,
                                 num_warps=8, target=target)
    return from_bf16_bits(y) if bf16 else y


def rmsnorm_reference(x, w, eps):
    x = x.astype(np.float64)
    return x / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps) * w


# (rows, columns): columns not a power of two (the block is masked) nor a
# multiple of 8; rows not a multiple of the two programs.
RMSNORM = {"apple9": [(5, 1759), (3, 301)], "apple10": [(4, 997), (7, 45)]}
for target, shapes in RMSNORM.items():
    for seed, (m, n) in enumerate(shapes):
        rng = np.random.default_rng(seed)
        x = rng.standard_normal((m, n)).astype(np.float32)
        w = (0.5 + rng.random(n)).astype(np.float32)
        x16, w16 = x.astype(np.float16), w.astype(np.float16)
        # f16 output: half an ulp of values up to about 4 * 1.5.
        report("rmsnorm f16 %s %dx%d" % (target, m, n),
               rmsnorm(x16, w16, 1e-5, target, False),
               rmsnorm_reference(x16, w16.astype(np.float64), 1e-5), tol=4e-3)
        # bf16 inputs are exact in float32; the bf16 output keeps 8 bits of
        # mantissa: half an ulp of values below 8 is 2^-5.
        xb, wb = to_bf16_bits(x), to_bf16_bits(w)
        report("rmsnorm bf16 %s %dx%d" % (target, m, n),
               rmsnorm(xb, wb, 1e-5, target, True),
               rmsnorm_reference(from_bf16_bits(xb), from_bf16_bits(wb), 1e-5),
               tol=2 ** -5)
# CHECK: rmsnorm f16 apple9 5x1759: ok
# CHECK-NEXT: rmsnorm bf16 apple9 5x1759: ok
# CHECK-NEXT: rmsnorm f16 apple9 3x301: ok
# CHECK-NEXT: rmsnorm bf16 apple9 3x301: ok
# CHECK-NEXT: rmsnorm f16 apple10 4x997: ok
# CHECK-NEXT: rmsnorm bf16 apple10 4x997: ok
# CHECK-NEXT: rmsnorm f16 apple10 7x45: ok
# CHECK-NEXT: rmsnorm bf16 apple10 7x45: ok


def rope(x, offset, base, target, interleaved):
    t, h, d = x.shape
    y = np.zeros_like(x)
    rope_kernel[(t, h)](x, y, h, d, offset, base,
                        BLOCK=triton.next_power_of_2(d // 2),
                        INTERLEAVED=interleaved, target=target)
    return y


def rope_reference(x, offset, base, interleaved):
    t, h, d = x.shape
    x = x.astype(np.float64)
    pos = (offset + np.arange(t, dtype=np.float64))[:, None, None]
    theta = pos * base ** (-2.0 * np.arange(d // 2) / d)
    cos, sin = np.cos(theta), np.sin(theta)
    pair = (np.s_[..., 0::2], np.s_[..., 1::2]) if interleaved else \
        (np.s_[..., :d // 2], np.s_[..., d // 2:])
    want = np.empty_like(x)
    want[pair[0]] = x[pair[0]] * cos - x[pair[1]] * sin
    want[pair[1]] = x[pair[1]] * cos + x[pair[0]] * sin
    return want


# (tokens, heads, head dim, offset): dims that are not powers of two.
ROPE = {"apple9": [(7, 5, 96, 13), (3, 2, 70, 1000)],
        "apple10": [(5, 3, 128, 0), (2, 4, 34, 511)]}
for target, shapes in ROPE.items():
    for seed, (t, h, d, offset) in enumerate(shapes):
        x = np.random.default_rng(seed + 5).standard_normal((t, h, d)).astype(
            np.float32)
        for interleaved in (False, True):
            # An f32 angle pos * f is off by about pos * f * 2^-24, which
            # moves cos and sin by as much: allow for the largest position.
            report("rope %s %s T=%d H=%d D=%d offset=%d" % (
                       "interleaved" if interleaved else "half", target, t, h,
                       d, offset),
                   rope(x, offset, 10000.0, target, interleaved),
                   rope_reference(x, offset, 10000.0, interleaved),
                   tol=1e-5 + 4e-7 * (offset + t))
# CHECK-NEXT: rope half apple9 T=7 H=5 D=96 offset=13: ok
# CHECK-NEXT: rope interleaved apple9 T=7 H=5 D=96 offset=13: ok
# CHECK-NEXT: rope half apple9 T=3 H=2 D=70 offset=1000: ok
# CHECK-NEXT: rope interleaved apple9 T=3 H=2 D=70 offset=1000: ok
# CHECK-NEXT: rope half apple10 T=5 H=3 D=128 offset=0: ok
# CHECK-NEXT: rope interleaved apple10 T=5 H=3 D=128 offset=0: ok
# CHECK-NEXT: rope half apple10 T=2 H=4 D=34 offset=511: ok
# CHECK-NEXT: rope interleaved apple10 T=2 H=4 D=34 offset=511: ok

# The two conventions are told apart: split-half is not interleaved.
x = np.random.default_rng(9).standard_normal((3, 2, 64)).astype(np.float32)
report("rope half differs from interleaved", rope(x, 4, 10000.0, "apple9", False),
       rope_reference(x, 4, 10000.0, True), tol=1e-4)
# CHECK-NEXT: rope half differs from interleaved: MISMATCH


def swiglu(a, b, target):
    y = np.zeros_like(a)
    swiglu_kernel[(triton.cdiv(a.size, 1024),)](a, b, y, a.size, BLOCK=1024,
                                                target=target)
    return y


SWIGLU = {"apple9": [5277, 1001], "apple10": [3, 2049]}
for target, sizes in SWIGLU.items():
    for n in sizes:
        rng = np.random.default_rng(n)
        a = (3 * rng.standard_normal(n)).astype(np.float16)
        b = rng.standard_normal(n).astype(np.float16)
        a64 = a.astype(np.float64)
        want = a64 / (1.0 + np.exp(-a64)) * b
        # f16 output: relative 2^-11 of values up to about 40.
        report("swiglu %s n=%d" % (target, n), swiglu(a, b, target), want,
               tol=2e-2)
# CHECK-NEXT: swiglu apple9 n=5277: ok
# CHECK-NEXT: swiglu apple9 n=1001: ok
# CHECK-NEXT: swiglu apple10 n=3: ok
# CHECK-NEXT: swiglu apple10 n=2049: ok
