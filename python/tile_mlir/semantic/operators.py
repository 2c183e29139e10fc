"""Python operators (+, <, &, x[:, None], ...) on traced values: integer
expressions stay symbolic (Poly, Mask, Pointer), everything else is IR."""

import operator

from ..compiler.emitter import Buffer, Value, describe
from ..compiler.ir import is_float
from ..compiler.poly import Mask, Pointer, Poly, raw_poly
from .promotion import broadcast_shapes

_PY = {"+": operator.add, "-": operator.sub, "*": operator.mul,
       "/": operator.truediv, "//": operator.floordiv, "%": operator.mod,
       "&": operator.and_, "|": operator.or_, "^": operator.xor,
       "<<": operator.lshift, ">>": operator.rshift,
       "<": operator.lt, "<=": operator.le, ">": operator.gt,
       ">=": operator.ge, "==": operator.eq, "!=": operator.ne}

_TRACED = (Value, Poly, Mask, Pointer, Buffer)


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _as_poly(em, x):
    """x as a Poly if it is an integer expression the Poly form can hold."""
    if isinstance(x, Poly):
        return x
    if _is_int(x):
        return Poly.const(x)
    if isinstance(x, Value) and not x.shape and x.element == "index":
        return em.atom_poly(x)
    return None


def binop(tr, sym, a, b):
    em = tr.em
    if sym == "*" and b.__class__ is int and a.__class__ is Value and \
            a.element == "index" and not a.shape:
        # `pid_m * BLOCK_M`, the common case: the Poly that the general
        # path's atom times constant gives, without building either.
        em.atom_poly(a)  # registers the atom
        if b:
            return raw_poly({(("v", a.ssa.id),): b}, ())
        return Poly({(("v", a.ssa.id),): b})
    if not isinstance(a, _TRACED) and not isinstance(b, _TRACED):
        try:
            return _PY[sym](a, b)
        except Exception as e:  # e.g. a string times a tuple
            tr.error("%s %s %s: %s" % (describe(a), sym, describe(b), e))
    # Pointer arithmetic (Triton style): buffer + offsets.
    if isinstance(a, Buffer) or isinstance(b, Buffer) or \
            isinstance(a, Pointer) or isinstance(b, Pointer):
        return _pointer_arith(tr, sym, a, b)
    pa, pb = _as_poly(em, a), _as_poly(em, b)
    if pa is not None and pb is not None:
        shape = broadcast_shapes(pa.shape, pb.shape, em.loc)
        if sym == "+":
            return pa.add(pb, shape)
        if sym == "-":
            return pa.add(pb.scale(-1), shape)
        if sym == "*":
            return pa.mul(pb, shape)
        if sym in ("//", "%") and not shape:
            ca, cb = pa.constant(), pb.constant()
            if ca is not None and cb is not None:
                return _PY[sym](ca, cb)
            if cb == 0:
                tr.error("division by zero")
            return em.atom_poly(em.arith(sym, em.scalar_poly(pa), em.scalar_poly(pb)))
    if isinstance(a, Mask) and isinstance(b, Mask) and sym == "&":
        return Mask(a.conditions + b.conditions,
                    broadcast_shapes(a.shape, b.shape, em.loc))
    if sym in ("&", "|", "^", "<<", ">>"):
        av, bv = em.materialize(a) if isinstance(a, _TRACED) else a, \
            em.materialize(b) if isinstance(b, _TRACED) else b
        return em.arith(sym, av, bv)
    return em.arith(sym, a, b)


