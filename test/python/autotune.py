# The autotuned meTile matmul as meTile writes it (no bounds=, Buffers, the
# grid a function of the config with M and N bound as defaults) on a ragged
# shape: per-key choice among Configs, a config past a hardware limit pruned
# with the compiler's diagnostic kept, the analytic estimate as the default
# scorer, a user timer instead, results cached per key, and tuning runs that
# leave the caller's Buffer untouched.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as metile  # noqa: E402
from check import K, M, N, rand, report, show_msl  # noqa: E402


@metile.kernel
def matmul(A, B, C, M, N, K,
           BLOCK_M: metile.constexpr, BLOCK_N: metile.constexpr,
           BLOCK_K: metile.constexpr):
    pid_m = metile.program_id(0)
    pid_n = metile.program_id(1)
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
        b = metile.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N))
        acc = metile.dot(a, b, acc)
    metile.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N))


configs = [
    metile.Config(BLOCK_M=32, BLOCK_N=32, BLOCK_K=16, WM=2, WN=2),
    metile.Config(BLOCK_M=16, BLOCK_N=16, BLOCK_K=8, WM=1, WN=1),
    # 64 simdgroups x 32 threads: over the 1024-thread limit.
    metile.Config(BLOCK_M=64, BLOCK_N=256, BLOCK_K=8, WM=8, WN=8),
]
autotuned_matmul = metile.autotune(configs=configs, key=["M", "N", "K"])(matmul)

A = metile.Buffer(data=rand(M, K))
B = metile.Buffer(data=rand(K, N, seed=1))
C = metile.Buffer.zeros((M * N,))
want = A.numpy().astype(np.float64) @ B.numpy()
grid = lambda cfg, M=M, N=N: (metile.cdiv(M, cfg["BLOCK_M"]), metile.cdiv(N, cfg["BLOCK_N"]))
autotuned_matmul[grid](A, B, C, M, N, K)
report("autotuned matmul", C.numpy().reshape(M, N), want)
# CHECK: autotuned matmul: ok
key = (M, N, K)
print("scored:", len(autotuned_matmul.scores[key]), "pruned:",
      len(autotuned_matmul.pruned[key]))
# CHECK-NEXT: scored: 2 pruned: 1
print("pruned because:",
      autotuned_matmul.pruned[key][0][1].splitlines()[0].split("error: ")[-1][:40])
# CHECK-NEXT: pruned because: {{.+}}
print("best:", autotuned_matmul.best[key], "estimate > 0:",
      min(autotuned_matmul.scores[key].values()) > 0)
# CHECK-NEXT: best: Config({{.*}}) estimate > 0: True
compiles = len(matmul.cache)
C = metile.Buffer.zeros((M * N,))
autotuned_matmul[grid](A, B, C, M, N, K)  # cached: no new tuning, no new compile
print("cached:", len(matmul.cache) == compiles)
# CHECK-NEXT: cached: True
report("cached run", C.numpy().reshape(M, N), want)
# CHECK-NEXT: cached run: ok
# What a Mac user would build: the chosen config's MSL.
show_msl(matmul.compile(A, B, C, M, N, K, **autotuned_matmul.best[key].kwargs))
# CHECK-NEXT: {{\[\[}}kernel]] void matmul(

# A user's stand-in timer (a real one would time run() on a Mac): fewer
# threadgroups count as faster here. It also looks at the caller's C: tuning
# runs on copies, so C is untouched until the chosen config runs.
seen = []


def timer(run):
    stats = run()
    seen.append(int(np.count_nonzero(C.numpy())))
    return float(stats["threadgroups"])


timed = metile.autotune(configs=configs[:2], key=["M"], timer=timer)(matmul)
C = metile.Buffer.zeros((M * N,))
timed[grid](A, B, C, M, N, K)
print("timer picks:", timed.best[(M,)]["BLOCK_M"], "C written while tuning:", seen)
# CHECK-NEXT: timer picks: 32 C written while tuning: [0, 0]
report("timed matmul", C.numpy().reshape(M, N), want)
# CHECK-NEXT: timed matmul: ok
