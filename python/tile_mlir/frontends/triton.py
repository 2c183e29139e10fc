"""The parts of Triton's `tl.*` API beyond loads, stores and dots: loops
(`tl.range`), math, compiler hints and trace-time checks, and the list of
what is refused (with why), so that a kernel calling one of those gets a
DSLError naming its line rather than a missing attribute."""

from ..compiler import registry
from .metile import _int, _unary, reduction
from ..compiler.emitter import Value, describe
from ..compiler.ir import ir_element, is_float, tensor_type
from ..compiler.poly import Poly

# Triton's tl.* names tile_mlir does not provide, and why (docs/python.md).
REFUSED = {
    "cumsum": "tile IR has no scan op",
    "cumprod": "tile IR has no scan op",
    "associative_scan": "tile IR has no scan op",
    "argmax": "tile IR has no index-returning reduction",
    "argmin": "tile IR has no index-returning reduction",
    "sort": "tile IR has no sort op",
    "histogram": "use tl.atomic_add on a pointer tile",
    "reduce": "tile IR reductions are fixed kinds: use tl.sum/tl.max/tl.min/"
              "tl.xor_sum",
    "reshape": "tile IR has no reshape of tiles",
    "view": "tile IR has no reshape of tiles",
    "ravel": "tile IR has no reshape of tiles",
    "permute": "tile IR has no general transpose; tl.trans reloads a loaded "
               "tile with swapped strides",
    "join": "tile IR tiles are rank 1 or 2 and have no join",
    "split": "tile IR tiles are rank 1 or 2 and have no split",
    "interleave": "tile IR has no interleave",
    "cat": "tile IR has no concatenation",
    "flip": "tile IR has no reversal of tiles",
    "gather": "tile IR has no gather from a tile (tl.load gathers from memory)",
    "dot_scaled": "tile IR has no scaled (microscaling) dot",
    "erf": "the MSL backend has no erf",
    "make_tensor_descriptor": "tensor descriptors are not implemented",
    "load_tensor_descriptor": "tensor descriptors are not implemented",
    "store_tensor_descriptor": "tensor descriptors are not implemented",
    "umulhi": "tile IR kernels have no 64-bit multiply for it yet",
    "inline_asm_elementwise": "there is no inline assembly in MSL kernels "
                              "compiled from tile IR",
    "device_print": "there is no printing from a kernel",
    "device_assert": "there is no assertion in a kernel; tl.static_assert "
                     "checks values known while tracing",
    "swizzle2d": "use tile_mlir.tile_swizzle (a tile.swizzle)",
    "broadcast": "broadcasting is implicit in operators",
    "broadcast_to": "broadcasting is implicit in operators",
    "expand_dims": "use x[:, None] / x[None, :]",
    "softmax": "write it with tl.max, tl.exp and tl.sum",
}


def refused(name, reason):
    def handler(tr, *args, **kwargs):
        tr.error("tl.%s is not supported by tile_mlir: %s" % (name, reason))

    def stub(*args, **kwargs):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    if stub not in registry.HANDLERS:
        registry.HANDLERS[stub] = (handler, None, None)
    return _REFUSED_STUBS.setdefault(name, stub)


_REFUSED_STUBS = {}


def _h_range(tr, arg1, arg2=None, step=1, num_stages=None,
             loop_unroll_factor=None, disallow_acc_multi_buffer=False,
             flatten=False, warp_specialize=False):
    from ..compiler.tracer import TileRange
    start, stop = (0, arg1) if arg2 is None else (arg1, arg2)
    if num_stages is not None:
        _int(tr, num_stages, "num_stages")
    if loop_unroll_factor not in (None, 0, 1) or flatten or warp_specialize:
        tr.error("tl.range: loop_unroll_factor, flatten and warp_specialize "
                 "are not supported (num_stages is)")
    return TileRange(start, stop, step, num_stages)


@registry.op(_h_range)
def range(arg1, arg2=None, step=1, num_stages=None, loop_unroll_factor=None,
          disallow_acc_multi_buffer=False, flatten=False, warp_specialize=False):
    """A runtime loop (one tile.for_range); num_stages is the loop's
    software-pipelining depth."""
    registry.outside("range")


def _power_of_2(n):
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def _h_next_power_of_2(tr, n):
    return _power_of_2(_int(tr, n, "next_power_of_2's argument"))


