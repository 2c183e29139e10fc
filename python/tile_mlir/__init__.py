"""tile_mlir: write tile kernels in Python, compile them to Metal Shading
Language with tile-mlir, and run them on its Metal emulator (no Mac needed).

    import tile_mlir as tm

    @tm.kernel
    def add(X, Y, Z, N, BLOCK: tm.constexpr):
        i = tm.program_id(0) * BLOCK
        x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(N,))
        y = tm.tile_load(Y, i, shape=(BLOCK,), bounds=(N,))
        tm.tile_store(Z, i, value=x + y, shape=(BLOCK,), bounds=(N,))

    add[(tm.cdiv(n, 256),)](x, y, z, n, BLOCK=256)

See docs/python.md for the DSL, the Triton-style `tile_mlir.language`,
autotuning and where libTileCAPI.so is looked for; its "Architecture of the
package" for the layout: compiler/ (tracing to tile IR, compiling,
launching), semantic/ (what each construct means, once), frontends/ and
language.py and tilelang/ (the names of meTile, Triton and TileLang),
runtime/ (libTileCAPI.so, autotuning)."""

from .compiler.kernel import Buffer, CompiledKernel, Kernel, jit, kernel
from .compiler.registry import static_range
from .errors import (CompilationError, DSLError, EmulatorError,
                     LibraryNotFoundError, TileError)
from .frontends.metile import (abs, arange, cast, cdiv, constexpr, dot, exp,
                               full, log, max, maximum, min, minimum,
                               num_programs, program_id, sqrt, sum, tanh,
                               tile_load, tile_range, tile_store, tile_swizzle,
                               where, zeros)
from .frontends.metile_memory import load, store
from .frontends.metile_threads import (barrier, fast_exp, scalar, shared,
                                       simd_lane_id, simd_max, simd_min,
                                       simd_shuffle_xor, simd_sum, thread_id)
from .frontends.triton import next_power_of_2
from .runtime import _capi  # noqa: F401 (`from tile_mlir import _capi`)
from .runtime.autotune import Autotuned, Config, autotune, estimate_seconds

__all__ = [
    "abs", "arange", "cast", "cdiv", "constexpr", "dot", "exp", "full", "log",
    "max", "maximum", "min", "minimum", "num_programs", "program_id", "sqrt",
    "sum", "tanh", "tile_load", "tile_range", "tile_store", "tile_swizzle",
    "where", "zeros", "Buffer", "CompiledKernel", "Kernel", "jit", "kernel",
    "static_range", "CompilationError", "DSLError", "EmulatorError",
    "LibraryNotFoundError", "TileError", "Autotuned", "Config", "autotune",
    "estimate_seconds", "next_power_of_2", "load", "store", "barrier",
    "fast_exp", "scalar", "shared", "simd_lane_id", "simd_max", "simd_min",
    "simd_shuffle_xor", "simd_sum", "thread_id",
]
