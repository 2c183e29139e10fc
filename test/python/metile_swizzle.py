# meTile's tile_swizzle as meTile's page uses it: every schedule name meTile
# accepts (auto, grouped2, grouped4, grouped8, hilbert, morton, diagonal,
# linear), each called with the block_size meTile's page passes to all of
# them (2; 4 for hilbert), on a ragged 5 x 6 grid of tiles on the emulator
# against numpy, with the tile.swizzle each becomes: auto is hilbert,
# grouped<N> is grouped with groups of N rows, linear and diagonal ignore
# block_size. As in meTile, hilbert refuses a block other than 4.
# RUN: %python %s 2>&1 | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as metile  # noqa: E402
from check import rand, report, show_error  # noqa: E402


@metile.kernel
def matmul(A, B, C, M, N, K, BLOCK_M: metile.constexpr,
           BLOCK_N: metile.constexpr, BLOCK_K: metile.constexpr,
           SWIZZLE: metile.constexpr, BLOCK_SIZE: metile.constexpr):
    pid_m, pid_n = metile.tile_swizzle(
        metile.program_id(0), metile.program_id(1),
        pattern=SWIZZLE, block_size=BLOCK_SIZE,
    )
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
        b = metile.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N))
        acc = metile.dot(a, b, acc)
    metile.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc,
                      (BLOCK_M, BLOCK_N))


M, N, K = 75, 90, 20  # a 5 x 6 grid of 16 x 16 tiles, the last ones partial
A, B = rand(M, K), rand(K, N)
want = A.astype(np.float64) @ B.astype(np.float64)
grid = (metile.cdiv(M, 16), metile.cdiv(N, 16))
for pattern in ("auto", "grouped2", "grouped4", "grouped8", "hilbert",
                "morton", "diagonal", "linear"):
    block = 4 if pattern == "hilbert" else 2
    C = np.zeros((M, N), np.float32)
    sizes = dict(BLOCK_M=16, BLOCK_N=16, BLOCK_K=8, SWIZZLE=pattern,
                 BLOCK_SIZE=block, WM=1, WN=1)
    matmul[grid](A, B, C, M, N, K, schedules=1, **sizes)
    ir = matmul.compile(A, B, C, M, N, K, **sizes).ir
    swizzle = [line.split("{")[1].split("}")[0] for line in ir.splitlines()
               if "tile.swizzle" in line][0]
    report("%-8s block_size=%d: {%s}" % (pattern, block, swizzle), C, want)
# CHECK: auto     block_size=2: {pattern = "hilbert", block = 4}: ok
# CHECK-NEXT: grouped2 block_size=2: {pattern = "grouped", block = 2}: ok
# CHECK-NEXT: grouped4 block_size=2: {pattern = "grouped", block = 4}: ok
# CHECK-NEXT: grouped8 block_size=2: {pattern = "grouped", block = 8}: ok
# CHECK-NEXT: hilbert  block_size=4: {pattern = "hilbert", block = 4}: ok
# CHECK-NEXT: morton   block_size=2: {pattern = "morton", block = 2}: ok
# CHECK-NEXT: diagonal block_size=2: {pattern = "diagonal"}: ok
# CHECK-NEXT: linear   block_size=2: {pattern = "linear"}: ok

# Without block_size, each pattern's default.
ir = matmul.compile(A, B, C, M, N, K, BLOCK_M=16, BLOCK_N=16, BLOCK_K=8,
                    SWIZZLE="morton", BLOCK_SIZE=None).ir
print([line.split("{")[1].split("}")[0] for line in ir.splitlines()
       if "tile.swizzle" in line][0])
# CHECK-NEXT: pattern = "morton"

for pattern, block in (("hilbert", 2), ("zorder", 2), ("grouped0", 2)):
    show_error("%s block_size=%d" % (pattern, block),
               lambda: matmul.compile(A, B, C, M, N, K, BLOCK_M=16, BLOCK_N=16,
                                      BLOCK_K=8, SWIZZLE=pattern,
                                      BLOCK_SIZE=block), __file__)
# CHECK-NEXT: hilbert block_size=2 -> DSLError: metile_swizzle.py:24:20: error: hilbert swizzling requires block_size=4 (its 4x4 panels), got 2
# CHECK-NEXT: pid_m, pid_n = metile.tile_swizzle(
# CHECK-NEXT: zorder block_size=2 -> DSLError: metile_swizzle.py:24:20: error: unknown swizzle pattern 'zorder' (linear, diagonal, morton, grouped, hilbert, auto, grouped2, grouped4, grouped8, or grouped<N> such as grouped4)
# CHECK: grouped0 block_size=2 -> DSLError: {{.*}} error: unknown swizzle pattern 'grouped0'
