"""Triton's block pointers: `tl.make_block_ptr`, `tl.advance` and loads and
stores with `boundary_check` / `padding_option`.

A block pointer is exactly a tile.load rectangle: element (a, b) of the
block is `base[(o0 + a) * s0 + (o1 + b) * s1]`, and `boundary_check=(0, 1)`
masks the elements with `o_k + a_k >= shape_k`. It is traced as the pointer
tile `base + sum_k (o_k + arange_k) * s_k` with the mask `o_k + arange_k <
shape_k` for the checked dimensions, which the pointer machinery turns into
that one tile.load / tile.store."""

from . import pointers
from ..compiler.emitter import Buffer, describe
from ..compiler.poly import Mask, Pointer, Poly


class BlockPointer:
    """What tl.make_block_ptr returns: a buffer, the scalar element offset
    of its base, and per dimension the shape, stride and block offset (index
    Polys) and the block's size (an int)."""

    def __init__(self, buffer, base, shape, strides, offsets, block_shape):
        self.buffer, self.base = buffer, base
        self.shape, self.strides = tuple(shape), tuple(strides)
        self.offsets, self.block_shape = tuple(offsets), tuple(block_shape)

    def with_offsets(self, offsets):
        return BlockPointer(self.buffer, self.base, self.shape, self.strides,
                            offsets, self.block_shape)


def _ints(tr, values, what):
    if not isinstance(values, (tuple, list)):
        tr.error("%s must be a tuple" % what)
    out = []
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            tr.error("%s must be positive ints known while tracing, got %s" %
                     (what, describe(v)))
        out.append(v)
    return tuple(out)


def _polys(tr, values, n, what):
    if not isinstance(values, (tuple, list)) or len(values) != n:
        tr.error("%s must be a tuple of %d integers (one per dimension)" %
                 (what, n))
    return tuple(tr.em.index_poly(v) for v in values)


def make_block_ptr(tr, base, shape, strides, offsets, block_shape, order=None):
    """A block pointer: the `block_shape` block at `offsets` of the tensor
    of `shape` and `strides` at `base` (order is a layout hint, ignored)."""
    block = _ints(tr, block_shape, "block_shape")
    if len(block) not in (1, 2):
        tr.error("block pointers of rank %d: tiles are 1-D or 2-D" % len(block))
    if isinstance(base, Buffer):
        buf, start = base, Poly.const(0)
    elif isinstance(base, Pointer) and isinstance(base.offset, Poly) and \
            not base.offset.shape:
        buf, start = base.buffer, base.offset
    else:
        tr.error("make_block_ptr needs a scalar pointer as its base (a buffer "
                 "argument plus an offset), got %s" % describe(base))
    n = len(block)
    return BlockPointer(buf, start, _polys(tr, shape, n, "shape"),
                        _polys(tr, strides, n, "strides"),
                        _polys(tr, offsets, n, "offsets"), block)



def advance(tr, base, offsets):
    """The block pointer moved by `offsets` (elements per dimension)."""
    if not isinstance(base, BlockPointer):
        tr.error("tl.advance needs a block pointer, got %s" % describe(base))
    deltas = _polys(tr, offsets, len(base.block_shape), "offsets")
    return base.with_offsets(o.add(d, ()) for o, d in zip(base.offsets, deltas))



def _pointer_and_mask(tr, bp, boundary_check):
    shape = bp.block_shape
    checked = boundary_check if isinstance(boundary_check, (tuple, list)) \
        else (boundary_check,)
    for k in checked:
        if k not in range(len(shape)):
            tr.error("boundary_check names dimension %r of a %d-D block "
                     "pointer" % (k, len(shape)))
    offset = Poly.const(0, shape).add(Poly(bp.base.terms, shape), shape)
    conditions = []
    for k in range(len(shape)):
        index = Poly.axis(k, shape).add(Poly(bp.offsets[k].terms, shape), shape)
        offset = offset.add(index.mul(Poly(bp.strides[k].terms, shape), shape),
                            shape)
        if k in checked:
            conditions.append(index.add(Poly(bp.shape[k].terms, shape).scale(-1),
                                        shape))
    mask = Mask(conditions, shape) if conditions else None
    return Pointer(bp.buffer, offset), mask


_PADDING = {"": None, None: None, "zero": 0.0, "nan": float("nan")}


def load_block(tr, bp, boundary_check, padding_option):
    if padding_option not in _PADDING:
        tr.error("padding_option must be 'zero' or 'nan', got %r" %
                 (padding_option,))
    pointer, mask = _pointer_and_mask(tr, bp, boundary_check)
    other = _PADDING[padding_option]
    if other is not None and pointer.buffer.element == "i32":
        if other != other:
            tr.error("padding_option='nan' on an int32 buffer")
        other = 0
    return pointers.load_pointer(tr.em, pointer, mask, other)


def store_block(tr, bp, value, boundary_check):
    pointer, mask = _pointer_and_mask(tr, bp, boundary_check)
    pointers.store_pointer(tr.em, pointer, value, mask)
