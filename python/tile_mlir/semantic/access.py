"""Loads, stores and atomics as the front ends write them, checked and
dispatched: explicit rectangles (meTile's tile_load/tile_store), pointer
expressions with masks (Triton's tl.load/tl.store and meTile's load/store:
rectangles when they are, else gathers and scatters, see pointers.py),
block pointers (blockptr.py), per-thread accesses of thread-level kernels
(threads.py), atomics, and tl.trans's transposed reload."""

from ..compiler import extents
from ..compiler.emitter import Buffer, Value, describe
from ..compiler.ir import tensor_type
from ..compiler.poly import Mask, Pointer, Poly
from . import memory, pointers, threads
from .blockptr import BlockPointer, load_block, store_block
from .core import check_buffer, tile_shape


def pointer(tr, ptr, what):
    """`ptr` as a Pointer: a buffer is a pointer to its first element."""
    if isinstance(ptr, Buffer):
        return Pointer(ptr, tr.em.index_poly(0))
    if not isinstance(ptr, Pointer):
        tr.error("%s needs a pointer expression (buffer + offsets), got %s" %
                 (what, describe(ptr)))
    return ptr


def check_mask(tr, mask):
    if mask is not None and not isinstance(mask, (bool, Mask)) and \
            not hasattr(mask, "element"):
        tr.error("a mask must be a boolean tile, got %s" % describe(mask))


def _masks_loop_body(em, mask):
    """meTile runs a masked loop body only on the lanes its first mask
    keeps: the emitter keeps that mask for the tile loop being traced
    (Tracer.keep_masked_lanes)."""
    if mask is not None and em.loop_masks and em.loop_masks[-1] is None:
        em.loop_masks[-1] = mask


def _element_pointer(tr, ptr, what, mask, masks_loop_body):
    """(Pointer, per_thread) of a load or store through `ptr`: per-thread
    in a thread-level kernel, else checked with its mask (and the mask
    kept for meTile's loop body, `masks_loop_body`)."""
    p = pointer(tr, ptr, what)
    if threads.is_thread_access(tr.em, p):
        return p, True
    check_mask(tr, mask)
    if masks_loop_body:
        _masks_loop_body(tr.em, mask)
    return p, False


def load(tr, ptr, mask=None, other=None, boundary_check=(), padding_option="",
         masks_loop_body=False):
    """The tile `ptr` points at; masked-off elements read `other` (default
    0) and touch no memory. A block pointer takes boundary_check and
    padding_option instead; `masks_loop_body` is meTile's rule above."""
    if isinstance(ptr, BlockPointer):
        return load_block(tr, ptr, boundary_check, padding_option)
    if boundary_check or padding_option:
        tr.error("boundary_check and padding_option are for block pointers "
                 "(tl.make_block_ptr); use mask= and other= here")
    p, per_thread = _element_pointer(tr, ptr, "load", mask, masks_loop_body)
    if per_thread:
        return threads.thread_load(tr, p, mask, other)
    v = pointers.load_pointer(tr.em, p, mask, other)
    v.origin = (p, mask, other)  # what tl.trans loads again, transposed
    return v


def store(tr, ptr, value, mask=None, boundary_check=(), masks_loop_body=False):
    """Stores `value` where `ptr` points, converted to the buffer's element
    type; masked-off elements are not written."""
    if isinstance(ptr, BlockPointer):
        return store_block(tr, ptr, value, boundary_check)
    if boundary_check:
        tr.error("boundary_check is for block pointers (tl.make_block_ptr); "
                 "use mask= here")
    p, per_thread = _element_pointer(tr, ptr, "store", mask, masks_loop_body)
    if per_thread:
        return threads.thread_store(tr, p, value, mask)
    pointers.store_pointer(tr.em, p, value, mask)


def atomic_rmw(tr, op, ptr, val, mask=None):
    """tile.atomic_rmw `op` of val at every unmasked pointer: the old values."""
    return pointers.atomic_rmw(tr.em, op, pointer(tr, ptr, "atomic_" + op),
                               val, mask)


def atomic_cas(tr, ptr, cmp, val):
    """tile.atomic_cas on int32: the old values."""
    return pointers.atomic_cas(tr.em, pointer(tr, ptr, "atomic_cas"), cmp, val)


