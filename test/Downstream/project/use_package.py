"""Imports the tile_mlir installed under argv[1] (a prefix from `cmake
--install`, or a directory pip installed into) with nothing pointing at the
build or source tree, and runs a kernel on the emulator: the package must
find its libTileCAPI.so and the MSL shim by itself. Prints where it found
them, relative to argv[1]. Run by install.test."""

import glob
import os
import sys

root = os.path.realpath(sys.argv[1])
found = glob.glob(os.path.join(root, "lib", "python3*", "*-packages")) + [root]
sys.path.insert(0, next(d for d in found
                        if os.path.isdir(os.path.join(d, "tile_mlir"))))

import numpy as np  # noqa: E402

import tile_mlir as tm  # noqa: E402
from tile_mlir import _capi  # noqa: E402


def inside(path):
    path = os.path.realpath(path)
    return os.path.relpath(path, root) if path.startswith(root + os.sep) \
        else "OUTSIDE " + path


@tm.kernel
def add(X, Y, Z, n, BLOCK: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(n,))
    y = tm.tile_load(Y, i, shape=(BLOCK,), bounds=(n,))
    tm.tile_store(Z, i, value=x + y, shape=(BLOCK,), bounds=(n,))


x = np.arange(1000, dtype=np.float32)
z = np.zeros(1000, np.float32)
add[(4,)](x, x, z, 1000, BLOCK=256)
print("package:", inside(os.path.dirname(tm.__file__)))
print("library:", inside(_capi.library().path))
print("TILE_MSL_SHIM_DIR:", os.environ.get("TILE_MSL_SHIM_DIR", "unset"))
print("add:", "ok" if np.array_equal(z, 2 * x) else "MISMATCH")
