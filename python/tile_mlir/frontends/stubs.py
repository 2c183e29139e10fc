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
    reduction.reduce(`which`)."""
    def handler(tr, x, axis=None):
        return reduction.reduce(tr, which, x, axis)

    def stub(x, axis=None):
        registry.outside(name or which)
    stub.__name__ = stub.__qualname__ = name or which
    stub.__doc__ = doc
    return registry.op(handler)(stub)
