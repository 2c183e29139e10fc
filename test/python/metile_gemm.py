# The meTile-style GEMM seeds in their own syntax (tile_load/dot/tile_store,
# a fused ReLU through where, a Morton tile swizzle) on a ragged shape on the
# Metal emulator, against numpy; each also prints its MSL kernel line.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
from check import K, M, N, rand, report, show_msl  # noqa: E402


@tm.kernel
def matmul(A, B, C, M, N, K, BLOCK_M: tm.constexpr, BLOCK_N: tm.constexpr,
           BLOCK_K: tm.constexpr):
    pid_m = tm.program_id(0)
    pid_n = tm.program_id(1)
    acc = tm.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in tm.tile_range(0, K, BLOCK_K):
        a = tm.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K), bounds=(M, K))
        b = tm.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N), bounds=(K, N))
        acc = tm.dot(a, b, acc)
    tm.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N),
                  bounds=(M, N))


@tm.kernel
def matmul_relu(A, B, C, M, N, K, BLOCK_M: tm.constexpr, BLOCK_N: tm.constexpr,
                BLOCK_K: tm.constexpr):
    pid_m = tm.program_id(0)
    pid_n = tm.program_id(1)
    acc = tm.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in tm.tile_range(0, K, BLOCK_K):
        a = tm.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K), bounds=(M, K))
        b = tm.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N), bounds=(K, N))
        acc = tm.dot(a, b, acc)
    acc = tm.where(acc > 0, acc, 0.0)
    tm.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N),
                  bounds=(M, N))


@tm.kernel
def matmul_swizzled(A, B, C, M, N, K, BLOCK_M: tm.constexpr,
                    BLOCK_N: tm.constexpr, BLOCK_K: tm.constexpr):
    pid_m, pid_n = tm.tile_swizzle(tm.program_id(0), tm.program_id(1),
                                   pattern="morton", block_size=2)
    acc = tm.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in tm.tile_range(0, K, BLOCK_K):
        a = tm.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K), bounds=(M, K))
        b = tm.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N), bounds=(K, N))
        acc = tm.dot(a, b, acc)
    tm.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N),
                  bounds=(M, N))


A, B = rand(M, K), rand(K, N, seed=1)
blocks = dict(BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
grid = (tm.cdiv(M, 32), tm.cdiv(N, 32))

C = np.zeros((M, N), np.float32)
matmul[grid](A, B, C, M, N, K, **blocks)
report("matmul", C, A.astype(np.float64) @ B)
# CHECK: matmul: ok

# The meTile Buffer form works too, and the cache serves the second launch.
Cb = tm.Buffer.zeros((M * N,))
matmul[grid](tm.Buffer(A), tm.Buffer(B), Cb, M, N, K, **blocks)
report("matmul Buffer", Cb.numpy().reshape(M, N), A.astype(np.float64) @ B)
print("specializations:", len(matmul.cache))
# CHECK-NEXT: matmul Buffer: ok
# CHECK-NEXT: specializations: 1

C = np.zeros((M, N), np.float32)
matmul_relu[grid](A, B, C, M, N, K, **blocks)
report("matmul_relu", C, np.maximum(A.astype(np.float64) @ B, 0))
# CHECK-NEXT: matmul_relu: ok

C = np.zeros((M, N), np.float32)
matmul_swizzled[grid](A, B, C, M, N, K, WM=2, WN=2, **blocks)
report("matmul_swizzled", C, A.astype(np.float64) @ B)
# CHECK-NEXT: matmul_swizzled: ok

compiled = matmul_swizzled.compile(A, B, C, M, N, K, WM=2, WN=2, **blocks)
print(compiled.ir.splitlines()[0])
print(compiled.ir.splitlines()[1])
# CHECK-NEXT: func.func @matmul_swizzled(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index, %K: index)
# CHECK-NEXT: attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>}
print([line.split("=")[0].strip() for line in compiled.ir.splitlines()
       if "tile.swizzle" in line][0])
# CHECK-NEXT: %pid_m, %pid_n
show_msl(compiled)
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_swizzled(
print("abi:", [b["name"] for b in compiled.abi["buffers"]],
      compiled.abi["threads_per_threadgroup"])
# CHECK-NEXT: abi: ['A', 'B', 'C'] [128, 1, 1]
print("stats: mmas", matmul_swizzled.last_stats["simdgroupMMAs"] > 0)
# CHECK-NEXT: stats: mmas True
