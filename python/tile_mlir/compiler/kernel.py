"""@kernel / @jit: specialization, tracing, compilation (cached per
specialization) and launch on the Metal emulator."""

import ctypes
import functools
import inspect
import json
import warnings

from ..runtime import _capi
from . import registry
from ..runtime._numpy import numpy as np, require
from .emitter import Buffer as BufferArg, Emitter, Value
from ..errors import DSLError, SourceLocation, TileError
from .extents import HiddenArguments
from .ir import ELEMENT_TO_NUMPY, NUMPY_TO_ELEMENT, SSA, ir_element
from .tracer import Tracer, parse_function

# Launch keywords that are not kernel parameters.
_LAUNCH_OPTIONS = ("target", "WM", "WN", "schedules", "options", "num_warps",
                   "num_stages", "SWIZZLE", "num_ctas", "maxnreg")
# meTile's tensor-op hints (NAX_FRAGMENTS, NAX_OUTER_K, NAX_K_UNROLL, ...)
# tune meTile's own M5 matmul code; tile-mlir's backends choose their
# fragments and K loop themselves. Accepted, warned about once each.
_HINT_PREFIX = "NAX_"
_warned_hints = set()


def _launch_option(name):
    return name in _LAUNCH_OPTIONS or name.startswith(_HINT_PREFIX)


def _warn_hint(name):
    if name.startswith(_HINT_PREFIX) and name not in _warned_hints:
        _warned_hints.add(name)
        warnings.warn("%s is a meTile tensor-op hint with no meaning in "
                      "tile-mlir (its backends pick the matmul fragments and "
                      "K loop themselves): ignored" % name, stacklevel=4)
# Triton's num_warps as the SIMD-group grid (WM, WN) of tile.simdgroups: a
# warp is a SIMD-group of 32 threads.
_WARP_GRIDS = {1: (1, 1), 2: (2, 1), 4: (2, 2), 8: (4, 2), 16: (4, 4)}


class Buffer:
    """A device buffer for a kernel argument (meTile style): wraps a numpy
    array, which kernels read and write in place (the emulator runs on its
    own guarded copies and copies the results back)."""

    def __init__(self, data=None, dtype=None):
        if data is None:
            self.data, self.dtype = None, dtype
        else:
            self.data = require("Buffer(data=...)").ascontiguousarray(data)
            self.dtype = str(self.data.dtype)

    @staticmethod
    def zeros(shape, dtype="float32"):
        dtype = ELEMENT_TO_NUMPY.get(dtype, dtype)
        return Buffer(require("Buffer.zeros").zeros(shape, dtype=dtype))

    def numpy(self):
        return self.data


# dtype as passed (np.float32, "float32", a numpy dtype) -> element type.
_ELEMENTS = {}


def _is_constexpr(annotation):
    from ..semantic.core import constexpr
    if annotation is constexpr or isinstance(annotation, constexpr):
        return True
    return isinstance(annotation, str) and annotation.split(".")[-1] == "constexpr"


