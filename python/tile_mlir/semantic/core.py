"""Checks every front end makes of the arguments of its constructs: element
types, ints known while tracing, tile shapes, buffers and float operands;
and the `constexpr` annotation they share."""

from ..compiler.emitter import Buffer, describe
from ..compiler.ir import DTYPE_ALIASES, is_float


class constexpr:
    """Annotation of a kernel parameter whose value is known while tracing
    (`BLOCK_M: tile_mlir.constexpr`): an `if` on it traces one branch, a
    `static_range` over it unrolls (a `range` stays a loop), and every
    combination of values is compiled once."""

    def __init__(self, value=None):
        self.value = value


def dtype_of(tr, dtype):
    """The element type (f32, i32, ...) of a dtype as any front end spells
    it (tl.float16, "float16", "f16", numpy's float16)."""
    name = DTYPE_ALIASES.get(str(getattr(dtype, "__name__", dtype)))
    if name is None:
        tr.error("unknown dtype %r (f32, f16, bf16, i32, i16, i8, u32, u16, "
                 "u8)" % (dtype,))
    return name


def int_arg(tr, x, what):
    """`x`, which must be an int known while tracing."""
    if not isinstance(x, int) or isinstance(x, bool):
        tr.error("%s must be an int known while tracing (a constexpr), got %s"
                 % (what, describe(x)))
    return x


def tile_shape(tr, shape):
    """A tile shape: an int or a tuple of one or two ints known while
    tracing; () is a scalar."""
    if shape.__class__ is tuple and len(shape) == 2 and \
            shape[0].__class__ is int and shape[1].__class__ is int:
        return shape  # the common case: (BLOCK_M, BLOCK_N)
    if isinstance(shape, int):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or len(shape) > 2:
        tr.error("a tile shape is a tuple of one or two ints known while tracing")
    return tuple(int_arg(tr, d, "a tile dimension") for d in shape)


def check_buffer(tr, buf, what):
    if not isinstance(buf, Buffer):
        tr.error("%s needs a buffer argument of the kernel, got %s" %
                 (what, describe(buf)))


def float_operand(tr, x, what):
    """`x` as a Value, which must hold floats."""
    v = tr.em.materialize(x)
    if not is_float(v.element):
        tr.error("%s needs a float tile, got %s" % (what, describe(v)))
    return v


def no_keep_dims(tr, keep_dims):
    if keep_dims:
        tr.error("keep_dims=True is not supported: index the result with "
                 "[:, None] or [None, :]")


def host_cdiv(a, b):
    """ceil(a / b) of two Python ints."""
    return -(-a // b)


def power_of_2(n):
    """The smallest power of two >= n."""
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()
