"""TileLang's language: `import tile_mlir.tilelang.language as T` (also
reachable as `import tile_mlir.tilelang as T`).

The subset a TileLang GEMM uses, traced into the same tile IR as the other
front ends (docs/python.md, "TileLang-style kernels"):

    def matmul(M, N, K, block_M, block_N, block_K, dtype="float16",
               accum_dtype="float"):
        @T.prim_func
        def main(A: T.Buffer((M, K), dtype), B: T.Buffer((K, N), dtype),
                 C: T.Buffer((M, N), dtype)):
            with T.Kernel(T.ceildiv(N, block_N), T.ceildiv(M, block_M),
                          threads=128) as (bx, by):
                ...
        return main

    matmul(100, 72, 56, 64, 64, 32)(a, b, c)   # runs on the emulator

Shapes are Python ints (a prim_func is built per shape, as in TileLang);
every global access is bounded by its buffer's shape."""

import inspect

from ..compiler import registry
from ..compiler.emitter import Buffer as BufferArg, Emitter
from ..compiler.ir import ELEMENT_TO_NUMPY, SSA
from ..compiler.kernel import compile_ir
from ..compiler.tracer import function_scope, parse_function
from ..errors import DSLError, SourceLocation
from ..runtime._numpy import require
from ..semantic import program
from ..semantic import tiles as tilelang_ops
from ..semantic.core import host_cdiv
from ..semantic.tiles import KernelSpec, LocalTile, ParallelSpace
from .tracer import TileLangTracer

float16, float32, bfloat16, int32 = "float16", "float32", "bfloat16", "int32"

SUPPORTED = ("prim_func", "Buffer", "Tensor", "Kernel", "ceildiv",
             "alloc_shared", "alloc_fragment", "clear", "fill", "copy", "gemm",
             "Pipelined", "Parallel", "serial", "annotate_layout",
             "use_swizzle", "float16", "float32", "bfloat16", "int32")
__all__ = list(SUPPORTED)


def _outside(name):
    raise registry.OutsideKernelError(
        "T.%s can only be called inside a @T.prim_func" % name)


def _caller_location():
    frame = inspect.currentframe().f_back.f_back
    return SourceLocation(frame.f_code.co_filename, frame.f_lineno)


class TensorSpec:
    """A parameter annotation, T.Buffer((M, K), dtype): a row-major global
    buffer of that shape (ints) and dtype."""

    def __init__(self, shape, dtype, location=None):
        if isinstance(shape, int):
            shape = (shape,)
        if not isinstance(shape, (tuple, list)) or not 1 <= len(shape) <= 2 or \
                not all(isinstance(d, int) and not isinstance(d, bool) and d > 0
                        for d in shape):
            raise DSLError("T.Buffer: the shape must be a tuple of one or two "
                           "positive ints, got %r" % (shape,), location)
        self.element = tilelang_ops.element_type(dtype)
        if self.element is None:
            raise DSLError("T.Buffer: unknown dtype %r (%s)" % (
                dtype, ", ".join(sorted(tilelang_ops.DTYPES))), location)
        self.shape, self.dtype = tuple(shape), dtype

    def __repr__(self):
        return "T.Buffer(%s, %r)" % (self.shape, self.dtype)


def Buffer(shape, dtype="float32"):
    """Annotation of a prim_func parameter: a global buffer of this shape."""
    return TensorSpec(shape, dtype, _caller_location())


def Tensor(shape, dtype="float32"):
    """The same as T.Buffer (TileLang's newer name)."""
    return TensorSpec(shape, dtype, _caller_location())


@registry.op(program.cdiv)
def ceildiv(a, b):
    """ceil(a / b), on the host and inside a prim_func."""
    if isinstance(a, int) and isinstance(b, int):
        return host_cdiv(a, b)
    _outside("ceildiv")


def _h_kernel(tr, blocks, threads=128):
    if not 1 <= len(blocks) <= 3 or not all(
            isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in blocks):
        tr.error("T.Kernel takes 1 to 3 grid extents known while tracing "
                 "(positive ints, e.g. T.ceildiv(N, block_N)), got %r" % (blocks,))
    if not isinstance(threads, int) or threads % 32 or not 32 <= threads <= 1024:
        tr.error("T.Kernel(threads=%r): a multiple of 32 (one SIMD group) up to "
                 "1024" % (threads,))
    return KernelSpec(blocks, threads)


@registry.op(_h_kernel)
def Kernel(*blocks, threads=128):
    """`with T.Kernel(gx, gy, threads=128) as (bx, by):` the grid (one
    program per output tile) and the threads of a threadgroup (threads / 32
    SIMD groups, arranged as tile.simdgroups)."""
    _outside("Kernel")


def _alloc(scope):
    def handler(tr, shape, dtype, scope=scope):
        shape = (shape,) if isinstance(shape, int) else shape
        if not isinstance(shape, (tuple, list)) or not 1 <= len(shape) <= 2 or \
                not all(isinstance(d, int) and d > 0 for d in shape):
            tr.error("a tile shape is a tuple of one or two positive ints, got "
                     "%r" % (shape,))
        element = tilelang_ops.element_type(dtype)
        if element is None:
            tr.error("unknown dtype %r" % (dtype,))
        return LocalTile(shape, element, scope)
    return handler


