# The TileLang GEMM in TileLang's own syntax (import tile_mlir.tilelang as
# T): a matmul factory closing over the shapes, T.Kernel with 128 threads
# (2 x 2 SIMD groups), shared and fragment tiles, T.clear, a 3-stage
# T.Pipelined K loop, T.copy of A, a T.Parallel element copy of B, T.gemm
# and T.copy of the f32 accumulator into f16 C; f16 in, f32 accumulate, on a
# ragged 100 x 72 x 56 with 64 x 64 x 32 blocks, against numpy. Then a
# transposed B and the MSL a Mac would build.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir.tilelang as T  # noqa: E402
from check import rand, report, show_msl  # noqa: E402


def matmul(M, N, K, block_M, block_N, block_K, dtype="float16", accum_dtype="float"):
    @T.prim_func
    def main(
        A: T.Buffer((M, K), dtype),
        B: T.Buffer((K, N), dtype),
        C: T.Buffer((M, N), dtype),
    ):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_K, block_N), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)

            T.clear(C_local)

            for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=3):
                T.copy(A[by * block_M, ko * block_K], A_shared)

                for k, j in T.Parallel(block_K, block_N):
                    B_shared[k, j] = B[ko * block_K + k, bx * block_N + j]

                T.gemm(A_shared, B_shared, C_local)

            T.copy(C_local, C[by * block_M, bx * block_N])

    return main


M, N, K = 100, 72, 56
func = matmul(M, N, K, 64, 64, 32)
a, b = rand(M, K, dtype=np.float16), rand(K, N, dtype=np.float16, seed=1)
c = np.zeros((M, N), np.float16)
func(a, b, c)
report("tilelang gemm f16", c, a.astype(np.float64) @ b, tol=2e-2)
# CHECK: tilelang gemm f16: ok

compiled = func.compile()
print("grid:", compiled.grid, "threads:", compiled.threads,
      "abi threads:", compiled.abi["threads_per_threadgroup"])
# CHECK-NEXT: grid: (2, 2) threads: 128 abi threads: [128, 1, 1]
for line in compiled.ir.splitlines():
    line = line.split(" loc(")[0].strip()
    if line.startswith(("func.func", "attributes", "%bx", "%by", "%C_local", "tile.store")) \
            or "tile.load" in line or "num_stages" in line:
        print(line)
# CHECK-NEXT: func.func @matmul_main(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf16>)
# CHECK-NEXT: attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
# CHECK-NEXT: %bx = tile.program_id x : index
# CHECK-NEXT: %by = tile.program_id y : index
# CHECK-NEXT: %C_local = arith.constant dense<0.0> : tensor<64x64xf32>
# CHECK-NEXT: %C_local_1 = tile.for_range %ko = %c0 to %c2 step %c1 iter_args(%C_local_iter = %C_local) -> (tensor<64x64xf32>) {
# CHECK-NEXT: %A_shared = tile.load %A[{{.*}}] strides [%c56, %c1] bounds [%c100, %c56] : memref<?xf16> -> tensor<64x32xf16>
# CHECK-NEXT: %B_shared = tile.load %B[{{.*}}] strides [%c72, %c1] bounds [%c56, %c72] : memref<?xf16> -> tensor<32x64xf16>
# CHECK-NEXT: %C_local_2 = tile.dot %A_shared, %B_shared, %C_local_iter
# CHECK-NEXT: } {num_stages = 3 : i64}
# CHECK-NEXT: %C_local_f16 = arith.truncf %C_local_1 : tensor<64x64xf32> to tensor<64x64xf16>
# CHECK-NEXT: tile.store %C_local_f16, %C[{{.*}}] strides [%c72{{(_1)?}}, %c1] bounds [%c100{{(_1)?}}, %c72{{(_1)?}}] : tensor<64x64xf16>, memref<?xf16>
show_msl(compiled)
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_main(


# transpose_B=True: B is N x K in memory; its tile is reloaded transposed
# (strides swapped), so T.gemm computes A @ B.T.
def matmul_nt(M, N, K, block_M, block_N, block_K, dtype="float16", accum_dtype="float"):
    @T.prim_func
    def main(A: T.Tensor((M, K), dtype), B: T.Tensor((N, K), dtype),
             C: T.Tensor((M, N), dtype)):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_N, block_K), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)
            T.clear(C_local)
            for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
                T.copy(A[by * block_M, ko * block_K], A_shared)
                T.copy(B[bx * block_N, ko * block_K], B_shared)
                T.gemm(A_shared, B_shared, C_local, transpose_B=True)
            T.copy(C_local, C[by * block_M, bx * block_N])

    return main


bt = rand(N, K, dtype=np.float16, seed=2)
c = np.zeros((M, N), np.float16)
nt = matmul_nt(M, N, K, 32, 32, 16)
nt(a, bt, c)
report("tilelang gemm transpose_B", c, a.astype(np.float64) @ bt.T.astype(np.float64), tol=2e-2)
# CHECK-NEXT: tilelang gemm transpose_B: ok
print([l.strip().split(" : ")[0] for l in nt.compile().ir.splitlines()
       if "tile.load %B" in l][-1])
# CHECK-NEXT: %B_shared_T = tile.load %B[%{{.*}}, %{{.*}}] strides [%c1, %c56] bounds [%c56, %c72]
