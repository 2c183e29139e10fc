"""meTile's pointer-style `load(X + row * N + cols, mask=...)` and
`store(ptr, value, mask=...)` in `@tile_mlir.kernel` functions: the Triton
front end's pointer machinery (pointers.py), so affine pointers are
tile.load/tile.store rectangles and any others tile.gather/tile.scatter.
Masked-off elements read 0. The first mask of a tile loop's body is kept
(Emitter.loop_masks): meTile runs such a body only on the lanes the mask
keeps, so values promoted from scalars keep their old value on the others
(Tracer.keep_masked_lanes)."""

from . import metile_threads
from ..semantic import pointers
from ..compiler import registry
from ..language import _pointer
from ..compiler.poly import Mask
from ..compiler.emitter import describe


def _record_mask(em, mask):
    if mask is not None and em.loop_masks and em.loop_masks[-1] is None:
        em.loop_masks[-1] = mask


def _check_mask(tr, mask):
    if mask is not None and not isinstance(mask, (bool, Mask)) and \
            not hasattr(mask, "element"):
        tr.error("a mask must be a boolean tile, got %s" % describe(mask))


def _h_load(tr, ptr, mask=None, other=None):
    pointer = _pointer(tr, ptr, "load")
    if metile_threads.is_thread_access(tr.em, pointer):
        return metile_threads.thread_load(tr, pointer, mask, other)
    _check_mask(tr, mask)
    _record_mask(tr.em, mask)
    return pointers.load_pointer(tr.em, pointer, mask, other)


@registry.op(_h_load)
def load(ptr, mask=None, other=None):
    """The tile `ptr` (buffer + offsets) points at; masked-off elements read
    `other` (default 0, as meTile) and touch no memory."""
    registry.outside("load")


def _h_store(tr, ptr, value, mask=None):
    pointer = _pointer(tr, ptr, "store")
    if metile_threads.is_thread_access(tr.em, pointer):
        return metile_threads.thread_store(tr, pointer, value, mask)
    _check_mask(tr, mask)
    _record_mask(tr.em, mask)
    pointers.store_pointer(tr.em, pointer, value, mask)


@registry.op(_h_store)
def store(ptr, value, mask=None):
    """Stores `value` where `ptr` points, converted to the buffer's element
    type; masked-off elements are not written."""
    registry.outside("store")