def trans(tr, v):
    """The transpose of a 2-D tile loaded with load(): tile IR has no
    transpose of a tile in registers, but a transposed operand is only a
    choice of strides (or, for a gather, of offsets), so it is loaded
    again with its pointer's axes swapped."""
    origin = getattr(v, "origin", None)
    if not isinstance(v, Value) or len(v.shape) != 2 or origin is None:
        tr.error("tl.trans of %s: only a 2-D tile loaded with tl.load can be "
                 "transposed (it is loaded again with its axes swapped)" %
                 describe(v))
    ptr, mask, other = origin
    swap = {0: 1, 1: 0}
    shape = (v.shape[1], v.shape[0])
    off = ptr.offset
    if isinstance(off, Poly):
        off = off.with_shape(shape, swap)
    else:
        tr.error("tl.trans of a tile loaded through computed offsets: only "
                 "affine pointers can be loaded again transposed")
    if isinstance(mask, Mask):
        mask = Mask([c.with_shape(shape, swap) for c in mask.conditions], shape)
    elif mask is not None and not isinstance(mask, bool):
        tr.error("tl.trans of a tile loaded with a computed mask: only "
                 "`offsets < bound` masks can be loaded again transposed")
    if other is not None and not isinstance(other, (int, float)):
        tr.error("tl.trans of a tile loaded with an `other` tile")
    return pointers.load_pointer(tr.em, Pointer(ptr.buffer, off), mask, other)


# ---- explicit rectangles (meTile's tile_load / tile_store) ------------------

def _not_predicated(tr, what):
    if tr.em.predicate is not None:
        tr.error("%s inside an 'if' on a runtime value: put the condition "
                 "into its bounds, or use Triton-style tl.load/tl.store, "
                 "which the condition masks" % what)


def _addressing(tr, what, shape, row, col, stride, bounds):
    if bounds is not None and not isinstance(bounds, (tuple, list)):
        bounds = (bounds,)
    if len(shape) == 2:
        if col is None or stride is None:
            tr.error("%s of a 2-D tile needs row, col and the row stride" % what)
        starts, strides = [row, col], [stride, 1]
    else:
        if col is not None:
            tr.error("%s of a %s needs one start offset (col is for 2-D tiles)"
                     % (what, "scalar" if not shape else "1-D tile"))
        starts = [row]
        strides = None if stride is None or not shape else [stride]
    if bounds is not None and len(bounds) != len(starts):
        tr.error("%s: bounds has %d entries, the tile has %d dimensions" %
                 (what, len(bounds), len(starts)))
    return starts, strides, (list(bounds) if bounds is not None else None)


def _common(tr, buf, shape, col, stride, bounds):
    """Whether a tile_load/tile_store is the common 2-D one (meTile's GEMM:
    a buffer argument, a (BM, BN) shape of ints, col and the row stride
    given, no bounds, not under a runtime `if`), which the checks and
    _addressing pass through unchanged: the hot path skips their calls."""
    return buf.__class__ is Buffer and shape.__class__ is tuple and \
        len(shape) == 2 and shape[0].__class__ is int and \
        shape[1].__class__ is int and col is not None and \
        stride is not None and bounds is None and tr.em.predicate is None


def tile_load(tr, buf, row, col=None, stride=None, shape=None, bounds=None,
              padding=None):
    """The `shape` tile whose element (a, b) is buf[(row + a) * stride + col
    + b], bounded by `bounds` (default: the buffer's extent)."""
    if _common(tr, buf, shape, col, stride, bounds):
        starts, strides, bnds = [row, col], [stride, 1], None
    else:
        check_buffer(tr, buf, "tile_load")
        _not_predicated(tr, "tile_load")
        shape = tile_shape(tr, shape if shape is not None else ())
        starts, strides, bnds = _addressing(tr, "tile_load", shape, row, col,
                                            stride, bounds)
    if bnds is None:
        bnds = extents.default_bounds(tr.em, buf, starts, strides, shape)
    return memory.load(tr.em, buf, starts, strides, bnds, shape, padding)


def tile_store(tr, buf, row, col=None, stride=None, value=None, shape=None,
               bounds=None):
    """Stores `value` (a `shape` tile, or a scalar splatted to it) where
    tile_load would load it from."""
    if value.__class__ is Value and value.shape == shape and \
            value.expand is None and _common(tr, buf, shape, col, stride, bounds):
        # A 2-D tile stored whole: what the checks below let through as is.
        v, starts, strides, bnds = value, [row, col], [stride, 1], None
    else:
        check_buffer(tr, buf, "tile_store")
        _not_predicated(tr, "tile_store")
        if value is None:
            tr.error("tile_store needs the value to store")
        v = tr.em.materialize(value) if not isinstance(value, (int, float)) \
            else tr.em.constant(value, buf.element)
        if shape is None:
            shape = v.shape
        shape = tile_shape(tr, shape)
        if v.shape != shape:
            if v.shape:
                tr.error("tile_store: the value is a %s tile but shape is %s" %
                         (tensor_type(v.shape, v.element), shape))
            v = tr.em.splat(v, shape)
        starts, strides, bnds = _addressing(tr, "tile_store", shape, row, col,
                                            stride, bounds)
    if bnds is None:
        bnds = extents.default_bounds(tr.em, buf, starts, strides, shape)
    memory.store(tr.em, v, buf, starts, strides, bnds)
