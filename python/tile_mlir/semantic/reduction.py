"""Reductions (sum, max, min, xor) along an axis or to a scalar, and the
matrix product tile.dot."""

from ..compiler.emitter import Value
from ..compiler.ir import is_float
from ..compiler.poly import Poly
from . import elementwise
from .core import no_keep_dims

_FLOAT_KINDS = {"sum": "add", "max": "maximumf", "min": "minimumf"}
_INT_KINDS = {"sum": "add", "max": "maxsi", "min": "minsi", "xor": "xor",
              "or": "or"}


def reduce(tr, which, x, axis=None, keep_dims=False, dtype=None):
    """`which` (sum, max, min, xor or or) of x's elements along `axis`
    (negative counts from the end), or of all of them (None): a scalar. A
    scalar x is its own reduction. `dtype` converts x first (tl.sum's)."""
    em = tr.em
    no_keep_dims(tr, keep_dims)
    if dtype is not None:
        x = elementwise.to(tr, x, dtype)
    x = em.materialize(x)
    if is_float(x.element):
        if which in ("xor", "or"):
            tr.error("a %s reduction needs an integer tile" % which)
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
    if a.expand is not None or b.expand is not None:  # else they are IR-typed
        a, b = em.to_shape(a, a.shape), em.to_shape(b, b.shape)
    return em.op1(acc.element, shape, "tile.dot ", a.ssa, ", ", b.ssa, ", ",
                  acc.ssa, " : %s, %s -> %s" % (a.ir_type, b.ir_type, acc.ir_type))


def _axis_of(tr, x, axis, what):
    """axis (negative counts from the end) as an index into x.shape."""
    if isinstance(axis, bool) or not isinstance(axis, int):
        tr.error("%s needs an axis known while tracing, got %r" % (what, axis))
    k = axis + len(x.shape) if axis < 0 else axis
    if not 0 <= k < len(x.shape):
        tr.error("%s: axis %d out of range for a %d-D tile" % (what, axis,
                                                              len(x.shape)))
    return k


def _along(x, axis):
    """The i32 tile of each element's index along `axis` of x's shape."""
    return Poly.axis(axis, x.shape)


def arg_reduce(tr, which, x, axis, tie_break_left=True, keep_dims=False,
               dtype=None):
    """Triton's argmax/argmin (`which` max or min): the index along `axis`
    of the first extreme element (the last with tie_break_left=False), as
    int32. tile IR has no index-returning reduction: it is the extreme
    (tile.reduce), then the least index holding it (a second tile.reduce
    over where(x == extreme, index, n))."""
    em = tr.em
    no_keep_dims(tr, keep_dims)
    if dtype is not None:
        x = elementwise.to(tr, x, dtype)
    x = em.materialize(x)
    what = "arg" + which
    if not x.shape:
        tr.error("%s needs a tile, got a scalar" % what)
    axis = _axis_of(tr, x, axis, what)
    extreme = reduce(tr, which, x, axis)
    if len(x.shape) == 2:  # extreme[:, None] or extreme[None, :]
        view = tuple(1 if d == axis else n for d, n in enumerate(x.shape))
        extreme = Value(extreme.ssa, extreme.element, view, expand=1 - axis)
    at_extreme = em.compare("==", x, extreme)
    if is_float(x.element):
        # tile.reduce's maximumf/minimumf give NaN when a lane is NaN, and
        # NaN equals nothing: as Triton (whose combine takes a NaN over
        # any number), the index is then a NaN's, not `none` (past the end).
        nan_extreme = em.compare("!=", extreme, extreme)
        nan_lane = em.compare("!=", x, x)
        at_extreme = em.arith("|", at_extreme, em.arith("&", nan_lane,
                                                        nan_extreme))
    if tie_break_left:
        kind, none = "minsi", x.shape[axis]
    else:
        kind, none = "maxsi", -1
    candidates = em.select(at_extreme, _along(x, axis), none)
    return em.reduce(kind, em.cast(candidates, "i32"), axis)


def cumulative(tr, which, x, axis=0, reverse=False):
    """Triton's cumsum/cumprod (`which` sum or prod) along `axis`, as
    prefix reductions: tile IR has no scan op, so out[i] reduces the
    elements at j <= i (j >= i reversed) of a [n, n] tile. A 2-D tile's
    cumsum is a tile.dot with a 0/1 triangular matrix (floats only)."""
    em = tr.em
    x = em.materialize(x)
    what = "cum" + which
    if not x.shape:
        return x
    axis = _axis_of(tr, x, axis, what)
    if len(x.shape) == 1:
        n = x.shape[0]
        square = (n, n)
        i, j = Poly.axis(0, square), Poly.axis(1, square)
        keep = em.compare(">=" if reverse else "<=", j, i)
        row = em.to_shape(Value(x.ssa, x.element, (1, n), expand=1), square)
        terms = em.select(keep, row, 0 if which == "sum" else 1)
        kind = "add" if which == "sum" else "mul"
        return em.reduce(kind, em.cast(terms, x.element), 1)
    if which != "sum" or not is_float(x.element):
        tr.error("%s of a 2-D %s tile is not supported: tile IR has no scan "
                 "op (1-D tiles, and cumsum of 2-D float tiles, are)"
                 % (what, x.element))
    n = x.shape[axis]
    square = (n, n)
    i, j = Poly.axis(0, square), Poly.axis(1, square)
    # axis 1: x @ U, U[j, i] = (j <= i); axis 0: L @ x, L[i, j] = (j <= i).
    if axis == 1:
        keep = em.compare("<=" if reverse else ">=", j, i)
    else:
        keep = em.compare(">=" if reverse else "<=", j, i)
    tri = em.select(keep, em.constant(1.0, x.element, square),
                    em.constant(0.0, x.element, square))
    prefix = None
    for part in _exact_dot_parts(tr, x):
        prefix = dot(tr, part, tri, prefix) if axis == 1 else \
            dot(tr, tri, part, prefix)
    return em.cast(prefix, x.element)


def _exact_dot_parts(tr, x):
    """x as tiles whose sum is x and whose elements have at most 11
    significant bits, so that every product with the 0/1 matrix is exact
    even where f32 dot operands are rounded to 10 mantissa bits (apple10's
    relaxed-precision tensor ops): a prefix sum then rounds only when
    accumulating, as a sequential one does. f16/bf16 tiles are exact."""
    if x.element != "f32":
        return [x]
    em, parts, rest = tr.em, [], x
    for _ in range(2):
        bits = elementwise.to(tr, rest, "i32", bitcast=True)
        head = elementwise.to(tr, em.arith("&", bits, -8192), "f32",
                              bitcast=True)  # 0xFFFFE000: 10 mantissa bits
        parts.append(head)
        rest = em.arith("-", rest, head)
    return parts + [rest]
