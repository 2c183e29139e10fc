#!/usr/bin/env python3
"""Metal emulator speed: the f32 GEMM of examples/gemm.mlir (64x64x32 tiles,
2x2 SIMD-groups) at 128^3, 256^3 and 512^3 through tile-run, with the kernel
already compiled (a private cache, warmed by one untimed run). Prints the
best wall time of --repeat runs (other jobs on the machine only ever make a
run slower), the CPU time of that run, and MFLOP/s counting every schedule
(tile-run runs the kernel once per schedule: 2*n^3*schedules flops).

Not a test: it measures and prints, it never fails on a number.
Run `emulator.py --help` for the options.
"""
import argparse
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", metavar="BUILD_DIR", type=pathlib.Path,
                        help="a built tree (BUILD_DIR/bin/tile-run)")
    parser.add_argument("--tile-run", metavar="PATH",
                        help="another tile-run binary to measure "
                             "(an older build, say)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs per size, the best taken (default 3)")
    parser.add_argument("--schedules", type=int, default=3,
                        help="tile-run --schedules (default 3, its minimum)")
    parser.add_argument("--sizes", default="128,256,512",
                        help="problem sizes n of the n^3 GEMMs "
                             "(default 128,256,512)")
    args = parser.parse_args()
    build = args.build.resolve()
    tile_run = args.tile_run or str(build / "bin/tile-run")
    repeat, schedules = args.repeat, args.schedules
    sizes = [int(s) for s in args.sizes.split(",")]
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
