# Triton's block pointers: a matmul whose A and B blocks are
# tl.make_block_ptr blocks moved with tl.advance in the K loop, loaded with
# boundary_check and padding_option="zero", and stored with boundary_check;
# a copy padded with NaN. Each block is exactly one tile.load / tile.store
# rectangle. Ragged shapes against numpy on both backends.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as triton
import tile_mlir.language as tl

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from check import report  # noqa: E402


@triton.jit
def matmul_kernel_with_block_pointers(
        a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
        stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr,
        BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    a_block_ptr = tl.make_block_ptr(base=a_ptr, shape=(M, K),
                                    strides=(stride_am, stride_ak),
                                    offsets=(pid_m * BLOCK_SIZE_M, 0),
                                    block_shape=(BLOCK_SIZE_M, BLOCK_SIZE_K),
                                    order=(1, 0))
    b_block_ptr = tl.make_block_ptr(base=b_ptr, shape=(K, N),
                                    strides=(stride_bk, stride_bn),
                                    offsets=(0, pid_n * BLOCK_SIZE_N),
                                    block_shape=(BLOCK_SIZE_K, BLOCK_SIZE_N),
                                    order=(1, 0))
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_SIZE_K):
        a = tl.load(a_block_ptr, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block_ptr, boundary_check=(0, 1), padding_option="zero")
        accumulator += tl.dot(a, b)
        a_block_ptr = tl.advance(a_block_ptr, (0, BLOCK_SIZE_K))
        b_block_ptr = tl.advance(b_block_ptr, (BLOCK_SIZE_K, 0))
    c_block_ptr = tl.make_block_ptr(base=c_ptr, shape=(M, N),
                                    strides=(stride_cm, stride_cn),
                                    offsets=(pid_m * BLOCK_SIZE_M,
                                             pid_n * BLOCK_SIZE_N),
                                    block_shape=(BLOCK_SIZE_M, BLOCK_SIZE_N),
                                    order=(1, 0))
    tl.store(c_block_ptr, accumulator, boundary_check=(0, 1))


@triton.jit
def pad_copy(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr + row * n_cols, shape=(n_cols,), strides=(1,),
                            offsets=(0,), block_shape=(BLOCK,), order=(0,))
    dst = tl.make_block_ptr(y_ptr, shape=(n_rows, BLOCK), strides=(BLOCK, 1),
                            offsets=(row, 0), block_shape=(1, BLOCK),
                            order=(1, 0))
    x = tl.load(src, boundary_check=(0,), padding_option="nan")
    tl.store(dst, x[None, :])


rng = np.random.default_rng(4)
M, N, K = 75, 53, 41
a = (rng.random((M, K)) - 0.5).astype(np.float32)
b = (rng.random((K, N)) - 0.5).astype(np.float32)
for target in ("apple9", "apple10"):
    c = np.zeros((M, N), np.float32)
    grid = lambda META: (triton.cdiv(M, META["BLOCK_SIZE_M"]),
                         triton.cdiv(N, META["BLOCK_SIZE_N"]))
    matmul_kernel_with_block_pointers[grid](
        a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_SIZE_M=32, BLOCK_SIZE_N=32,
        BLOCK_SIZE_K=16, target=target)
    # apple10's tensor-ops dots take f32 operands with 10 mantissa bits
    # (relaxed precision, docs/tools.md).
    report("block pointer matmul %s" % target, c, a.astype(np.float64) @ b,
           tol=1e-4 if target == "apple9" else 5e-3)
# CHECK: block pointer matmul apple9: ok
# CHECK-NEXT: block pointer matmul apple10: ok

x = rng.random((5, 13)).astype(np.float32)
y = np.zeros((5, 16), np.float32)
pad_copy[(5,)](x, y, 5, 13, BLOCK=16)
want = np.concatenate([x, np.full((5, 3), np.nan, np.float32)], axis=1)
print("nan padding:", "ok" if np.array_equal(y, want, equal_nan=True) else y)
# CHECK-NEXT: nan padding: ok

ir = matmul_kernel_with_block_pointers.compile(
    a, b, np.float32, M, N, K, K, 1, N, 1, N, 1, BLOCK_SIZE_M=32,
    BLOCK_SIZE_N=32, BLOCK_SIZE_K=16).ir
print("\n".join(l.split(" loc(")[0].strip().split(" : ")[0] for l in ir.splitlines()
                if "tile.load" in l or "tile.store" in l))
# CHECK-NEXT: %a = tile.load %a_ptr[%a_block_ptr_0_iter, %a_block_ptr_1_iter] strides [%stride_am, %stride_ak] bounds [%M, %K] {padding = 0.0
# CHECK-NEXT: %b = tile.load %b_ptr[%b_block_ptr_0_iter, %b_block_ptr_1_iter] strides [%stride_bk, %stride_bn] bounds [%K, %N] {padding = 0.0
# CHECK-NEXT: tile.store %accumulator{{.*}}, %c_ptr[{{.*}}] strides [%stride_cm, %stride_cn] bounds [%M, %N]
