# Decode-shaped quantized matvecs (and a prefill matmul) written as Triton
# kernels (y = W x, f16 or bf16 x and y, f32 accumulation), in the formats
# docs/llm.md states: MLX's affine 4- and 8-bit words (uint32, lowest code
# first, an f16 or bf16 scale and bias per group of G along K) and llama.cpp's q4_0 and q8_0 blocks (uint8 bytes: an
# f16 scale, then 16 nibble bytes or 32 int8). Each kernel reads the packed
# words once: a rectangle of words, unpacked code by code with logical
# shifts, x's elements of code s being a stride of 32/bits. Ragged N and K
# against numpy on apple9 and apple10. numpy has no bf16: bf16 buffers are
# uint16 arrays of their bits, which the kernels bitcast.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import from_bf16_bits, report, to_bf16_bits  # noqa: E402


@triton.jit
def load_float(ptr, mask, BF16: tl.constexpr):
    """An f16 tile, or a bf16 one from a buffer of bf16 bits."""
    if BF16:
        return tl.load(ptr, mask=mask, other=0).to(tl.bfloat16, bitcast=True)
    return tl.load(ptr, mask=mask, other=0.0)


@triton.jit
def store_float(ptr, value, mask, BF16: tl.constexpr):
    """Rounds an f32 tile to f16, or to bf16 stored as its bits."""
    if BF16:
        tl.store(ptr, value.to(tl.bfloat16).to(tl.uint16, bitcast=True),
                 mask=mask)
    else:
        tl.store(ptr, value.to(tl.float16), mask=mask)


