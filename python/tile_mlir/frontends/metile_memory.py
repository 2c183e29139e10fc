"""meTile's pointer-style `load(X + row * N + cols, mask=...)` and
`store(ptr, value, mask=...)` in `@tile_mlir.kernel` functions: the same
semantic.access load and store as Triton's tl.load/tl.store (affine
pointers are tile.load/tile.store rectangles, any others
tile.gather/tile.scatter; per-thread accesses in thread-level kernels),
with meTile's rules: masked-off elements read 0, and the first mask of a
tile loop's body is kept (Emitter.loop_masks), because meTile runs such a
body only on the lanes the mask keeps, so values promoted from scalars
keep their old value on the others (Tracer.keep_masked_lanes)."""

from ..compiler import registry
from ..semantic import access


def _load(tr, ptr, mask=None, other=None):
    return access.load(tr, ptr, mask, other, masks_loop_body=True)


@registry.op(_load)
def load(ptr, mask=None, other=None):
    """The tile `ptr` (buffer + offsets) points at; masked-off elements read
    `other` (default 0, as meTile) and touch no memory."""
    registry.outside("load")


def _store(tr, ptr, value, mask=None):
    return access.store(tr, ptr, value, mask, masks_loop_body=True)


@registry.op(_store)
def store(ptr, value, mask=None):
    """Stores `value` where `ptr` points, converted to the buffer's element
    type; masked-off elements are not written."""
    registry.outside("store")
