"""`from tile_mlir.tilelang.intrinsics import make_mma_swizzle_layout`, as
TileLang's tutorial imports it: the layout a T.annotate_layout gives a
shared tile that feeds T.gemm.

TileLang swizzles such a tile's shared memory so that the MMA's operand
loads avoid bank conflicts. Here the compiler decides the threadgroup
memory of tile.dot operands itself (rows padded against bank conflicts,
see lib/Conversion/TileToAppleGPU/DotStaging.cpp), so the layout is
checked (a 2-D shared tile) and kept on the tile, and changes no IR."""

from ..compiler import registry
from ..semantic.tiles import LocalTile


class Layout:
    """A tile layout for T.annotate_layout: `kind` and the tile `shape`."""

    def __init__(self, kind, shape):
        self.kind, self.shape = kind, tuple(shape)

    def __repr__(self):
        return "%s layout of a %s tile" % (self.kind, self.shape)


def _h_make_mma_swizzle_layout(tr, buffer, is_smooth=False):
    if not isinstance(buffer, LocalTile) or buffer.scope != "shared" or \
            len(buffer.shape) != 2:
        tr.error("make_mma_swizzle_layout takes a 2-D tile from "
                 "T.alloc_shared, got %r" % (buffer,))
    if not isinstance(is_smooth, bool):
        tr.error("make_mma_swizzle_layout(is_smooth=%r): True or False" %
                 (is_smooth,))
    return Layout("mma_swizzle", buffer.shape)


@registry.op(_h_make_mma_swizzle_layout)
def make_mma_swizzle_layout(buffer, is_smooth=False):
    """The MMA swizzle layout of a shared tile (see the module)."""
    raise registry.OutsideKernelError(
        "make_mma_swizzle_layout can only be called inside a @T.prim_func")
