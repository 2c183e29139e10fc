"""Triton pointer tiles that are no rectangle: tile.gather, tile.scatter,
tile.atomic_rmw and tile.atomic_cas.

A pointer `buffer + offsets` whose offsets are affine in the element indices,
with a mask that is a conjunction of `offsets < bound`, is a tile.load /
tile.store rectangle (memory.py). Everything else Triton allows (`% M`,
`// 8`, offsets loaded from memory, a broadcast address, a mask with `|` or
on loaded values, an `other` tile) is the same access element by element:
the offsets are materialized as an i32 tile of element offsets and the mask
as an i1 tile of the pointer's shape. A scalar pointer is a one-element
tile, reduced back to a scalar."""

from ..compiler.emitter import Value, describe
from ..compiler.ir import is_float, tensor_type
from .memory import NotRectangle, decompose, load, store
from ..compiler.poly import Poly

# tl.atomic_* name -> tile.atomic_rmw kind on integer buffers (Triton takes
# the signedness of max/min from the pointer's element type; buffers of
# int32 are signed).
_INT_KINDS = {"add": "add", "max": "maxsi", "min": "minsi", "and": "and",
              "or": "or", "xor": "xor", "xchg": "xchg"}
_FLOAT_KINDS = {"add": "add", "xchg": "xchg"}


def _work_shape(pointer):
    return tuple(pointer.shape) or (1,)


def offsets_tile(em, pointer):
    """The i32 tile of the pointer's element offsets."""
    shape = _work_shape(pointer)
    off = pointer.offset
    if isinstance(off, Poly):
        v = em.tile_poly(Poly(off.terms, shape)) if off.shape else \
            em.splat(em.cast(em.scalar_poly(off), "i32"), shape)
    else:
        v = em.cast(em.materialize(off), "i32")
    return em.to_shape(v, shape)


def mask_tile(em, mask, pointer):
    """The mask as an i1 tile of the pointer's shape, or None; inside a
    runtime `if`, and-ed with its condition."""
    shape = _work_shape(pointer)
    pred = em.predicate
    if pred is not None:
        pred = em.splat(pred, shape)
    if mask is None:
        return pred
    v = _mask_value(em, mask, shape)
    return v if pred is None else em.binary_ir("andi", v, pred)


def _mask_value(em, mask, shape):
    if isinstance(mask, bool):
        return em.constant(int(mask), "i1", shape)
    from ..compiler.poly import Mask
    v = em.mask_value(mask, shape) if isinstance(mask, Mask) and mask.shape \
        else em.materialize(mask)
    if v.element != "i1":
        em.error("a mask must be a boolean tile (a comparison), got %s" %
                 describe(v))
    return em.to_shape(v, shape)


def value_tile(em, value, element, shape, what):
    """`value` (a number, scalar or tile) as a tile of `element` and shape,
    converted as Triton converts what is stored to the pointer's type."""
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, (int, float)):
        return em.constant(value, element, shape)
    v = em.materialize(value)
    if v.element != element:
        v = em.cast(v, element)
    return em.to_shape(v, shape)


def _scalar_result(em, v, pointer):
    return v if pointer.shape else em.reduce("add", v, 0)


def gather(em, pointer, mask, other):
    buf, shape = pointer.buffer, _work_shape(pointer)
    offs, m = offsets_tile(em, pointer), mask_tile(em, mask, pointer)
    parts = ["tile.gather ", buf.ssa, "[", offs.ssa, "]"]
    if m is not None:
        parts += [" mask ", m.ssa]
        if other is not None:
            o = value_tile(em, other, buf.element, shape, "other")
            parts += [" other ", o.ssa]
    parts.append(" : %s, %s -> %s" % (buf.ir_type, offs.ir_type,
                                      tensor_type(shape, buf.element)))
    return _scalar_result(em, em.op1(buf.element, shape, *parts), pointer)


def scatter(em, pointer, value, mask):
    buf, shape = pointer.buffer, _work_shape(pointer)
    v = value_tile(em, value, buf.element, shape, "store")
    offs, m = offsets_tile(em, pointer), mask_tile(em, mask, pointer)
    parts = ["tile.scatter ", v.ssa, ", ", buf.ssa, "[", offs.ssa, "]"]
    if m is not None:
        parts += [" mask ", m.ssa]
    parts.append(" : %s, %s, %s" % (v.ir_type, buf.ir_type, offs.ir_type))
    em.op([], parts)


