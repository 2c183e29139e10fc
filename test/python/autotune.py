# The autotuned meTile matmul: per-key choice among Configs, a config past a
# hardware limit pruned with the compiler's diagnostic kept, the analytic
# estimate as the default scorer, a user timer instead, results cached per key.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
from check import K, M, N, rand, report  # noqa: E402


@tm.kernel
def matmul(A, B, C, M, N, K, BLOCK_M: tm.constexpr, BLOCK_N: tm.constexpr,
           BLOCK_K: tm.constexpr):
    pid_m, pid_n = tm.program_id(0), tm.program_id(1)
    acc = tm.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in tm.tile_range(0, K, BLOCK_K):
        a = tm.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K), bounds=(M, K))
        b = tm.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N), bounds=(K, N))
        acc = tm.dot(a, b, acc)
    tm.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N),
                  bounds=(M, N))


configs = [
    tm.Config(BLOCK_M=32, BLOCK_N=32, BLOCK_K=16, WM=2, WN=2),
    tm.Config(BLOCK_M=16, BLOCK_N=16, BLOCK_K=8, WM=1, WN=1),
    # 64 simdgroups x 32 threads: over the 1024-thread limit.
    tm.Config(BLOCK_M=64, BLOCK_N=256, BLOCK_K=8, WM=8, WN=8),
]
tuned = tm.autotune(configs=configs, key=["M", "N", "K"])(matmul)
grid = lambda cfg: (tm.cdiv(cfg["M"], cfg["BLOCK_M"]), tm.cdiv(cfg["N"], cfg["BLOCK_N"]))

A, B = rand(M, K), rand(K, N, seed=1)
C = np.zeros((M, N), np.float32)
tuned[grid](A, B, C, M, N, K)
report("autotuned matmul", C, A.astype(np.float64) @ B)
# CHECK: autotuned matmul: ok
key = (M, N, K)
print("scored:", len(tuned.scores[key]), "pruned:", len(tuned.pruned[key]))
# CHECK-NEXT: scored: 2 pruned: 1
print("pruned because:", tuned.pruned[key][0][1].splitlines()[0].split("error: ")[-1][:40])
# CHECK-NEXT: pruned because: {{.+}}
print("best:", tuned.best[key], "estimate > 0:", min(tuned.scores[key].values()) > 0)
# CHECK-NEXT: best: Config({{.*}}) estimate > 0: True
compiles = len(matmul.cache)
tuned[grid](A, B, C, M, N, K)  # cached: no new tuning, no new compile
print("cached:", len(matmul.cache) == compiles)
# CHECK-NEXT: cached: True

# A user's stand-in timer (a real one would time run() on a Mac): fewer
# threadgroups count as faster here.
timed = tm.autotune(configs=configs[:2], key=["M"],
                    timer=lambda run: float(run()["threadgroups"]))(matmul)
C2 = np.zeros((M, N), np.float32)
timed[grid](A, B, C2, M, N, K)
print("timer picks:", timed.best[(M,)]["BLOCK_M"])
# CHECK-NEXT: timer picks: 32
report("timed matmul", C2, A.astype(np.float64) @ B)
# CHECK-NEXT: timed matmul: ok
