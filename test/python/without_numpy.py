# The package imports, traces and compiles without numpy (the MSL and ABI
# need no arrays; buffers given as Buffer(dtype=...)), and running a kernel
# then says that it needs numpy. numpy is hidden from the import system here.
# RUN: %python %s 2>&1 | FileCheck %s

import sys

sys.modules["numpy"] = None  # `import numpy` raises ImportError from now on

import tile_mlir as tm  # noqa: E402
import tile_mlir.tilelang as tilelang  # noqa: E402
import tile_mlir.tilelang.language as T  # noqa: E402


@tm.kernel
def add(X, Y, Z, n, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(n,))
    y = tm.tile_load(Y, i, shape=(BLOCK,), bounds=(n,))
    tm.tile_store(Z, i, value=x + y + float("inf"), shape=(BLOCK,), bounds=(n,))


f16 = tm.Buffer(dtype="float16")
compiled = add.compile(f16, f16, f16, 100, BLOCK=64)
print([line for line in compiled.msl.splitlines() if line.startswith("[[kernel]]")][0])
# CHECK: {{\[\[}}kernel]] void add(
print("inf:", [line.split(" loc(")[0].strip() for line in compiled.ir.splitlines()
               if "0x7C00" in line][0])
# CHECK-NEXT: inf: %cst = arith.constant dense<0x7C00> : tensor<64xf16>


def scale(M, N):
    @T.prim_func
    def main(A: T.Buffer((M, N), "float32"), B: T.Buffer((M, N), "float32")):
        with T.Kernel(T.ceildiv(N, 32), T.ceildiv(M, 32), threads=32) as (bx, by):
            for i, j in T.Parallel(32, 32):
                B[by * 32 + i, bx * 32 + j] = A[by * 32 + i, bx * 32 + j] * 2.0

    return main


kernel = tilelang.JITKernel(scale(40, 40), out_idx=[1])
print("prim_func MSL:", "[[kernel]] void scale_main(" in kernel.get_kernel_source())
# CHECK-NEXT: prim_func MSL: True

for what, run in (("launch", lambda: add[(2,)](f16, f16, f16, 100, BLOCK=64)),
                  ("JITKernel call", lambda: kernel(None))):
    try:
        run()
    except tm.TileError as e:
        print(what, "->", type(e).__name__ + ":", e)
# CHECK-NEXT: launch -> TileError: running a kernel needs numpy (Debian: apt-get install python3-numpy)
# CHECK-NEXT: JITKernel call -> TileError: calling a JITKernel needs numpy (Debian: apt-get install python3-numpy)
