"""numpy references of the kernels in examples/llm, for test/Examples/llm.test.

    llm_reference.py rmsnorm X.npy W.npy Y.npy M N eps
    llm_reference.py rope-half|rope-interleaved X.npy Y.npy T H D offset base
    llm_reference.py swiglu A.npy B.npy Y.npy
    llm_reference.py attention-prefill Q.npy K.npy V.npy O.npy B Hq Hkv S D scale causal
    llm_reference.py attention-decode Q.npy K.npy V.npy O.npy B Hq Hkv L D scale

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
    else:
        raise SystemExit(f"unknown kernel {kind}")
    err = np.abs(got.astype(np.float64) - want) / (1.0 + np.abs(want))
    worst = float(err.max())
    ok = worst <= tol
    print(f"{kind}: max rel error {worst:.3g}: {'match' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
