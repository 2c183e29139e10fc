"""The meTile-style DSL: `@tile_mlir.kernel` functions call these. Each is a
stub outside a kernel; inside, the tracer runs its handler (registered with
registry.op), which emits tile IR."""

from ..compiler import extents, registry
from ..semantic import memory
from ..compiler.emitter import Buffer, describe
from ..compiler.ir import DTYPE_ALIASES, is_float, tensor_type
from ..compiler.poly import Poly
from ..compiler.tracer import TileRange


class constexpr:
    """Annotation of a kernel parameter whose value is known while tracing
    (`BLOCK_M: tile_mlir.constexpr`): an `if` on it traces one branch, a
    `static_range` over it unrolls (a `range` stays a loop), and every
    combination of values is compiled once."""

    def __init__(self, value=None):
        self.value = value


def dtype_of(tr, dtype):
    name = DTYPE_ALIASES.get(str(getattr(dtype, "__name__", dtype)))
    if name is None:
        tr.error("unknown dtype %r (f32, f16, bf16, i32, i16, i8, u32, u16, "
                 "u8)" % (dtype,))
    return name


def _int(tr, x, what):
    if not isinstance(x, int) or isinstance(x, bool):
        tr.error("%s must be an int known while tracing (a constexpr), got %s"
                 % (what, describe(x)))
    return x


def _shape(tr, shape):
    if shape.__class__ is tuple and len(shape) == 2 and \
            shape[0].__class__ is int and shape[1].__class__ is int:
        return shape  # the common case: (BLOCK_M, BLOCK_N)
    if isinstance(shape, int):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or len(shape) > 2:
        tr.error("a tile shape is a tuple of one or two ints known while tracing")
    return tuple(_int(tr, d, "a tile dimension") for d in shape)


