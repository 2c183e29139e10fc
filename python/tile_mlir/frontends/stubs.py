"""Stubs made in bulk: the public functions of a family of constructs
(elementwise math, reductions) registered with their semantic handler."""

from ..compiler import registry
from ..semantic import elementwise, reduction


def unary_stub(name, op=None):
    """The public stub `name`(x) of elementwise.unary(`op`, default name)."""
    def handler(tr, x):
        return elementwise.unary(tr, op or name, x)

    def stub(x):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "Elementwise %s." % (op or name)
    return registry.op(handler)(stub)


def reduction_stub(which, doc, name=None):
    """The public stub `name`(x, axis=None), default `which`, of
    reduction.reduce(`which`), with Triton's keywords: `dtype` converts x
    first (tl.sum), `return_indices` also gives the argmax/argmin (tl.max,
    tl.min)."""
    def handler(tr, x, axis=None, keep_dims=False, dtype=None,
                return_indices=False, return_indices_tie_break_left=True):
        value = reduction.reduce(tr, which, x, axis, keep_dims, dtype)
        if not return_indices:
            return value
        if which not in ("max", "min"):
            tr.error("return_indices is for max and min")
        return value, reduction.arg_reduce(tr, which, x, axis,
                                           return_indices_tie_break_left,
                                           dtype=dtype)

    def stub(x, axis=None, keep_dims=False, dtype=None, return_indices=False,
             return_indices_tie_break_left=True):
        registry.outside(name or which)
    stub.__name__ = stub.__qualname__ = name or which
    stub.__doc__ = doc
    return registry.op(handler)(stub)