@registry.op(_h_next_power_of_2)
def next_power_of_2(n):
    """The smallest power of two >= n (host and constexpr values)."""
    return _power_of_2(n)

exp2, log2, rsqrt, cos, sin, floor, ceil = (
    _unary(n) for n in ("exp2", "log2", "rsqrt", "cos", "sin", "floor", "ceil"))
sqrt_rn = _unary("sqrt")


def _float(tr, x, what):
    v = tr.em.materialize(x)
    if not is_float(v.element):
        tr.error("%s needs a float tile, got %s" % (what, describe(v)))
    return v


def _h_sigmoid(tr, x):
    em = tr.em
    v = _float(tr, x, "sigmoid")
    e = em.unary_math("exp", em.unary_math("neg", v))
    return em.arith("/", 1.0, em.arith("+", 1.0, e))


@registry.op(_h_sigmoid)
def sigmoid(x):
    """1 / (1 + exp(-x))."""
    registry.outside("sigmoid")


def _h_fma(tr, x, y, z):
    em = tr.em
    x, y, element, shape = em.unify(x, y)
    x, z, element, shape = em.unify(x, z)
    y = em.to_shape(y, shape)
    if not is_float(element):
        tr.error("fma needs float operands, got %s" % element)
    return em.op1(element, shape, "math.fma ", x.ssa, ", ", y.ssa, ", ", z.ssa,
                  " : %s" % x.ir_type)


@registry.op(_h_fma)
def fma(x, y, z):
    """x * y + z, fused (math.fma)."""
    registry.outside("fma")


def _h_fdiv(tr, x, y, ieee_rounding=False):
    return tr.em.arith("/", x, y)


@registry.op(_h_fdiv)
def fdiv(x, y, ieee_rounding=False):
    """x / y on floats."""
    registry.outside("fdiv")


def _h_div_rn(tr, x, y):
    return tr.em.arith("/", x, y)


@registry.op(_h_div_rn)
def div_rn(x, y):
    """x / y, rounded to nearest (MSL's division)."""
    registry.outside("div_rn")


def _h_clamp(tr, x, min, max, propagate_nan=None):
    em = tr.em
    return em.minmax("min", em.minmax("max", x, min), max)


@registry.op(_h_clamp)
def clamp(x, min, max, propagate_nan=None):
    """min(max(x, min), max)."""
    registry.outside("clamp")


def _h_zeros_like(tr, input, dtype=None):
    from .metile import dtype_of
    v = tr.em.materialize(input)
    element = dtype_of(tr, dtype) if dtype is not None else v.element
    return tr.em.constant(0, element, v.shape)


@registry.op(_h_zeros_like)
def zeros_like(input, dtype=None):
    """Zeros of input's shape and type."""
    registry.outside("zeros_like")


def _h_xor_sum(tr, input, axis=None, keep_dims=False):
    em = tr.em
    _no_keep_dims(tr, keep_dims)
    v = em.materialize(input)
    if is_float(v.element):
        tr.error("xor_sum needs an integer tile")
    if axis is None:
        while v.shape:
            v = em.reduce("xor", v, len(v.shape) - 1)
        return v
    return em.reduce("xor", v, axis % len(v.shape))


@registry.op(_h_xor_sum)
def xor_sum(input, axis=None, keep_dims=False):
    """The xor of the elements along `axis`."""
    registry.outside("xor_sum")


def _h_trans(tr, input, dims=None):
    """A loaded 2-D tile is loaded again with its pointer's axes swapped:
    tile IR has no transpose of a tile in registers, but a transposed
    operand is only a choice of strides (or, for a gather, of offsets)."""
    from ..semantic import pointers
    from ..compiler.poly import Mask, Pointer, Poly
    v = input
    origin = getattr(v, "origin", None)
    if not isinstance(v, Value) or len(v.shape) != 2 or origin is None:
        tr.error("tl.trans of %s: only a 2-D tile loaded with tl.load can be "
                 "transposed (it is loaded again with its axes swapped)" %
                 describe(v))
    pointer, mask, other = origin
    swap = {0: 1, 1: 0}
    shape = (v.shape[1], v.shape[0])
    off = pointer.offset
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
    return pointers.load_pointer(tr.em, Pointer(pointer.buffer, off), mask, other)


