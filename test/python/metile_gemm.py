# The meTile GEMM seeds as meTile writes them: tile_load/tile_store without
# bounds= (the bounds default to each buffer's extent, passed as hidden
# `<buffer>_numel` arguments), Buffer(data=...) and a flat Buffer.zeros C,
# cdiv grids, a fused ReLU through where, a Morton tile swizzle; one kernel
# keeps explicit bounds, and a 1-D tile_load/tile_store without bounds. All
# on a ragged shape on the Metal emulator, against numpy.
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


@metile.kernel
def matmul_relu(A, B, C, M, N, K,
                BLOCK_M: metile.constexpr, BLOCK_N: metile.constexpr,
                BLOCK_K: metile.constexpr):
    pid_m = metile.program_id(0)
    pid_n = metile.program_id(1)
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
        b = metile.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N))
        acc = metile.dot(a, b, acc)
    acc = metile.where(acc > 0, acc, 0)
    metile.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N))


@metile.kernel
def matmul_swizzled(A, B, C, M, N, K,
                    BLOCK_M: metile.constexpr, BLOCK_N: metile.constexpr,
                    BLOCK_K: metile.constexpr):
    pid_m, pid_n = metile.tile_swizzle(
        metile.program_id(0), metile.program_id(1),
        pattern="morton", block_size=2,
    )
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
        b = metile.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N))
        acc = metile.dot(a, b, acc)
    metile.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N))


# Explicit bounds: what a kernel whose buffers are larger than the matrix
# (or not contiguous row-major) needs; no hidden arguments.
@metile.kernel
def matmul_bounded(A, B, C, M, N, K, BLOCK_M: metile.constexpr,
                   BLOCK_N: metile.constexpr, BLOCK_K: metile.constexpr):
    pid_m, pid_n = metile.program_id(0), metile.program_id(1)
    acc = metile.zeros((BLOCK_M, BLOCK_N), dtype="f32")
    for k in metile.tile_range(0, K, BLOCK_K):
        a = metile.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K), bounds=(M, K))
        b = metile.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N), bounds=(K, N))
        acc = metile.dot(a, b, acc)
    metile.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc, (BLOCK_M, BLOCK_N),
                      bounds=(M, N))


# The launch as meTile writes it, on a ragged shape (67 x 45 x 39).
A = metile.Buffer(data=rand(M, K))
B = metile.Buffer(data=rand(K, N, seed=1))
C = metile.Buffer.zeros((M * N,))
want = A.numpy().astype(np.float64) @ B.numpy()

grid = (metile.cdiv(M, 32), metile.cdiv(N, 32))
matmul[grid](A, B, C, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
report("matmul", C.numpy().reshape(M, N), want)
# CHECK: matmul: ok

# Plain numpy arrays (C 2-D) share the specialization: shapes are runtime.
C2 = np.zeros((M, N), np.float32)
matmul[grid](A.numpy(), B.numpy(), C2, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
report("matmul numpy", C2, want)
print("specializations:", len(matmul.cache))
# CHECK-NEXT: matmul numpy: ok
# CHECK-NEXT: specializations: 1

C = metile.Buffer.zeros((M * N,))
matmul_relu[grid](A, B, C, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
report("matmul_relu", C.numpy().reshape(M, N), np.maximum(want, 0))
# CHECK-NEXT: matmul_relu: ok

C = metile.Buffer.zeros((M * N,))
matmul_swizzled[grid](A, B, C, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16,
                      WM=2, WN=2)
report("matmul_swizzled", C.numpy().reshape(M, N), want)
# CHECK-NEXT: matmul_swizzled: ok

C = metile.Buffer.zeros((M * N,))
matmul_bounded[grid](A, B, C, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
report("matmul explicit bounds", C.numpy().reshape(M, N), want)
# CHECK-NEXT: matmul explicit bounds: ok

# What a Mac user builds: the hidden element counts follow the parameters,
# named after their buffers, in the IR, the ABI and the MSL signature.
compiled = matmul.compile(A, B, C, M, N, K, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
print(compiled.ir.splitlines()[0])
# CHECK-NEXT: func.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index, %K: index, %A_numel: index, %B_numel: index, %C_numel: index)
print([l.strip().split(" : ")[0] for l in compiled.ir.splitlines() if "tile.load %A" in l][0])
# CHECK-NEXT: %a = tile.load %A[%{{.*}}, %k] strides [%K, %c1] bounds [%A_rows, %K]
print("abi scalars:", [(s["name"], s["index"], s["type"]) for s in compiled.abi["scalars"]])
# CHECK-NEXT: abi scalars: [('M', 3, 'uint'), ('N', 4, 'uint'), ('K', 5, 'uint'), ('A_numel', 6, 'uint'), ('B_numel', 7, 'uint'), ('C_numel', 8, 'uint')]
print("hidden:", compiled.hidden_arguments)
# CHECK-NEXT: hidden: {'A_numel': 'A', 'B_numel': 'B', 'C_numel': 'C'}
show_msl(compiled)
# CHECK-NEXT: {{\[\[}}kernel]] void matmul(
print("explicit bounds, no hidden arguments:",
      next(iter(matmul_bounded.cache.values())).hidden_arguments)
# CHECK-NEXT: explicit bounds, no hidden arguments: {}

compiled = matmul_swizzled.compile(A, B, C, M, N, K, WM=2, WN=2, BLOCK_M=32,
                                   BLOCK_N=32, BLOCK_K=16)
print(compiled.ir.splitlines()[1])
# CHECK-NEXT: attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>}
print([line.split("=")[0].strip() for line in compiled.ir.splitlines()
       if "tile.swizzle" in line][0])
# CHECK-NEXT: %pid_m, %pid_n
print("abi:", [b["name"] for b in compiled.abi["buffers"]],
      compiled.abi["threads_per_threadgroup"])
# CHECK-NEXT: abi: ['A', 'B', 'C'] [128, 1, 1]
print("stats: mmas", matmul_swizzled.last_stats["simdgroupMMAs"] > 0)
# CHECK-NEXT: stats: mmas True
for k in (matmul_relu, matmul_swizzled):
    show_msl(next(iter(k.cache.values())))
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_relu(
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_swizzled(


# 1-D tiles without bounds: masked at the buffer's length (100, no multiple
# of the block).
@metile.kernel
def scale(X, Y, BLOCK: metile.constexpr):
    i = metile.program_id(0) * BLOCK
    x = metile.tile_load(X, i, shape=(BLOCK,))
    metile.tile_store(Y, i, value=x * 2.0, shape=(BLOCK,))


x = rand(100)
y = np.zeros(100, np.float32)
scale[(metile.cdiv(100, 32),)](x, y, BLOCK=32)
report("1-D scale", y, x.astype(np.float64) * 2)
# CHECK-NEXT: 1-D scale: ok
print([l.strip().split(" : ")[0] for l in next(iter(scale.cache.values())).ir.splitlines()
       if "tile.load" in l][0])
# CHECK-NEXT: %x = tile.load %X[%{{.*}}] bounds [%X_numel]
