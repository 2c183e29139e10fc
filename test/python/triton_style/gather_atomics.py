# Pointer tiles that are no rectangle, Triton style: an embedding lookup
# (rows gathered through indices loaded from memory), a histogram with
# tl.atomic_add (and max/min/xor/xchg/cas on the same bins, a scalar
# counter), a strided `// 2` gather with `other=` a tile and a scatter with
# a computed mask; ragged shapes against numpy on both backends.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report, show_error  # noqa: E402


@triton.jit
def embedding_kernel(ids_ptr, table_ptr, out_ptr, n_ids, dim,
                     BLOCK_ROWS: tl.constexpr, BLOCK_DIM: tl.constexpr):
    pid = tl.program_id(axis=0)
    rows = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    cols = tl.arange(0, BLOCK_DIM)
    ids = tl.load(ids_ptr + rows, mask=rows < n_ids, other=0)
    mask = (rows[:, None] < n_ids) & (cols[None, :] < dim)
    vals = tl.load(table_ptr + ids[:, None] * dim + cols[None, :], mask=mask)
    tl.store(out_ptr + rows[:, None] * dim + cols[None, :], vals, mask=mask)


@triton.jit
def histogram_kernel(x_ptr, hist_ptr, hi_ptr, lo_ptr, xo_ptr, last_ptr,
                     count_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    bins = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_add(hist_ptr + bins, 1, mask=mask)
    tl.atomic_max(hi_ptr + bins, offs, mask=mask)
    tl.atomic_min(lo_ptr + bins, offs, mask=mask)
    tl.atomic_xor(xo_ptr + bins, offs, mask=mask)
    tl.atomic_xchg(last_ptr + bins * 0 + pid, pid, mask=offs == pid * BLOCK)
    tl.atomic_add(count_ptr, tl.sum(mask.to(tl.int32)))


@triton.jit
def pairs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    fill = offs.to(tl.float32) * -1.0
    x = tl.load(x_ptr + offs // 2, mask=(offs < n) & (offs % 3 != 0), other=fill)
    tl.store(y_ptr + offs, x, mask=(offs < n) | (offs < 0))


@triton.jit
def cas_kernel(lock_ptr, won_ptr, n):
    pid = tl.program_id(0)
    old = tl.atomic_cas(lock_ptr + pid % n, 0, pid + 1)
    tl.store(won_ptr + pid, old)


rng = np.random.default_rng(1)
for target in ("apple9", "apple10"):
    n_ids, vocab, dim = 37, 23, 19
    ids = rng.integers(0, vocab, n_ids).astype(np.int32)
    table = rng.random((vocab, dim)).astype(np.float32)
    out = np.zeros((n_ids, dim), np.float32)
    embedding_kernel[(triton.cdiv(n_ids, 16),)](ids, table, out, n_ids, dim,
                                               BLOCK_ROWS=16, BLOCK_DIM=32,
                                               target=target)
    report("embedding %s" % target, out, table[ids], tol=0)

    n, nbins = 1000, 13
    x = (np.arange(n) * 7919 % nbins).astype(np.int32)
    hist, hi = np.zeros(nbins, np.int32), np.full(nbins, -1, np.int32)
    lo, xo = np.full(nbins, 1 << 30, np.int32), np.zeros(nbins, np.int32)
    grid = triton.cdiv(n, 128)
    last, count = np.zeros(grid, np.int32), np.zeros(1, np.int32)
    histogram_kernel[(grid,)](x, hist, hi, lo, xo, last, count, n, BLOCK=128,
                              target=target)
    want = [np.bincount(x, minlength=nbins)]
    want.append(np.array([np.nonzero(x == b)[0].max() for b in range(nbins)]))
    want.append(np.array([np.nonzero(x == b)[0].min() for b in range(nbins)]))
    want.append(np.array([np.bitwise_xor.reduce(np.nonzero(x == b)[0])
                          for b in range(nbins)]))
    got = [hist, hi, lo, xo]
    report("histogram %s" % target,
           np.concatenate(got + [last, count]),
           np.concatenate(want + [np.arange(grid), [n]]), tol=0)

    n = 45
    xs = rng.random(n).astype(np.float32)
    y = np.zeros(n, np.float32)
    pairs_kernel[(triton.cdiv(n, 16),)](xs, y, n, BLOCK=16, target=target)
    i = np.arange(n)
    report("pairs %s" % target, y, np.where(i % 3 != 0, xs[i // 2], -1.0 * i),
           tol=0)

    locks, won = np.zeros(3, np.int32), np.zeros(9, np.int32)
    # Which program wins a lock depends on the order threadgroups run in, as
    # on a GPU: one run (schedules=1), checked for exactly one winner per lock.
    cas_kernel[(9,)](locks, won, 3, target=target, schedules=1)
    ok = all(sorted(won[p::3].tolist()).count(0) == 1 for p in range(3)) and \
        all(locks[p] - 1 in range(p, 9, 3) for p in range(3))
    print("cas %s: %s" % (target, "ok" if ok else "MISMATCH %s %s" % (locks, won)))
# CHECK: embedding apple9: ok
# CHECK-NEXT: histogram apple9: ok
# CHECK-NEXT: pairs apple9: ok
# CHECK-NEXT: cas apple9: ok
# CHECK-NEXT: embedding apple10: ok
# CHECK-NEXT: histogram apple10: ok
# CHECK-NEXT: pairs apple10: ok
# CHECK-NEXT: cas apple10: ok

ir = embedding_kernel.compile(ids, table, out, 37, 19, BLOCK_ROWS=16,
                              BLOCK_DIM=32).ir
print([l.split(" loc(")[0].strip() for l in ir.splitlines() if "tile.gather" in l][0])
# CHECK-NEXT: %vals = tile.gather %table_ptr[{{.*}}] mask %{{.*}} : memref<?xf32>, tensor<16x32xi32> -> tensor<16x32xf32>


@triton.jit
def float_max(x_ptr, y_ptr):
    tl.atomic_max(y_ptr + tl.arange(0, 16), tl.load(x_ptr + tl.arange(0, 16)))


show_error("float atomic_max",
           lambda: float_max.compile(np.float32, np.float32), __file__)
# CHECK-NEXT: float atomic_max -> DSLError: gather_atomics.py:[[@LINE-5]]:5: error: atomic_max on a float buffer: tile IR has no float max/min atomic
