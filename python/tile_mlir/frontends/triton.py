"""The parts of Triton's `tl.*` API beyond loads, stores and dots (those
are in tile_mlir.language): loops (`tl.range`), math, random numbers,
compiler hints and trace-time checks, methods of tiles (`x.to`), and the
list of what is refused (with why), so that a kernel calling one of those
gets a DSLError naming its line rather than a missing attribute. Each name
is a stub registered with its semantic-layer handler."""

from ..compiler import registry
from ..semantic import (access, checks, creation, elementwise, program,
                        random, reduction)
from ..semantic.core import int_arg, power_of_2
from .stubs import unary_stub

# Triton's tl.* names tile_mlir does not provide, and why (docs/python.md).
REFUSED = {
    "associative_scan": "tile IR has no scan op",
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
    "topk": "tile IR has no sort op",
    "bitonic_merge": "tile IR has no sort op",
    "map_elementwise": "call the @jit function on the tiles: elementwise "
                       "code is traced on whole tiles",
    "philox_impl": "use tl.philox(seed, c0, c1, c2, c3, n_rounds), whose "
                   "key is the seed's two words",
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


def _range(tr, arg1, arg2=None, step=1, num_stages=None,
           loop_unroll_factor=None, disallow_acc_multi_buffer=False,
           flatten=False, warp_specialize=False, disable_licm=False):
    if loop_unroll_factor not in (None, 0, 1) or flatten or warp_specialize:
        tr.error("tl.range: loop_unroll_factor, flatten and warp_specialize "
                 "are not supported (num_stages is)")
    return program.loop_range(tr, arg1, arg2, step, num_stages)


@registry.op(_range)
def range(arg1, arg2=None, step=1, num_stages=None, loop_unroll_factor=None,
          disallow_acc_multi_buffer=False, flatten=False, warp_specialize=False,
          disable_licm=False):
    """A runtime loop (one tile.for_range); num_stages is the loop's
    software-pipelining depth."""
    registry.outside("range")


def _next_power_of_2(tr, n):
    return power_of_2(int_arg(tr, n, "next_power_of_2's argument"))


@registry.op(_next_power_of_2)
def next_power_of_2(n):
    """The smallest power of two >= n (host and constexpr values)."""
    return power_of_2(n)


exp2, log2, rsqrt, cos, sin, floor, ceil = (
    unary_stub(n) for n in ("exp2", "log2", "rsqrt", "cos", "sin", "floor", "ceil"))
sqrt_rn = unary_stub("sqrt_rn", "sqrt")


@registry.op(elementwise.sigmoid)
def sigmoid(x):
    """1 / (1 + exp(-x))."""
    registry.outside("sigmoid")


@registry.op(elementwise.fma)
def fma(x, y, z):
    """x * y + z, fused (math.fma)."""
    registry.outside("fma")


def _fdiv(tr, x, y, ieee_rounding=False):
    return elementwise.divide(tr, x, y)


@registry.op(_fdiv)
def fdiv(x, y, ieee_rounding=False):
    """x / y on floats."""
    registry.outside("fdiv")


@registry.op(elementwise.divide)
def div_rn(x, y):
    """x / y, rounded to nearest (MSL's division)."""
    registry.outside("div_rn")


def _clamp(tr, x, min, max, propagate_nan=None):
    return elementwise.clamp(tr, x, min, max)


@registry.op(_clamp)
def clamp(x, min, max, propagate_nan=None):
    """min(max(x, min), max)."""
    registry.outside("clamp")


@registry.op(creation.zeros_like)
def zeros_like(input, dtype=None):
    """Zeros of input's shape and type."""
    registry.outside("zeros_like")


def _reduce_or(tr, input, axis, keep_dims=False):
    return reduction.reduce(tr, "or", input, axis, keep_dims)


@registry.op(_reduce_or)
def reduce_or(input, axis, keep_dims=False):
    """The bitwise or of an integer tile's elements along `axis`."""
    registry.outside("reduce_or")


def _binary(symbol, name):
    """Triton's tl.add/sub/mul(x, y, sanitize_overflow=True): the operator
    (integer overflow wraps, as Triton's sanitizer assumes it may not)."""
    def handler(tr, x, y, sanitize_overflow=True):
        return elementwise.arith(tr, symbol, x, y)

    def stub(x, y, sanitize_overflow=True):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "x %s y." % symbol
    return registry.op(handler)(stub)


add, sub, mul = (_binary(s, n) for s, n in (("+", "add"), ("-", "sub"),
                                            ("*", "mul")))


def _xor_sum(tr, input, axis=None, keep_dims=False):
    return reduction.reduce(tr, "xor", input, axis, keep_dims)


@registry.op(_xor_sum)
def xor_sum(input, axis=None, keep_dims=False):
    """The xor of the elements along `axis`."""
    registry.outside("xor_sum")


def _argmax(tr, input, axis, tie_break_left=True, keep_dims=False):
    return reduction.arg_reduce(tr, "max", input, axis, tie_break_left,
                                keep_dims)


def _argmin(tr, input, axis, tie_break_left=True, keep_dims=False):
    return reduction.arg_reduce(tr, "min", input, axis, tie_break_left,
                                keep_dims)


@registry.op(_argmax)
def argmax(input, axis, tie_break_left=True, keep_dims=False):
    """The int32 index along `axis` of the first maximum (the last with
    tie_break_left=False)."""
    registry.outside("argmax")


@registry.op(_argmin)
def argmin(input, axis, tie_break_left=True, keep_dims=False):
    """The int32 index along `axis` of the first minimum (the last with
    tie_break_left=False)."""
    registry.outside("argmin")


def _cumsum(tr, input, axis=0, reverse=False, dtype=None):
    return reduction.cumulative(tr, "sum", _scan_input(tr, input, dtype),
                                axis, reverse)


def _cumprod(tr, input, axis=0, reverse=False):
    return reduction.cumulative(tr, "prod", input, axis, reverse)


def _scan_input(tr, input, dtype):
    return input if dtype is None else elementwise.to(tr, input, dtype)


@registry.op(_cumsum)
def cumsum(input, axis=0, reverse=False, dtype=None):
    """Inclusive prefix sums along `axis` (1-D tiles; 2-D float tiles)."""
    registry.outside("cumsum")


@registry.op(_cumprod)
def cumprod(input, axis=0, reverse=False):
    """Inclusive prefix products of a 1-D tile."""
    registry.outside("cumprod")


def _trans(tr, input, dims=None):
    return access.trans(tr, input)


@registry.op(_trans)
def trans(input, dims=None):
    """The transpose of a 2-D tile loaded with tl.load."""
    registry.outside("trans")


@registry.op(checks.static_assert)
def static_assert(cond, msg=""):
    """Fails the trace (a located DSLError) when `cond` is false."""
    registry.outside("static_assert")


def static_print(*values):
    """Prints values known while tracing (when the kernel is traced)."""
    registry.outside("static_print")


registry.HANDLERS[static_print] = (checks.static_print, None, None)


@registry.op(checks.no_op)
def debug_barrier():
    """Accepted, no op: tile IR has no shared memory a program could race
    on; the compiler places the barriers its own staging needs."""
    registry.outside("debug_barrier")


@registry.op(checks.hint)
def multiple_of(input, values):
    """A compiler hint, accepted and ignored: returns input."""
    registry.outside("multiple_of")


@registry.op(checks.no_op)
def assume(cond):
    """A compiler hint (tutorial 03 assumes its ids and strides are
    positive), accepted and ignored."""
    registry.outside("assume")


@registry.op(checks.hint)
def max_contiguous(input, values):
    """A compiler hint, accepted and ignored: returns input."""
    registry.outside("max_contiguous")


@registry.op(checks.hint)
def max_constancy(input, values):
    """A compiler hint, accepted and ignored: returns input."""
    registry.outside("max_constancy")


# ---- random numbers (Philox 4x32, as Triton defines them) -----------------

@registry.op(random.philox)
def philox(seed, c0, c1, c2, c3, n_rounds=10):
    """The four 32-bit words (as int32) of Philox 4x32 for counter (c0, c1,
    c2, c3) and key (seed low word, seed high word)."""
    registry.outside("philox")


def _random_stub(name, doc):
    """The stub `name`(seed, offset, n_rounds=10) of random.`name`."""
    def stub(seed, offset, n_rounds=10):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = doc
    return registry.op(getattr(random, name))(stub)


randint4x = _random_stub(
    "randint4x", "Four blocks of random 32-bit words (int32) for `offset`.")
randint = _random_stub(
    "randint", "A block of random 32-bit words (int32): Triton's randint.")
rand = _random_stub("rand", "A block of uniform floats in [0, 1).")
randn = _random_stub(
    "randn", "A block of standard normal floats (Box-Muller on two words).")
rand4x = _random_stub("rand4x", "Four blocks of uniform floats in [0, 1).")
randn4x = _random_stub("randn4x", "Four blocks of standard normal floats.")


@registry.op(random.uint_to_uniform_float)
def uint_to_uniform_float(x):
    """32-bit random words to uniform floats in [0, 1), as Triton maps them."""
    registry.outside("uint_to_uniform_float")


@registry.op(random.pair_uniform_to_normal)
def pair_uniform_to_normal(u1, u2):
    """Box-Muller: two blocks of uniforms to two of standard normals."""
    registry.outside("pair_uniform_to_normal")


# ---- methods of traced tiles ----------------------------------------------

def _to(tr, x, dtype, fp_downcast_rounding=None, bitcast=False):
    return elementwise.to(tr, x, dtype, bitcast)


def _method_reduction(which):
    """x.sum(axis) / x.max(axis) / x.min(axis)."""
    def handler(tr, x, axis=None, keep_dims=False):
        return reduction.reduce(tr, which, x, axis, keep_dims)
    return handler


registry.METHODS.update({"to": _to, "sum": _method_reduction("sum"),
                         "max": _method_reduction("max"),
                         "min": _method_reduction("min"), "trans": _trans,
                         "argmax": _argmax, "argmin": _argmin,
                         "cumsum": _cumsum, "cumprod": _cumprod})
