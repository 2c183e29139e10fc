# TileLang's GEMM tutorial as it is written, its imports mapped one to one
# (tilelang -> tile_mlir.tilelang), its commented layout and rasterization
# hints switched on, numpy in place of torch and a ragged size the emulator
# runs quickly: JITKernel(func, out_idx=[2], target="cuda") (cuda means the
# emulator here, and says so), the kernel called with its inputs only and
# returning C, get_kernel_source() (MSL) and get_profiler().do_bench() (the
# cost model's estimate, and says so). Then a bias epilogue through a
# broadcasting T.Parallel, several outputs, and what T.use_swizzle becomes.
# RUN: %python %s 2>&1 | FileCheck %s

import os
import sys
import warnings

import numpy as np

import tile_mlir.tilelang as tilelang
import tile_mlir.tilelang.language as T
from tile_mlir.tilelang.intrinsics import make_mma_swizzle_layout

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from check import rand, report  # noqa: E402


def matmul(M, N, K, block_M, block_N, block_K, dtype="float16", accum_dtype="float",
           panel_size=10, order="row", enable=True):
    @T.prim_func
    def main(
        A: T.Buffer((M, K), dtype),
        B: T.Buffer((K, N), dtype),
        C: T.Buffer((M, N), dtype),
    ):
        # Initialize Kernel Context
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_K, block_N), dtype)
            C_local = T.alloc_fragment((block_M, block_N), accum_dtype)

            # Optional layout hints
            T.annotate_layout({
                A_shared: make_mma_swizzle_layout(A_shared),
                B_shared: make_mma_swizzle_layout(B_shared),
            })

            # Optional: Enabling swizzle-based rasterization
            T.use_swizzle(panel_size=panel_size, order=order, enable=enable)

            # Clear local accumulation
            T.clear(C_local)

            for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=3):
                # Copy tile of A from global to shared memory
                T.copy(A[by * block_M, ko * block_K], A_shared)

                # Parallel copy tile of B from global to shared memory
                for k, j in T.Parallel(block_K, block_N):
                    B_shared[k, j] = B[ko * block_K + k, bx * block_N + j]

                # Perform a tile-level GEMM
                T.gemm(A_shared, B_shared, C_local)

            # Copy result from local (register fragment) to global memory
            T.copy(C_local, C[by * block_M, bx * block_N])

    return main


M, N, K = 200, 136, 72  # a 3 x 4 grid of 64 x 64 blocks, the last ones partial
# 1. Create the TileLang function
func = matmul(M, N, K, 64, 64, 32)

# 2. JIT-compile the kernel ("cuda": the Metal emulator here)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    jit_kernel = tilelang.JITKernel(func, out_idx=[2], target="cuda")
print("warning:", caught[0].message)
# CHECK: warning: target='cuda': tile_mlir compiles TileLang kernels to Metal Shading Language for Apple GPUs and runs them on its Metal emulator (there is no CUDA here); 'cuda' is taken as 'auto' (apple9)

# 3. Prepare input tensors
a = rand(M, K, dtype=np.float16)
b = rand(K, N, dtype=np.float16, seed=1)

# 4. Invoke the JIT-compiled kernel: the inputs in, C out
c = jit_kernel(a, b)
ref_c = a.astype(np.float64) @ b
print("C:", type(c).__name__, c.dtype, c.shape)
# CHECK-NEXT: C: ndarray float16 (200, 136)
report("tutorial gemm", c, ref_c, tol=2e-2)
# CHECK-NEXT: tutorial gemm: ok

# 6. Inspect the generated source: MSL
source = jit_kernel.get_kernel_source()
print([line for line in source.splitlines() if line.startswith("[[kernel]]")][0])
# CHECK-NEXT: {{\[\[}}kernel]] void matmul_main(

# 7. "Profile": the analytic estimate, which says it is one
profiler = jit_kernel.get_profiler()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    latency = profiler.do_bench()
print("latency is a positive float:", isinstance(latency, float) and latency > 0)
# CHECK-NEXT: latency is a positive float: True
print("warning:", caught[0].message)
# CHECK-NEXT: warning: do_bench: {{[0-9.e+-]+}} ms is the analytic cost model's estimate for M3 (tile_mlir.estimate_seconds), not a measurement: the kernel ran on the Metal emulator