@registry.op(_h_trans)
def trans(input, dims=None):
    """The transpose of a 2-D tile loaded with tl.load."""
    registry.outside("trans")


def _h_static_assert(tr, cond, msg=""):
    if isinstance(cond, (Value,)) or hasattr(cond, "terms") or \
            hasattr(cond, "conditions"):
        tr.error("tl.static_assert needs a condition known while tracing, "
                 "got %s" % describe(cond))
    if not cond:
        tr.error("static_assert failed" + (": %s" % msg if msg else ""))


@registry.op(_h_static_assert)
def static_assert(cond, msg=""):
    """Fails the trace (a located DSLError) when `cond` is false."""
    registry.outside("static_assert")


def _h_static_print(tr, *values):
    print(*[v if not hasattr(v, "ssa") else describe(v) for v in values])


def static_print(*values):
    """Prints values known while tracing (when the kernel is traced)."""
    registry.outside("static_print")


registry.HANDLERS[static_print] = (_h_static_print, None, None)


def _h_debug_barrier(tr):
    return None


@registry.op(_h_debug_barrier)
def debug_barrier():
    """Accepted, no op: tile IR has no shared memory a program could race
    on; the compiler places the barriers its own staging needs."""
    registry.outside("debug_barrier")


def _h_hint(tr, input, values):
    return input


@registry.op(_h_hint)
def multiple_of(input, values):
    """A compiler hint, accepted and ignored: returns input."""
    registry.outside("multiple_of")


def _h_assume(tr, cond):
    return None


@registry.op(_h_assume)
def assume(cond):
    """A compiler hint (tutorial 03 assumes its ids and strides are
    positive), accepted and ignored."""
    registry.outside("assume")


@registry.op(_h_hint)
def max_contiguous(input, values):
    """A compiler hint, accepted and ignored: returns input."""
    registry.outside("max_contiguous")



def _h_to(tr, x, dtype, fp_downcast_rounding=None, bitcast=False):
    from .metile import dtype_of
    em = tr.em
    if str(dtype) == "int64" and not bitcast and isinstance(x, Poly):
        # Triton widens offsets to int64 against overflow (tutorial 06's
        # `off_z.to(tl.int64) * stride_qz`). An integer expression here
        # stays symbolic and becomes an address offset: it keeps its form.
        return x
    element = dtype_of(tr, dtype)
    v = em.materialize(x)
    if bitcast:
        return _bitcast(tr, v, element)
    if element == "i1" and v.element != "i1":  # Triton: x != 0
        return em.compare("!=", v, 0.0 if is_float(v.element) else 0)
    return em.cast(v, element)


_BITS = {"f32": 32, "f16": 16, "bf16": 16, "i32": 32, "u32": 32, "i16": 16,
         "u16": 16, "i8": 8, "u8": 8}


def _bitcast(tr, v, element):
    """x.to(element, bitcast=True): the same bits read as another type of
    the same width (a q4_0 block's f16 scale from its two bytes)."""
    em = tr.em
    if _BITS.get(v.element) is None or _BITS.get(v.element) != _BITS.get(element):
        tr.error("x.to(%s, bitcast=True) from %s: a bitcast keeps the width "
                 "(32, 16 or 8 bits)" % (element, v.element))
    if ir_element(v.element) == ir_element(element):
        return em.cast(v, element)  # u32 <-> i32: the same IR value
    if v.expand is not None:
        v = em.to_shape(v, v.shape)
    return em.op1(element, v.ir_shape, "arith.bitcast ", v.ssa, " : %s to %s" % (
        v.ir_type, tensor_type(v.ir_shape, element)))


def _no_keep_dims(tr, keep_dims):
    if keep_dims:
        tr.error("keep_dims=True is not supported: index the result with "
                 "[:, None] or [None, :]")


def _method_reduction(which):
    """x.sum(axis) / x.max(axis) / x.min(axis)."""
    def handler(tr, x, axis=None, keep_dims=False):
        _no_keep_dims(tr, keep_dims)
        return reduction(tr, which, x, axis)
    return handler


registry.METHODS.update({"to": _h_to, "sum": _method_reduction("sum"),
                         "max": _method_reduction("max"),
                         "min": _method_reduction("min"), "trans": _h_trans})
