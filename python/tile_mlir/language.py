"""Triton-style kernels: `import tile_mlir.language as tl` and
`@tile_mlir.jit`. Pointers are `buffer + offsets`, with offsets affine in
`tl.arange`, program ids and integer scalars; masks are conjunctions (`&`)
of `offsets < bound`. Both map exactly onto tile.load/tile.store starts,
strides and bounds; anything else is a DSLError naming the line."""

from . import memory, registry
from .dsl import (abs, arange, cast, cdiv, constexpr, exp, full, log, max,
                  maximum, min, minimum, num_programs, program_id, sqrt, sum,
                  tanh, where, zeros)
from .dsl import _h_dot, _h_sum
from .emitter import describe
from .kernel import jit
from .poly import Pointer
from .registry import static_range

float32, float16, bfloat16, int32 = "f32", "f16", "bf16", "i32"

__all__ = ["abs", "arange", "cast", "cdiv", "constexpr", "exp", "full", "log",
           "max", "maximum", "min", "minimum", "num_programs", "program_id",
           "sqrt", "sum", "tanh", "where", "zeros", "dot", "load", "store",
           "jit", "static_range", "reduce_sum", "float32", "float16",
           "bfloat16", "int32"]


def _pointer(tr, pointer, what):
    if not isinstance(pointer, Pointer):
        from .emitter import Buffer
        if isinstance(pointer, Buffer):
            return Pointer(pointer, tr.em.index_poly(0))
        tr.error("%s needs a pointer expression (buffer + offsets), got %s" %
                 (what, describe(pointer)))
    return pointer


def _h_load(tr, pointer, mask=None, other=None):
    return memory.load_pointer(tr.em, _pointer(tr, pointer, "load"), mask, other)


@registry.op(_h_load)
def load(pointer, mask=None, other=None):
    """Loads the tile `pointer` points at; masked-off elements read `other`
    (default 0) and touch no memory."""
    registry.outside("load")


def _h_store(tr, pointer, value, mask=None):
    memory.store_pointer(tr.em, _pointer(tr, pointer, "store"), value, mask)


@registry.op(_h_store)
def store(pointer, value, mask=None):
    """Stores `value` where `pointer` points; masked-off elements are not
    written."""
    registry.outside("store")


@registry.op(_h_dot)
def dot(a, b, acc=None):
    """a @ b (+ acc), accumulated in f32."""
    registry.outside("dot")


@registry.op(_h_sum)
def reduce_sum(x, axis=None):
    """sum() under the name TinyTon kernels use."""
    registry.outside("reduce_sum")
