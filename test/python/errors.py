# Bad input is a Python exception naming the source line, never a crash:
# wrong dtype, shape mismatch, an unsupported pointer expression, an op
# outside the DSL, runtime control flow, a loop variable that changes type,
# a compiler diagnostic, and an out-of-bounds access caught by the emulator.
# RUN: %python %s | FileCheck %s

import os
import sys

import numpy as np

import tile_mlir as tm
import tile_mlir.language as tl


sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from check import show_error  # noqa: E402


def show(what, fn):
    show_error(what, fn, __file__)


@tm.kernel
def copy(X, Y, N, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(N,))
    tm.tile_store(Y, i, value=x, shape=(BLOCK,), bounds=(N,))


x64 = np.zeros(10)  # float64
show("dtype", lambda: copy[(1,)](x64, x64, 10, BLOCK=16))
# CHECK: dtype -> DSLError: errors.py:[[@LINE-8]]:1: error: argument 'X': float64 arrays are not supported (float32, float16, int32, int16, int8, uint32, uint16, uint8)


@tm.kernel
def bad_dot(A, C, BLOCK: tm.constexpr):
    a = tm.tile_load(A, 0, 0, BLOCK, (BLOCK, 8))
    c = tm.dot(a, a)
    tm.tile_store(C, 0, 0, BLOCK, c, (BLOCK, BLOCK))


a = np.zeros((16, 16), np.float32)
show("shape", lambda: bad_dot[(1,)](a, a, BLOCK=16))
# CHECK: shape -> DSLError: errors.py:[[@LINE-6]]:9: error: dot(a, b): a must be MxK and b KxN, got (16, 8) and (16, 8)
# CHECK-NEXT: c = tm.dot(a, a)


@tm.jit
def float_pointer(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK) * 0.5
    x = tl.load(X + offs)
    tl.store(Y + tl.arange(0, BLOCK), x)


show("pointer", lambda: float_pointer[(1,)](a, a, 5, BLOCK=16))
# CHECK: pointer -> DSLError: errors.py:[[@LINE-5]]:17: error: a pointer offset must be an integer tile or scalar; this one is a tile tensor<16xf32>
# CHECK-NEXT: x = tl.load(X + offs)


@tm.kernel
def outside_dsl(X, BLOCK: tm.constexpr):
    x = tm.tile_load(X, 0, shape=(BLOCK,))
    tm.tile_store(X, 0, value=np.sin(x), shape=(BLOCK,))


show("op", lambda: outside_dsl[(1,)](a, BLOCK=16))
# CHECK: op -> DSLError: errors.py:[[@LINE-4]]:31: error: 'numpy.sin' is not an operation of the tile_mlir DSL
# CHECK-NEXT: tm.tile_store(X, 0, value=np.sin(x), shape=(BLOCK,))


@tm.kernel
def zero_stride(X, BLOCK: tm.constexpr):
    x = tm.tile_load(X, 0, 0, 0, (BLOCK, BLOCK))


show("default bounds", lambda: zero_stride.compile(np.float32, BLOCK=8))
# CHECK: default bounds -> DSLError: errors.py:[[@LINE-4]]:9: error: a row stride of 0: pass bounds= explicitly
# CHECK-NEXT: x = tm.tile_load(X, 0, 0, 0, (BLOCK, BLOCK))


@tm.kernel
def runtime_if(X, N, BLOCK: tm.constexpr):
    if N > 3:
        tm.tile_store(X, 0, value=tm.zeros((BLOCK,)), shape=(BLOCK,))


show("if", lambda: runtime_if[(1,)](a, 4, BLOCK=16))
# CHECK: if -> DSLError: errors.py:[[@LINE-4]]:9: error: tile_store inside an 'if' on a runtime value: put the condition into its bounds, or use Triton-style tl.load/tl.store, which the condition masks


@tm.kernel
def changes_type(X, N, BLOCK: tm.constexpr):
    # (A scalar that becomes a tile is carried as that tile, as in meTile;
    # a tile that changes its element type is an error.)
    acc = tm.zeros((BLOCK,))
    for i in tm.tile_range(0, N, BLOCK):
        acc = tm.cast(acc + tm.tile_load(X, i, shape=(BLOCK,), bounds=(N,)), "f16")
    tm.tile_store(X, 0, value=acc, shape=(BLOCK,))


show("loop type", lambda: changes_type[(1,)](a, 4, BLOCK=16))
# CHECK: loop type -> DSLError: errors.py:[[@LINE-6]]:5: error: loop variable changes type in the loop body: tensor<16xf32> before, tensor<16xf16> after


@tm.kernel
def bad_swizzle(X, BLOCK: tm.constexpr):
    pm, pn = tm.tile_swizzle(tm.program_id(0), tm.program_id(1),
                             pattern="grouped", block_size=0)
    tm.tile_store(X, pm * BLOCK, pn * BLOCK, 16, tm.zeros((BLOCK, BLOCK)),
                  (BLOCK, BLOCK))


show("compiler", lambda: bad_swizzle[(1, 1)](a, BLOCK=8))
# CHECK: compiler -> CompilationError: tile-mlir compiler:
# CHECK-NEXT: errors.py:[[@LINE-8]]:{{[0-9]+}}: error: 'tile.swizzle' op pattern 'grouped' needs a block of at least 1, got 0


@tm.kernel
def too_many_threads(A, C, BLOCK: tm.constexpr):
    a = tm.tile_load(A, 0, 0, BLOCK, (BLOCK, BLOCK))
    tm.tile_store(C, 0, 0, BLOCK, tm.dot(a, a), (BLOCK, BLOCK))


# An error at the kernel points at its `def` line, in one line (no dump of
# the IR).
try:
    too_many_threads.compile(a, a, BLOCK=64, WM=8, WN=8)
except tm.CompilationError as e:
    print("kernel ->", str(e).replace(os.path.dirname(os.path.abspath(__file__)) + "/", ""))
# CHECK: kernel -> tile-mlir compiler:
# CHECK-NEXT: errors.py:[[@LINE-12]]:1: error: 'tile.simdgroups' = 8x8 needs 2048 threads per threadgroup, more than 1024
# CHECK-NEXT: def too_many_threads(A, C, BLOCK: tm.constexpr):
# CHECK-NOT: see current operation


# An unmasked Triton load is the user's promise that it stays in range (a
# tile_load without bounds is masked by the buffer's extent instead).
@tm.jit
def unbounded(X, Y, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs))


small = np.zeros(20, np.float32)
show("oob", lambda: unbounded[(2,)](small, small.copy(), BLOCK=16))
# CHECK: oob -> EmulatorError: Metal emulator (out-of-bounds error) running kernel 'unbounded': {{.*}}buffer 'X'

show("outside", lambda: tm.zeros((4, 4)))
# CHECK: outside -> OutsideKernelError: tile_mlir.zeros can only be called inside a @tile_mlir.kernel or @tile_mlir.jit function
print("done")
# CHECK: done
