#!/usr/bin/env python3
"""Metal emulator speed: the f32 GEMM of examples/gemm.mlir (64x64x32 tiles,
2x2 SIMD-groups) at 128^3, 256^3 and 512^3 through tile-run, with the kernel
already compiled (a private cache, warmed by one untimed run). Prints the
best wall time of --repeat runs (other jobs on the machine only ever make a
run slower), the CPU time of that run, and MFLOP/s counting every schedule
(tile-run runs the kernel once per schedule: 2*n^3*schedules flops).
Not a test: it measures and prints, it never fails on a number.

usage: emulator.py BUILD_DIR [--tile-run PATH] [--repeat N] [--schedules S]
                   [--sizes 128,256,512]
  BUILD_DIR    a built tree (BUILD_DIR/bin/tile-run)
  --tile-run   another tile-run binary to measure (e.g. an older build)
  --repeat     timed runs per size, best taken (default 3)
  --schedules  tile-run --schedules (default 3, its minimum)
"""
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def option(argv, name, default):
    if name in argv:
        return argv[argv.index(name) + 1]
    return default


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime, r.ru_stime


def timed(cmd):
    """(wall, user, sys) seconds of one run of cmd."""
    u0, s0 = children_cpu()
    start = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - start
    u1, s1 = children_cpu()
    return wall, u1 - u0, s1 - s0


def main():
    argv = sys.argv[1:]
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    build = pathlib.Path(argv[0]).resolve()
    tile_run = option(argv, "--tile-run", str(build / "bin/tile-run"))
    repeat = int(option(argv, "--repeat", "3"))
    schedules = int(option(argv, "--schedules", "3"))
    sizes = [int(s) for s in option(argv, "--sizes", "128,256,512").split(",")]
    cache = tempfile.mkdtemp(prefix="tile-emu-bench-")

    print(f"tile-run: {tile_run}; {os.cpu_count()} CPUs; "
          f"--schedules {schedules}; best of {repeat} warm runs\n")
    print("| problem | wall s | user s | sys s | MFLOP/s (all schedules) |")
    print("|---|---|---|---|---|")
    for n in sizes:
        cmd = [tile_run, str(ROOT / "examples/gemm.mlir"),
               f"--cache-dir={cache}", f"--schedules={schedules}",
               f"--arg=A=f32:{n * n}:random:1", f"--arg=B=f32:{n * n}:random:2",
               f"--arg=C=f32:{n * n}:zeros", f"--arg=M={n}", f"--arg=N={n}",
               f"--arg=K={n}"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)  # compile
        wall, user, system = min(timed(cmd) for _ in range(repeat))
        mflops = 2 * n ** 3 * schedules / wall / 1e6
        print(f"| {n}^3 | {wall:.2f} | {user:.2f} | {system:.2f} | "
              f"{mflops:.1f} |")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
