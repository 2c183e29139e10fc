#!/usr/bin/env python3
"""Per example (every examples/**/*.mlir): threadgroup memory, MSL lines and
in-process compile time, for one build or, with --baseline, side by side
with another (before/after a change). Not a test: it measures and prints.

Threadgroup bytes and MSL lines come from `tile-opt --tile-to-applegpu |
tile-translate --mlir-to-msl --msl-abi` (the ABI's threadgroup_memory_bytes,
summed over a file's kernels); the compile time is compile_bench's (warm
TileCompiler, see benchmarks/compile_bench.c), the best median of `--runs`
runs. Run by `make bench` (benchmarks/bench.py) for the build alone.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from bench import ROOT, build_compile_bench, compile_time, run  # noqa: E402


def examples():
    return sorted(p for p in (ROOT / "examples").rglob("*.mlir"))


def measure(build, bench, example, work, iterations, runs):
    """(threadgroup bytes, MSL lines, compile ms) of one example."""
    ir = run([str(build / "bin/tile-opt"), str(example),
              "--tile-to-applegpu"]).stdout
    abi = work / "abi.json"
    msl = subprocess.run(
        [str(build / "bin/tile-translate"), "--mlir-to-msl",
         f"--msl-abi={abi}"], input=ir, check=True, capture_output=True,
        text=True).stdout
    kernels = json.loads(abi.read_text())["kernels"]
    bytes_ = sum(k.get("threadgroup_memory_bytes", 0) for k in kernels)
    ms, _, _ = compile_time(bench, example, "", iterations, runs)
    return bytes_, msl.count("\n"), ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=pathlib.Path, help="the build measured")
    parser.add_argument("--baseline", type=pathlib.Path,
                        help="a build of the code before the change")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="tile-examples-"))
    builds = ([("before", args.baseline.resolve())] if args.baseline else []) + \
        [("after" if args.baseline else "", args.build.resolve())]
    benches = []
    for i, (_, build) in enumerate(builds):
        bench = work / f"compile_bench{i}"
        build_compile_bench(build, bench)
        benches.append(bench)
    cols = ["threadgroup bytes", "MSL lines", "compile ms"]
    header = [f"{c} ({label})" if label else c
              for c in cols for label, _ in builds]
    print("| example | " + " | ".join(header) + " |")
    print("|---" * (len(header) + 1) + "|")
    for example in examples():
        results = [measure(build, bench, example, work, args.iterations,
                           args.runs)
                   for (_, build), bench in zip(builds, benches)]
        cells = []
        for c in range(3):
            for r in results:
                cells.append(f"{r[c]:.3f}" if c == 2 else str(r[c]))
        print(f"| {example.relative_to(ROOT)} | " + " | ".join(cells) + " |")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
