"""Elementwise math and conversions. Operand promotion and broadcasting
are the emitter's (Emitter.unify, arith, minmax, select, cast), shared
with the Python operators (operators.py)."""

from ..compiler.ir import ir_element, is_float, tensor_type
from ..compiler.poly import Poly
from .core import dtype_of, float_operand

# Math functions every front end has, by the name of their math op.
UNARY = ("exp", "log", "sqrt", "abs", "tanh", "exp2", "log2", "rsqrt", "cos",
         "sin", "floor", "ceil")


def unary(tr, name, x):
    """Elementwise `name` (one of UNARY, or neg)."""
    return tr.em.unary_math(name, x)


def maximum(tr, x, y):
    return tr.em.minmax("max", x, y)


def minimum(tr, x, y):
    return tr.em.minmax("min", x, y)


def clamp(tr, x, lo, hi):
    """min(max(x, lo), hi)."""
    return minimum(tr, maximum(tr, x, lo), hi)


def where(tr, cond, x, y):
    return tr.em.select(cond, x, y)


def arith(tr, symbol, x, y):
    """x `symbol` y (+, -, *, ...) as the Python operator computes it
    (Triton's tl.add, tl.sub, tl.mul)."""
    return tr.em.arith(symbol, x, y)


def divide(tr, x, y):
    """x / y (MSL's division, rounded to nearest)."""
    return tr.em.arith("/", x, y)


def sigmoid(tr, x):
    """1 / (1 + exp(-x)) of a float tile."""
    em = tr.em
    v = float_operand(tr, x, "sigmoid")
    e = em.unary_math("exp", em.unary_math("neg", v))
    return em.arith("/", 1.0, em.arith("+", 1.0, e))


def fma(tr, x, y, z):
    """x * y + z, fused (math.fma), of float operands."""
    em = tr.em
    x, y, element, shape = em.unify(x, y)
    x, z, element, shape = em.unify(x, z)
    y = em.to_shape(y, shape)
    if not is_float(element):
        tr.error("fma needs float operands, got %s" % element)
    return em.op1(element, shape, "math.fma ", x.ssa, ", ", y.ssa, ", ", z.ssa,
                  " : %s" % x.ir_type)


def cast(tr, x, dtype):
    """x converted to dtype (meTile's cast)."""
    element = dtype_of(tr, dtype)
    if isinstance(x, (int, float)):
        return tr.em.constant(x, element)
    return tr.em.cast(tr.em.materialize(x), element)


def to(tr, x, dtype, bitcast=False):
    """Triton's x.to(dtype): a conversion, `!= 0` to int1, or with
    bitcast=True the same bits read as another type of the same width."""
    em = tr.em
    if str(dtype) == "int64" and not bitcast and isinstance(x, Poly):
        # Triton widens offsets to int64 against overflow (tutorial 06's
        # `off_z.to(tl.int64) * stride_qz`). An integer expression here
        # stays symbolic and becomes an address offset: it keeps its form.
        return x
    element = dtype_of(tr, dtype)
    v = em.materialize(x)
    if bitcast:
        return _bitcast(tr, v, element)
    if element == "i1" and v.element != "i1":  # Triton: x != 0
        return em.compare("!=", v, 0.0 if is_float(v.element) else 0)
    return em.cast(v, element)


_BITS = {"f32": 32, "f16": 16, "bf16": 16, "i32": 32, "u32": 32, "i16": 16,
         "u16": 16, "i8": 8, "u8": 8}


def _bitcast(tr, v, element):
    """The same bits read as another type of the same width (a q4_0
    block's f16 scale from its two bytes)."""
    em = tr.em
    if _BITS.get(v.element) is None or _BITS.get(v.element) != _BITS.get(element):
        tr.error("x.to(%s, bitcast=True) from %s: a bitcast keeps the width "
                 "(32, 16 or 8 bits)" % (element, v.element))
    if ir_element(v.element) == ir_element(element):
        return em.cast(v, element)  # u32 <-> i32: the same IR value
    if v.expand is not None:
        v = em.to_shape(v, v.shape)
    return em.op1(element, v.ir_shape, "arith.bitcast ", v.ssa, " : %s to %s" % (
        v.ir_type, tensor_type(v.ir_shape, element)))
