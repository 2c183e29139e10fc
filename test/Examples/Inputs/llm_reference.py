"""numpy references of the kernels in examples/llm, for test/Examples/llm.test.

    llm_reference.py rmsnorm X.npy W.npy Y.npy M N eps
    llm_reference.py rope-half|rope-interleaved X.npy Y.npy T H D offset base
    llm_reference.py swiglu A.npy B.npy Y.npy
    llm_reference.py attention-prefill Q.npy K.npy V.npy O.npy B Hq Hkv S D scale causal
    llm_reference.py attention-decode Q.npy K.npy V.npy O.npy B Hq Hkv L D scale
    llm_reference.py make-q4-affine|make-q8-affine PREFIX N K G SEED
    llm_reference.py q4-affine|q8-affine PREFIX Y.npy N K G [bf16]
    llm_reference.py make-qmm-affine PREFIX M N K G SEED BITS
    llm_reference.py qmm-affine PREFIX Y.npy M N K G BITS [bf16]
    llm_reference.py make-q4_0|make-q8_0 PREFIX N K SEED
    llm_reference.py q4_0|q8_0 PREFIX Y.npy N K

The make-* commands write random quantized weights in the format docs/llm.md
describes, and an x, to PREFIX.*.npy (MLX affine 4- or 8-bit: PREFIX.wq.npy, .s.npy,
.b.npy; q4_0 and q8_0: PREFIX.q.npy, the blocks as bytes; all: PREFIX.x.npy).
The checks read them back and dequantize them with numpy. With `bf16` the
scales, biases, activations and output are bf16: tile-run made them at random
and wrote them (--out) as float32 .npy files (numpy has no bf16), exactly;
the tolerance is then bf16's, and the matmul's weights are rounded to bf16.

Loads the inputs and what the emulator wrote (tile-run --out), computes the
expected result independently of tile IR, and prints the largest relative
error and "match" if it is within the tolerance of the output type, or
"MISMATCH" (exit 1) otherwise.
"""
import sys

import numpy as np


def rmsnorm(x, w, y, m, n, eps):
    x = x[:m * n].astype(np.float64).reshape(m, n)
    rstd = 1.0 / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    return x * rstd * w[:n].astype(np.float64), y[:m * n].reshape(m, n), 2e-3


