# meTile's autotune(configs=, key=, verbose=) over Configs carrying SWIZZLE
# (the program ids go through a tile.swizzle of that pattern) and NAX_*
# tensor-op hints (accepted, one warning per hint name); a ragged matmul
# against numpy with each config's winner and the IR of the swizzled ids.
# RUN: %python %s | FileCheck %s

import os
import sys
import warnings

import numpy as np

import tile_mlir

sys.modules["metile"] = tile_mlir
import metile  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import K, M, N, rand, report  # noqa: E402

CONFIGS = [
    metile.Config(BLOCK_M=32, BLOCK_N=32, BLOCK_K=16, WM=2, WN=2,
                  SWIZZLE="grouped4", NAX_FRAGMENTS=True, NAX_OUTER_K=256),
    metile.Config(BLOCK_M=64, BLOCK_N=32, BLOCK_K=16, WM=2, WN=2,
                  SWIZZLE="morton", NAX_K_UNROLL=2),
]


@metile.autotune(configs=CONFIGS, key=["M", "N", "K"], verbose=False)
@metile.kernel
def mm(A, B, C, M, N, K, BLOCK_M: metile.constexpr, BLOCK_N: metile.constexpr,
       BLOCK_K: metile.constexpr):
    bm, bn = metile.program_id(0), metile.program_id(1)
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, bm * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
        b = metile.tile_load(B, k, bn * BLOCK_N, N, (BLOCK_K, BLOCK_N))
        acc = metile.dot(a, b, acc)
    metile.tile_store(C, bm * BLOCK_M, bn * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N))


A, B = rand(M, K), rand(K, N, seed=1)
C = np.zeros((M, N), np.float32)


def grid(meta):
    return (metile.cdiv(M, meta["BLOCK_M"]), metile.cdiv(N, meta["BLOCK_N"]))


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    mm[grid](A, B, C, M, N, K)
    mm[grid](A, B, C, M, N, K)  # tuned: the best config again
report("autotuned matmul", C, A.astype(np.float64) @ B)
# CHECK: autotuned matmul: ok
hints = sorted(str(w.message).split()[0] for w in caught)
print("warned once each:", hints)
# CHECK: warned once each: ['NAX_FRAGMENTS', 'NAX_K_UNROLL', 'NAX_OUTER_K']
print("scored:", len(mm.scores[(M, N, K)]), "pruned:", len(mm.pruned[(M, N, K)]))
# CHECK: scored: 2 pruned: 0

# Each config's SWIZZLE, run directly, also matches; its IR remaps the ids.
for cfg in CONFIGS:
    C = np.zeros((M, N), np.float32)
    mm.kernel[grid(cfg.kwargs)](A, B, C, M, N, K, **cfg.kwargs)
    report("SWIZZLE=%s" % cfg["SWIZZLE"], C, A.astype(np.float64) @ B)
    ir = mm.kernel.compile(A, B, C, M, N, K, **cfg.kwargs).ir
    print([line.split("{")[1].split("}")[0] for line in ir.splitlines()
           if "tile.swizzle" in line])
# CHECK: SWIZZLE=grouped4: ok
# CHECK-NEXT: ['pattern = "grouped", block = 4']
# CHECK: SWIZZLE=morton: ok
# CHECK-NEXT: ['pattern = "morton"']


# verbose=True reports the choice.
loud = metile.autotune(configs=CONFIGS[:1], key=["M"], verbose=True)(mm.kernel)
loud[grid](A, B, C, M, N, K)
# CHECK: autotune mm {'M': 67}: Config(BLOCK_K=16, BLOCK_M=32