def load_pointer(em, pointer, mask, other):
    """tl.load: a rectangle when it is one, else a gather (also inside a
    runtime `if`, whose condition masks it)."""
    if em.predicate is None and (other is None or isinstance(other, (int, float))):
        try:
            starts, strides, bounds = decompose(em, pointer, mask)
        except NotRectangle:
            return gather(em, pointer, mask, other)
        if mask is None:
            other = None
        if len(starts) == 2 and len(pointer.shape) == 1:
            n = pointer.shape[0]
            tile = load(em, pointer.buffer, starts, strides, bounds, (1, n), other)
            return em.reduce("add", tile, 0)  # 1 x n -> n, a no-op sum
        return load(em, pointer.buffer, starts, strides, bounds, pointer.shape,
                    other)
    return gather(em, pointer, mask, other)


def store_pointer(em, pointer, value, mask):
    """tl.store: a rectangle when it is one, else a scatter. The value is
    converted to the buffer's element type, as Triton does."""
    shape = tuple(pointer.shape)
    if em.predicate is not None:
        return scatter(em, pointer, value, mask)
    try:
        starts, strides, bounds = decompose(em, pointer, mask)
    except NotRectangle:
        return scatter(em, pointer, value, mask)
    v = value_tile(em, value, pointer.buffer.element, shape, "store") \
        if shape else _scalar(em, value, pointer.buffer.element)
    if len(starts) == 2 and len(shape) == 1:
        v = em.to_shape(Value(v.ssa, v.element, v.shape), (1, shape[0]))
    store(em, v, pointer.buffer, starts, strides, bounds)


def _scalar(em, value, element):
    if isinstance(value, (bool, int, float)):
        return em.constant(value, element)
    v = em.materialize(value)
    if v.shape:
        em.error("storing a %s tile through a scalar pointer" %
                 tensor_type(v.shape, v.element))
    return em.cast(v, element)


def atomic_rmw(em, op, pointer, value, mask):
    """tl.atomic_<op>: tile.atomic_rmw, returning the old values."""
    buf, shape = pointer.buffer, _work_shape(pointer)
    kinds = _FLOAT_KINDS if is_float(buf.element) else _INT_KINDS
    if buf.element not in ("f32", "i32") or op not in kinds:
        if op in ("max", "min") and is_float(buf.element):
            em.error("atomic_%s on a float buffer: tile IR has no float "
                     "max/min atomic (Triton emulates it with integer "
                     "atomics on the bits); use an int32 buffer" % op)
        em.error("atomic_%s on a %s buffer: tile.atomic_rmw supports add and "
                 "xchg on f32 and i32, and max, min, and, or, xor on i32" %
                 (op, buf.element))
    v = value_tile(em, value, buf.element, shape, "atomic_" + op)
    offs, m = offsets_tile(em, pointer), mask_tile(em, mask, pointer)
    parts = ["tile.atomic_rmw %s " % kinds[op], buf.ssa, "[", offs.ssa, "], ",
             v.ssa]
    if m is not None:
        parts += [" mask ", m.ssa]
    parts.append(" : %s, %s -> %s" % (buf.ir_type, offs.ir_type, v.ir_type))
    return _scalar_result(em, em.op1(buf.element, shape, *parts, hint="old"),
                          pointer)


def atomic_cas(em, pointer, compare, value):
    """tl.atomic_cas: tile.atomic_cas (i32), returning the old values."""
    buf, shape = pointer.buffer, _work_shape(pointer)
    if buf.element != "i32":
        em.error("atomic_cas on a %s buffer: tile.atomic_cas is on i32" %
                 buf.element)
    c = value_tile(em, compare, "i32", shape, "atomic_cas")
    v = value_tile(em, value, "i32", shape, "atomic_cas")
    offs, m = offsets_tile(em, pointer), mask_tile(em, None, pointer)
    parts = ["tile.atomic_cas ", buf.ssa, "[", offs.ssa, "], ", c.ssa, ", ",
             v.ssa]
    if m is not None:
        parts += [" mask ", m.ssa]
    parts.append(" : %s, %s -> %s" % (buf.ir_type, offs.ir_type, v.ir_type))
    return _scalar_result(em, em.op1("i32", shape, *parts, hint="old"), pointer)