@triton.jit
def affine_matvec(wq_ptr, s_ptr, b_ptr, x_ptr, y_ptr, N, KW, NG,
                  BITS: tl.constexpr, G: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_W: tl.constexpr,
                  BF16: tl.constexpr):
    PER_WORD: tl.constexpr = 32 // BITS
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    row_ok = rows < N
    cols = tl.arange(0, BLOCK_W)
    acc = tl.zeros((BLOCK_N, BLOCK_W), dtype=tl.float32)
    for kw in range(0, KW, BLOCK_W):
        wc = kw + cols
        ok = row_ok[:, None] & (wc < KW)[None, :]
        words = tl.load(wq_ptr + rows[:, None] * KW + wc[None, :], mask=ok,
                        other=0)
        group = rows[:, None] * NG + (wc // (G // PER_WORD))[None, :]
        scale = load_float(s_ptr + group, ok, BF16).to(tl.float32)
        bias = load_float(b_ptr + group, ok, BF16).to(tl.float32)
        for s in tl.static_range(PER_WORD):
            q = ((words >> (BITS * s)) & ((1 << BITS) - 1)).to(tl.float32)
            x = load_float(x_ptr + wc * PER_WORD + s, wc < KW,
                           BF16).to(tl.float32)
            acc += (scale * q + bias) * x[None, :]
    store_float(y_ptr + rows, tl.sum(acc, axis=1), row_ok, BF16)


@triton.jit
def affine_matmul(wq_ptr, s_ptr, b_ptr, x_ptr, y_ptr, M, N, K, KW, NG,
                  BITS: tl.constexpr, G: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_W: tl.constexpr,
                  BF16: tl.constexpr):
    """Y = X W^T for prefill (M tokens): code s of the step's words,
    dequantized to f16 (or bf16), is tl.dot's B over the K elements PER_WORD * c + s,
    and X's columns of the same elements are its A."""
    PER_WORD: tl.constexpr = 32 // BITS
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    c = tl.arange(0, BLOCK_W)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kw in range(0, KW, BLOCK_W):
        wc = kw + c
        ok = (wc < KW)[:, None] & (rn < N)[None, :]
        words = tl.load(wq_ptr + rn[None, :] * KW + wc[:, None], mask=ok,
                        other=0)
        group = rn[None, :] * NG + (wc // (G // PER_WORD))[:, None]
        scale = load_float(s_ptr + group, ok, BF16).to(tl.float32)
        bias = load_float(b_ptr + group, ok, BF16).to(tl.float32)
        x_ok = (rm < M)[:, None] & (wc < KW)[None, :]
        for s in tl.static_range(PER_WORD):
            q = ((words >> (BITS * s)) & ((1 << BITS) - 1)).to(tl.float32)
            x = load_float(x_ptr + rm[:, None] * K + (wc * PER_WORD + s)[None, :],
                           x_ok, BF16)
            acc = tl.dot(x, (scale * q + bias).to(x.dtype), acc)
    store_float(y_ptr + rm[:, None] * N + rn[None, :], acc,
                (rm < M)[:, None] & (rn < N)[None, :], BF16)


@triton.jit
def block_scale(q_ptr, base, ok):
    """The f16 scale in a block's first two bytes, as f32."""
    lo = tl.load(q_ptr + base, mask=ok, other=0).to(tl.uint16)
    hi = tl.load(q_ptr + base + 1, mask=ok, other=0).to(tl.uint16)
    return (lo | (hi << 8)).to(tl.float16, bitcast=True).to(tl.float32)


@triton.jit
def q_block_matvec(q_ptr, x_ptr, y_ptr, N, NB, BITS: tl.constexpr,
                   BLOCK_N: tl.constexpr):
    """q4_0 (BITS=4: 16 nibble bytes a block, element j in the low nibble
    of byte j and element j + 16 in its high nibble, codes - 8) or q8_0
    (BITS=8: 32 int8)."""
    BYTES: tl.constexpr = 16 if BITS == 4 else 32
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    row_ok = rows < N
    j = tl.arange(0, BYTES)
    acc = tl.zeros((BLOCK_N, BYTES), dtype=tl.float32)
    for b in range(0, NB):
        base = (rows * NB + b) * (BYTES + 2)
        d = block_scale(q_ptr, base, row_ok)[:, None]
        byte = tl.load(q_ptr + base[:, None] + 2 + j[None, :],
                       mask=row_ok[:, None], other=0)
        x = tl.load(x_ptr + b * 32 + j).to(tl.float32)[None, :]
        if BITS == 4:
            low = ((byte & 15).to(tl.float32) - 8.0) * d
            high = ((byte >> 4).to(tl.float32) - 8.0) * d
            x_high = tl.load(x_ptr + b * 32 + 16 + j).to(tl.float32)
            acc += low * x + high * x_high[None, :]
        else:
            acc += byte.to(tl.int8, bitcast=True).to(tl.float32) * d * x
    tl.store(y_ptr + rows, tl.sum(acc, axis=1).to(tl.float16), mask=row_ok)


def make_affine(rng, n, k, g, bits, bf16=False):
    """Random words, scales and biases (f16 arrays, or uint16 arrays of bf16
    bits), and the weights they stand for."""
    per_word = 32 // bits
    codes = rng.integers(0, 1 << bits, (n, k // per_word, per_word),
                         dtype=np.uint32)
    words = np.zeros((n, k // per_word), np.uint32)
    for i in range(per_word):
        words |= codes[:, :, i] << np.uint32(bits * i)
    scale = rng.uniform(-0.2, 0.2, (n, k // g)) / (1 if bits == 4 else 16)
    bias = rng.uniform(-1, 1, (n, k // g))
    scale, bias = (to_float(v, bf16) for v in (scale, bias))
    w = (codes.reshape(n, k // g, g) * from_float(scale)[:, :, None]
         + from_float(bias)[:, :, None]).reshape(n, k)
    return words, scale, bias, w


def to_float(x, bf16):
    """The kernel's input buffer: f16, or bf16 bits."""
    return to_bf16_bits(x) if bf16 else np.asarray(x).astype(np.float16)


def from_float(buf):
    """The values of an f16 buffer or of a buffer of bf16 bits, in float64."""
    if buf.dtype == np.uint16:
        return from_bf16_bits(buf).astype(np.float64)
    return buf.astype(np.float64)


def make_blocks(rng, n, k, bits):
    blocks = k // 32
    d = rng.uniform(-0.1, 0.1, (n, blocks, 1)).astype(np.float16)
    qs = rng.integers(0, 256, (n, blocks, 16 if bits == 4 else 32),
                      dtype=np.uint8)
    if bits == 4:
        q = np.concatenate([qs & 15, qs >> 4], axis=2).astype(np.int64) - 8
    else:
        q = qs.view(np.int8).astype(np.int64)
    data = np.concatenate([d.view(np.uint8), qs], axis=2).reshape(-1)
    return data, (q * d.astype(np.float64)).reshape(n, k)


def check(name, y, want, bf16):
    # bf16 keeps 8 bits of the result (f16 11).
    tol = (8e-3 if bf16 else 2e-3) * max(1.0, float(np.max(np.abs(want))))
    report(name, from_float(y), want, tol=tol)


rng = np.random.default_rng(7)
for target in ("apple9", "apple10"):
    for bf16 in (False, True):
        kind = "bf16" if bf16 else "f16"
        for bits, g, (n, k) in ((4, 32, (45, 96)), (4, 64, (70, 320)),
                                (4, 128, (33, 384)), (8, 32, (45, 160)),
                                (8, 64, (19, 192)), (8, 128, (70, 256))):
            words, scale, bias, w = make_affine(rng, n, k, g, bits, bf16)
            x = to_float(rng.uniform(-1, 1, k), bf16)
            y = np.zeros(n, x.dtype)
            kw = k * bits // 32
            affine_matvec[(triton.cdiv(n, 32),)](
                words, scale, bias, x, y, n, kw, k // g, BITS=bits, G=g,
                BLOCK_N=32, BLOCK_W=16, BF16=bf16, target=target)
            check("%s affine %d-bit %s G=%d %dx%d" % (target, bits, kind, g, n, k),
                  y, w @ from_float(x), bf16)
        for bits, g, (m, n, k) in ((4, 64, (37, 70, 320)), (8, 32, (20, 45, 96)),
                                   (4, 128, (100, 33, 256)), (4, 32, (45, 50, 96)),
                                   (8, 64, (16, 40, 192)), (8, 128, (33, 20, 256))):
            words, scale, bias, w = make_affine(rng, n, k, g, bits, bf16)
            x = to_float(rng.uniform(-1, 1, (m, k)), bf16)
            y = np.zeros((m, n), x.dtype)
            affine_matmul[(triton.cdiv(m, 32), triton.cdiv(n, 32))](
                words, scale, bias, x, y, m, n, k, k * bits // 32, k // g,
                BITS=bits, G=g, BLOCK_M=32, BLOCK_N=32, BLOCK_W=16, BF16=bf16,
                target=target)
            # The kernel rounds the dequantized weights to x's type for the dot.
            w = from_float(to_float(w, bf16))
            check("%s affine matmul %d-bit %s G=%d %dx%dx%d" % (
                target, bits, kind, g, m, n, k), y, from_float(x) @ w.T, bf16)
    for bits in (4, 8):
        for n, k in ((45, 96), (70, 160)):
            data, w = make_blocks(rng, n, k, bits)
            x = rng.uniform(-1, 1, k).astype(np.float16)
            y = np.zeros(n, np.float16)
            q_block_matvec[(triton.cdiv(n, 32),)](data, x, y, n, k // 32,
                                                  BITS=bits, BLOCK_N=32,
                                                  target=target)
            check("%s q%d_0 %dx%d" % (target, bits, n, k), y,
                  w @ x.astype(np.float64), False)

# CHECK-COUNT-6: apple9 affine {{[0-9]}}-bit f16{{.*}}: ok
# CHECK-COUNT-6: apple9 affine matmul {{[0-9]}}-bit f16{{.*}}: ok
# CHECK-COUNT-6: apple9 affine {{[0-9]}}-bit bf16{{.*}}: ok
# CHECK-COUNT-6: apple9 affine matmul {{[0-9]}}-bit bf16{{.*}}: ok
# CHECK-COUNT-4: apple9 q{{.*}}: ok
# CHECK-COUNT-6: apple10 affine {{[0-9]}}-bit f16{{.*}}: ok
# CHECK-COUNT-6: apple10 affine matmul {{[0-9]}}-bit f16{{.*}}: ok
# CHECK-COUNT-6: apple10 affine {{[0-9]}}-bit bf16{{.*}}: ok
# CHECK-COUNT-6: apple10 affine matmul {{[0-9]}}-bit bf16{{.*}}: ok
# CHECK-COUNT-4: apple10 q{{.*}}: ok
# CHECK-NOT: MISMATCH
