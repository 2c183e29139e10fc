# Dropout the way Triton's tutorial 04 writes it: a keep mask loaded as
# int32 0/1 is where()'s condition (Triton takes any integer condition as
# != 0), and the seeded version draws its mask with tl.rand(seed, offsets)
# so that the same seed drops the same elements again. Against numpy, on
# ragged sizes.
# RUN: %python %s | FileCheck %s

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl


@triton.jit
def drop_with_mask(x_ptr, keep_ptr, out_ptr, n, p, BLOCK: tl.constexpr):
    offs = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    keep = tl.load(keep_ptr + offs, mask=inside)  # int32, not a comparison
    x = tl.load(x_ptr + offs, mask=inside)
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=inside)


@triton.jit
def drop_seeded(x_ptr, out_ptr, draws_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    draws = tl.rand(seed, offs)
    x = tl.load(x_ptr + offs, mask=inside)
    tl.store(out_ptr + offs, tl.where(draws > p, x / (1 - p), 0.0), mask=inside)
    tl.store(draws_ptr + offs, draws, mask=inside)


rng = np.random.default_rng(4)
for n in (10, 1500):
    x = rng.standard_normal(n).astype(np.float32)
    keep = (rng.random(n) > 0.3).astype(np.int32) * rng.integers(1, 5, n).astype(np.int32)
    out = np.zeros_like(x)
    drop_with_mask[(triton.cdiv(n, 512),)](x, keep, out, n, 0.3, BLOCK=512)
    want = np.where(keep != 0, x / np.float32(0.7), 0).astype(np.float32)
    print("mask n=%d: %s" % (n, "ok" if np.allclose(out, want, rtol=1e-6) else "MISMATCH"))

    runs = {}
    for seed in (123, 123, 512):
        o, d = np.zeros_like(x), np.zeros_like(x)
        drop_seeded[(triton.cdiv(n, 512),)](x, o, d, n, 0.5, seed, BLOCK=512)
        want = np.where(d > 0.5, x * 2, 0).astype(np.float32)
        assert np.allclose(o, want, rtol=1e-6), "seeded dropout does not follow its draws"
        runs.setdefault(seed, []).append(o)
    same = np.array_equal(runs[123][0], runs[123][1])
    other = not np.array_equal(runs[123][0], runs[512][0])
    kept = np.mean(runs[123][0] != 0)
    print("seeded n=%d: same seed %s, other seed %s, kept %s" % (
        n, "same" if same else "DIFFERENT", "differs" if other else "SAME",
        "about half" if abs(kept - 0.5) < 0.2 else "%g" % kept))
# CHECK: mask n=10: ok
# CHECK-NEXT: seeded n=10: same seed same, other seed differs, kept about half
# CHECK-NEXT: mask n=1500: ok
# CHECK-NEXT: seeded n=1500: same seed same, other seed differs, kept about half