@registry.op(_alloc("shared"))
def alloc_shared(shape, dtype, scope="shared"):
    """A tile staged by a thread block (shared memory in TileLang; the
    compiler stages tile.dot operands in threadgroup memory itself)."""
    _outside("alloc_shared")


@registry.op(_alloc("fragment"))
def alloc_fragment(shape, dtype, scope="fragment"):
    """A register tile, e.g. a GEMM accumulator."""
    _outside("alloc_fragment")


def _h_fill(tr, buffer, value):
    tilelang_ops.fill(tr, buffer, value)


def _h_clear(tr, buffer):
    _h_fill(tr, buffer, 0)


@registry.op(_h_clear)
def clear(buffer):
    """Zeroes a tile."""
    _outside("clear")


@registry.op(_h_fill)
def fill(buffer, value):
    """Sets every element of a tile to value."""
    _outside("fill")


def _h_copy(tr, src, dst):
    tilelang_ops.copy(tr, src, dst)


@registry.op(_h_copy)
def copy(src, dst):
    """T.copy(A[i, j], tile): load (bounded by A's shape); T.copy(tile,
    C[i, j]): store (bounded, cast to C's dtype); or tile to tile."""
    _outside("copy")


def _h_gemm(tr, A, B, C, transpose_A=False, transpose_B=False, clear_accum=False):
    tilelang_ops.gemm(tr, A, B, C, transpose_A, transpose_B, clear_accum)


@registry.op(_h_gemm)
def gemm(A, B, C, transpose_A=False, transpose_B=False, clear_accum=False):
    """C += A @ B (tile.dot); transposed operands are reloaded transposed."""
    _outside("gemm")


def _h_pipelined(tr, start, stop=None, num_stages=None):
    if stop is None:
        start, stop = 0, start
    if num_stages is not None and (not isinstance(num_stages, int) or num_stages < 0):
        tr.error("T.Pipelined(num_stages=%r): a non-negative int" % (num_stages,))
    return program.loop_range(tr, start, stop, 1, num_stages or None)


@registry.op(_h_pipelined)
def Pipelined(start, stop=None, num_stages=None):
    """A runtime loop (tile.for_range) whose num_stages goes to the compiler
    (software pipelining of its loads)."""
    _outside("Pipelined")


def _h_serial(tr, start, stop=None):
    return _h_pipelined(tr, start, stop)


@registry.op(_h_serial)
def serial(start, stop=None):
    """A runtime loop without pipelining."""
    _outside("serial")


def _h_parallel(tr, extents):
    if not 1 <= len(extents) <= 2 or not all(
            isinstance(e, int) and not isinstance(e, bool) and e > 0 for e in extents):
        tr.error("T.Parallel takes one or two positive ints known while tracing")
    return ParallelSpace(extents)


@registry.op(_h_parallel)
def Parallel(*extents):
    """`for i, j in T.Parallel(a, b):` element assignments over an a x b
    space, traced as whole tiles (affine global accesses become one
    tile.load or tile.store)."""
    _outside("Parallel")


def _h_annotate_layout(tr, layout_map):
    from .intrinsics import Layout
    if not isinstance(layout_map, dict):
        tr.error("T.annotate_layout takes a dict {tile: layout}, got %r" %
                 (layout_map,))
    for tile, layout in layout_map.items():
        if not isinstance(tile, LocalTile) or not isinstance(layout, Layout):
            tr.error("T.annotate_layout: %r -> %r is not a tile from "
                     "T.alloc_* and a layout such as "
                     "make_mma_swizzle_layout(tile)" % (tile, layout))
        if layout.shape != tile.shape:
            tr.error("T.annotate_layout: the layout is for a %s tile, '%s' is "
                     "%s" % (layout.shape, tile.name, tile.shape))
        tile.layout = layout


@registry.op(_h_annotate_layout)
def annotate_layout(layout_map):
    """Layouts of tiles, {A_shared: make_mma_swizzle_layout(A_shared)}:
    checked and kept, with no effect on the IR. The compiler lays out the
    threadgroup memory of tile.dot operands itself, with rows padded
    against bank conflicts (what TileLang's MMA swizzle layout is for)."""
    _outside("annotate_layout")


def _h_use_swizzle(tr, panel_size, order="row", enable=True):
    if isinstance(panel_size, bool) or not isinstance(panel_size, int) or \
            panel_size < 1:
        tr.error("T.use_swizzle(panel_size=%r): a positive int" % (panel_size,))
    if order not in ("row", "col"):
        tr.error("T.use_swizzle(order=%r): 'row' or 'col'" % (order,))
    if not isinstance(enable, bool):
        tr.error("T.use_swizzle(enable=%r): True or False, known while "
                 "tracing" % (enable,))
    tr.use_swizzle(panel_size, order, enable)


