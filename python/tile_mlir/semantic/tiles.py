"""TileLang's buffers: what T.copy, T.gemm and T.fill do to them while a
@T.prim_func is traced.

TileLang buffers are mutable: T.copy fills a shared tile, T.gemm adds into a
fragment, T.clear zeroes it. Tile IR is SSA, so each allocation is a
LocalTile whose `value` is the tile Value it holds now; a call that writes
it gives it a new Value (and a loop carries it, see tilelang.tracer). Global
buffers are the prim_func's parameters, row-major with the shapes of their
T.Buffer annotations, so every global access gets exact bounds from them."""

from ..compiler.emitter import Value
from ..compiler.ir import tensor_type
from ..compiler.poly import Poly
from . import memory
from .creation import full
from .reduction import dot

# TileLang dtype names -> element types ("float" is TileLang's float32).
DTYPES = {"float16": "f16", "half": "f16", "fp16": "f16", "float32": "f32",
          "float": "f32", "fp32": "f32", "bfloat16": "bf16", "int32": "i32"}


def element_type(dtype):
    """The element type of a TileLang dtype, or None."""
    return DTYPES.get(str(getattr(dtype, "__name__", dtype)))


class GlobalTensor:
    """A prim_func parameter: a row-major global buffer of a fixed shape."""

    def __init__(self, buffer, shape):
        self.buffer, self.shape = buffer, tuple(shape)

    @property
    def name(self):
        return self.buffer.name

    @property
    def element(self):
        return self.buffer.element

    def strides(self):
        out, s = [], 1
        for d in reversed(self.shape):
            out.insert(0, s)
            s *= d
        return out

    def __repr__(self):
        return "T.Buffer(%s, %s) '%s'" % (self.shape, self.element, self.name)


class Region:
    """`A[i, j]` outside T.Parallel: the tile of A that starts there (its
    extent is the other operand's shape, as in TileLang's T.copy)."""

    def __init__(self, tensor, starts, extents=None):
        self.tensor, self.starts = tensor, list(starts)
        # per dimension, the extent of a slice `a:b` when b - a is known
        self.extents = list(extents or [None] * len(self.starts))

    def __repr__(self):
        return "a region of '%s'" % self.tensor.name


class LocalTile:
    """T.alloc_shared / T.alloc_fragment: `value` is the Value it holds
    (None before its first write); `loaded` is how that Value was loaded
    from global memory, if it was (a transposed T.gemm operand reloads it)."""

    def __init__(self, shape, element, scope):
        self.shape, self.element, self.scope = tuple(shape), element, scope
        self.name, self.value, self.loaded = None, None, None
        self.layout = None  # from T.annotate_layout (kept, not lowered)
        self.loop_line = None  # written only inside the loop at this line

    def set(self, em, value, loaded=None):
        if value.element != self.element:
            value = em.cast(value, self.element)
        value = em.to_shape(value, value.shape)
        if value.ssa.name is None and getattr(value.ssa, "weak", False):
            value.ssa.hint, value.ssa.weak = self.name, False
        self.value, self.loaded, self.loop_line = value, loaded, None

    def __repr__(self):
        return "%s tile '%s' %s" % (self.scope, self.name,
                                    tensor_type(self.shape, self.element))


class KernelSpec:
    """What `T.Kernel(gx, gy, threads=...)` evaluates to: the launch grid
    (ints, since shapes are) and the threads of one threadgroup."""

    def __init__(self, extents, threads):
        self.extents, self.threads = tuple(extents), threads

    def simdgroups(self):
        """(WM, WN) for tile.simdgroups: threads / 32 SIMD groups, as square
        as divides (128 threads: 2 x 2; 256: 4 x 2)."""
        n = self.threads // 32
        wn = max(d for d in range(1, n + 1) if n % d == 0 and d * d <= n)
        return n // wn, wn


class ParallelSpace:
    """What `T.Parallel(a, b)` evaluates to: the element space of a copy."""

    def __init__(self, extents):
        self.extents = tuple(extents)


