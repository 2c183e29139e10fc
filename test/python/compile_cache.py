# The package compiles through one TileCompiler per set of pipeline options
# (tileCompilerCreate once, tileCompilerRun per kernel) instead of
# tileCompileToMSL, which builds the pipeline on every call: new
# specializations of a kernel and other kernels reuse it, other options get
# their own, and options the pipeline does not take are a CompilationError.
# The compile of the seed GEMM is timed by `make bench` (Python compile).
# RUN: %python %s 2>&1 | FileCheck %s

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import tile_mlir as tm  # noqa: E402
from tile_mlir import _capi  # noqa: E402
from check import rand, report  # noqa: E402


@tm.kernel
def scale(X, Y, n, BLOCK: tm.constexpr, FACTOR: tm.constexpr):
    i = tm.program_id(0) * BLOCK
    x = tm.tile_load(X, i, shape=(BLOCK,), bounds=(n,))
    tm.tile_store(Y, i, value=x * FACTOR, shape=(BLOCK,), bounds=(n,))


library = _capi.library()
created = []
create = library.lib.tileCompilerCreate


class CountingLibrary:
    """libTileCAPI with the number of tileCompilerCreate calls, and no
    tileCompileToMSL: compiles must go through a TileCompiler."""

    def __getattr__(self, name):
        if name == "tileCompileToMSL":
            raise AssertionError("tileCompileToMSL called")
        return getattr(real, name)

    def tileCompilerCreate(self, *args):
        created.append(args)
        return create(*args)


real = library.lib
library.lib = CountingLibrary()
library.compilers.clear()

for factor in (2.0, 3.0, 4.0):
    scale.compile(np.float32, np.float32, 100, BLOCK=64, FACTOR=factor)
print("specializations:", len(scale.cache), "compilers created:", len(created))
# CHECK: specializations: 3 compilers created: 1

scale.compile(np.float32, np.float32, 100, BLOCK=64, FACTOR=2.0,
              target="apple10")
print("compilers:", sorted(library.compilers))
# CHECK: compilers: ['target=apple10', 'target=apple9']

x = rand(100)
y = np.zeros(100, np.float32)
scale[(2,)](x, y, 100, BLOCK=64, FACTOR=3.0)
report("scale", y, x.astype(np.float64) * 3)
# CHECK: scale: ok

try:
    scale.compile(np.float32, np.float32, 100, BLOCK=64, FACTOR=2.0,
                  options="no-such-option=1")
    print("bad options -> no error")
except tm.CompilationError as e:
    print("bad options ->", type(e).__name__)
# CHECK: bad options -> CompilationError
print("a failed option set is not kept:",
      "target=apple9 no-such-option=1" not in library.compilers)
# CHECK: a failed option set is not kept: True

# The texts of a compile are copied by the library's own callbacks
# (TileMSLTexts), not by Python ones: after a failed compile, the next one
# has the diagnostics of its own (none), not the failure's, and its MSL and
# ABI; a failure after a success reports its own error, with no MSL.
library.lib = real
good = scale.compile(np.float32, np.float32, 100, BLOCK=64, FACTOR=5.0).ir
try:
    library.compile_to_msl("func.func @k( {", "bad.mlir", "target=apple9")
except tm.CompilationError as e:
    first = e.diagnostics.splitlines()[0]
    print("bad IR ->", first[:first.index("error:") + 6])
# CHECK: bad IR -> bad.mlir:1:{{[0-9]+}}: error
msl, abi, diagnostics = library.compile_to_msl(good, "scale.mlir",
                                               "target=apple9")
print("after a failure: diagnostics %r, kernel in MSL %s, ABI kernels %s" % (
    diagnostics, "void scale(" in msl,
    [k["name"] for k in json.loads(abi)["kernels"]]))
# CHECK: after a failure: diagnostics '', kernel in MSL True, ABI kernels ['scale']
