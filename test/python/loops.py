# Loops stay loops: a Python `range` loop is one tile.for_range even when
# its bounds are constexprs, so TinyTon's tiled_matmul, written as the seed
# writes it (a `range(N)` column loop around a `range(0, K, TILE_K)` loop
# with a reduce_sum inside), compiles to MSL and threadgroup memory that do
# not grow with N * K (unrolled, N=45 K=64 TILE_K=32 needed 67944 bytes of
# threadgroup memory, more than the 32768 a threadgroup has). static_range
# unrolls; a range loop whose body needs its variable as a Python value is
# traced unrolled instead (Triton, meTile and TileLang styles). Vs numpy.
# RUN: %python %s 2>&1 | FileCheck %s

import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
import tile_mlir.language as tt  # noqa: E402
from check import rand, report, show_error  # noqa: E402
from tinyton import tiled_matmul_kernel  # noqa: E402  (the seed's, as written)


def ops(compiled, name):
    """How many `name` ops the traced IR has."""
    op = re.compile(r"^(%\S+ = )?" + re.escape(name) + " ")
    return sum(1 for line in compiled.ir.splitlines() if op.match(line.strip()))


ROWS = 8
MSL_LINE_LIMIT = 400


def run_tiled_matmul(n, k, tile_k):
    a, b = rand(ROWS, k), rand(k, n, seed=1)
    c = np.zeros((ROWS, n), np.float32)
    tiled_matmul_kernel[(ROWS,)](a, b, c, K=k, N=n, TILE_K=tile_k)
    report("tiled_matmul N=%d K=%d TILE_K=%d" % (n, k, tile_k), c,
           a.astype(np.float64) @ b)
    compiled = tiled_matmul_kernel.compile(a, b, c, K=k, N=n, TILE_K=tile_k)
    lines = len(compiled.msl.splitlines())
    assert lines < MSL_LINE_LIMIT, "MSL of %d lines" % lines
    print("  loops: %d, reductions: %d, MSL under %d lines" %
          (ops(compiled, "tile.for_range"), ops(compiled, "tile.reduce"),
           MSL_LINE_LIMIT))
    return compiled.abi["threadgroup_memory_bytes"]


big = run_tiled_matmul(45, 64, 32)
# CHECK: tiled_matmul N=45 K=64 TILE_K=32: ok
# CHECK-NEXT: loops: 2, reductions: 2, MSL under 400 lines
bigger = run_tiled_matmul(64, 256, 64)
# CHECK-NEXT: tiled_matmul N=64 K=256 TILE_K=64: ok
# CHECK-NEXT: loops: 2, reductions: 2, MSL under 400 lines

# Threadgroup memory depends on the tiles (TILE_K), not on N * K: the same
# bytes as the smallest kernel with each TILE_K, and as the other size.
for n, k, tile_k, want in ((2, 64, 32, big), (64, 256, 32, big),
                           (2, 128, 64, bigger)):
    got = run_tiled_matmul(n, k, tile_k)
    assert got == want, "N=%d K=%d: %d threadgroup bytes, want %d" % (
        n, k, got, want)
# CHECK-NEXT: tiled_matmul N=2 K=64 TILE_K=32: ok
# CHECK-NEXT: loops: 2
# CHECK-NEXT: tiled_matmul N=64 K=256 TILE_K=32: ok
# CHECK-NEXT: loops: 2
# CHECK-NEXT: tiled_matmul N=2 K=128 TILE_K=64: ok
# CHECK-NEXT: loops: 2
print("threadgroup bytes independent of N * K")
# CHECK-NEXT: threadgroup bytes independent of N * K