def read(tr, src, what):
    """The Value of a LocalTile operand, with a clear error if unwritten."""
    if not isinstance(src, LocalTile):
        tr.error("%s needs a tile from T.alloc_shared or T.alloc_fragment, "
                 "got %r" % (what, src))
    if src.value is None:
        if src.loop_line is not None:
            tr.error("'%s' is only written inside the loop at line %d" %
                     (src.name, src.loop_line))
        tr.error("'%s' is read before it is written (T.clear it, or T.copy "
                 "into it, first)" % src.name)
    return src.value


def region_access(tr, region, shape, what):
    """(starts, strides, bounds) of a tile of `shape` at a global region."""
    t = region.tensor
    if len(region.starts) != len(t.shape) or len(shape) != len(t.shape):
        tr.error("%s: shape mismatch, '%s' is %d-D, indexed with %d "
                 "indices, and the tile is %d-D %s" % (
                     what, t.name, len(t.shape), len(region.starts),
                     len(shape), shape))
    for d, (e, n) in enumerate(zip(region.extents, shape)):
        if e is not None and e != n:
            tr.error("%s: shape mismatch, the slice of '%s' spans %d along "
                     "dimension %d and the tile %d" % (what, t.name, e, d, n))
    strides = t.strides() if len(t.shape) == 2 else None
    return region.starts, strides, list(t.shape)


def load_region(tr, region, dst):
    starts, strides, bounds = region_access(tr, region, dst.shape, "T.copy")
    value = memory.load(tr.em, region.tensor.buffer, starts, strides, bounds,
                        dst.shape, None)
    dst.set(tr.em, value, (region.tensor, starts, strides, bounds))


def store_region(tr, value, region):
    starts, strides, bounds = region_access(tr, region, value.shape, "T.copy")
    value = tr.em.cast(value, region.tensor.element)
    memory.store(tr.em, value, region.tensor.buffer, starts, strides, bounds)


def copy(tr, src, dst):
    """T.copy(global region, tile), T.copy(tile, global region) or
    T.copy(tile, tile); a whole buffer counts as its region at 0."""
    if isinstance(src, GlobalTensor):
        src = Region(src, [0] * len(src.shape))
    if isinstance(dst, GlobalTensor):
        dst = Region(dst, [0] * len(dst.shape))
    if isinstance(src, Region) and isinstance(dst, LocalTile):
        return load_region(tr, src, dst)
    if isinstance(src, LocalTile) and isinstance(dst, Region):
        value = read(tr, src, "T.copy")
        if value.element != dst.tensor.element:  # named: %C_local_f16
            value = tr.em.cast(value, dst.tensor.element)
            if value.ssa.name is None and getattr(value.ssa, "weak", False):
                value.ssa.hint = "%s_%s" % (src.name, value.element)
        return store_region(tr, value, dst)
    if isinstance(src, LocalTile) and isinstance(dst, LocalTile):
        if src.shape != dst.shape:
            tr.error("T.copy: shape mismatch, '%s' is %s and '%s' is %s" % (
                src.name, src.shape, dst.name, dst.shape))
        return dst.set(tr.em, read(tr, src, "T.copy"))
    tr.error("T.copy(%r, %r): copies go between global memory and tiles "
             "(A[i, j] -> a tile, a tile -> C[i, j]) or between tiles" %
             (src, dst))


def transposed(tr, tile, what):
    """`tile` transposed: its load again with starts, strides and bounds
    swapped (the compiler drops the untransposed load if nothing else uses
    it). Tiles not loaded straight from global memory cannot be."""
    value = read(tr, tile, what)
    if tile.loaded is None or len(tile.shape) != 2:
        tr.error("%s: '%s' must be filled by T.copy from global memory to be "
                 "used transposed" % (what, tile.name))
    tensor, starts, strides, bounds = tile.loaded
    if strides is None:
        strides = [tensor.shape[-1], 1]
    t = memory.load(tr.em, tensor.buffer, starts[::-1], strides[::-1],
                    bounds[::-1], tile.shape[::-1], None,
                    hint=tile.name + "_T")
    if t.element != value.element:
        t = tr.em.cast(t, value.element)
    return t


