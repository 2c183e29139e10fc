"""ctypes bindings of libTileCAPI.so: a TileCompiler per set of pipeline
options (tile-c/Target.h) and tileEmulatorRun (tile-c/Emulator.h). No compiled extension: Debian ships no
nanobind nor MLIR Python bindings, and the C API is all we need.

Where the library is looked for, first hit wins:
  1. $TILE_MLIR_LIB: the library file itself, or a directory holding it;
  2. an installed package's own: _installed.LIBRARY_DIR, relative to this
     package (`cmake --install` writes _installed.py pointing at
     <prefix>/lib; the pip project of a build tree carries the library in
     tile_mlir/lib);
  3. next to this package: tile_mlir/libTileCAPI.so (a copied install);
  4. the build tree: <source>/build/lib/libTileCAPI.so, the package being
     <source>/python/tile_mlir (so `PYTHONPATH=python` works install-free).
It is loaded with RTLD_GLOBAL: the emulator's kernel modules bind to hooks
the library exports (tile-c/Emulator.h, "Symbols and loading").

The emulator needs the MSL shim headers; it finds them at
../include/tile/Runtime/msl from the library (true for build/lib and an
installation). If that directory is missing and $TILE_MSL_SHIM_DIR is not
set, the source tree's include/tile/Runtime/msl next to python/ is used.
"""

import ctypes
import os
import threading

from ..errors import CompilationError, EmulatorError, LibraryNotFoundError

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SOURCE_ROOT = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
_LIB_NAME = "libTileCAPI.so"