class CompiledKernel:
    """One specialization: `ir` (tile IR text), `msl` (Metal Shading
    Language), `abi` (this kernel's ABI as a dict: buffers, scalars,
    threads_per_threadgroup, grid, ...), `abi_json` (every kernel's, as the
    compiler wrote it) and `diagnostics` (warnings, located)."""

    def __init__(self, name, ir, msl, abi_json, diagnostics, hidden=None):
        self.name, self.ir, self.msl, self.diagnostics = name, ir, msl, diagnostics
        # {argument: buffer}: element counts the launcher passes (extents.py)
        self.hidden_arguments = dict(hidden or {})
        self.abi_json = abi_json

    # The ABI is read when first asked for (a launch, .abi): a compile
    # that is only looked at, or an autotuner's discarded candidate, does
    # not parse it.
    @functools.cached_property
    def abi(self):
        kernels = json.loads(self.abi_json).get("kernels", [])
        return next((k for k in kernels if k.get("name") == self.name),
                    kernels[0] if kernels else {})

    @functools.cached_property
    def _arguments(self):
        """What every launch walks, read from the ABI once."""
        out = []
        for kind in ("buffers", "scalars"):
            for p in self.abi.get(kind, []):
                # The source's name: the MSL renames reserved words
                # (`register` becomes `register_`).
                name = p.get("source_name", p["name"])
                out.append((p["index"], name, kind, p.get("msl_type", ""),
                            p.get("access", "")))
        return [o[1:] for o in sorted(out)]

    def arguments(self):
        """(name, kind, msl_type, access) in [[buffer]] order."""
        return list(self._arguments)

    def run(self, values, grid, schedules=0, location=None):
        require("running a kernel")
        values = dict(values)
        for name, buffer in self.hidden_arguments.items():  # <buffer>_numel
            values[name] = int(_array(buffer, values.get(buffer), location).size)
        keep, args, written = [], [], []
        for name, kind, msl_type, access in self._arguments:
            if name not in values:
                raise DSLError("the compiled kernel expects an argument '%s'" %
                               name, location)
            v = values[name]
            if kind == "buffers":
                arr = _array(name, v, location)
                if not arr.flags.c_contiguous:
                    raise DSLError("argument '%s' is not C-contiguous: pass "
                                   "np.ascontiguousarray(...) (and strides "
                                   "as arguments)" % name, location)
                if access != "read" and not arr.flags.writeable:
                    raise DSLError("argument '%s' is written by the kernel but "
                                   "the array is read-only" % name, location)
                for other_name, other, other_access in written:
                    if (access != "read" or other_access != "read") and \
                            np.shares_memory(arr, other):
                        raise DSLError(
                            "arguments '%s' and '%s' share memory and one is "
                            "written: the emulator runs on a copy of each buffer "
                            "(as a GPU may cache them), so pass distinct arrays"
                            % (other_name, name), location)
                written.append((name, arr, access))
                args.append((arr.ctypes.data, arr.nbytes))
                keep.append(arr)
            else:
                c = _scalar(name, msl_type, v, location)
                keep.append(c)
                args.append((ctypes.addressof(c), ctypes.sizeof(c)))
        grid = tuple(int(g) for g in grid)
        if not 1 <= len(grid) <= 3 or any(g < 1 for g in grid):
            raise DSLError("the grid must be 1 to 3 positive ints, got %r" %
                           (grid,), location)
        return _capi.library().run(self.msl, self.abi_json, self.name, args,
                                   grid, schedules=schedules)


def compile_ir(name, ir, target="apple9", options=None, hidden=None):
    """The CompiledKernel of traced IR for `target` (apple7 ... apple10);
    `options` are more tile-to-applegpu options (text)."""
    opts = "target=%s" % target + (" " + options if options else "")
    msl, abi, diags = _capi.library().compile_to_msl(ir, name + ".mlir", opts)
    return CompiledKernel(name, ir, msl, abi, diags, hidden)


def _array(name, v, location):
    """The numpy array of buffer argument `name` (also inside a Buffer)."""
    arr = v.data if isinstance(v, Buffer) else v
    if not isinstance(arr, np.ndarray):
        raise DSLError("argument '%s' must be a numpy array" % name, location)
    return arr


def _scalar(name, msl_type, v, location):
    if np is not None and isinstance(v, (np.integer, np.floating)):
        v = v.item()
    if "float" in msl_type:
        if not isinstance(v, (int, float)):
            raise DSLError("argument '%s' must be a number" % name, location)
        return ctypes.c_float(v)
    if not isinstance(v, int) or isinstance(v, bool):
        raise DSLError("argument '%s' must be an int, got %r" % (name, v), location)
    if "uint" in msl_type:
        if not 0 <= v < 2 ** 32:
            raise DSLError("argument '%s' = %d does not fit the kernel's 32-bit "
                           "unsigned index" % (name, v), location)
        return ctypes.c_uint32(v)
    return ctypes.c_int32(v)


