"""Reductions (sum, max, min, xor) along an axis or to a scalar, and the
matrix product tile.dot."""

from ..compiler.ir import is_float
from .core import no_keep_dims

_FLOAT_KINDS = {"sum": "add", "max": "maximumf", "min": "minimumf"}
_INT_KINDS = {"sum": "add", "max": "maxsi", "min": "minsi", "xor": "xor"}


def reduce(tr, which, x, axis=None, keep_dims=False):
    """`which` (sum, max, min or xor) of x's elements along `axis` (negative
    counts from the end), or of all of them (None): a scalar. A scalar x
    is its own reduction."""
    em = tr.em
    no_keep_dims(tr, keep_dims)
    x = em.materialize(x)
    if is_float(x.element):
        if which == "xor":
            tr.error("xor_sum needs an integer tile")
        kind = _FLOAT_KINDS[which]
    else:
        kind = _INT_KINDS[which]
    if not x.shape:
        return x
    if axis is None:
        while x.shape:
            x = em.reduce(kind, x, len(x.shape) - 1)
        return x
    if axis < 0:
        axis += len(x.shape)
    if not 0 <= axis < len(x.shape):
        tr.error("axis %d out of range for a %d-D tile" % (axis, len(x.shape)))
    return em.reduce(kind, x, axis)


def dot(tr, a, b, acc=None):
    """acc + a @ b: a is M x K, b K x N, of one float type; acc (default
    f32 zeros) M x N."""
    em = tr.em
    a, b = em.materialize(a), em.materialize(b)
    if len(a.shape) != 2 or len(b.shape) != 2 or a.shape[1] != b.shape[0]:
        tr.error("dot(a, b): a must be MxK and b KxN, got %s and %s" %
                 (a.shape, b.shape))
    if a.element != b.element or not is_float(a.element):
        tr.error("dot operands must be f32, f16 or bf16 of one type, got %s and %s"
                 % (a.element, b.element))
    shape = (a.shape[0], b.shape[1])
    if acc is None:
        acc = em.constant(0, "f32", shape)
    acc = em.materialize(acc)
    if acc.shape != shape:
        tr.error("dot accumulator must be %s, got %s" % (shape, acc.shape))
    a, b = em.to_shape(a, a.shape), em.to_shape(b, b.shape)
    return em.op1(acc.element, shape, "tile.dot ", a.ssa, ", ", b.ssa, ", ",
                  acc.ssa, " : %s, %s -> %s" % (a.ir_type, b.ir_type, acc.ir_type))
