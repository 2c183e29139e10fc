# Attention as LLM inference runs it, written the Triton way: a causal (or
# not) FlashAttention-2 forward for prefill with grouped-query attention on
# a 3-D grid (query block, head, batch), and flash-decoding (one query per
# head against a KV cache, split over the cache length into partials that a
# second kernel combines). f16 tensors, f32 statistics (online softmax: the
# running maximum and sum), head dims 64 and 128, 1, 2 and 8 query heads per
# KV head (and 16 and 32 at decode), sequence and cache lengths that are not
# multiples of the block; both backends (apple9 simdgroup matrices, apple10
# tensor ops); against numpy in float64.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report  # noqa: E402


@triton.jit
def online_softmax_step(qk, v, m_i, l_i, acc):
    # One block of keys: the running row maximum grows to m_new, so the sum
    # and the accumulator so far are rescaled by exp(m_i - m_new) before the
    # block's exponentials (rounded to f16 for the dot with V) are added.
    m_new = tl.maximum(m_i, tl.max(qk, 1))
    alpha = tl.exp(m_i - m_new)
    p = tl.exp(qk - m_new[:, None])
    l_i = l_i * alpha + tl.sum(p, 1)
    acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
    return m_new, l_i, acc


@triton.jit
def attn_prefill(Q, K, V, Out, H_Q, H_KV, S, sm_scale, HEAD_DIM: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 CAUSAL: tl.constexpr):
    # Q, Out: B x H_Q x S x HEAD_DIM; K, V: B x H_KV x S x HEAD_DIM.
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    batch = tl.program_id(2)
    kv_head = head // (H_Q // H_KV)
    q_start = (batch * H_Q + head) * S * HEAD_DIM
    kv_start = (batch * H_KV + kv_head) * S * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + q_start + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
                mask=offs_m[:, None] < S, other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    if CAUSAL:
        # Key blocks past this query block's last query add nothing.
        hi = tl.minimum(S, (start_m + 1) * BLOCK_M)
    else:
        hi = S
    for start_n in range(0, hi, BLOCK_N):
        keys = start_n + offs_n
        k = tl.load(K + kv_start + keys[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=keys[:, None] < S, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * sm_scale
        valid = keys[None, :] < S
        if CAUSAL:
            valid = valid & (keys[None, :] <= offs_m[:, None])
        qk = tl.where(valid, qk, float("-inf"))
        v = tl.load(V + kv_start + keys[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=keys[:, None] < S, other=0.0)
        m_i, l_i, acc = online_softmax_step(qk, v, m_i, l_i, acc)
    out = acc / l_i[:, None]
    tl.store(Out + q_start + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             out.to(tl.float16), mask=offs_m[:, None] < S)


@triton.jit
def attn_decode_partial(Q, K, V, Opart, Mpart, Lpart, H_Q, H_KV, L, NUM_SPLITS,
                        sm_scale, HEAD_DIM: tl.constexpr, BLOCK_H: tl.constexpr,
                        BLOCK_N: tl.constexpr):
    # Q: B x H_Q x HEAD_DIM; K, V: B x H_KV x L x HEAD_DIM. Program (split,
    # kv_head, batch) runs the query heads of one KV head (any number of
    # them, BLOCK_H at a time: the rows of one tile) over the keys of one
    # split and writes, per head, the unnormalized output (Opart: B x H_Q x
    # NUM_SPLITS x HEAD_DIM), the maximum score and the sum of exponentials
    # (Mpart, Lpart: B x H_Q x NUM_SPLITS).
    split = tl.program_id(0)
    kv_head = tl.program_id(1)
    batch = tl.program_id(2)
    group = H_Q // H_KV
    offs_d = tl.arange(0, HEAD_DIM)
    offs_n = tl.arange(0, BLOCK_N)
    chunk = tl.cdiv(L, NUM_SPLITS)
    lo = tl.minimum(split * chunk, L)
    hi = tl.minimum(lo + chunk, L)
    kv_start = (batch * H_KV + kv_head) * L * HEAD_DIM
    for h0 in range(0, group, BLOCK_H):
        rows = h0 + tl.arange(0, BLOCK_H)
        heads = batch * H_Q + kv_head * group + rows
        q = tl.load(Q + heads[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=rows[:, None] < group, other=0.0)
        m_i = tl.full([BLOCK_H], float("-inf"), tl.float32)
        l_i = tl.zeros([BLOCK_H], tl.float32)
        acc = tl.zeros([BLOCK_H, HEAD_DIM], tl.float32)
        for start_n in range(lo, hi, BLOCK_N):
            keys = start_n + offs_n
            k = tl.load(K + kv_start + keys[:, None] * HEAD_DIM + offs_d[None, :],
                        mask=keys[:, None] < hi, other=0.0)
            qk = tl.dot(q, tl.trans(k)) * sm_scale
            qk = tl.where(keys[None, :] < hi, qk, float("-inf"))
            v = tl.load(V + kv_start + keys[:, None] * HEAD_DIM + offs_d[None, :],
                        mask=keys[:, None] < hi, other=0.0)
            m_i, l_i, acc = online_softmax_step(qk, v, m_i, l_i, acc)
        part = heads * NUM_SPLITS + split
        tl.store(Opart + part[:, None] * HEAD_DIM + offs_d[None, :], acc,
                 mask=rows[:, None] < group)
        tl.store(Mpart + part, m_i, mask=rows < group)
        tl.store(Lpart + part, l_i, mask=rows < group)


@triton.jit
def attn_decode_combine(Opart, Mpart, Lpart, Out, NUM_SPLITS,
                        HEAD_DIM: tl.constexpr, BLOCK_S: tl.constexpr):
    # One program per (batch, query head): O = sum_s w_s Opart_s / sum_s w_s
    # Lpart_s with w_s = exp(Mpart_s - max_s Mpart_s).
    head = tl.program_id(0)
    offs_s = tl.arange(0, BLOCK_S)
    offs_d = tl.arange(0, HEAD_DIM)
    first = head * NUM_SPLITS
    m_blocks = tl.full([BLOCK_S], float("-inf"), tl.float32)
    for s0 in range(0, NUM_SPLITS, BLOCK_S):
        splits = s0 + offs_s
        m = tl.load(Mpart + first + splits, mask=splits < NUM_SPLITS,
                    other=float("-inf"))
        m_blocks = tl.maximum(m_blocks, m)
    m_max = tl.max(m_blocks, 0)
    l_sum = tl.zeros([BLOCK_S], tl.float32)
    acc = tl.zeros([HEAD_DIM], tl.float32)
    for s0 in range(0, NUM_SPLITS, BLOCK_S):
        splits = s0 + offs_s
        ok = splits < NUM_SPLITS
        m = tl.load(Mpart + first + splits, mask=ok, other=float("-inf"))
        l = tl.load(Lpart + first + splits, mask=ok, other=0.0)
        w = tl.exp(m - m_max)
        l_sum += w * l
        o = tl.load(Opart + (first + splits)[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=ok[:, None], other=0.0)
        acc += tl.sum(o * w[:, None], 0)
    out = acc / tl.sum(l_sum, 0)
    tl.store(Out + head * HEAD_DIM + offs_d, out.to(tl.float16))


def reference(q, k, v, causal):
    """Attention in float64: q is B x Hq x S x D, k and v B x Hkv x T x D."""
    hq, hkv = q.shape[1], k.shape[1]
    kv_head = np.arange(hq) // (hq // hkv)
    k = k.astype(np.float64)[:, kv_head]
    v = v.astype(np.float64)[:, kv_head]
    s = np.einsum("bhid,bhjd->bhij", q.astype(np.float64), k) / np.sqrt(q.shape[-1])
    if causal:
        s = np.where(np.arange(k.shape[2])[None, :] > np.arange(q.shape[2])[:, None],
                     -np.inf, s)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return np.einsum("bhij,bhjd->bhid", p / p.sum(axis=-1, keepdims=True), v)


def inputs(b, hq, hkv, s, t, d, seed):
    rng = np.random.default_rng(seed)
    make = lambda *shape: (2 * rng.random(shape) - 1).astype(np.float16)
    return make(b, hq, s, d), make(b, hkv, t, d), make(b, hkv, t, d)


def prefill(q, k, v, causal, target):
    b, hq, s, d = q.shape
    o = np.zeros_like(q)
    attn_prefill[(triton.cdiv(s, 32), hq, b)](
        q, k, v, o, hq, k.shape[1], s, d ** -0.5, HEAD_DIM=d, BLOCK_M=32,
        BLOCK_N=32, CAUSAL=causal, num_warps=4, target=target)
    return o


def decode(q, k, v, splits, target):
    b, hq, _, d = q.shape
    hkv, t = k.shape[1], k.shape[2]
    opart = np.zeros((b, hq, splits, d), np.float32)
    mpart = np.zeros((b, hq, splits), np.float32)
    lpart = np.zeros((b, hq, splits), np.float32)
    attn_decode_partial[(splits, hkv, b)](
        q, k, v, opart, mpart, lpart, hq, hkv, t, splits, d ** -0.5,
        HEAD_DIM=d, BLOCK_H=8, BLOCK_N=32, target=target)
    o = np.zeros_like(q)
    attn_decode_combine[(b * hq,)](opart, mpart, lpart, o, splits, HEAD_DIM=d,
                                   BLOCK_S=16, target=target)
    return o


# Prefill: (batch, query heads, KV heads, sequence length, head dim) per target.
PREFILL = {
    "apple9": [(2, 8, 1, 45, 64), (1, 3, 3, 37, 64), (1, 4, 2, 70, 128)],
    "apple10": [(1, 8, 1, 51, 128), (2, 2, 2, 29, 64), (1, 4, 2, 40, 64)],
}
for target, shapes in PREFILL.items():
    for seed, (b, hq, hkv, s, d) in enumerate(shapes):
        q, k, v = inputs(b, hq, hkv, s, s, d, seed)
        for causal in (True, False):
            name = "prefill %s group %d S=%d D=%d %s" % (
                target, hq // hkv, s, d, "causal" if causal else "full")
            report(name, prefill(q, k, v, causal, target),
                   reference(q, k, v, causal), tol=2e-3)
# CHECK: prefill apple9 group 8 S=45 D=64 causal: ok
# CHECK-NEXT: prefill apple9 group 8 S=45 D=64 full: ok
# CHECK-NEXT: prefill apple9 group 1 S=37 D=64 causal: ok
# CHECK-NEXT: prefill apple9 group 1 S=37 D=64 full: ok
# CHECK-NEXT: prefill apple9 group 2 S=70 D=128 causal: ok
# CHECK-NEXT: prefill apple9 group 2 S=70 D=128 full: ok
# CHECK-NEXT: prefill apple10 group 8 S=51 D=128 causal: ok
# CHECK-NEXT: prefill apple10 group 8 S=51 D=128 full: ok
# CHECK-NEXT: prefill apple10 group 1 S=29 D=64 causal: ok
# CHECK-NEXT: prefill apple10 group 1 S=29 D=64 full: ok
# CHECK-NEXT: prefill apple10 group 2 S=40 D=64 causal: ok
# CHECK-NEXT: prefill apple10 group 2 S=40 D=64 full: ok

# Decode: (batch, query heads, KV heads, cache length, head dim, splits). A
# cache of 41 keys in 8 splits of ceil(41 / 8) = 6 leaves the last one empty.
DECODE = {
    "apple9": [(2, 8, 1, 300, 64, 4), (1, 3, 3, 41, 128, 8), (2, 4, 2, 1000, 128, 7),
               (2, 32, 2, 87, 64, 3)],
    "apple10": [(1, 8, 1, 517, 128, 3), (2, 2, 2, 41, 64, 8), (2, 4, 2, 95, 64, 2),
                (1, 32, 1, 130, 128, 2)],
}
for target, shapes in DECODE.items():
    for seed, (b, hq, hkv, t, d, splits) in enumerate(shapes):
        q, k, v = inputs(b, hq, hkv, 1, t, d, seed + 10)
        name = "decode %s group %d L=%d D=%d splits=%d" % (
            target, hq // hkv, t, d, splits)
        report(name, decode(q, k, v, splits, target),
               reference(q, k, v, False), tol=2e-3)
# CHECK-NEXT: decode apple9 group 8 L=300 D=64 splits=4: ok
# CHECK-NEXT: decode apple9 group 1 L=41 D=128 splits=8: ok
# CHECK-NEXT: decode apple9 group 2 L=1000 D=128 splits=7: ok
# CHECK-NEXT: decode apple9 group 16 L=87 D=64 splits=3: ok
# CHECK-NEXT: decode apple10 group 8 L=517 D=128 splits=3: ok
# CHECK-NEXT: decode apple10 group 1 L=41 D=64 splits=8: ok
# CHECK-NEXT: decode apple10 group 2 L=95 D=64 splits=2: ok
# CHECK-NEXT: decode apple10 group 32 L=130 D=128 splits=2: ok

# The causal output is not the full one (the test tells them apart).
q, k, v = inputs(1, 2, 1, 37, 37, 64, 99)
report("causal differs from full", prefill(q, k, v, True, "apple9"),
       reference(q, k, v, False), tol=2e-3)
# CHECK-NEXT: causal differs from full: MISMATCH
