#!/usr/bin/env python3
"""A random differential campaign: generate kernels (tile_random.py), verify
them with tile-opt, run each through `tile-run --compare` on several targets,
and sort the outcomes (docs/testing.md).

  utils/random/campaign.py --build build --out /tmp/campaign --minutes 50
  utils/random/campaign.py --families dot,scan --seeds 100-199

Every kernel that does not pass is kept in OUT/failures/ with the command
and the tool's output; OUT/results.jsonl has one line per run, and the
summary (counts per family, target and outcome) is printed at the end.
One tile-run at a time: the emulator uses the cores it is given.
"""

import argparse
import collections
import itertools
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tile_random  # noqa: E402

# (label, extra tile-run options); dot kernels also run the other backend.
CONFIGS = [("apple9", ["--target", "apple9"]),
           ("apple10", ["--target", "apple10"])]
DOT_CONFIGS = [("apple10-simdgroup", ["--target", "apple10", "--backend", "simdgroup"]),
               ("apple9-tensorops", ["--target", "apple9", "--backend", "tensorops"])]

CRASH_MARKERS = ("Assertion", "PLEASE submit a bug report", "Stack dump", "Segmentation fault",
                 "AddressSanitizer", "UNREACHABLE", "LLVM ERROR", "terminate called")


def classify(rc, out):
    """pass | mismatch | refused (a located compile error) | unlocated-error |
    interpreter (the reference refused the kernel: an out-of-bounds offset,
    a scatter conflict; a generator bug unless the interpreter is wrong) |
    emulator (race, out of bounds, barrier misuse, ...) | crash | timeout |
    usage (exit 2: a bad command line, a campaign bug)."""
    if rc == 0:
        return "pass"
    if rc is None:
        return "timeout"
    if rc < 0 or rc >= 128 or any(m in out for m in CRASH_MARKERS):
        return "crash"
    if rc == 2:
        return "usage"
    if re.search(r"mismatch", out):
        return "mismatch"
    if "the tile interpreter failed" in out:
        return "interpreter"
    if "compiling the kernel failed" in out or "error:" in out and "ran " not in out:
        if re.search(r"^\S+\.mlir:\d+:\d+: error:", out, re.M):
            return "refused"
        return "unlocated-error"
    return "emulator"


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, text=True, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        # (its output comes as bytes even with text=True)
        out = e.stdout or b""
        return None, out.decode(errors="replace") if isinstance(out, bytes) else out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="the build directory (bin/tile-opt, bin/tile-run)")
    ap.add_argument("--out", default="/tmp/tile-campaign", help="where kernels, failures and results go")
    ap.add_argument("--families", default=",".join(tile_random.FAMILIES))
    ap.add_argument("--seeds", default="1-100000", help="FIRST-LAST: the seeds to try, in turn per family")
    ap.add_argument("--minutes", type=float, default=0, help="stop after this long (0: all seeds)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds per tile-run")
    ap.add_argument("--odd-shapes", action="store_true",
                    help="mostly tile sizes that split over nothing (tile_random.OddShapes)")
    ap.add_argument("--verify-only", action="store_true",
                    help="only generate and verify (tile-opt): checks the generator")
    args = ap.parse_args()

    fams = args.families.split(",")
    first, last = (int(x) for x in args.seeds.split("-"))
    opt = os.path.join(args.build, "bin", "tile-opt")
    trun = os.path.join(args.build, "bin", "tile-run")
    os.makedirs(os.path.join(args.out, "failures"), exist_ok=True)
    kdir = os.path.join(args.out, "kernels")
    os.makedirs(kdir, exist_ok=True)
    results = open(os.path.join(args.out, "results.jsonl"), "a")
    counts = collections.Counter()
    start = time.time()
    for seed, fam in itertools.product(range(first, last + 1), fams):
        if args.minutes and time.time() - start > args.minutes * 60:
            break
        case = tile_random.generate(fam, seed, args.odd_shapes)
        path = os.path.join(kdir, case.name + ".mlir")
        with open(path, "w") as f:
            f.write(f"// {case.note}\n{case.text}")
        rc, out = run([opt, path], 60)
        if rc != 0:
            counts[(fam, "-", "generator-invalid")] += 1
            results.write(json.dumps({"family": fam, "seed": seed, "kernel": path,
                                      "outcome": "generator-invalid", "output": out[-2000:]}) + "\n")
            continue
        if args.verify_only:
            counts[(fam, "-", "verified")] += 1
            continue
        configs = CONFIGS + (DOT_CONFIGS if case.has_dot else [])
        for label, extra in configs:
            cmd = [trun, path] + [a for x in case.args for a in ("--arg", x)] + \
                  ["--grid", ",".join(map(str, case.grid)), "--compare"] + case.options + extra
            t0 = time.time()
            rc, out = run(cmd, args.timeout)
            outcome = classify(rc, out)
            counts[(fam, label, outcome)] += 1
            rec = {"family": fam, "seed": seed, "kernel": path, "config": label,
                   "outcome": outcome, "seconds": round(time.time() - t0, 2), "note": case.note}
            if outcome != "pass":
                fail = os.path.join(args.out, "failures", f"{case.name}.{label}.{outcome}")
                with open(fail + ".mlir", "w") as f:
                    f.write(f"// {case.note}\n// RUN: " + " ".join(cmd) + "\n" + case.text)
                with open(fail + ".out", "w") as f:
                    f.write(out)
                rec["output"] = out[-1500:]
                print(f"{case.name} {label}: {outcome}  ({case.note})", flush=True)
            results.write(json.dumps(rec) + "\n")
            results.flush()
    print("\nfamily    target              outcome            count")
    for (fam, label, outcome), n in sorted(counts.items()):
        print(f"{fam:9} {label:19} {outcome:18} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
