"""Triton-style kernels: `import tile_mlir.language as tl` and
`@tile_mlir.jit`. Pointers are `buffer + offsets`: offsets affine in
`tl.arange`, program ids and integer scalars, with masks that are
conjunctions (`&`) of `offsets < bound`, are tile.load/tile.store
rectangles; any other integer offsets and masks (`% M`, `// 8`, indices
loaded from memory, `|`) are tile.gather/tile.scatter. docs/python.md has
the table of Triton's `tl.*` API: what is supported and what is refused
(with the line, when a kernel calls it)."""

from .compiler import registry
from .compiler.kernel import jit
from .compiler.registry import static_range
from .frontends import triton as _triton
from .frontends.metile import (abs, arange, cast, cdiv, constexpr, exp, full,
                               log, max, maximum, min, minimum, num_programs,
                               program_id, sqrt, sum, tanh, where, zeros)
from .frontends.stubs import reduction_stub
from .frontends.triton import (add, argmax, argmin, assume, ceil, clamp, cos,
                               cumprod, cumsum, debug_barrier, max_constancy,
                               mul, pair_uniform_to_normal, rand4x, randn4x,
                               reduce_or, sub, uint_to_uniform_float,
                               div_rn, exp2, fdiv, floor, fma, log2,
                               max_contiguous, multiple_of, next_power_of_2,
                               philox, rand, randint, randint4x, randn, range,
                               rsqrt, sigmoid, sin, sqrt_rn, static_assert,
                               static_print, trans, xor_sum, zeros_like)
from .semantic import access, blockptr, reduction

float32, float16, bfloat16, int32, int1 = "f32", "f16", "bf16", "i32", "i1"
# Unsigned types are traced as such (logical shifts, unsigned division,
# compares and conversions) and are signless i8/i16/i32 in the IR.
int8, int16, uint8, uint16, uint32 = "i8", "i16", "u8", "u16", "u32"
# Types tile IR kernels cannot hold: named so that using one is a located
# "unknown dtype" error rather than a missing attribute.
(float64, int64, uint64, float8e4nv, float8e5) = (
    "float64", "int64", "uint64", "float8e4nv", "float8e5")

__all__ = ["abs", "arange", "cast", "cdiv", "constexpr", "exp", "full", "log",
           "max", "maximum", "min", "minimum", "num_programs", "program_id",
           "sqrt", "sum", "tanh", "where", "zeros", "dot", "load", "store",
           "jit", "static_range", "range", "reduce_sum", "float32", "float16",
           "bfloat16", "int32", "int1", "int8", "int16", "uint8", "uint16",
           "uint32", "atomic_add", "atomic_max",
           "atomic_min", "atomic_and", "atomic_or", "atomic_xor",
           "atomic_xchg", "atomic_cas", "exp2", "log2", "rsqrt", "sigmoid",
           "fma", "zeros_like", "trans", "static_assert", "static_print",
           "debug_barrier", "make_block_ptr", "advance", "next_power_of_2",
           "philox", "rand", "randint", "randint4x", "randn", "multiple_of",
           "max_contiguous", "fdiv", "div_rn", "cos", "sin", "floor", "ceil",
           "clamp", "xor_sum", "sqrt_rn", "assume", "argmax", "argmin",
           "cumsum", "cumprod", "add", "sub", "mul", "max_constancy",
           "pair_uniform_to_normal", "rand4x", "randn4x", "reduce_or",
           "uint_to_uniform_float"]


def _load(tr, pointer, mask=None, other=None, boundary_check=(),
          padding_option="", cache_modifier="", eviction_policy="",
          volatile=False):
    return access.load(tr, pointer, mask, other, boundary_check, padding_option)


@registry.op(_load)
def load(pointer, mask=None, other=None, boundary_check=(), padding_option="",
         cache_modifier="", eviction_policy="", volatile=False):
    """Loads the tile `pointer` points at; masked-off elements read `other`
    (default 0) and touch no memory. Cache hints are accepted and ignored."""
    registry.outside("load")


def _store(tr, pointer, value, mask=None, boundary_check=(), cache_modifier="",
           eviction_policy=""):
    return access.store(tr, pointer, value, mask, boundary_check)


@registry.op(_store)
def store(pointer, value, mask=None, boundary_check=(), cache_modifier="",
          eviction_policy=""):
    """Stores `value` where `pointer` points; masked-off elements are not
    written. The value is converted to the buffer's element type."""
    registry.outside("store")


def _atomic(op):
    def handler(tr, pointer, val, mask=None, sem=None, scope=None):
        return access.atomic_rmw(tr, op, pointer, val, mask)

    def stub(pointer, val, mask=None, sem=None, scope=None):
        registry.outside("atomic_" + op)
    stub.__name__ = stub.__qualname__ = "atomic_" + op
    stub.__doc__ = ("Atomically applies %s of `val` at every unmasked pointer "
                    "and returns the old values (tile.atomic_rmw; relaxed "
                    "order whatever `sem`)." % op)
    return registry.op(handler)(stub)


(atomic_add, atomic_max, atomic_min, atomic_and, atomic_or, atomic_xor,
 atomic_xchg) = (_atomic(o) for o in ("add", "max", "min", "and", "or", "xor",
                                      "xchg"))


def _atomic_cas(tr, pointer, cmp, val, sem=None, scope=None):
    return access.atomic_cas(tr, pointer, cmp, val)


@registry.op(_atomic_cas)
def atomic_cas(pointer, cmp, val, sem=None, scope=None):
    """Atomic compare-and-swap on int32 (tile.atomic_cas); the old values."""
    registry.outside("atomic_cas")


@registry.op(blockptr.make_block_ptr)
def make_block_ptr(base, shape, strides, offsets, block_shape, order=None):
    """A block pointer: the `block_shape` block at `offsets` of the tensor
    of `shape` and `strides` at `base` (order is a layout hint, ignored)."""
    registry.outside("make_block_ptr")


@registry.op(blockptr.advance)
def advance(base, offsets):
    """The block pointer moved by `offsets` (elements per dimension)."""
    registry.outside("advance")


@registry.op(reduction.dot)
def dot(a, b, acc=None):
    """a @ b (+ acc), accumulated in f32."""
    registry.outside("dot")


reduce_sum = reduction_stub("sum", "sum() under the name TinyTon kernels use.",
                            name="reduce_sum")


def __getattr__(name):
    """tl.<name> for a Triton API tile_mlir refuses: a function that, called
    in a kernel, is a DSLError naming the line and the reason."""
    reason = _triton.REFUSED.get(name)
    if reason is None:
        raise AttributeError("module 'tile_mlir.language' has no attribute %r"
                             % name)
    return _triton.refused(name, reason)



# `tl.math.exp2(x)`, as Triton's tutorials spell the math functions (06's
# fused attention): a module holding the same functions as tl.*.
def _math_module():
    import types
    module = types.ModuleType(__name__ + ".math")
    for name in ("abs", "exp", "exp2", "log", "log2", "sqrt", "sqrt_rn",
                 "rsqrt", "sigmoid", "cos", "sin", "floor", "ceil", "fma",
                 "fdiv", "div_rn", "tanh", "cdiv"):
        setattr(module, name, globals()[name])
    return module


math = _math_module()
__all__.append("math")