@registry.op(_h_use_swizzle)
def use_swizzle(panel_size, order="row", enable=True):
    """Rasterization in panels, for cache reuse between the thread blocks
    that run together: with order="row", panels of panel_size rows of
    blocks (consecutive `by`) each walked column by column; with "col",
    panels of panel_size columns (consecutive `bx`) walked row by row (a
    grouped tile.swizzle). enable=False keeps the launch order (no
    tile.swizzle default either). Call it first in the T.Kernel body: it
    renames the block indices from there on."""
    _outside("use_swizzle")


def _kernel_name(fn):
    """The kernel's name in IR and MSL: the function's, except that `main`
    (what TileLang programs call it) is C++'s and so reserved in MSL; it
    becomes <factory>_main after the function that builds it (matmul_main),
    or main_kernel."""
    if fn.__name__ != "main":
        return fn.__name__
    outer = fn.__qualname__.split(".<locals>.")
    return outer[-2].split(".")[-1] + "_main" if len(outer) > 1 else "main_kernel"


class PrimFunc:
    """A @T.prim_func. Calling it with numpy arrays runs it on the Metal
    emulator (the grid of its T.Kernel); .compile() gives the
    CompiledKernel (.ir, .msl, .abi, and .grid)."""

    def __init__(self, fn):
        self.fn, self.__name__, self.__doc__ = fn, fn.__name__, fn.__doc__
        self.kernel_name = _kernel_name(fn)
        self.params = list(inspect.signature(fn).parameters.values())
        self.cache, self.last_stats = {}, None
        node, self.filename = parse_function(fn)
        self.node = node
        self.specs = [self._spec(p, a) for p, a in zip(self.params, node.args.args)]

    def _location(self, node):
        return SourceLocation(self.filename, node.lineno, node.col_offset)

    @property
    def def_location(self):
        """The `def` line: where argument errors point."""
        return self._location(self.node)

    def _spec(self, param, arg):
        spec = param.annotation
        if isinstance(spec, str):  # from __future__ import annotations
            scope = function_scope(self.fn)
            try:
                spec = eval(spec, scope)
            except Exception as e:
                raise DSLError("cannot evaluate the annotation of '%s': %s" %
                               (param.name, e), self._location(arg))
        if not isinstance(spec, TensorSpec):
            raise DSLError("parameter '%s' needs a T.Buffer((...), dtype) or "
                           "T.Tensor annotation" % param.name, self._location(arg))
        return spec

    def trace(self):
        em = Emitter(self.kernel_name)
        env, parts = {}, []
        for p, spec in zip(self.params, self.specs):
            ssa = SSA(p.name)
            parts += ([", "] if parts else []) + [ssa, ": memref<?x%s>" % spec.element]
            env[p.name] = tilelang_ops.GlobalTensor(
                BufferArg(ssa, spec.element, p.name), spec.shape)
        em.func.arg_parts = parts
        tr = TileLangTracer(self.fn, self.node, self.filename, em, env)
        tr.run()
        if tr.launch is None:
            raise DSLError("a prim_func does its work in `with T.Kernel(...) as "
                           "(bx, by):`", self._location(self.node))
        em.func.add(["return"])
        attrs = ["tile.kernel", "tile.simdgroups = array<i64: %d, %d>" %
                 tr.launch.simdgroups()]
        return em.func.render(attrs, self._location(self.node)), tr.launch

    def compile(self, target="apple9", options=None):
        """The CompiledKernel for `target` (apple7 ... apple10); `options`
        are more tile-to-applegpu options."""
        key = (target, options)
        hit = self.cache.get(key)
        if hit is None:
            ir, launch = self.trace()
            hit = compile_ir(self.kernel_name, ir, target, options)
            hit.grid, hit.threads = launch.extents, launch.threads
            self.cache[key] = hit
        return hit

    def get_kernel_source(self, target="apple9"):
        """The MSL (TileLang's name for it)."""
        return self.compile(target).msl

    def __call__(self, *arrays, target="apple9", schedules=0, options=None):
        np = require("running a prim_func")
        if len(arrays) != len(self.params):
            raise DSLError("%s() takes %d buffers, got %d" % (
                self.__name__, len(self.params), len(arrays)),
                self._location(self.node))
        values = {}
        for p, spec, arg, a in zip(self.params, self.specs, self.node.args.args,
                                   arrays):
            want = ELEMENT_TO_NUMPY.get(spec.element)
            if not isinstance(a, np.ndarray):
                raise DSLError("argument '%s' must be a numpy array" % p.name,
                               self._location(arg))
            if str(a.dtype) != want:
                raise DSLError("argument '%s': %s array for %r" % (
                    p.name, a.dtype, spec), self._location(arg))
            if a.shape != spec.shape:
                raise DSLError("argument '%s': shape mismatch, %s array for %r" % (
                    p.name, a.shape, spec), self._location(arg))
            values[p.name] = a
        compiled = self.compile(target, options)
        self.last_stats = compiled.run(values, compiled.grid, schedules=schedules,
                                       location=self._location(self.node))
        return self.last_stats


def prim_func(fn):
    """Decorator: a TileLang kernel (see the module)."""
    return PrimFunc(fn)
