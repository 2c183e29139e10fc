# The tracer runs each kernel's AST as closures made once per node
# (tile_mlir/compiler/closures.py). What must hold: a new specialization traces the
# same closures again (they are not made per trace) and its IR follows the new
# constexprs; an unsupported construct is an error when it is traced, at its
# line, and not when its closure is made (a branch a constexpr leaves out is
# never an error); a DSL call bound once per call site binds positional,
# keyword and default arguments as registry.call does, and a call that does not
# bind keeps giving registry.call's message, on every trace.
# RUN: %python %s | FileCheck %s

import ast
import os
import sys

import numpy as np

import tile_mlir as tm

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from check import show_error  # noqa: E402


@tm.kernel
def scaled_copy(X, Y, N, BLOCK: tm.constexpr, TWICE: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(N,))
    if TWICE:
        x = x + x
    else:
        x = x * {0: 1.0}[0]  # a dict: not supported in a kernel
    tm.tile_store(Y, i, value=x, shape=(BLOCK,), bounds=(N,))


def closures(kernel):
    """{node: closure} of every node of the kernel that has one."""
    node, _ = kernel._function()
    out = {}
    for n in ast.walk(node):
        made = n.__dict__.get("_tile_expr") or n.__dict__.get("_tile_stmt")
        if made is not None:
            out[n] = made[1]
    return out


f32 = tm.Buffer(dtype="float32")
first = scaled_copy.compile(f32, f32, 100, BLOCK=16, TWICE=True)
made = closures(scaled_copy)
second = scaled_copy.compile(f32, f32, 100, BLOCK=32, TWICE=True)
again = closures(scaled_copy)
print("closures made:", len(made) > 10, "reused:",
      all(again[n] is f for n, f in made.items()))
# CHECK: closures made: True reused: True
print("BLOCK=16:", "tensor<16xf32>" in first.ir, "BLOCK=32:",
      "tensor<32xf32>" in second.ir and "tensor<16xf32>" not in second.ir)
# CHECK-NEXT: BLOCK=16: True BLOCK=32: True


def show(what, fn):
    show_error(what, fn, __file__)


show("untaken branch", lambda: scaled_copy.compile(f32, f32, 100, BLOCK=8,
                                                    TWICE=True) and None)
# CHECK-NEXT: untaken branch -> no error
show("taken branch", lambda: scaled_copy.compile(f32, f32, 100, BLOCK=8,
                                                  TWICE=False))
# CHECK-NEXT: taken branch -> DSLError: trace_closures.py:30:17: error: 'Dict' expressions are not supported in a kernel
# CHECK-NEXT: x = x * {0: 1.0}[0]


@tm.kernel
def by_position(X, Y, N, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, None, None, (BLOCK,), (N,))
    tm.tile_store(Y, i, None, None, x, (BLOCK,), (N,))


@tm.kernel
def by_keyword(X, Y, N, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(bounds=(N,), shape=(BLOCK,), buf=X, row=i)
    tm.tile_store(Y, i, value=x, bounds=(N,), shape=(BLOCK,))


def body(ir):
    """The IR's lines without their locations."""
    return [line.partition(" loc(")[0] for line in ir.splitlines()[1:]]


a = by_position.compile(f32, f32, 100, BLOCK=16)
b = by_keyword.compile(f32, f32, 100, BLOCK=16)
print("same IR by position and by keyword:", body(a.ir) == body(b.ir))
# CHECK-NEXT: same IR by position and by keyword: True


@tm.kernel
def extra_argument(X, N, BLOCK: tm.constexpr):
    x = tm.zeros((BLOCK,), "f32", 0)
    tm.tile_store(X, 0, value=x, shape=(BLOCK,), bounds=(N,))


for block in (16, 32):  # a new trace, the same call site
    show("extra argument", lambda: extra_argument.compile(f32, 100, BLOCK=block))
# CHECK-NEXT: extra argument -> DSLError: trace_closures.py:98:9: error: zeros(): too many positional arguments
# CHECK-NEXT: x = tm.zeros((BLOCK,), "f32", 0)
# CHECK-NEXT: extra argument -> DSLError: trace_closures.py:98:9: error: zeros(): too many positional arguments
# CHECK-NEXT: x = tm.zeros((BLOCK,), "f32", 0)

x = np.arange(40, dtype=np.float32)
y = np.zeros(40, np.float32)
by_keyword[(3,)](x, y, 40, BLOCK=16)
print("by_keyword runs:", bool(np.array_equal(x, y)))
# CHECK-NEXT: by_keyword runs: True