# target "auto"/"metal" are apple9 without a warning; an Apple family as is.
for target in ("auto", "metal", "apple10"):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        k = tilelang.JITKernel(func, out_idx=[2], target=target)
    print(target, "->", k.target, "warnings:", len(caught))
# CHECK-NEXT: auto -> apple9 warnings: 0
# CHECK-NEXT: metal -> apple9 warnings: 0
# CHECK-NEXT: apple10 -> apple10 warnings: 0

# T.use_swizzle: the block order of every variant; each computes the same C.
for order, enable, panel in (("row", True, 3), ("col", True, 2), ("row", False, 10)):
    k = tilelang.JITKernel(matmul(M, N, K, 64, 64, 32, panel_size=panel, order=order,
                                  enable=enable), out_idx=[2])
    report("use_swizzle(panel_size=%d, order=%r, enable=%s)" % (panel, order, enable),
           k(a, b), ref_c, tol=2e-2)
    print("   ", " ".join(line.split(" loc(")[0].split(" = ", 1)[1].rsplit(" : ", 1)[0]
                          for line in k.compiled.ir.splitlines()
                          if "tile.swizzle" in line or "arith.minui" in line))
# CHECK-NEXT: use_swizzle(panel_size=3, order='row', enable=True): ok
# CHECK-NEXT: tile.swizzle %bx, %by {pattern = "linear"} arith.minui {{.*}}
# CHECK-NEXT: use_swizzle(panel_size=2, order='col', enable=True): ok
# CHECK-NEXT: tile.swizzle %bx, %by {pattern = "grouped", block = 2}
# CHECK-NEXT: use_swizzle(panel_size=10, order='row', enable=False): ok
# CHECK-NEXT: tile.swizzle %bx, %by {pattern = "linear"}


# An epilogue: a per-column bias and a per-row scale, broadcast by T.Parallel,
# and two outputs (out_idx=[3, 4]: both returned, in that order).
def matmul_bias(M, N, K, block_M, block_N, block_K, dtype="float16"):
    @T.prim_func
    def main(A: T.Buffer((M, K), dtype), B: T.Buffer((K, N), dtype),
             Bias: T.Buffer((N,), "float32"), C: T.Buffer((M, N), "float32"),
             Scaled: T.Buffer((M, N), "float32"), Scale: T.Buffer((M,), "float32")):
        with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M), threads=128) as (bx, by):
            A_shared = T.alloc_shared((block_M, block_K), dtype)
            B_shared = T.alloc_shared((block_K, block_N), dtype)
            C_local = T.alloc_fragment((block_M, block_N), "float")
            T.clear(C_local)
            for ko in T.Pipelined(T.ceildiv(K, block_K), num_stages=2):
                T.copy(A[by * block_M, ko * block_K], A_shared)
                T.copy(B[ko * block_K, bx * block_N], B_shared)
                T.gemm(A_shared, B_shared, C_local)
            for i, j in T.Parallel(block_M, block_N):
                C[by * block_M + i, bx * block_N + j] = C_local[i, j] + Bias[bx * block_N + j]
            for i, j in T.Parallel(block_M, block_N):
                Scaled[by * block_M + i, bx * block_N + j] = C_local[i, j] * Scale[by * block_M + i]

    return main


kernel = tilelang.JITKernel(matmul_bias(M, N, K, 64, 64, 32), out_idx=[3, 4])
bias, scale = rand(N, seed=2), rand(M, seed=3)
c, scaled = kernel(a, b, bias, scale)
report("bias epilogue", c, ref_c + bias[None, :], tol=2e-2)
report("row scale", scaled, ref_c * scale[:, None], tol=2e-2)
# CHECK-NEXT: bias epilogue: ok
# CHECK-NEXT: row scale: ok
for line in kernel.compiled.ir.splitlines():
    if "tile.broadcast" in line:
        print(line.split(" loc(")[0].split(" = ")[1])
# CHECK-NEXT: tile.broadcast %{{.*}} dim 1 : tensor<64xf32> -> tensor<64x64xf32>
# CHECK-NEXT: tile.broadcast %{{.*}} dim 0 : tensor<64xf32> -> tensor<64x64xf32>
