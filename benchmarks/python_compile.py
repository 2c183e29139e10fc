#!/usr/bin/env python3
"""Compile time of the meTile seed GEMM through the Python package: a new
specialization each time (the kernel's cache is emptied), so every compile
traces the Python source, renders tile IR, and compiles it to MSL and its
ABI through the package's cached TileCompiler. What meTile's "compile" of
the same kernel does.

usage: python_compile.py BUILD_DIR IR_OUT [ITERATIONS [RUNS]]
prints: median_ms=<ms> trace_ms=<ms> capi_ms=<ms> (each the best run's
median; trace_ms: tracing and rendering the IR, capi_ms: the C call inside
the Python compile) and writes the traced IR to IR_OUT, so that bench.py
can time the same IR through the C API alone (compile_bench).

Run by `make bench` (benchmarks/bench.py)."""

import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def seed_gemm(tm):
    """meTile's GEMM as meTile's README writes it (test/python/metile_gemm.py)."""
    @tm.kernel
    def matmul(A, B, C, M, N, K, BLOCK_M: tm.constexpr, BLOCK_N: tm.constexpr,
               BLOCK_K: tm.constexpr):
        pid_m = tm.program_id(0)
        pid_n = tm.program_id(1)
        acc = tm.zeros((BLOCK_M, BLOCK_N), dtype="f32")
        for k in tm.tile_range(0, K, BLOCK_K):
            a = tm.tile_load(A, pid_m * BLOCK_M, k, K, (BLOCK_M, BLOCK_K))
            b = tm.tile_load(B, k, pid_n * BLOCK_N, N, (BLOCK_K, BLOCK_N))
            acc = tm.dot(a, b, acc)
        tm.tile_store(C, pid_m * BLOCK_M, pid_n * BLOCK_N, N, acc,
                      (BLOCK_M, BLOCK_N))
    return matmul


class _TimedLibrary:
    """libTileCAPI's functions, with the time of each tileCompilerRun."""

    def __init__(self, lib):
        self.lib, self.times = lib, []

    def __getattr__(self, name):
        return getattr(self.lib, name)

    def tileCompilerRun(self, *args):
        start = time.perf_counter()
        result = self.lib.tileCompilerRun(*args)
        self.times.append(time.perf_counter() - start)
        return result


def median(xs):
    return sorted(xs)[len(xs) // 2] * 1e3


def main():
    build, ir_out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    os.environ["TILE_MLIR_LIB"] = str(build / "lib")
    sys.path.insert(0, str(ROOT / "python"))
    import tile_mlir as tm
    from tile_mlir import _capi

    kernel = seed_gemm(tm)
    f32 = tm.Buffer(dtype="float32")  # a buffer type, without data
    args = (f32, f32, f32, 1024, 1024, 1024)
    sizes = dict(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32)
    compiled = kernel.compile(*args, **sizes)  # loads the library, warms up
    ir_out.write_text(compiled.ir)
    library = _capi.library()
    timed = _TimedLibrary(library.lib)
    library.lib = timed
    values, options = kernel.bind(args, dict(sizes))
    key = kernel.specialization(values, options)
    best = None
    try:
        for _ in range(runs):
            totals, traces = [], []
            timed.times = []
            for _ in range(iterations):
                kernel.cache.clear()
                start = time.perf_counter()
                kernel.compile(*args, **sizes)
                totals.append(time.perf_counter() - start)
            for _ in range(iterations):
                start = time.perf_counter()
                kernel.trace(key, values, options)
                traces.append(time.perf_counter() - start)
            run = (median(totals), median(traces), median(timed.times))
            best = run if best is None or run[0] < best[0] else best
    finally:
        library.lib = timed.lib
    print("median_ms=%.3f trace_ms=%.3f capi_ms=%.3f" % best)
    return 0


if __name__ == "__main__":
    sys.exit(main())
