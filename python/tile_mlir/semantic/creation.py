"""Tiles made from nothing: full, zeros, zeros_like and arange."""

from ..compiler.poly import Poly
from .core import dtype_of, int_arg, tile_shape


def full(tr, shape, value, dtype="f32"):
    """A tile of `shape` filled with `value` (a number, or a traced scalar
    converted to dtype)."""
    shape, element = tile_shape(tr, shape), dtype_of(tr, dtype)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return tr.em.constant(value, element, shape)
    v = tr.em.materialize(value)
    if v.shape:
        tr.error("full() takes a scalar value")
    return tr.em.splat(tr.em.cast(v, element), shape)


def zeros(tr, shape, dtype="f32"):
    return full(tr, shape, 0, dtype)


def zeros_like(tr, input, dtype=None):
    """Zeros of input's shape, and of its type unless dtype is given."""
    v = tr.em.materialize(input)
    element = dtype_of(tr, dtype) if dtype is not None else v.element
    return tr.em.constant(0, element, v.shape)


def arange(tr, start, stop=None):
    """start, start + 1, ..., stop - 1 (bounds known while tracing): an
    affine integer expression (Poly), so pointers built from it stay
    rectangles."""
    if stop is None:
        start, stop = 0, start
    n = int_arg(tr, stop, "arange's stop") - int_arg(tr, start, "arange's start")
    if n <= 0:
        tr.error("arange(%d, %d) is empty" % (start, stop))
    return Poly.axis(0, (n,)).add(Poly.const(start, (n,)), (n,))