def gemm(tr, A, B, C, transpose_A, transpose_B, clear_accum):
    a = transposed(tr, A, "T.gemm") if transpose_A else read(tr, A, "T.gemm")
    b = transposed(tr, B, "T.gemm") if transpose_B else read(tr, B, "T.gemm")
    if not isinstance(C, LocalTile):
        tr.error("T.gemm accumulates into a T.alloc_fragment tile, got %r" % (C,))
    m, k = a.shape if len(a.shape) == 2 else (None, None)
    k2, n = b.shape if len(b.shape) == 2 else (None, None)
    if None in (m, n) or k != k2 or C.shape != (m, n):
        tr.error("T.gemm: shape mismatch, %s x %s into '%s' %s%s" % (
            tensor_type(a.shape, a.element), tensor_type(b.shape, b.element),
            C.name, tensor_type(C.shape, C.element),
            " (transpose_B=True takes B as N x K)" if transpose_B else ""))
    acc = tr.em.constant(0, C.element, C.shape) if clear_accum else \
        read(tr, C, "T.gemm")
    C.set(tr.em, dot(tr, a, b, acc))


def fill(tr, tile, value):
    """T.fill / T.clear: every element of a tile from T.alloc_* is `value`,
    a number known while tracing."""
    if not isinstance(tile, LocalTile):
        tr.error("T.fill/T.clear take a tile from T.alloc_*, got %r" % (tile,))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        tr.error("T.fill: the value must be a number known while tracing")
    tile.set(tr.em, full(tr, tile.shape, value, tile.element))


def affine_access(tr, tensor, index, nodes, shape, broadcast=False):
    """(starts, strides, bounds, used) of an element access tensor[index]
    inside T.Parallel over `shape`: each index must be a start plus one loop
    variable with coefficient 1, each loop variable used at most once.
    `used` are the loop variables the access walks, in order: all of them,
    unless `broadcast` (a read), where a buffer may use some (a per-column
    bias, Bias[j] in a T.Parallel(i, j)) and is broadcast along the others.
    starts, strides and bounds are those of the tile over `used`."""
    import ast
    em = tr.em
    if len(index) != len(tensor.shape):
        tr.error("'%s' is %d-D but is indexed with %d indices" %
                 (tensor.name, len(tensor.shape), len(index)))
    dims, starts = {}, {}
    for p, (x, node) in enumerate(zip(index, nodes)):
        poly = em.index_poly(x) if not isinstance(x, Value) or not x.shape \
            else None
        split = None
        if poly is not None:
            try:
                split = poly.split_axes()
            except ValueError:
                split = None
        axes = [k for k in (split or {}) if k is not None]
        if split is None or len(axes) != 1 or split[axes[0]].constant() != 1 \
                or axes[0] in dims:
            tr.error("T.Parallel: index %d of '%s' must be a start plus one "
                     "loop variable (coefficient 1, each variable once), as "
                     "in B[ko * block_K + k, bx * block_N + j]; got '%s'" % (
                         p, tensor.name, ast.unparse(node)))
        dims[axes[0]] = p
        starts[axes[0]] = split.get(None, Poly.const(0))
    if len(dims) != len(shape) and not broadcast:
        tr.error("T.Parallel: '%s' is written, so it must use every loop "
                 "variable (a read may use some and is broadcast along the "
                 "others)" % tensor.name)
    used = sorted(dims)
    order = [dims[d] for d in used]
    strides = tensor.strides()
    return ([starts[d] for d in used],
            [strides[p] for p in order] if len(used) == 2 or strides[order[0]] != 1
            else None,
            [tensor.shape[p] for p in order], used)