def _h_cdiv(tr, a, b):
    if isinstance(a, int) and isinstance(b, int):
        return -(-a // b)
    em = tr.em
    pa, pb = em.index_poly(a), em.index_poly(b)
    num = pa.add(pb, ()).add(Poly.const(-1), ())
    return em.atom_poly(em.arith("//", em.scalar_poly(num), em.scalar_poly(pb)))


@registry.op(_h_cdiv)
def cdiv(a, b):
    """ceil(a / b); on the host and, on traced integers, inside kernels."""
    if isinstance(a, int) and isinstance(b, int):
        return -(-a // b)
    registry.outside("cdiv")


def _axis_name(tr, axis):
    if axis not in (0, 1, 2):
        tr.error("axis must be 0, 1 or 2")
    return "xyz"[axis]


def _h_program_id(tr, axis):
    em = tr.em
    if em.swizzle is not None and axis in (0, 1):
        # A Config's SWIZZLE (meTile): the 2-D program id goes through
        # tile_swizzle with that pattern, once per region.
        pair = em.cached(("swizzled pid", em.swizzle), lambda: _h_tile_swizzle(
            tr, _raw_program_id(tr, 0), _raw_program_id(tr, 1), em.swizzle))
        return pair[axis]
    return _raw_program_id(tr, axis)


def _raw_program_id(tr, axis):
    return tr.em.op1("index", (), "tile.program_id %s : index" % _axis_name(tr, axis),
                     hint="pid")


@registry.op(_h_program_id)
def program_id(axis):
    """This program instance's index along grid axis 0, 1 or 2."""
    registry.outside("program_id")


def _h_num_programs(tr, axis):
    return tr.em.op1("index", (), "tile.num_programs %s : index" %
                     _axis_name(tr, axis), hint="nprog")


@registry.op(_h_num_programs)
def num_programs(axis):
    """The grid size along axis 0, 1 or 2."""
    registry.outside("num_programs")


def _h_full(tr, shape, value, dtype="f32"):
    shape, element = _shape(tr, shape), dtype_of(tr, dtype)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return tr.em.constant(value, element, shape)
    v = tr.em.materialize(value)
    if v.shape:
        tr.error("full() takes a scalar value")
    return tr.em.splat(tr.em.cast(v, element), shape)


@registry.op(_h_full)
def full(shape, value, dtype="f32"):
    """A tile of `shape` filled with `value`."""
    registry.outside("full")


def _h_zeros(tr, shape, dtype="f32"):
    return _h_full(tr, shape, 0, dtype)


@registry.op(_h_zeros)
def zeros(shape, dtype="f32"):
    """A tile of zeros (an accumulator)."""
    registry.outside("zeros")


def _h_tile_range(tr, start, stop=None, step=1, num_stages=None):
    if stop is None:
        start, stop = 0, start
    return TileRange(start, stop, step, num_stages)


@registry.op(_h_tile_range)
def tile_range(start, stop=None, step=1, num_stages=None):
    """A runtime loop (tile.for_range) from start to stop by step; tiles
    assigned in the body are carried. num_stages is passed to the compiler
    (software pipelining depth)."""
    registry.outside("tile_range")


def _check_buffer(tr, buf, what):
    if not isinstance(buf, Buffer):
        tr.error("%s needs a buffer argument of the kernel, got %s" %
                 (what, describe(buf)))


def _not_predicated(tr, what):
    if tr.em.predicate is not None:
        tr.error("%s inside an 'if' on a runtime value: put the condition "
                 "into its bounds, or use Triton-style tl.load/tl.store, "
                 "which the condition masks" % what)


def _h_tile_load(tr, buf, row, col=None, stride=None, shape=None, bounds=None,
                 padding=None):
    _check_buffer(tr, buf, "tile_load")
    _not_predicated(tr, "tile_load")
    shape = _shape(tr, shape if shape is not None else ())
    starts, strides, bnds = _addressing(tr, "tile_load", shape, row, col, stride,
                                        bounds)
    if bnds is None:
        bnds = extents.default_bounds(tr.em, buf, starts, strides, shape)
    return memory.load(tr.em, buf, starts, strides, bnds, shape, padding)


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


@registry.op(_h_tile_load)
def tile_load(buf, row, col=None, stride=None, shape=None, bounds=None,
              padding=None):
    """Loads the `shape` tile whose element (a, b) is
    buf[(row + a) * stride + col + b]. With bounds=(R, C), elements with
    row + a >= R or col + b >= C are not read and hold `padding` (default 0);
    without, the bounds are the buffer's extent (len(buf) // stride, stride).
    A 1-D tile: tile_load(buf, start, shape=(n,), bounds=(n_total,))."""
    registry.outside("tile_load")


def _h_tile_store(tr, buf, row, col=None, stride=None, value=None, shape=None,
                  bounds=None):
    _check_buffer(tr, buf, "tile_store")
    _not_predicated(tr, "tile_store")
    if value is None:
        tr.error("tile_store needs the value to store")
    v = tr.em.materialize(value) if not isinstance(value, (int, float)) else \
        tr.em.constant(value, buf.element)
    if shape is None:
        shape = v.shape
    shape = _shape(tr, shape)
    if v.shape != shape:
        if v.shape:
            tr.error("tile_store: the value is a %s tile but shape is %s" %
                     (tensor_type(v.shape, v.element), shape))
        v = tr.em.splat(v, shape)
    starts, strides, bnds = _addressing(tr, "tile_store", shape, row, col, stride,
                                        bounds)
    if bnds is None:
        bnds = extents.default_bounds(tr.em, buf, starts, strides, shape)
    memory.store(tr.em, v, buf, starts, strides, bnds)


@registry.op(_h_tile_store)
def tile_store(buf, row, col=None, stride=None, value=None, shape=None,
               bounds=None):
    """Stores `value` (a `shape` tile) at buf[(row + a) * stride + col + b];
    out-of-range elements (bounds, by default the buffer's extent as for
    tile_load) are not written."""
    registry.outside("tile_store")


def _h_dot(tr, a, b, acc=None):
    em = tr.em
    a, b = em.materialize(a), em.materialize(b)
    if len(a.shape) != 2 or len(b.shape) != 2 or a.shape[1] != b.shape[0]:
        tr.error("dot(a, b): a must be MxK and b KxN, got %s and %s" %
                 (a.shape, b.shape))
    if a.element != b.element or not is_float(a.element):
        tr.error("dot operands must be f32, f16 or bf16 of one type, got %s and %s"
                 % (a.element, b.element))
    shape = (a.shape[0], b.shape[1])
    if acc is None:
        acc = em.constant(0, "f32", shape)
    acc = em.materialize(acc)
    if acc.shape != shape:
        tr.error("dot accumulator must be %s, got %s" % (shape, acc.shape))
    a, b = em.to_shape(a, a.shape), em.to_shape(b, b.shape)
    return em.op1(acc.element, shape, "tile.dot ", a.ssa, ", ", b.ssa, ", ",
                  acc.ssa, " : %s, %s -> %s" % (a.ir_type, b.ir_type, acc.ir_type))


@registry.op(_h_dot)
def dot(a, b, acc=None):
    """acc + a @ b (acc defaults to zeros, f32)."""
    registry.outside("dot")


def _h_where(tr, cond, x, y):
    return tr.em.select(cond, x, y)


@registry.op(_h_where)
def where(cond, x, y):
    """Elementwise `x if cond else y`."""
    registry.outside("where")


def _unary(name):
    def handler(tr, x):
        return tr.em.unary_math(name, x)

    def stub(x):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "Elementwise %s." % name
    return registry.op(handler)(stub)


exp, log, sqrt, abs, tanh = (_unary(n) for n in ("exp", "log", "sqrt", "abs", "tanh"))


def _h_maximum(tr, x, y):
    return tr.em.minmax("max", x, y)


def _h_minimum(tr, x, y):
    return tr.em.minmax("min", x, y)


@registry.op(_h_maximum)
def maximum(x, y):
    """Elementwise maximum."""
    registry.outside("maximum")


@registry.op(_h_minimum)
def minimum(x, y):
    """Elementwise minimum."""
    registry.outside("minimum")


def reduction(tr, which, x, axis):
    em = tr.em
    x = em.materialize(x)
    if is_float(x.element):
        kind = {"sum": "add", "max": "maximumf", "min": "minimumf"}[which]
    else:
        kind = {"sum": "add", "max": "maxsi", "min": "minsi"}[which]
    if not x.shape:
        return x
    if axis is None:
        while x.shape:
            x = em.reduce(kind, x, len(x.shape) - 1)
        return x
    if axis < 0:
        axis += len(x.shape)
    if not 0 <= axis < len(x.shape):
        tr.error("axis %d out of range for a %d-D tile" % (axis, len(x.shape)))
    return em.reduce(kind, x, axis)


def _h_sum(tr, x, axis=None):
    return reduction(tr, "sum", x, axis)


def _h_max(tr, x, axis=None):
    return reduction(tr, "max", x, axis)


def _h_min(tr, x, axis=None):
    return reduction(tr, "min", x, axis)


@registry.op(_h_sum)
def sum(x, axis=None):
    """Sum over `axis` (None: all, giving a scalar)."""
    registry.outside("sum")


@registry.op(_h_max)
def max(x, axis=None):
    """Maximum over `axis` (None: all)."""
    registry.outside("max")


@registry.op(_h_min)
def min(x, axis=None):
    """Minimum over `axis` (None: all)."""
    registry.outside("min")


def _h_arange(tr, start, stop=None):
    if stop is None:
        start, stop = 0, start
    n = _int(tr, stop, "arange's stop") - _int(tr, start, "arange's start")
    if n <= 0:
        tr.error("arange(%d, %d) is empty" % (start, stop))
    return Poly.axis(0, (n,)).add(Poly.const(start, (n,)), (n,))


@registry.op(_h_arange)
def arange(start, stop=None):
    """The integer tile start, start+1, ..., stop-1 (constexpr bounds)."""
    registry.outside("arange")


def _h_cast(tr, x, dtype):
    element = dtype_of(tr, dtype)
    if isinstance(x, (int, float)):
        return tr.em.constant(x, element)
    return tr.em.cast(tr.em.materialize(x), element)


@registry.op(_h_cast)
def cast(x, dtype):
    """x converted to dtype (f32, f16, bf16, i32)."""
    registry.outside("cast")


_PATTERNS = ("linear", "diagonal", "morton", "grouped", "hilbert")
# meTile's schedule names besides those (docs/python.md, "Tile swizzles").
_METILE_NAMES = ("auto", "grouped2", "grouped4", "grouped8")


def _swizzle_pattern(tr, pattern, block_size):
    """(pattern, block or None) of the tile.swizzle for tile_swizzle's
    arguments, which take meTile's names and rules: `auto` is hilbert;
    `grouped<N>` is grouped with groups of N rows; hilbert needs block 4
    and morton a power of two (meTile: 2); linear, diagonal, auto and
    grouped<N> ignore block_size, as meTile does. Plain `grouped` takes
    its group size from block_size."""
    if pattern == "auto":
        return "hilbert", 4
    if isinstance(pattern, str) and pattern.startswith("grouped") and \
            pattern[7:].isdigit() and int(pattern[7:]) > 0:
        return "grouped", int(pattern[7:])
    if pattern not in _PATTERNS:
        tr.error("unknown swizzle pattern %r (%s, or grouped<N> such as "
                 "grouped4)" % (pattern, ", ".join(_PATTERNS + _METILE_NAMES)))
    if pattern in ("linear", "diagonal") or block_size is None:
        return pattern, None
    block = _int(tr, block_size, "block_size")
    if pattern == "hilbert" and block != 4:
        tr.error("hilbert swizzling requires block_size=4 (its 4x4 panels), "
                 "got %d" % block)
    return pattern, block


def _h_tile_swizzle(tr, pid_m, pid_n, pattern="morton", block_size=None):
    em = tr.em
    pattern, block = _swizzle_pattern(tr, pattern, block_size)
    attrs = 'pattern = "%s"' % pattern
    if block is not None:
        attrs += ", block = %d" % block
    pm = em.index_value(pid_m)
    pn = em.index_value(pid_n)
    return tuple(em.op([("index", ()), ("index", ())],
                       ["tile.swizzle ", pm.ssa, ", ", pn.ssa,
                        " {%s} : index" % attrs], ["pid_m", "pid_n"]))


@registry.op(_h_tile_swizzle)
def tile_swizzle(pid_m, pid_n, pattern="morton", block_size=None):
    """Remaps the 2-D program id for cache locality: linear, diagonal,
    morton, grouped or hilbert (a bijection on every grid), and meTile's
    auto (hilbert) and grouped2/grouped4/grouped8 (grouped, groups of N
    rows); block_size as meTile takes it (4 for hilbert, 2 for morton,
    ignored by the others; plain grouped's group size)."""
    registry.outside("tile_swizzle")