# Unrolling is tile-unroll's decision, when the pipeline is asked to run it
# with a size budget (unroll-max-ops): 64 ops take the 2-trip K loop (two
# reductions, which tile-plan-threadgroup-memory places at the same offset,
# so no more scratch than the loop) but not the 45-trip column loop around it.
a, b = rand(ROWS, 64), rand(64, 45, seed=1)
c = np.zeros((ROWS, 45), np.float32)
budget = dict(K=64, N=45, TILE_K=32, options="unroll-max-ops=64")
tiled_matmul_kernel[(ROWS,)](a, b, c, **budget)
report("tiled_matmul, tile-unroll within 64 ops", c, a.astype(np.float64) @ b)
compiled = tiled_matmul_kernel.compile(a, b, c, **budget)
lines = len(compiled.msl.splitlines())
assert lines < MSL_LINE_LIMIT, "MSL of %d lines" % lines
print("  threadgroup bytes: %d x the loop's" %
      (compiled.abi["threadgroup_memory_bytes"] // big))
# CHECK-NEXT: tiled_matmul, tile-unroll within 64 ops: ok
# CHECK-NEXT: threadgroup bytes: 1 x the loop's


# static_range unrolls while tracing: no loop, one reduction per K step.
@tt.jit
def row_sums_static(X, Y, K: tt.constexpr, TILE: tt.constexpr):
    row = tt.program_id(0)
    offs = tt.arange(0, TILE)
    total = 0.0
    for k0 in tt.static_range(0, K, TILE):
        total += tt.sum(tt.load(X + row * K + k0 + offs))
    tt.store(Y + row, total)


x = rand(ROWS, 64)
y = np.zeros(ROWS, np.float32)
row_sums_static[(ROWS,)](x, y, K=64, TILE=16)
report("static_range K loop", y, x.astype(np.float64).sum(axis=1))
compiled = row_sums_static.compile(x, y, K=64, TILE=16)
print("  loops: %d, reductions: %d" % (ops(compiled, "tile.for_range"),
                                       ops(compiled, "tile.reduce")))
# CHECK-NEXT: static_range K loop: ok
# CHECK-NEXT: loops: 0, reductions: 4

# A body that needs its loop variable as a Python value (a tuple index, an
# arange bound) cannot be a tile.for_range: the range loop (its bounds are
# known) is traced unrolled instead, as before loops stayed loops.
SCALES = (0.5, 2.0, -1.0)


@tt.jit
def scale_parts(X, Y, BLOCK: tt.constexpr):
    offs = tt.arange(0, BLOCK)
    for i in range(len(SCALES)):
        x = tt.load(X + i * BLOCK + offs)
        tt.store(Y + i * BLOCK + offs, x * SCALES[i])
    for i in range(1, 3):
        part = tt.arange(0, 8 * i)
        tt.store(Y + 3 * BLOCK + 8 * (i - 1) + part, tt.load(X + part) * 0.0 + i)


x = rand(3 * 16 + 24)
y = np.zeros_like(x)
scale_parts[(1,)](x, y, BLOCK=16)
want = np.concatenate([x[:48].reshape(3, 16) * np.array(SCALES)[:, None],
                       np.ones((1, 8)), 2 * np.ones((1, 16))], axis=None)
report("range needing a known variable, unrolled", y, want)
print("  loops: %d" % ops(scale_parts.compile(x, y, BLOCK=16), "tile.for_range"))
# CHECK-NEXT: range needing a known variable, unrolled: ok
# CHECK-NEXT: loops: 0


# With runtime bounds there is nothing to unroll: the located error says
# what the variable is and to make the bound a constexpr for static_range.
@tt.jit
def runtime_tuple_index(X, n):
    for i in range(n):
        tt.store(X + i, SCALES[i])


show_error("tuple indexed by a runtime loop variable",
           lambda: runtime_tuple_index.compile(np.float32, 3), __file__)
# CHECK-NEXT: tuple indexed by a runtime loop variable -> DSLError: loops.py:[[@LINE-5]]:{{[0-9]+}}: {{.*}}static_range
# CHECK-NEXT: tt.store(X + i, SCALES[i])


# Bounds of one iteration (or none) are no loop: unrolled, so names bound
# in the body stay bound after it, as in Python.
@tt.jit
def one_trip(X, Y, BLOCK: tt.constexpr):
    offs = tt.arange(0, BLOCK)
    for i in range(1):
        v = tt.load(X + offs) * 3.0
    tt.store(Y + offs, v)


x = rand(16)
y = np.zeros_like(x)
one_trip[(1,)](x, y, BLOCK=16)
report("one-iteration range", y, x.astype(np.float64) * 3)
print("  loops: %d" % ops(one_trip.compile(x, y, BLOCK=16), "tile.for_range"))
# CHECK-NEXT: one-iteration range: ok
# CHECK-NEXT: loops: 0

# The meTile-style front end traces `range` the same way.
@tm.kernel
def row_sums(X, Y, ROWS_: tm.constexpr, BLOCK: tm.constexpr):
    for r in range(ROWS_):
        t = tm.tile_load(X, r * BLOCK, shape=(BLOCK,), bounds=(ROWS_ * BLOCK,))
        tm.tile_store(Y, r, value=tm.sum(t), shape=(), bounds=(ROWS_,))


x = rand(5 * 32)
y = np.zeros(5, np.float32)
row_sums[(1,)](x, y, ROWS_=5, BLOCK=32)
report("meTile range loop", y, x.astype(np.float64).reshape(5, 32).sum(axis=1))
print("  loops: %d" % ops(row_sums.compile(x, y, ROWS_=5, BLOCK=32),
                          "tile.for_range"))
# CHECK-NEXT: meTile range loop: ok
# CHECK-NEXT: loops: 1


# TileLang: `range` is a serial loop, as in TVMScript. With `reread`, the
# body reads a closed-over tuple with its variable after T.gemm has written
# C_local: the loop is traced unrolled, from C_local's value before it.
import tile_mlir.tilelang as T  # noqa: E402


def tilelang_matmul(M, N, K, bm, bn, bk, reread):
    k_starts = tuple(range(0, K, bk))

    @T.prim_func
    def main(A: T.Buffer((M, K), "float16"), B: T.Buffer((K, N), "float16"),
             C: T.Buffer((M, N), "float16")):
        with T.Kernel(T.ceildiv(N, bn), T.ceildiv(M, bm), threads=128) as (bx, by):
            A_shared = T.alloc_shared((bm, bk), "float16")
            B_shared = T.alloc_shared((bk, bn), "float16")
            C_local = T.alloc_fragment((bm, bn), "float")
            T.clear(C_local)
            for ko in range(T.ceildiv(K, bk)):
                T.copy(A[by * bm, ko * bk], A_shared)
                T.copy(B[ko * bk, bx * bn], B_shared)
                T.gemm(A_shared, B_shared, C_local)
                if reread:
                    T.copy(B[k_starts[ko], bx * bn], B_shared)
            T.copy(C_local, C[by * bm, bx * bn])
    return main


a, b = rand(64, 96, dtype=np.float16), rand(96, 64, dtype=np.float16, seed=3)
for name, reread in (("TileLang range loop", False),
                     ("TileLang range loop, unrolled", True)):
    c = np.zeros((64, 64), np.float16)
    func = tilelang_matmul(64, 64, 96, 64, 64, 32, reread)
    func(a, b, c)
    report(name, c, a.astype(np.float64) @ b, tol=2e-2)
    print("  loops: %d" % func.compile().ir.count("tile.for_range"))
# CHECK-NEXT: TileLang range loop: ok
# CHECK-NEXT: loops: 1
# CHECK-NEXT: TileLang range loop, unrolled: ok
# CHECK-NEXT: loops: 0
