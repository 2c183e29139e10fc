"""tile.load / tile.store emission, from explicit (start, stride, bound)
form (tile_load) or from a Triton pointer expression and mask. A pointer
tile and mask that are no rectangle (pointers.py) become tile.gather /
tile.scatter."""

from ..compiler.ir import format_float, ir_element, is_float, joined, tensor_type
from ..compiler.poly import Mask, Pointer, Poly, divide


class NotRectangle(Exception):
    """The pointer tile or its mask is no tile.load rectangle (start,
    strides, bounds): the access becomes a gather or scatter."""


def _padding_attr(em, element, padding):
    if padding is None:
        return ""
    if isinstance(padding, bool) or not isinstance(padding, (int, float)):
        em.error("padding/other must be a number known while tracing")
    if is_float(element):
        return " {padding = %s : %s}" % (format_float(float(padding), element), element)
    return " {padding = %d : %s}" % (int(padding), ir_element(element))


def _addressing(em, buf, starts, strides, bounds):
    """`%buf[starts] strides [...] bounds [...]`, built in one list."""
    index_value = em.index_value
    parts = [buf.ssa, "["]
    parts += _indices(index_value, starts)
    if strides is not None:
        parts.append("] strides [")
        parts += _indices(index_value, strides)
    if bounds is not None:
        parts.append("] bounds [")
        parts += _indices(index_value, bounds)
    parts.append("]")
    return parts


def _indices(index_value, values):
    """The parts of `a, b, ...`: the index Values of `values`, in order."""
    if len(values) == 2:  # a 2-D tile's
        return [index_value(values[0]).ssa, ", ", index_value(values[1]).ssa]
    out = []
    for v in values:
        if out:
            out.append(", ")
        out.append(index_value(v).ssa)
    return out


def load(em, buf, starts, strides, bounds, shape, padding, hint=None):
    shape = tuple(shape)
    parts = ["tile.load "] + _addressing(em, buf, starts, strides, bounds)
    if padding is not None:
        parts.append(_padding_attr(em, buf.element, padding))
    parts.append(" : %s -> %s" % (buf.ir_type, tensor_type(shape, buf.element)))
    return em.op1(buf.element, shape, *parts, hint=hint)


def store(em, value, buf, starts, strides, bounds):
    if value.element != buf.element:
        em.error("storing a %s value into buffer '%s' of %s: use cast()" %
                 (value.element, buf.name, buf.element))
    if value.expand is not None:  # (to_shape gives any other value as is)
        value = em.to_shape(value, value.shape)
    parts = ["tile.store ", value.ssa, ", "]
    parts += _addressing(em, buf, starts, strides, bounds)
    parts.append(" : %s, %s" % (value.ir_type, buf.ir_type))
    em.op([], parts)


def decompose(em, pointer, mask, row_base=None):
    """(starts, strides, bounds) of a Triton pointer tile and mask.
    `row_base`: the lifted 1 x n form (see below), whose row start is it."""
    shape = pointer.shape
    if len(shape) > 2:
        em.error("pointer tiles of rank %d: only 1-D and 2-D" % len(shape))
    if not isinstance(pointer.offset, Poly):
        raise NotRectangle()
    try:
        split = pointer.offset.split_axes()
    except ValueError:
        raise NotRectangle()
    strides = {}
    for k, n in enumerate(shape):
        if row_base is not None and k == 0:
            strides[k] = Poly.const(1)
        elif k in split:
            strides[k] = split[k]
        elif n == 1:
            strides[k] = Poly.const(1)
        else:  # the same address along a dimension: a broadcast
            raise NotRectangle()
    rest = split.get(None, Poly.const(0))
    if len(shape) == 1 and divide(rest, strides) is None:
        # A base that is no multiple of the stride (column `col` of a
        # row-major matrix: col + (k + lane) * N): view the tile as 1 x n with
        # strides [1, stride], so the base is the row start.
        lifted = Pointer(pointer.buffer,
                         pointer.offset.with_shape((1, shape[0]), {0: 1}))
        lifted_mask = None if mask is None else Mask(
            [c.with_shape((1, shape[0]), {0: 1}) for c in mask.conditions],
            (1, shape[0]))
        return decompose(em, lifted, lifted_mask, rest)
    if row_base is not None:
        starts = [row_base, Poly.const(0)]
    elif shape:
        q = divide(rest, strides)
        if q is None:
            raise NotRectangle()
        starts = [q[k] for k in range(len(shape))]
    else:
        starts = [rest]
    bounds = None
    if mask is not None:
        if not isinstance(mask, Mask) or len(mask.shape) != len(shape):
            raise NotRectangle()
        per_axis = {}
        for cond in mask.conditions:
            try:
                parts = cond.split_axes()
            except ValueError:
                raise NotRectangle()
            axes = [k for k in parts if k is not None]
            if len(axes) != 1 or parts[axes[0]].constant() != 1 or \
                    axes[0] >= max(len(shape), 1):
                raise NotRectangle()
            k = axes[0]
            e = parts.get(None, Poly.const(0))
            per_axis.setdefault(k, []).append(starts[k].add(e.scale(-1), ()))
        bounds = []
        for k in range(len(shape)):
            cands = per_axis.get(k) or [starts[k].add(Poly.const(shape[k]), ())]
            b = em.scalar_poly(cands[0])
            for c in cands[1:]:
                b = em.minmax("min", b, em.scalar_poly(c))
            bounds.append(b)
    stride_list = [strides[k] for k in range(len(shape))] if shape else None
    return starts, stride_list, bounds