def library_candidates():
    """The paths tried, in order (for the error message and docs)."""
    env = os.environ.get("TILE_MLIR_LIB")
    out = []
    if env:
        out.append(os.path.join(env, _LIB_NAME) if os.path.isdir(env) else env)
    try:
        from .._installed import LIBRARY_DIR
        out.append(os.path.normpath(os.path.join(_PACKAGE_DIR, LIBRARY_DIR,
                                                 _LIB_NAME)))
    except ImportError:  # the source tree's package
        pass
    out.append(os.path.join(_PACKAGE_DIR, _LIB_NAME))
    out.append(os.path.join(_SOURCE_ROOT, "build", "lib", _LIB_NAME))
    return out


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _Context(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _Compiler(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


class _CallbackText(ctypes.Structure):
    """The MlirStringRef a callback receives: its data as an address, so
    that reading it copies the text once (a c_char_p field would copy it
    up to a NUL first)."""
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


_StringCallback = ctypes.CFUNCTYPE(None, _CallbackText, ctypes.c_void_p)


class _MSLOutput(ctypes.Structure):
    _fields_ = [("msl", _StringCallback), ("abi", _StringCallback),
                ("diagnostics", _StringCallback), ("userData", ctypes.c_void_p)]


class _MSLTexts(ctypes.Structure):
    """TileMSLTexts: the texts of a compile, copied by the library's own
    callbacks (no call back into Python)."""
    _fields_ = [("msl", _CallbackText), ("abi", _CallbackText),
                ("diagnostics", _CallbackText), ("storage", ctypes.c_void_p)]


class _EmulatorArg(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("size", ctypes.c_size_t)]


class _EmulatorLaunch(ctypes.Structure):
    _fields_ = [("grid", ctypes.c_uint * 3), ("schedules", ctypes.c_uint),
                ("seed", ctypes.c_uint), ("flags", ctypes.c_uint),
                ("cacheDir", ctypes.c_char_p)]


_MAX_COUNTED = 32
_ull = ctypes.c_ulonglong


class _EmulatorStats(ctypes.Structure):
    _fields_ = [("threadgroups", _ull), ("threads", _ull),
                ("barriers", _ull), ("simdgroupBarriers", _ull),
                ("simdgroupMMAs", _ull), ("tensorOps", _ull),
                ("simdCollectives", _ull),
                ("bytesRead", _ull), ("bytesWritten", _ull),
                ("argBytesRead", _ull * _MAX_COUNTED),
                ("argBytesWritten", _ull * _MAX_COUNTED),
                ("threadgroupBytesRead", _ull), ("threadgroupBytesWritten", _ull),
                ("threadgroupUninitReads", _ull),
                ("threadgroupMemoryBytes", _ull),
                ("threadsPerThreadgroup", ctypes.c_uint * 3),
                ("instrumented", ctypes.c_int)]


class Library:
    """The loaded libTileCAPI.so, one MLIR context and one TileCompiler per
    set of pipeline options, reused by every compile: creating a context
    registers all dialects, and creating a compiler parses and sets up the
    pass pipeline (tileCompileToMSL does both on every call, which is most
    of a small kernel's compile time). Calls are serialised: an MLIR
    context is not thread-safe."""

    def __init__(self, path):
        self.path = path
        self.lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        lib = self.lib
        lib.tileCreateContext.restype = _Context
        lib.tileCreateContext.argtypes = []
        lib.tileCompilerCreate.restype = _Compiler
        lib.tileCompilerCreate.argtypes = [_Context, _StringRef,
                                           _StringCallback, ctypes.c_void_p]
        lib.tileCompilerRun.restype = _LogicalResult
        lib.tileCompilerRun.argtypes = [_Compiler, _StringRef, _StringRef,
                                        _MSLOutput]
        lib.tileCompilerDestroy.restype = None
        lib.tileCompilerDestroy.argtypes = [_Compiler]
        lib.tileMSLTextsOutput.restype = _MSLOutput
        lib.tileMSLTextsOutput.argtypes = [ctypes.POINTER(_MSLTexts)]
        lib.tileEmulatorRun.restype = ctypes.c_int
        lib.tileEmulatorRun.argtypes = [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
            ctypes.POINTER(_EmulatorArg), ctypes.c_size_t,
            ctypes.POINTER(_EmulatorLaunch), ctypes.POINTER(_EmulatorStats),
            ctypes.c_char_p, ctypes.c_size_t]
        self.context = lib.tileCreateContext()
        self.compilers = {}  # pipeline options -> TileCompiler
        self.lock = threading.Lock()
        # Pipeline errors come through a Python callback (once per set of
        # options); a compile's texts are copied by the library's own
        # callbacks into self._collected (a ctypes callback runs
        # interpreter code: ~0.01 ms a compile), read after the call.
        self._texts = None
        self._on_diagnostics = self._collector(2)
        self._collected = _MSLTexts()
        self._output = lib.tileMSLTextsOutput(ctypes.byref(self._collected))
        # Views of its fields, made once.
        self._msl, self._abi, self._diagnostics = (
            self._collected.msl, self._collected.abi,
            self._collected.diagnostics)
        _locate_shim(path)

    def _collector(self, slot):
        def collect(ref, _):
            length = ref.length
            self._texts[slot] = ctypes.string_at(ref.data, length).decode() \
                if length else ""
        return _StringCallback(collect)

    def _compiler(self, options):
        """The TileCompiler for `options`, created on first use; a
        CompilationError for options the pipeline does not take."""
        compiler = self.compilers.get(options)
        if compiler is None:
            self._texts = ["", "", ""]
            data = options.encode()
            compiler = self.lib.tileCompilerCreate(
                self.context, _StringRef(data, len(data)),
                self._on_diagnostics, None)
            if not compiler.ptr:
                raise CompilationError(self._texts[2] or
                                       "bad pipeline options %r" % options)
            self.compilers[options] = compiler
        return compiler

    def compile_to_msl(self, ir, source_name, options=""):
        """(msl, abi JSON text, diagnostics) for tile IR text;
        CompilationError otherwise."""
        source, name = ir.encode(), source_name.encode()
        with self.lock:
            compiler = self._compiler(options)
            self._diagnostics.length = 0  # delivered only when there is any
            ok = self.lib.tileCompilerRun(
                compiler, _StringRef(source, len(source)),
                _StringRef(name, len(name)), self._output).value != 0
            diagnostics = _text(self._diagnostics)
            msl, abi = (_text(self._msl), _text(self._abi)) if ok else ("", "")
        if not ok:
            raise CompilationError(diagnostics or "compilation failed", ir)
        return msl, abi, diagnostics

    def run(self, msl, abi_json, kernel, args, grid, schedules=0, seed=1,
            flags=0, cache_dir=None):
        """Runs `kernel` on the emulator. `args` are (address, size) pairs in
        [[buffer]] order. Returns the counters as a dict."""
        arr = (_EmulatorArg * max(len(args), 1))(
            *[_EmulatorArg(a, s) for a, s in args])
        g = list(grid) + [1] * (3 - len(grid))
        launch = _EmulatorLaunch((ctypes.c_uint * 3)(*g), schedules, seed, flags,
                                 cache_dir.encode() if cache_dir else None)
        stats = _EmulatorStats()
        message = ctypes.create_string_buffer(8192)
        status = self.lib.tileEmulatorRun(
            msl.encode(), abi_json.encode(), kernel.encode(), arr, len(args),
            ctypes.byref(launch), ctypes.byref(stats), message, len(message))
        if status != 0:
            raise EmulatorError(status, message.value.decode(errors="replace"),
                                kernel)
        out = {}
        for name, _ in _EmulatorStats._fields_:
            v = getattr(stats, name)
            out[name] = list(v) if hasattr(v, "__len__") else v
        return out


def _text(ref):
    """A collected text (a _CallbackText view) as str."""
    length = ref.length
    return ctypes.string_at(ref.data, length).decode() if length else ""


def _locate_shim(lib_path):
    if os.environ.get("TILE_MSL_SHIM_DIR"):
        return
    next_to_lib = os.path.join(os.path.dirname(os.path.realpath(lib_path)), "..",
                               "include", "tile", "Runtime", "msl")
    if os.path.isdir(next_to_lib):
        return
    in_source = os.path.join(_SOURCE_ROOT, "include", "tile", "Runtime", "msl")
    if os.path.isdir(in_source):
        os.environ["TILE_MSL_SHIM_DIR"] = in_source


_library = None
_library_lock = threading.Lock()


def library():
    """The process's Library, loaded on first use."""
    global _library
    with _library_lock:
        if _library is None:
            tried = library_candidates()
            for path in tried:
                if os.path.isfile(path):
                    _library = Library(path)
                    break
            else:
                raise LibraryNotFoundError(
                    "libTileCAPI.so not found; tried: " + ", ".join(tried) +
                    ". Build tile-mlir (make build) or set TILE_MLIR_LIB to the "
                    "library or its directory.")
        return _library