def _pointer_arith(tr, sym, a, b):
    em = tr.em
    if isinstance(b, (Buffer, Pointer)) and sym == "+":
        a, b = b, a
    if not isinstance(a, (Buffer, Pointer)) or sym not in ("+", "-"):
        tr.error("pointer arithmetic allows only pointer + offset and "
                 "pointer - offset; got %s %s %s" % (describe(a), sym, describe(b)))
    off = _as_poly(em, b)
    if off is None:
        # Not affine (`% M`, `// 8`, loaded indices): an integer tile of
        # element offsets, which loads and stores gather and scatter.
        if isinstance(b, Mask) or not isinstance(b, Value) or \
                b.element not in ("i32", "index", "i16", "i8", "u32", "u16",
                                  "u8"):
            tr.error("a pointer offset must be an integer tile or scalar; "
                     "this one is %s" % describe(b))
        if b.element not in ("i32", "index"):  # indices loaded as uint8...
            b = em.cast(b, "i32")
        off = em.index_poly(b) if not b.shape else b
    if sym == "-":
        off = off.scale(-1) if isinstance(off, Poly) else em.arith("-", 0, off)
    if isinstance(a, Buffer):
        return Pointer(a, off)
    if isinstance(a.offset, Poly) and isinstance(off, Poly):
        shape = broadcast_shapes(a.offset.shape, off.shape, em.loc)
        return Pointer(a.buffer, a.offset.add(off, shape))
    return Pointer(a.buffer, em.arith("+", a.offset, off))


def compare(tr, sym, a, b):
    em = tr.em
    if not isinstance(a, _TRACED) and not isinstance(b, _TRACED):
        return _PY[sym](a, b)
    pa, pb = _as_poly(em, a), _as_poly(em, b)
    if pa is not None and pb is not None and (pa.shape or pb.shape) and \
            sym in ("<", "<=", ">", ">="):
        shape = broadcast_shapes(pa.shape, pb.shape, em.loc)
        if sym in (">", ">="):
            pa, pb = pb, pa
        d = pa.add(pb.scale(-1), shape)
        if sym in ("<=", ">="):
            d = d.add(Poly.const(-1), shape)
        return Mask([d], shape)
    return em.compare(sym, a, b)


def subscript(tr, base, index):
    em = tr.em
    if not isinstance(base, _TRACED):
        if isinstance(index, _TRACED):
            tr.error("cannot index %s with %s, which is only known at run "
                     "time (a range loop's variable is: with bounds known "
                     "while tracing, loop over static_range to unroll)" %
                     (describe(base), describe(index)))
        try:
            return base[index]
        except Exception as e:
            tr.error("cannot index %s: %s" % (describe(base), e))
    if not isinstance(index, tuple):
        index = (index,)
    full = slice(None, None, None)
    if len(base.shape) == 1 and len(index) == 2 and None in index and \
            all(i is None or i == full for i in index):
        dim = 0 if index[0] == full else 1
        n = base.shape[0]
        shape = (n, 1) if dim == 0 else (1, n)
        if isinstance(base, Value):
            return Value(base.ssa, base.element, shape, expand=dim)
        if isinstance(base, Poly):
            return base.with_shape(shape, {0: dim})
        if isinstance(base, Mask):
            return Mask([c.with_shape(shape, {0: dim}) for c in base.conditions],
                        shape)
        if isinstance(base, Pointer):
            off = base.offset
            return Pointer(base.buffer, off.with_shape(shape, {0: dim})
                           if isinstance(off, Poly) else
                           Value(off.ssa, off.element, shape, expand=dim))
    if all(i == full for i in index) and len(index) == len(base.shape):
        return base
    tr.error("only x[:, None] and x[None, :] indexing of 1-D tiles is "
             "supported in a kernel")


def invert(tr, x, logical=False):
    """Triton's ~x (and `not x`) on a traced value: the negation of a mask
    or comparison (i1); on integers ~ flips every bit and `not` is x == 0."""
    em = tr.em
    v = em.materialize(x)
    if is_float(v.element):
        tr.error("%s needs an integer or boolean operand, got %s" % (
            "not" if logical else "~", describe(v)))
    if v.element == "i1":
        return em.arith("^", v, True)
    if logical:
        return em.compare("==", v, 0)
    return em.arith("^", v, -1)
