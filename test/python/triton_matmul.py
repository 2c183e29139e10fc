# The Triton-style GEMM: explicit strides, K masking, grouped 1-D program ids
# (pointer expressions and masks become tile.load/tile.store strides and
# bounds), plus the tutorial's exercises: a bias epilogue and a transposed
# operand (the same kernel with other strides). Ragged shapes, vs numpy.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
import tile_mlir.language as tl  # noqa: E402
from check import K, M, N, rand, report, show_msl  # noqa: E402


@tm.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                  HAS_BIAS: tl.constexpr):
    # Grouped ordering: GROUP_M row blocks share their B columns.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + (pid % num_pid_in_group) % group_size_m
    pid_n = (pid % num_pid_in_group) // group_size_m

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left),
                    other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N),
                    other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if HAS_BIAS:
        bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
        acc = acc + bias[None, :]
    c_ptrs = c_ptr + stride_cm * offs_m[:, None] + stride_cn * offs_n[None, :]
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def matmul(a, b, a_strides, bias=None):
    c = np.zeros((M, N), np.float32)
    grid = lambda meta: (tl.cdiv(M, meta["BLOCK_M"]) * tl.cdiv(N, meta["BLOCK_N"]),)
    no_bias = np.zeros(1, np.float32)  # not read when HAS_BIAS is False
    matmul_kernel[grid](a, b, c, bias if bias is not None else no_bias, M, N, K,
                        a_strides[0], a_strides[1], N, 1, N, 1,
                        BLOCK_M=32, BLOCK_N=32, BLOCK_K=16, GROUP_M=2,
                        HAS_BIAS=bias is not None)
    return c


A, B, bias = rand(M, K), rand(K, N, seed=1), rand(N, seed=2)
want = A.astype(np.float64) @ B
report("triton matmul", matmul(A, B, (K, 1)), want)
# CHECK: triton matmul: ok
report("triton matmul + bias", matmul(A, B, (K, 1), bias), want + bias)
# CHECK-NEXT: triton matmul + bias: ok
At = np.ascontiguousarray(A.T)  # K x M in memory: A is read with strides (1, M)
report("triton transposed A", matmul(At, B, (1, M)), want)
# CHECK-NEXT: triton transposed A: ok
print("specializations:", len(matmul_kernel.cache))
# CHECK-NEXT: specializations: 2

c = matmul_kernel.compile(A, B, A, A, M, N, K, K, 1, N, 1, N, 1, BLOCK_M=32,
                          BLOCK_N=32, BLOCK_K=16, GROUP_M=2, HAS_BIAS=False)
print([l.strip().split(" : ")[0] for l in c.ir.splitlines() if "tile.load %a_ptr" in l][0])
# CHECK-NEXT: %a = tile.load %a_ptr[{{.*}}] strides [%stride_am, %stride_ak] bounds [{{.*}}] {padding = 0.0
show_msl(c)
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_kernel(
