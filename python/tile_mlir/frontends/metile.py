"""The meTile-style DSL: `@tile_mlir.kernel` functions call these. Each is a
stub outside a kernel; inside, the tracer runs the semantic layer's handler
it is registered with (registry.op), which emits tile IR."""

from ..compiler import registry
from ..semantic import access, creation, elementwise, program, reduction
from ..semantic.core import constexpr, host_cdiv
from .stubs import reduction_stub, unary_stub

__all__ = ["constexpr", "cdiv", "program_id", "num_programs", "full", "zeros",
           "tile_range", "tile_load", "tile_store", "dot", "where", "exp",
           "log", "sqrt", "abs", "tanh", "maximum", "minimum", "sum", "max",
           "min", "arange", "cast", "tile_swizzle"]


@registry.op(program.cdiv)
def cdiv(a, b):
    """ceil(a / b); on the host and, on traced integers, inside kernels."""
    if isinstance(a, int) and isinstance(b, int):
        return host_cdiv(a, b)
    registry.outside("cdiv")


@registry.op(program.program_id)
def program_id(axis):
    """This program instance's index along grid axis 0, 1 or 2."""
    registry.outside("program_id")


@registry.op(program.num_programs)
def num_programs(axis):
    """The grid size along axis 0, 1 or 2."""
    registry.outside("num_programs")


@registry.op(creation.full)
def full(shape, value, dtype="f32"):
    """A tile of `shape` filled with `value`."""
    registry.outside("full")


@registry.op(creation.zeros)
def zeros(shape, dtype="f32"):
    """A tile of zeros (an accumulator)."""
    registry.outside("zeros")


@registry.op(program.loop_range)
def tile_range(start, stop=None, step=1, num_stages=None):
    """A runtime loop (tile.for_range) from start to stop by step; tiles
    assigned in the body are carried. num_stages is passed to the compiler
    (software pipelining depth)."""
    registry.outside("tile_range")


@registry.op(access.tile_load)
def tile_load(buf, row, col=None, stride=None, shape=None, bounds=None,
              padding=None):
    """Loads the `shape` tile whose element (a, b) is
    buf[(row + a) * stride + col + b]. With bounds=(R, C), elements with
    row + a >= R or col + b >= C are not read and hold `padding` (default 0);
    without, the bounds are the buffer's extent (len(buf) // stride, stride).
    A 1-D tile: tile_load(buf, start, shape=(n,), bounds=(n_total,))."""
    registry.outside("tile_load")


@registry.op(access.tile_store)
def tile_store(buf, row, col=None, stride=None, value=None, shape=None,
               bounds=None):
    """Stores `value` (a `shape` tile) at buf[(row + a) * stride + col + b];
    out-of-range elements (bounds, by default the buffer's extent as for
    tile_load) are not written."""
    registry.outside("tile_store")


@registry.op(reduction.dot)
def dot(a, b, acc=None):
    """acc + a @ b (acc defaults to zeros, f32)."""
    registry.outside("dot")


@registry.op(elementwise.where)
def where(cond, x, y):
    """Elementwise `x if cond else y`."""
    registry.outside("where")


exp, log, sqrt, abs, tanh = (unary_stub(n) for n in ("exp", "log", "sqrt", "abs",
                                                     "tanh"))


@registry.op(elementwise.maximum)
def maximum(x, y):
    """Elementwise maximum."""
    registry.outside("maximum")


@registry.op(elementwise.minimum)
def minimum(x, y):
    """Elementwise minimum."""
    registry.outside("minimum")


sum = reduction_stub("sum", "Sum over `axis` (None: all, giving a scalar).")
max = reduction_stub("max", "Maximum over `axis` (None: all).")
min = reduction_stub("min", "Minimum over `axis` (None: all).")


@registry.op(creation.arange)
def arange(start, stop=None):
    """The integer tile start, start+1, ..., stop-1 (constexpr bounds)."""
    registry.outside("arange")


@registry.op(elementwise.cast)
def cast(x, dtype):
    """x converted to dtype (f32, f16, bf16, i32)."""
    registry.outside("cast")


@registry.op(program.tile_swizzle)
def tile_swizzle(pid_m, pid_n, pattern="morton", block_size=None):
    """Remaps the 2-D program id for cache locality: linear, diagonal,
    morton, grouped or hilbert (a bijection on every grid), and meTile's
    auto (hilbert) and grouped2/grouped4/grouped8 (grouped, groups of N
    rows); block_size as meTile takes it (4 for hilbert, 2 for morton,
    ignored by the others; plain grouped's group size)."""
    registry.outside("tile_swizzle")
