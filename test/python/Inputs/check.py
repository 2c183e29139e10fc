"""Shared by the Python tests: ragged shapes and a numpy comparison that
prints one stable line per kernel (what FileCheck looks for)."""

import numpy as np

M, N, K = 67, 45, 39  # none a multiple of a tile or of 8


def rand(*shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed + sum(shape))
    return (rng.random(shape) - 0.5).astype(dtype)


def to_bf16_bits(x):
    """float32 -> bf16 bits (uint16), rounding to nearest even: numpy has no
    bf16, so the tests pass bf16 buffers as uint16 arrays of their bits."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16_bits(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def report(name, got, want, tol=1e-4):
    err = float(np.max(np.abs(got.astype(np.float64) - want)))
    print("%s: %s" % (name, "ok" if err <= tol else "MISMATCH max error %g" % err))


def show_msl(compiled):
    """The kernel line of the MSL a Mac user would build."""
    for line in compiled.msl.splitlines():
        if line.startswith("[[kernel]]"):
            print(line)
            return


def show_error(what, fn, test_file):
    """Runs `fn`, which should raise a TileError, and prints its first two
    lines (the located message and the source line) with `test_file`'s
    directory taken out of paths, so the output is the same everywhere."""
    import tile_mlir as tm
    import os
    try:
        fn()
        print(what, "-> no error")
    except tm.TileError as e:
        lines = str(e).replace(os.path.dirname(os.path.abspath(test_file)) + "/",
                               "").splitlines()
        print("%s -> %s: %s" % (what, type(e).__name__, lines[0]))
        if len(lines) > 1:
            print("   ", lines[1].strip())
