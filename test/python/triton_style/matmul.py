# Triton tutorial 03 (matrix multiplication) as a Triton user writes it:
# `import tile_mlir as triton`, grouped program ids, rows and columns wrapped
# with `% M` / `% N` (non-affine: the A and B tiles are gathers, feeding
# tl.dot), a `leaky_relu` @jit helper, the result converted with
# `.to(tl.float16)` and a masked store; ragged shapes against numpy on both
# backends (apple9 simdgroup matrices, apple10 tensor ops).
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report  # noqa: E402


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                  ACTIVATION: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    tl.assume(pid_m >= 0)
    tl.assume(stride_am > 0)

    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(tl.float16)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


def matmul(a, b, activation="", target="apple9"):
    M, K = a.shape
    K, N = b.shape
    c = np.empty((M, N), dtype=np.float16)
    grid = lambda META: (triton.cdiv(M, META["BLOCK_SIZE_M"]) *
                         triton.cdiv(N, META["BLOCK_SIZE_N"]), )
    matmul_kernel[grid](a, b, c, M, N, K, a.shape[1], 1, b.shape[1], 1,
                        c.shape[1], 1, BLOCK_SIZE_M=32, BLOCK_SIZE_N=32,
                        BLOCK_SIZE_K=16, GROUP_SIZE_M=4, ACTIVATION=activation,
                        num_warps=4, num_stages=2, target=target)
    return c


rng = np.random.default_rng(0)
M, N, K = 83, 71, 45
a = (rng.random((M, K)) - 0.5).astype(np.float16)
b = (rng.random((K, N)) - 0.5).astype(np.float16)
want = a.astype(np.float64) @ b.astype(np.float64)
leaky = np.where(want >= 0, want, 0.01 * want)
for target in ("apple9", "apple10"):
    report("matmul %s" % target, matmul(a, b, target=target), want, tol=5e-3)
    report("matmul leaky_relu %s" % target,
           matmul(a, b, "leaky_relu", target=target), leaky, tol=5e-3)
# CHECK: matmul apple9: ok
# CHECK-NEXT: matmul leaky_relu apple9: ok
# CHECK-NEXT: matmul apple10: ok
# CHECK-NEXT: matmul leaky_relu apple10: ok

ir = matmul_kernel.compile(a, b, np.float16, M, N, K, K, 1, N, 1, N, 1,
                           BLOCK_SIZE_M=32, BLOCK_SIZE_N=32, BLOCK_SIZE_K=16,
                           GROUP_SIZE_M=4, ACTIVATION="").ir
print("\n".join(l.split(" loc(")[0].strip() for l in ir.splitlines()
                if "tile.gather" in l or "tile.store" in l or "tile.dot" in l))
# The wrapped rows and columns are gathers (the masked-off K tail reads 0),
# the store is a rectangle.
# CHECK-NEXT: %a = tile.gather %a_ptr[{{.*}}] mask %{{.*}} other %{{.*}} : memref<?xf16>, tensor<32x16xi32> -> tensor<32x16xf16>
# CHECK-NEXT: %b = tile.gather %b_ptr[{{.*}}] mask %{{.*}} other %{{.*}} : memref<?xf16>, tensor<16x32xi32> -> tensor<16x32xf16>
# CHECK-NEXT: tile.dot
# CHECK-NEXT: tile.store %c, %c_ptr[{{.*}}] strides [%stride_cm, %stride_cn] bounds
