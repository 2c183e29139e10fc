"""The typed rules of elementwise operations, as Triton defines them: the
element type two operands are computed in (promotion), the shape they are
computed at (broadcasting), and which arith op an operator, a comparison,
min/max or a cast is for an element type. Pure functions of element types
and shapes: the emitter (compiler/emitter.py) applies them, emitting the
constants, casts and broadcasts they call for, and decides nothing itself."""

from ..compiler.ir import INT_WIDTHS, is_float, is_unsigned
from ..errors import DSLError


def broadcast_shapes(a, b, loc):
    """The shape two tiles of shapes `a` and `b` broadcast to (numpy's
    rule: aligned at the right, a 1 stretches); a DSLError at `loc` if
    they do not."""
    if a == b:
        return a
    if not a:
        return b
    if not b:
        return a
    ra, rb = (1,) * (len(b) - len(a)) + a, (1,) * (len(a) - len(b)) + b
    out = []
    for x, y in zip(ra, rb):
        if x != y and 1 not in (x, y):
            raise DSLError("tile shapes %s and %s do not broadcast" % (a, b), loc)
        out.append(max(x, y))
    return tuple(out)


_NARROW_OR_UNSIGNED = ("i8", "i16", "u8", "u16", "u32")


def promote(elements, python_float):
    """The element type of an operation on operands of element types
    `elements` (an integer tile of the affine form counts as i32, a scalar
    one as index); `python_float`: an operand is a Python float. Two float
    types give f32, a float type wins over integers, a Python float makes
    an integer operation f32, narrow and unsigned integers promote as in C
    (promote_integers), then i32 wins over index."""
    floats = [e for e in elements if is_float(e)]
    if len(set(floats)) > 1:  # Triton's promotion: to f32
        return "f32"
    if floats:
        return floats[0]
    if python_float:
        return "f32"
    for e in elements:
        if e in _NARROW_OR_UNSIGNED:
            return promote_integers(elements)
    if "i32" in elements:
        return "i32"
    return elements[0] if elements else "index"


def promote_integers(elements):
    """Triton's integer promotion (C's usual arithmetic conversions without
    the promotion to int): the same signedness gives the wider type; mixed,
    the unsigned type if it is at least as wide, else the signed one. Index
    values (program ids, loop variables) count as int32, booleans give way,
    and Python ints take the other operand's type."""
    out = None
    for e in elements:
        e = "i32" if e == "index" else e
        if e == "i1":
            continue
        if out is None or out == e:
            out = e
            continue
        wa, wb = INT_WIDTHS[out], INT_WIDTHS[e]
        ua, ub = is_unsigned(out), is_unsigned(e)
        if ua == ub:
            out = out if wa > wb else e
        elif ua:
            out = out if wa >= wb else e
        else:
            out = e if wb >= wa else out
    return out or "i1"


_ARITH_F = {"+": "addf", "-": "subf", "*": "mulf", "/": "divf"}
_ARITH_I = {"+": "addi", "-": "subi", "*": "muli", "//": "divsi", "%": "remsi",
            "&": "andi", "|": "ori", "^": "xori", "<<": "shli", ">>": "shrsi"}
# Unsigned integers (and index, never negative here): Triton's tl.uint32
# divides, takes remainders and shifts right without the sign.
_ARITH_U = dict(_ARITH_I, **{"//": "divui", "%": "remui", ">>": "shrui"})
_CMP_F = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq",
          "!=": "une"}
_CMP_I = {"<": "slt", "<=": "sle", ">": "sgt", ">=": "sge", "==": "eq",
          "!=": "ne"}
_CMP_INDEX = {"<": "ult", "<=": "ule", ">": "ugt", ">=": "uge", "==": "eq",
              "!=": "ne"}


def _unsigned_ops(element):
    return element == "index" or is_unsigned(element)


def arith_op(symbol, element):
    """The arith op of binary operator `symbol` on `element` values, or
    None if the operator has none for that type."""
    if is_float(element):
        return _ARITH_F.get(symbol)
    if _unsigned_ops(element):
        return _ARITH_U.get(symbol)
    return _ARITH_I.get(symbol)


def compare_op(symbol, element):
    """(arith op, predicate) of comparison `symbol` on `element` values."""
    if is_float(element):
        return "cmpf", _CMP_F[symbol]
    return "cmpi", (_CMP_INDEX if _unsigned_ops(element) else _CMP_I)[symbol]


def minmax_op(which, element):
    """The arith op of `which` ("max" or "min") on `element` values."""
    if is_float(element):
        return which + "imumf"
    return which + ("ui" if _unsigned_ops(element) else "si")


_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32}
_CAST_STEPS = {}


def cast_steps(src, dst):
    """How a `src` value becomes a `dst` one: a list of (arith op, element
    type) steps, the op None where the IR value stays the same (i32 <->
    u32: signless in the IR, read differently); None if it cannot."""
    key = (src, dst)
    steps = _CAST_STEPS.get(key, ())
    if steps == ():  # each pair once per process
        steps = _CAST_STEPS[key] = _cast_steps(src, dst)
    return steps


def _cast_steps(src, dst):
    if src == dst:
        return []
    if is_float(src) and is_float(dst):
        return [("extf" if _FLOAT_WIDTHS[dst] > _FLOAT_WIDTHS[src] else "truncf",
                 dst)]
    if is_float(src):
        if dst in ("i1", "index"):
            return None
        return [("fptoui" if is_unsigned(dst) else "fptosi", dst)]
    if is_float(dst):
        op = "uitofp" if src == "i1" or is_unsigned(src) else "sitofp"
        first = _cast_steps(src, "i32") if src == "index" else []
        return first + [(op, dst)]
    if "index" in (src, dst):
        if "i1" in (src, dst):
            return None
        if INT_WIDTHS.get(src, 32) != 32 or INT_WIDTHS.get(dst, 32) != 32:
            # index <-> i8/u16...: through (u)i32
            via = "u32" if is_unsigned(src) or is_unsigned(dst) else "i32"
            return _cast_steps(src, via) + _cast_steps(via, dst)
        return [("index_castui" if is_unsigned(src) else "index_cast", dst)]
    if INT_WIDTHS[src] == INT_WIDTHS[dst]:
        return [(None, dst)]
    if INT_WIDTHS[src] < INT_WIDTHS[dst]:
        return [("extui" if src == "i1" or is_unsigned(src) else "extsi", dst)]
    return [("trunci", dst)]
