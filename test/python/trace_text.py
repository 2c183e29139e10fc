# The tile IR text the tracer writes, whole: every line of two kernels (the
# meTile seed GEMM that benchmarks/python_compile.py times, and a Triton-style
# kernel with masks, a runtime-bound loop and a reduction), so that a change of
# the tracer's bookkeeping (value names, constant and expression caching, the
# order of lines) cannot go unnoticed. Locations are checked on two lines.
# RUN: %python %s | FileCheck --match-full-lines %s

import os
import sys

import tile_mlir as tm
import tile_mlir.language as tl

BENCHMARKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                          "benchmarks")
sys.path.insert(0, BENCHMARKS)
from python_compile import seed_gemm  # noqa: E402

matmul = seed_gemm(tm)


@tm.jit
def row_sums(x_ptr, out_ptr, n_rows, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        x = tl.load(x_ptr + row * stride + start + cols,
                    mask=start + cols < n_cols, other=0.0)
        total += tl.exp(x) * 0.5
    tl.store(out_ptr + row, tl.sum(total, axis=0), mask=row < n_rows)


def show(compiled):
    for line in compiled.ir.splitlines():
        text, _, loc = line.partition(" loc(")
        if "tile.dot" in text or text.strip().startswith("tile.store"):
            text += " loc(\"%s" % loc.split("/")[-1]  # the file's name
        print(text)


f32 = tm.Buffer(dtype="float32")
show(matmul.compile(f32, f32, f32, 1024, 1024, 1024, BLOCK_M=64, BLOCK_N=64,
                    BLOCK_K=32))
show(row_sums.compile(f32, f32, 100, 100, 100, BLOCK=64))

# The expected text: what the tracer wrote before its speed-ups (issue 25,
# item 7), unchanged.
# CHECK: func.func @matmul(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %M: index, %N: index, %K: index, %A_numel: index, %B_numel: index, %C_numel: index)
# CHECK-NEXT:     attributes {tile.kernel} {
# CHECK-NEXT:   %pid_m = tile.program_id x : index
# CHECK-NEXT:   %pid_n = tile.program_id y : index
# CHECK-NEXT:   %acc = arith.constant dense<0.0> : tensor<64x64xf32>
# CHECK-NEXT:   %c0 = arith.constant 0 : index
# CHECK-NEXT:   %c32 = arith.constant 32 : index
# CHECK-NEXT:   %acc_1 = tile.for_range %k = %c0 to %K step %c32 iter_args(%acc_iter = %acc) -> (tensor<64x64xf32>) {
# CHECK-NEXT:     %c1 = arith.constant 1 : index
# CHECK-NEXT:     %K_or_1 = arith.maxui %K, %c1 : index
# CHECK-NEXT:     %A_rows = arith.divui %A_numel, %K_or_1 : index
# CHECK-NEXT:     %c64 = arith.constant 64 : index
# CHECK-NEXT:     %v = arith.muli %pid_m, %c64 : index
# CHECK-NEXT:     %a = tile.load %A[%v, %k] strides [%K, %c1] bounds [%A_rows, %K] : memref<?xf32> -> tensor<64x32xf32>
# CHECK-NEXT:     %N_or_1 = arith.maxui %N, %c1 : index
# CHECK-NEXT:     %B_rows = arith.divui %B_numel, %N_or_1 : index
# CHECK-NEXT:     %v_1 = arith.muli %pid_n, %c64 : index
# CHECK-NEXT:     %b = tile.load %B[%k, %v_1] strides [%N, %c1] bounds [%B_rows, %N] : memref<?xf32> -> tensor<32x64xf32>
# CHECK-NEXT:     %acc_2 = tile.dot %a, %b, %acc_iter : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32> loc("python_compile.py":35:15)
# CHECK-NEXT:     tile.yield %acc_2 : tensor<64x64xf32>
# CHECK-NEXT:   }
# CHECK-NEXT:   %c1_1 = arith.constant 1 : index
# CHECK-NEXT:   %N_or_1_1 = arith.maxui %N, %c1_1 : index
# CHECK-NEXT:   %C_rows = arith.divui %C_numel, %N_or_1_1 : index
# CHECK-NEXT:   %c64_1 = arith.constant 64 : index
# CHECK-NEXT:   %v_2 = arith.muli %pid_m, %c64_1 : index
# CHECK-NEXT:   %v_3 = arith.muli %pid_n, %c64_1 : index
# CHECK-NEXT:   tile.store %acc_1, %C[%v_2, %v_3] strides [%N, %c1_1] bounds [%C_rows, %N] : tensor<64x64xf32>, memref<?xf32> loc("python_compile.py":36:5)
# CHECK-NEXT:   return
# CHECK-NEXT: }
# CHECK-NEXT: func.func @row_sums(%x_ptr: memref<?xf32>, %out_ptr: memref<?xf32>, %n_rows: index, %n_cols: index, %stride: index)
# CHECK-NEXT:     attributes {tile.kernel} {
# CHECK-NEXT:   %row = tile.program_id x : index
# CHECK-NEXT:   %total = arith.constant dense<0.0> : tensor<64xf32>
# CHECK-NEXT:   %c0 = arith.constant 0 : index
# CHECK-NEXT:   %c64 = arith.constant 64 : index
# CHECK-NEXT:   %total_1 = tile.for_range %start = %c0 to %n_cols step %c64 iter_args(%total_iter = %total) -> (tensor<64xf32>) {
# CHECK-NEXT:     %v = arith.muli %stride, %row : index
# CHECK-NEXT:     %v_1 = arith.addi %n_cols, %v : index
# CHECK-NEXT:     %v_2 = arith.addi %v, %start : index
# CHECK-NEXT:     %c1 = arith.constant 1 : index
# CHECK-NEXT:     %x = tile.load %x_ptr[%v_2] strides [%c1] bounds [%v_1] {padding = 0.0 : f32} : memref<?xf32> -> tensor<64xf32>
# CHECK-NEXT:     %v_3 = math.exp %x : tensor<64xf32>
# CHECK-NEXT:     %cst = arith.constant dense<0.5> : tensor<64xf32>
# CHECK-NEXT:     %v_4 = arith.mulf %v_3, %cst : tensor<64xf32>
# CHECK-NEXT:     %total_2 = arith.addf %total_iter, %v_4 : tensor<64xf32>
# CHECK-NEXT:     tile.yield %total_2 : tensor<64xf32>
# CHECK-NEXT:   }
# CHECK-NEXT:   %v_5 = tile.reduce add %total_1 dim 0 : tensor<64xf32> -> f32
# CHECK-NEXT:   %v_6 = arith.cmpi ult, %row, %n_rows : index
# CHECK-NEXT:   %v_7 = tile.splat %v_5 : f32 -> tensor<1xf32>
# CHECK-NEXT:   %v_8 = arith.index_cast %row : index to i32
# CHECK-NEXT:   %v_9 = tile.splat %v_8 : i32 -> tensor<1xi32>
# CHECK-NEXT:   %v_10 = tile.splat %v_6 : i1 -> tensor<1xi1>
# CHECK-NEXT:   tile.scatter %v_7, %out_ptr[%v_9] mask %v_10 : tensor<1xf32>, memref<?xf32>, tensor<1xi32>
# CHECK-NEXT:   return
# CHECK-NEXT: }