class Kernel:
    """A traced kernel. kernel[grid](*args, **constexprs) runs it on the
    emulator; kernel.compile(*args, **constexprs) gives its IR, MSL and ABI."""

    def __init__(self, fn, style="metile"):
        self.fn, self.style = fn, style
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.signature = inspect.signature(fn)
        self.simple = registry.simple_params(fn)  # bound without inspect
        self.params = list(self.signature.parameters.values())
        self.param_names = [p.name for p in self.params]
        self._param_set = frozenset(self.param_names)  # bind's lookups
        self.constexprs = {p.name for p in self.params if _is_constexpr(p.annotation)}
        self.cache = {}
        self.last_stats = None
        self._ast = None
        self._def_location = None

    def _function(self):
        """(FunctionDef, filename), parsed once."""
        if self._ast is None:
            self._ast = parse_function(self.fn)
        return self._ast

    @property
    def def_location(self):
        """The `def` line: where argument errors point."""
        if self._def_location is None:
            try:
                node, filename = self._function()
            except TileError:
                return None
            self._def_location = SourceLocation(filename, node.lineno,
                                                node.col_offset)
        return self._def_location

    def bind(self, args, kwargs):
        """(values by parameter name, launch options)."""
        options = {}
        if kwargs:  # (a loop, not a comprehension: a compile is short)
            params = self._param_set
            for k in list(kwargs):
                if k not in params and _launch_option(k):
                    options[k] = kwargs.pop(k)
                    _warn_hint(k)
            # Triton's launch keywords without a meaning here: one CTA per
            # program (Metal has no thread-block clusters), no register cap.
            if options.pop("num_ctas", 1) != 1:
                raise DSLError("num_ctas must be 1: Metal has no thread-block "
                               "clusters", self.def_location)
            options.pop("maxnreg", None)
        values = registry.bind_simple(self.simple, args, kwargs) \
            if self.simple else None
        if values is not None:
            return values, options
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise DSLError("%s(): %s" % (self.__name__, e), self.def_location)
        bound.apply_defaults()
        return dict(bound.arguments), options

    def specialization(self, values, options):
        key = []
        constexprs = self.constexprs
        for name in self.param_names:
            v = values[name]
            if name in constexprs:
                key.append(("constexpr", name, v))
            elif v.__class__ is int:  # arg_kind's first case, inline
                key.append((name, "int"))
            else:
                key.append((name,) + self.arg_kind(name, v))
        for k in sorted(options) if options else ():
            if k in ("target", "WM", "WN", "options", "num_warps", "num_stages",
                     "SWIZZLE"):
                key.append((k, options[k]))
        return tuple(key)

    def arg_kind(self, name, v):
        if v.__class__ is int:  # the common cases first
            return ("int",)
        if isinstance(v, Buffer):
            if v.data is None:
                return ("buffer", self.element_of(name, v.dtype))
            v = v.data
        if np is not None and isinstance(v, np.ndarray):
            return ("buffer", self.element_of(name, v.dtype))
        if isinstance(v, type) or np is not None and isinstance(v, np.dtype):
            return ("buffer", self.element_of(name, v))
        if isinstance(v, bool):
            raise DSLError("argument '%s': a bool is not a kernel argument type; "
                           "mark it constexpr" % name, self.def_location)
        if isinstance(v, int) or np is not None and isinstance(v, np.integer):
            return ("int",)
        if isinstance(v, float) or np is not None and isinstance(v, np.floating):
            return ("float",)
        raise DSLError("argument '%s': %s is not a kernel argument (numpy "
                       "arrays, ints, floats; constexpr parameters take any "
                       "value)" % (name, type(v).__name__), self.def_location)

    def element_of(self, name, dtype):
        try:
            element = _ELEMENTS.get(dtype)
        except TypeError:  # unhashable
            element = None
        if element is not None:
            return element
        try:
            dt = str(np.dtype(dtype)) if np is not None else \
                str(getattr(dtype, "__name__", dtype))
        except TypeError:
            dt = str(dtype)
        if dt not in NUMPY_TO_ELEMENT and dt not in ELEMENT_TO_NUMPY:
            raise DSLError("argument '%s': %s arrays are not supported (float32, "
                           "float16, int32, int16, int8, uint32, uint16, uint8)"
                           % (name, dt), self.def_location)
        element = NUMPY_TO_ELEMENT.get(dt, dt)
        try:
            _ELEMENTS[dtype] = element  # np.dtype() is slow; kernels see few
        except TypeError:
            pass
        return element

    def trace(self, key, values, options):
        node, filename = self._function()
        em = Emitter(self.__name__)
        em.hidden = HiddenArguments(self.param_names)
        em.default_stages = options.get("num_stages")
        em.swizzle = options.get("SWIZZLE")
        if em.default_stages is not None and (
                not isinstance(em.default_stages, int) or em.default_stages < 1):
            raise DSLError("num_stages must be an int >= 1, got %r" %
                           (em.default_stages,), self.def_location)
        env = {}
        parts = []
        buffers = []
        for name, k in zip(self.param_names, key):
            if k[0] == "constexpr":
                env[name] = k[2]
                continue
            ssa = SSA(name)
            if parts:
                parts.append(", ")
            if k[1] == "buffer":
                env[name] = BufferArg(ssa, k[2], name)
                parts += [ssa, ": memref<?x%s>" % ir_element(k[2])]
                buffers.append(name)
            else:
                element = "index" if k[1] == "int" else "f32"
                env[name] = Value(ssa, element)
                parts += [ssa, ": " + element]
        em.func.arg_parts = parts
        Tracer(self.fn, node, filename, em, env).run()
        parts += em.hidden.signature_parts(buffers)
        em.func.add(["return"])
        attrs = ["tile.kernel"]
        if "num_warps" in options and "WM" not in options and "WN" not in options:
            grid = _WARP_GRIDS.get(options["num_warps"])
            if grid is None:
                raise DSLError("num_warps must be 1, 2, 4, 8 or 16 (SIMD-groups "
                               "of 32 threads), got %r" % (options["num_warps"],),
                               self.def_location)
            attrs.append("tile.simdgroups = array<i64: %d, %d>" % grid)
        elif "WM" in options or "WN" in options:
            attrs.append("tile.simdgroups = array<i64: %d, %d>" % (
                int(options.get("WM", 2)), int(options.get("WN", 2))))
        elif em.thread_level:
            attrs.append("tile.simdgroups = array<i64: %d, 1>" %
                         self._thread_level_simdgroups(key))
        return em.func.render(attrs, self.def_location), em.hidden.sources()

    def _thread_level_simdgroups(self, key):
        """A thread-level kernel's SIMD groups without WM/WN/num_warps: its
        `BLOCK` constexpr is its thread count, as in meTile's kernels."""
        for p, k in zip(self.params, key):
            if p.name == "BLOCK" and k[0] == "constexpr":
                block = k[2]
                if not isinstance(block, int) or block <= 0 or block % 32 or \
                        block > 1024:
                    raise DSLError("a thread-level kernel's BLOCK is its "
                                   "thread count: a multiple of 32 up to "
                                   "1024, got %r" % (block,),
                                   self.def_location)
                return block // 32
        raise DSLError("a thread-level kernel needs its thread count: pass "
                       "num_warps= (SIMD groups of 32 threads) or give it a "
                       "BLOCK constexpr", self.def_location)

    def compile(self, *args, **kwargs):
        """The CompiledKernel for these arguments (arrays, or dtypes such as
        np.float32 for buffers; ints; floats; constexpr values)."""
        values, options = self.bind(args, kwargs)
        return self._compiled(values, options)

    def _compiled(self, values, options):
        key = self.specialization(values, options)
        hit = self.cache.get(key)
        if hit is None:
            ir, hidden = self.trace(key, values, options)
            hit = compile_ir(self.__name__, ir, options.get("target", "apple9"),
                             options.get("options"), hidden)
            self.cache[key] = hit
        return hit

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            return self.launch(grid, args, kwargs)
        return launch

    def launch(self, grid, args, kwargs):
        values, options = self.bind(args, dict(kwargs))
        compiled = self._compiled(values, options)
        if callable(grid):
            grid = grid(dict(values))
        if isinstance(grid, int):
            grid = (grid,)
        self.last_stats = compiled.run(values, grid,
                                       schedules=options.get("schedules", 0),
                                       location=self.def_location)
        return self.last_stats

    def __call__(self, *args, **kwargs):
        raise TileError("launch a kernel with a grid: %s[grid](...)" % self.__name__)


def kernel(fn):
    """Decorator: a meTile-style tile kernel."""
    return Kernel(fn, "metile")


def jit(fn):
    """Decorator: a Triton-style kernel (tile_mlir.language)."""
    return Kernel(fn, "triton")