def rope(x, y, t, h, d, offset, base, interleaved):
    x = x[:t * h * d].astype(np.float64).reshape(t, h, d)
    pos = (offset + np.arange(t, dtype=np.float64))[:, None, None]
    theta = pos * base ** (-2.0 * np.arange(d // 2) / d)
    cos, sin = np.cos(theta), np.sin(theta)
    if interleaved:
        first, second = x[..., 0::2], x[..., 1::2]
    else:
        first, second = x[..., :d // 2], x[..., d // 2:]
    out1 = first * cos - second * sin
    out2 = second * cos + first * sin
    want = np.empty_like(x)
    if interleaved:
        want[..., 0::2], want[..., 1::2] = out1, out2
    else:
        want[..., :d // 2], want[..., d // 2:] = out1, out2
    # An f32 angle pos * f is off by about pos * f * 2^-24, which moves cos and
    # sin by as much: allow for the largest position.
    return want, y[:t * h * d].reshape(t, h, d), 1e-5 + 4e-7 * (offset + t)


def swiglu(a, b, y):
    a = a.astype(np.float64)
    return a / (1.0 + np.exp(-a)) * b.astype(np.float64), y, 2e-3


def attention(q, k, v, o, b, hq, hkv, s, d, scale, causal):
    """Attention of queries q (b x hq x s x d) to keys and values (b x hkv x
    t x d, t = the number of keys) with grouped-query heads; with `causal`,
    query i sees keys j <= i (s = t). o is what the kernel wrote."""
    t = k.size // (b * hkv * d)
    q = q[:b * hq * s * d].astype(np.float64).reshape(b, hq, s, d)
    k = k.astype(np.float64).reshape(b, hkv, t, d)
    v = v.astype(np.float64).reshape(b, hkv, t, d)
    kv_head = np.arange(hq) // (hq // hkv)
    scores = scale * np.einsum("bhid,bhjd->bhij", q, k[:, kv_head])
    if causal:
        future = np.arange(t)[None, :] > np.arange(s)[:, None]
        scores = np.where(future, -np.inf, scores)
    p = np.exp(scores - scores.max(axis=-1, keepdims=True))
    want = np.einsum("bhij,bhjd->bhid", p / p.sum(axis=-1, keepdims=True),
                     v[:, kv_head])
    # P and the output are rounded to f16.
    return want, o[:b * hq * s * d].reshape(b, hq, s, d), 2e-3


def round_bf16(x):
    """float64 -> the nearest bf16 (ties to even), as float64."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
    return bits.astype(np.uint32).view(np.float32).astype(np.float64)


def make_affine(prefix, n, k, g, seed, bits):
    """MLX affine 4- or 8-bit: codes packed 32 / bits per uint32, lowest
    first; one f16 scale and bias per group of g elements along k."""
    rng = np.random.default_rng(seed)
    per_word = 32 // bits
    codes = rng.integers(0, 1 << bits, size=(n, k // per_word, per_word),
                         dtype=np.uint32)
    words = np.zeros((n, k // per_word), dtype=np.uint32)
    for i in range(per_word):
        words |= codes[:, :, i] << np.uint32(bits * i)
    np.save(prefix + ".wq.npy", words.reshape(-1))
    scale = 0.2 if bits == 4 else 0.2 / 16
    np.save(prefix + ".s.npy",
            rng.uniform(-scale, scale, n * (k // g)).astype(np.float16))
    np.save(prefix + ".b.npy",
            rng.uniform(-1, 1, n * (k // g)).astype(np.float16))
    np.save(prefix + ".x.npy", rng.uniform(-1, 1, k).astype(np.float16))


def affine(prefix, n, k, g, bits):
    per_word = 32 // bits
    words = np.load(prefix + ".wq.npy").astype(np.uint32)
    words = words.reshape(n, k // per_word)
    shifts = np.uint32(bits) * np.arange(per_word, dtype=np.uint32)
    codes = (words[:, :, None] >> shifts) & np.uint32((1 << bits) - 1)
    scale = np.load(prefix + ".s.npy").astype(np.float64).reshape(n, k // g)
    bias = np.load(prefix + ".b.npy").astype(np.float64).reshape(n, k // g)
    w = (codes.reshape(n, k // g, g) * scale[:, :, None] + bias[:, :, None])
    return w.reshape(n, k)


def make_q_blocks(prefix, n, k, seed, bits):
    """llama.cpp's q4_0 (18-byte blocks: f16 d, 16 bytes of nibbles) or
    q8_0 (34-byte blocks: f16 d, 32 int8), 32 weights a block."""
    rng = np.random.default_rng(seed)
    blocks = k // 32
    d = rng.uniform(-0.1, 0.1, (n, blocks, 1)).astype(np.float16)
    qs = rng.integers(0, 256, (n, blocks, 16 if bits == 4 else 32),
                      dtype=np.uint8)
    data = np.concatenate([d.view(np.uint8), qs], axis=2)
    np.save(prefix + ".q.npy", data.reshape(-1))
    np.save(prefix + ".x.npy", rng.uniform(-1, 1, k).astype(np.float16))


def q_blocks(prefix, n, k, bits):
    blocks = k // 32
    data = np.load(prefix + ".q.npy").view(np.uint8)
    data = data.reshape(n, blocks, 18 if bits == 4 else 34)
    d = data[:, :, :2].copy().view("<f2").astype(np.float64)
    if bits == 4:
        qs = data[:, :, 2:].astype(np.int64)
        q = np.concatenate([qs & 15, qs >> 4], axis=2) - 8
    else:
        q = data[:, :, 2:].view(np.int8).astype(np.int64)
    return (q * d).reshape(n, k)


def main(argv):
    kind, args = argv[1], argv[2:]
    if kind == "rmsnorm":
        x, w, y = (np.load(p) for p in args[:3])
        want, got, tol = rmsnorm(x, w, y, int(args[3]), int(args[4]),
                                 float(args[5]))
    elif kind in ("rope-half", "rope-interleaved"):
        x, y = (np.load(p) for p in args[:2])
        t, h, d, offset = (int(v) for v in args[2:6])
        want, got, tol = rope(x, y, t, h, d, offset, float(args[6]),
                              kind == "rope-interleaved")
    elif kind == "swiglu":
        a, b, y = (np.load(p) for p in args[:3])
        want, got, tol = swiglu(a, b, y)
    elif kind in ("attention-prefill", "attention-decode"):
        q, k, v, o = (np.load(p) for p in args[:4])
        if kind == "attention-prefill":
            b, hq, hkv, s, d = (int(x) for x in args[4:9])
            scale, causal = float(args[9]), args[10] in ("1", "true")
        else:
            (b, hq, hkv, _, d), s = (int(x) for x in args[4:9]), 1
            scale, causal = float(args[9]), False
        want, got, tol = attention(q, k, v, o, b, hq, hkv, s, d, scale, causal)
    elif kind in ("make-q4-affine", "make-q8-affine"):
        make_affine(args[0], *(int(v) for v in args[1:5]),
                    4 if kind == "make-q4-affine" else 8)
        return 0
    elif kind == "make-qmm-affine":
        # make-qmm-affine PREFIX M N K G SEED BITS: the weights as above
        # and an M x K activation matrix.
        m = int(args[1])
        make_affine(args[0], *(int(v) for v in args[2:7]))
        rng = np.random.default_rng(int(args[5]) + 1)
        np.save(args[0] + ".x.npy", rng.uniform(-1, 1, m * int(args[3]))
                .astype(np.float16))
        return 0
    elif kind == "qmm-affine":
        # qmm-affine PREFIX Y M N K G BITS [bf16]: Y = X W^T, M x N.
        prefix, y = args[0], np.load(args[1])
        m, n, k, g, bits = (int(v) for v in args[2:7])
        bf16 = args[7:] == ["bf16"]
        w = affine(prefix, n, k, g, bits)
        x = np.load(prefix + ".x.npy").astype(np.float64).reshape(m, k)
        # The kernel rounds each dequantized weight to the activations' type
        # for the dot.
        w = round_bf16(w) if bf16 else w.astype(np.float16).astype(np.float64)
        want, got, tol = x @ w.T, y.reshape(m, n), 8e-3 if bf16 else 2e-3
    elif kind in ("make-q4_0", "make-q8_0"):
        make_q_blocks(args[0], *(int(v) for v in args[1:4]),
                      4 if kind == "make-q4_0" else 8)
        return 0
    elif kind in ("q4-affine", "q8-affine", "q4_0", "q8_0"):
        prefix, y, n, k = args[0], np.load(args[1]), int(args[2]), int(args[3])
        if kind.endswith("-affine"):
            w = affine(prefix, n, k, int(args[4]), 4 if kind == "q4-affine" else 8)
        else:
            w = q_blocks(prefix, n, k, 4 if kind == "q4_0" else 8)
        x = np.load(prefix + ".x.npy").astype(np.float64)
        bf16 = kind.endswith("-affine") and args[5:] == ["bf16"]
        want, got, tol = w @ x, y[:n], 8e-3 if bf16 else 2e-3
    else:
        raise SystemExit(f"unknown kernel {kind}")
    err = np.abs(got.astype(np.float64) - want) / (1.0 + np.abs(want))
    worst = float(err.max())
    ok = worst <= tol
    print(f"{kind}: max rel error {worst:.3g}: {'match' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
