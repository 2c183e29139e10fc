# Fused attention forward with the constructs of Triton's tutorial 06:
# block pointers over (batch, head) slices whose start is widened with
# `.to(tl.int64)`, K read transposed through its strides (order (0, 1)),
# base-2 online softmax with tl.math.exp2 / tl.math.log2, the output type
# taken from the pointer (`Out.type.element_ty`, `V.dtype.element_ty`),
# configs in Triton's form `triton.Config({...}, num_warps=, num_stages=)`
# under @triton.autotune with a `target=` launch option. Causal and not,
# apple9 and apple10, against numpy in float64 (output and the row
# log-sum-exp in base 2).
# RUN: %python %s | FileCheck %s

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

CONFIGS = [triton.Config({"BLOCK_Q": bq, "BLOCK_KV": bkv}, num_warps=4, num_stages=2)
           for bq in (32, 64) for bkv in (32,)]


@triton.autotune(CONFIGS, key=["SEQ", "D"])
@triton.jit
def attention_fwd(Q, K, V, Out, LSE, scale, H, s_b, s_h, s_row, SEQ,
                  D: tl.constexpr, BLOCK_Q: tl.constexpr, BLOCK_KV: tl.constexpr,
                  CAUSAL: tl.constexpr):
    q_block = tl.program_id(0)
    bh = tl.program_id(1)
    start = (bh // H).to(tl.int64) * s_b + (bh % H).to(tl.int64) * s_h
    first_q = q_block * BLOCK_Q
    q_ptr = tl.make_block_ptr(Q + start, (SEQ, D), (s_row, 1), (first_q, 0),
                              (BLOCK_Q, D), (1, 0))
    kt_ptr = tl.make_block_ptr(K + start, (D, SEQ), (1, s_row), (0, 0),
                               (D, BLOCK_KV), (0, 1))
    v_ptr = tl.make_block_ptr(V + start, (SEQ, D), (s_row, 1), (0, 0),
                              (BLOCK_KV, D), (1, 0))
    rows = first_q + tl.arange(0, BLOCK_Q)
    cols = tl.arange(0, BLOCK_KV)
    q = tl.load(q_ptr)
    log2_scale = scale * 1.4426950408889634
    run_max = tl.zeros([BLOCK_Q], dtype=tl.float32) - float("inf")
    run_sum = tl.zeros([BLOCK_Q], dtype=tl.float32)
    acc = tl.zeros([BLOCK_Q, D], dtype=tl.float32)
    stop = SEQ
    if CAUSAL:
        stop = first_q + BLOCK_Q
    for kv in range(0, stop, BLOCK_KV):
        s = tl.dot(q, tl.load(kt_ptr)) * log2_scale
        if CAUSAL:
            s = tl.where(rows[:, None] >= kv + cols[None, :], s, float("-inf"))
        new_max = tl.maximum(run_max, tl.max(s, 1))
        w = tl.math.exp2(s - new_max[:, None])
        shrink = tl.math.exp2(run_max - new_max)
        run_sum = run_sum * shrink + tl.sum(w, 1)
        p_type: tl.constexpr = tl.float16 if V.dtype.element_ty == tl.float16 else tl.float32
        acc = tl.dot(w.to(p_type), tl.load(v_ptr), acc * shrink[:, None])
        run_max = new_max
        kt_ptr = tl.advance(kt_ptr, (0, BLOCK_KV))
        v_ptr = tl.advance(v_ptr, (BLOCK_KV, 0))
    tl.store(LSE + bh * SEQ + rows, run_max + tl.math.log2(run_sum))
    o_ptr = tl.make_block_ptr(Out + start, (SEQ, D), (s_row, 1), (first_q, 0),
                              (BLOCK_Q, D), (1, 0))
    tl.store(o_ptr, (acc / run_sum[:, None]).to(Out.type.element_ty))


rng = np.random.default_rng(6)
B, H, SEQ, D = 2, 3, 128, 64
for target in ("apple9", "apple10"):
    for causal in (False, True):
        q, k, v = (rng.standard_normal((B, H, SEQ, D)).astype(np.float16)
                   for _ in range(3))
        out = np.zeros_like(q)
        lse = np.zeros((B, H, SEQ), np.float32)
        step = q.strides[2] // q.itemsize
        grid = lambda meta: (triton.cdiv(SEQ, meta["BLOCK_Q"]), B * H)
        attention_fwd[grid](q, k, v, out, lse, 0.125, H, H * SEQ * D, SEQ * D,
                            step, SEQ, D=D, CAUSAL=causal, target=target)
        s = np.einsum("bhqd,bhkd->bhqk", q.astype(np.float64), k.astype(np.float64)) * 0.125
        if causal:
            s = np.where(np.tril(np.ones((SEQ, SEQ), bool)), s, -np.inf)
        top = s.max(-1, keepdims=True)
        e = np.exp(s - top)
        want = (e / e.sum(-1, keepdims=True)) @ v.astype(np.float64)
        want_lse = (top[..., 0] + np.log(e.sum(-1))) / np.log(2)
        err = np.abs(out - want).max()
        lse_err = np.abs(lse - want_lse).max()
        print("%s %s: %s" % (target, "causal" if causal else "full",
                             "ok" if err < 1e-2 and lse_err < 1e-3
                             else "MISMATCH %g %g" % (err, lse_err)))
print("tuned for:", sorted(attention_fwd.best))
# CHECK: apple9 full: ok
# CHECK-NEXT: apple9 causal: ok
# CHECK-NEXT: apple10 full: ok
# CHECK-NEXT: apple10 causal: ok
# CHECK-NEXT: tuned for: [(128, 64, 'apple10'), (128, 64, 'apple9')]
