"""TileLang, as its programs import it:

    import tile_mlir.tilelang as tilelang
    import tile_mlir.tilelang.language as T
    from tile_mlir.tilelang.intrinsics import make_mma_swizzle_layout

`language` is the subset of T.* a tiled GEMM (and its epilogue) uses,
traced into tile IR; `JITKernel` is TileLang's host API over it (run on the
Metal emulator; MSL for Apple GPUs). For the programs written before this
package had TileLang's layout, `import tile_mlir.tilelang as T` still
reaches every T.* as well. docs/python.md, "TileLang-style kernels"."""

from . import intrinsics, language
from .jit import JITKernel, Profiler
from .language import *  # noqa: F401,F403 (T.* through tile_mlir.tilelang)
from .language import SUPPORTED

__all__ = ["JITKernel", "Profiler", "language", "intrinsics"] + list(SUPPORTED)
