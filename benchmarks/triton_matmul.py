#!/usr/bin/env python3
"""Global reads of Triton's tutorial 03 matmul kernel, as a Triton user
writes it (grouped program ids, rows and columns wrapped with `% M` / `% N`,
so A and B are gathers feeding tl.dot), on the emulator.

usage: triton_matmul.py BUILD_DIR SIZE
prints: one Markdown table row per backend: the global bytes read per
program against the minimum (each program reads its BLOCK_M rows of A and
BLOCK_N columns of B once), on a SIZE^3 f16 problem whose sides are
multiples of the blocks.

Run by `make bench` (benchmarks/bench.py)."""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BM, BN, BK, GROUP = 32, 32, 16, 4


def tutorial_kernel(triton, tl):
    """The tutorial's kernel (test/python/triton_style/matmul.py tests it
    against numpy)."""
    @triton.jit
    def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      stride_am, stride_ak, stride_bk, stride_bn, stride_cm,
                      stride_cn, BLOCK_SIZE_M: tl.constexpr,
                      BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                      GROUP_SIZE_M: tl.constexpr):
        pid = tl.program_id(axis=0)
        num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
        num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
        num_pid_in_group = GROUP_SIZE_M * num_pid_n
        group_id = pid // num_pid_in_group
        first_pid_m = group_id * GROUP_SIZE_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
        pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
        pid_n = (pid % num_pid_in_group) // group_size_m
        offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
        offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
        offs_k = tl.arange(0, BLOCK_SIZE_K)
        a_ptrs = a_ptr + (offs_am[:, None] * stride_am +
                          offs_k[None, :] * stride_ak)
        b_ptrs = b_ptr + (offs_k[:, None] * stride_bk +
                          offs_bn[None, :] * stride_bn)
        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K,
                        other=0.0)
            b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K,
                        other=0.0)
            accumulator = tl.dot(a, b, accumulator)
            a_ptrs += BLOCK_SIZE_K * stride_ak
            b_ptrs += BLOCK_SIZE_K * stride_bk
        c = accumulator.to(tl.float16)
        offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
        offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
        c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
        tl.store(c_ptrs, c, mask=c_mask)
    return matmul_kernel


def main():
    build, size = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    os.environ["TILE_MLIR_LIB"] = str(build / "lib")
    sys.path.insert(0, str(ROOT / "python"))
    import tile_mlir as triton
    import tile_mlir.language as tl

    kernel = tutorial_kernel(triton, tl)
    f16 = triton.Buffer(dtype="float16")
    ir = kernel.compile(f16, f16, f16, size, size, size, size, 1, size, 1,
                        size, 1, BLOCK_SIZE_M=BM, BLOCK_SIZE_N=BN,
                        BLOCK_SIZE_K=BK, GROUP_SIZE_M=GROUP).ir
    gathers = ir.count("tile.gather")
    path = pathlib.Path(tempfile.mkdtemp(prefix="tile-bench-")) / "t03.mlir"
    path.write_text(ir)
    n = size * size
    names = re.findall(r"%(\w+): ", ir.split("{", 1)[0])
    values = [f"f16:{n}:random:1", f"f16:{n}:random:2", f"f16:{n}:zeros",
              size, size, size, size, 1, size, 1, size, 1]
    args = [f"--arg={name}={value}" for name, value in zip(names, values)]
    programs = (size // BM) * (size // BN)
    minimum = (BM * size + size * BN) * 2
    for target in ("apple9", "apple10"):
        out = subprocess.run(
            [str(build / "bin/tile-run"), str(path), f"--target={target}",
             f"--grid={programs}", "--stats"] + args,
            check=True, capture_output=True, text=True).stdout
        read = int(re.search(r"global memory: (\d+) bytes read", out).group(1))
        print(f"| {target} | {size}^3 f16 | {gathers} | "
              f"{read / programs / minimum:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
