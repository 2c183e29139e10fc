#!/usr/bin/env python3
"""The LLM table of `make bench` (issue 24, item 7): each kernel of
examples/llm at an LLM-sized shape on the Metal emulator (tile-run --stats),
its global bytes read and written against the analytic minimum, threadgroup
bytes, barriers and SIMD-group collectives per output element, and the
emulator's wall time.
Not a test: it measures and prints, it never fails on a number (a kernel
that does not run is an error, so test/Examples/llm-bench.test, which runs
the table on --tiny shapes, catches a table that rotted).

Minimums (computed below from the shapes and formats, not measured):
- "ideal": every input buffer read once, every output written once (packed
  weights + scales + biases + x for a matvec; Q + K + V for attention);
- "algorithm", where a kernel's algorithm must read more than that (W once
  per 32-row program in RMSNorm, K and V once per query block in
  FlashAttention): what that algorithm reads at the least, and the row says
  why.
The goal of every row is global reads <= 1.05x the ideal minimum; a row that
misses it is marked with the reason.

Adding a row is one line in ROWS: `row(family, **shape)` with an existing
family (q_affine, q_block, rmsnorm, rope, swiglu, attention_prefill,
decode_partial, decode_combine); a new kind of kernel needs a family, a
function returning a Bench (see benchmarks/README.md).
Run `llm.py --help` for the options.
"""
import argparse
import dataclasses
import math
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
LLM = ROOT / "examples/llm"
sys.path.insert(0, str(ROOT / "test/Examples/Inputs"))

BYTES = {"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "u8": 1, "i16": 2,
         "u16": 2, "i32": 4, "u32": 4, "i64": 8, "u64": 8}
GOAL = 1.05


@dataclasses.dataclass
class Buf:
    """A buffer argument: `fill` is a tile-run fill (random, zeros, ones) or
    a .npy path (`@FILE`); `out` marks what the kernel writes."""
    dtype: str
    count: int
    fill: str = "random"
    out: bool = False

    @property
    def bytes(self):
        return self.count * BYTES[self.dtype]

    def arg(self, name, seed):
        if self.fill.startswith("@"):
            return f"{name}={self.fill}"
        return f"{name}={self.dtype}:{self.count}:{self.fill}" + (
            f":{seed}" if self.fill == "random" else "")


@dataclasses.dataclass
class Bench:
    """One row: a kernel, its arguments, and what it must move at the least.
    `outputs`: the output elements the per-output columns divide by;
    `algo_read` (bytes) and `why`: the algorithm's own minimum when it is
    above the ideal one."""
    name: str
    file: pathlib.Path
    shape: str
    buffers: dict
    scalars: dict
    outputs: int
    kernel: str = None
    algo_read: int = None
    why: str = ""
    grid: tuple = None
    target: str = None

    @property
    def ideal_read(self):
        return sum(b.bytes for b in self.buffers.values() if not b.out)

    @property
    def ideal_written(self):
        return sum(b.bytes for b in self.buffers.values() if b.out)

    def command(self, tile_run, cache):
        cmd = [str(tile_run), str(self.file), "--stats", "--schedules=1",
               f"--cache-dir={cache}"]
        if self.kernel:
            cmd += ["--kernel", self.kernel]
        if self.target:
            cmd.append("--target=" + self.target)
        if self.grid:
            cmd.append("--grid=" + ",".join(str(g) for g in self.grid))
        for seed, (name, buf) in enumerate(self.buffers.items(), 1):
            cmd.append("--arg=" + buf.arg(name, seed))
        cmd += [f"--arg={k}={v}" for k, v in self.scalars.items()]
        return cmd


# Families: each returns a Bench for one shape. `work` is a directory for
# input files (the quantized weights are written by the tests' generator,
# so their scales are real f16 numbers and not random bit patterns).

def x_per_program(n, rows, k, weights):
    """A matvec whose programs own `rows` rows each and read all of x: the
    weights once and x once per program."""
    programs = math.ceil(n / rows)
    return dict(algo_read=weights + programs * k * 2,
                why=f"each program owns {rows} rows and reads all of x "
                    f"({programs} programs)")


def q_affine(work, bits, n, k, g):
    """MLX affine matvec y = W x, 4 or 8 bits, group size g."""
    import llm_reference
    prefix = str(work / f"q{bits}a_{n}_{k}_{g}")
    llm_reference.make_affine(prefix, n, k, g, 1, bits)
    groups = n * k // g
    return Bench(
        f"matvec_q{bits}_affine", LLM / f"matvec_q{bits}_affine.mlir",
        f"N={n} K={k} G={g}",
        {"Wq": Buf("i32", n * k * bits // 32, "@" + prefix + ".wq.npy"),
         "S": Buf("f16", groups, "@" + prefix + ".s.npy"),
         "Bias": Buf("f16", groups, "@" + prefix + ".b.npy"),
         "X": Buf("f16", k, "@" + prefix + ".x.npy"),
         "Y": Buf("f16", n, "zeros", out=True)},
        {"N": n, "K": k, "G": g}, outputs=n,
        **x_per_program(n, 128, k, n * k * bits // 8 + 2 * groups * 2))


def q_block(work, bits, n, k):
    """llama.cpp q4_0 / q8_0 matvec: blocks of 32 weights and an f16 scale."""
    import llm_reference
    prefix = str(work / f"q{bits}0_{n}_{k}")
    llm_reference.make_q_blocks(prefix, n, k, 1, bits)
    block = 18 if bits == 4 else 34
    return Bench(
        f"matvec_q{bits}_0", LLM / f"matvec_q{bits}_0.mlir", f"N={n} K={k}",
        {"Q": Buf("i8", n * k // 32 * block, "@" + prefix + ".q.npy"),
         "X": Buf("f16", k, "@" + prefix + ".x.npy"),
         "Y": Buf("f16", n, "zeros", out=True)},
        {"N": n, "K": k}, outputs=n,
        **x_per_program(n, 128, k, n * k // 32 * block))


def rmsnorm(work, m, n):
    """RMSNorm of m rows of n; one pass, 32 rows a program."""
    programs = math.ceil(m / 32)
    return Bench(
        "rmsnorm", LLM / "rmsnorm.mlir", f"M={m} N={n}",
        {"X": Buf("f16", m * n), "W": Buf("f16", n),
         "Y": Buf("f16", m * n, "zeros", out=True)},
        {"M": m, "N": n, "eps": 1e-5}, outputs=m * n,
        algo_read=m * n * 2 + programs * n * 2,
        why=f"each program of 32 rows reads W ({programs} programs)")


def rope(work, convention, t, h, d):
    """RoPE, split-half or interleaved, on f32 T x H x D."""
    return Bench(
        f"rope_{convention}", LLM / f"rope_{convention}.mlir",
        f"T={t} H={h} D={d}",
        {"X": Buf("f32", t * h * d), "Y": Buf("f32", t * h * d, "zeros",
                                              out=True)},
        {"T": t, "H": h, "D": d, "offset": 100, "base": 10000.0},
        outputs=t * h * d, grid=(t,) if convention == "half" else (t, h))


def swiglu(work, n):
    """silu(A) * B on n f16 elements."""
    return Bench(
        "swiglu", LLM / "swiglu.mlir", f"n={n}",
        {"A": Buf("f16", n), "B": Buf("f16", n),
         "Y": Buf("f16", n, "zeros", out=True)},
        {"n": n}, outputs=n)


def attention_prefill(work, b, hq, hkv, s, d, causal):
    """FlashAttention-2 forward; 32 queries a program, keys in blocks of 32.
    Each program reads its Q block once and the K and V blocks up to its
    last query (causal) or all of them: K and V are read once per query
    block and query head, which is the algorithm's minimum."""
    blocks = math.ceil(s / 32)
    keys = sum(min(s, 32 * (i + 1)) if causal else s for i in range(blocks))
    q = b * hq * s * d * 2
    return Bench(
        "attention_prefill", LLM / "attention_prefill.mlir",
        f"B={b} Hq={hq} Hkv={hkv} S={s} D={d}{' causal' if causal else ''}",
        {"Q": Buf("f16", b * hq * s * d), "K": Buf("f16", b * hkv * s * d),
         "V": Buf("f16", b * hkv * s * d),
         "O": Buf("f16", b * hq * s * d, "zeros", out=True)},
        {"B": b, "Hq": hq, "Hkv": hkv, "S": s, "scale": 1 / math.sqrt(d),
         "causal": int(causal)},
        outputs=b * hq * s * d, kernel=f"attention_prefill_d{d}",
        algo_read=q + b * hq * keys * d * 2 * 2,
        why="FlashAttention reads K and V once per 32-query block and query "
            "head (the keys up to the block's last query when causal)")


def decode_partial(work, b, hq, hkv, l, d, ns):
    """Flash-decoding, first kernel: NS splits of the cache per KV head; the
    query heads of a KV head share one program, which reads its split of K
    and V once per block of 8 of those heads (once for groups up to 8), and
    the queries of its heads once per split."""
    q = b * hq * d * 2
    head_blocks = -(-(hq // hkv) // 8)
    kv = 2 * b * hkv * l * d * 2 * head_blocks
    return Bench(
        "attention_decode_partial", LLM / "attention_decode_partial.mlir",
        f"B={b} Hq={hq} Hkv={hkv} L={l} D={d} NS={ns}",
        {"Q": Buf("f16", b * hq * d), "K": Buf("f16", b * hkv * l * d),
         "V": Buf("f16", b * hkv * l * d),
         "Opart": Buf("f32", b * hq * ns * d, "zeros", out=True),
         "Mpart": Buf("f32", b * hq * ns, "zeros", out=True),
         "Lpart": Buf("f32", b * hq * ns, "zeros", out=True)},
        {"B": b, "Hq": hq, "Hkv": hkv, "L": l, "NS": ns,
         "scale": 1 / math.sqrt(d)},
        outputs=b * hq * d, kernel=f"attention_decode_partial_d{d}",
        algo_read=ns * q + kv if ns > 1 else None,
        why="each of the NS splits reads the queries of its heads")


def decode_combine(work, b, hq, ns, d):
    """Flash-decoding, second kernel: merges NS partials per head; reads the
    maxima twice (once for the global maximum, once with the sums)."""
    return Bench(
        "attention_decode_combine", LLM / "attention_decode_combine.mlir",
        f"B={b} Hq={hq} NS={ns} D={d}",
        {"Opart": Buf("f32", b * hq * ns * d), "Mpart": Buf("f32", b * hq * ns),
         "Lpart": Buf("f32", b * hq * ns, "ones"),
         "O": Buf("f16", b * hq * d, "zeros", out=True)},
        {"B": b, "Hq": hq, "NS": ns, "D": d}, outputs=b * hq * d,
        algo_read=b * hq * ns * (d + 3) * 4,
        why="two passes over the splits read the maxima twice")


@dataclasses.dataclass
class Row:
    family: object
    shape: dict
    target: str = None


def row(family, target=None, **shape):
    """A row: `family` on `shape`, for tile-run's default target (apple9)
    or `target` (apple10: the Metal 4 tensor-ops backend)."""
    return Row(family, shape, target)


# The table. Shapes: Llama-style 7B/8B layers (hidden 4096, 32 query heads
# of 128, 8 KV heads, MLP 11008); RMSNorm, RoPE and SwiGLU over a 512-token
# prompt. Each row runs in seconds on the emulator, so none is shrunk.
ROWS = [
    row(q_affine, bits=4, n=4096, k=4096, g=64),
    row(q_affine, bits=8, n=4096, k=4096, g=64),
    row(q_block, bits=4, n=4096, k=4096),
    row(q_block, bits=8, n=4096, k=4096),
    row(rmsnorm, m=512, n=4096),
    row(rope, convention="half", t=512, h=32, d=128),
    row(rope, convention="interleaved", t=512, h=32, d=128),
    row(swiglu, n=512 * 11008),
    row(attention_prefill, b=1, hq=8, hkv=8, s=512, d=128, causal=True),
    row(decode_partial, b=1, hq=32, hkv=8, l=2048, d=128, ns=16),
    row(decode_combine, b=1, hq=32, ns=16, d=128),
    # The Metal 4 tensor-ops backend (apple10) lowers attention's dots to
    # matmul2d, which reads its operands where they are.
    row(attention_prefill, target="apple10", b=1, hq=8, hkv=8, s=512, d=128,
        causal=True),
    row(decode_partial, target="apple10", b=1, hq=32, hkv=8, l=2048, d=128,
        ns=16),
]

# --tiny: the shape arguments each family takes on tiny inputs (the lit
# test); the other arguments (bits, convention, causal) stay the row's.
TINY = {
    q_affine: dict(n=40, k=256),
    q_block: dict(n=40, k=128),
    rmsnorm: dict(m=5, n=300),
    rope: dict(t=3, h=2, d=64),
    swiglu: dict(n=1500),
    attention_prefill: dict(b=1, hq=2, hkv=1, s=40),
    decode_partial: dict(b=1, hq=2, hkv=1, l=70, ns=3),
    decode_combine: dict(b=1, hq=2, ns=3),
}


def parse_stats(out):
    """The counters of `tile-run --stats` output (bench.py reads them too)."""
    def num(pattern):
        return int(re.search(pattern, out).group(1))
    return {
        "threadgroups": num(r"threadgroups (\d+)"),
        "barriers": num(r"threadgroup barriers (\d+)"),
        "simd": num(r"simd collectives (\d+)"),
        "mmas": num(r"simdgroup MMAs (\d+)"),
        "read": num(r"global memory: (\d+) bytes read"),
        "written": num(r"global memory: \d+ bytes read, (\d+) bytes written"),
        "buffers": {name: int(n) for name, n in re.findall(
            r"stats: buffer (\w+): (\d+) bytes read", out)},
        "tg_read": num(r"threadgroup memory: (\d+) bytes read"),
        "tg_written": num(
            r"threadgroup memory: \d+ bytes read, (\d+) bytes written"),
    }


def measure(bench, tile_run, cache, repeat):
    """The counters and the best wall time of `repeat` runs, the kernel
    compiled by an untimed first run."""
    cmd = bench.command(tile_run, cache)
    best, out = None, ""
    for i in range(repeat + 1):
        start = time.monotonic()
        done = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - start
        if done.returncode != 0:
            sys.exit(f"{bench.name} ({bench.shape}) failed:\n"
                     f"{' '.join(cmd)}\n{done.stderr}")
        out = done.stdout
        if i > 0:
            best = wall if best is None else min(best, wall)
    return parse_stats(out), best


def reread(bench, s):
    """The input buffers read more than once, and how many times."""
    more = [(name, s["buffers"].get(name, 0) / buf.bytes)
            for name, buf in bench.buffers.items() if not buf.out]
    return ", ".join(f"{name} read {times:.2f}x" for name, times in more
                     if times > 1.005)


def table(rows, tile_run, work, repeat):
    cache = work / "cache"
    load = os.getloadavg()
    print(f"tile-run --stats --schedules=1, target apple9 (tile-run's "
          f"default) unless the shape names one, best wall time of {repeat} warm run(s) (compile "
          f"excluded); {os.cpu_count()} CPUs, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start.\n")
    print("| kernel | shape | read / ideal min | read / algorithm min "
          "| written / min | threadgroup B / output | barriers / output "
          "| SIMD collectives / output | MMAs | wall s | goal (read <= "
          f"{GOAL}x ideal) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    sys.stdout.flush()
    notes = []
    for r in rows:
        bench = r.family(work, **r.shape)
        if r.target:
            bench.target = r.target
            bench.shape += f" ({r.target})"
        s, wall = measure(bench, tile_run, cache, repeat)
        ideal = s["read"] / bench.ideal_read
        algo = (f"{s['read'] / bench.algo_read:.3f}" if bench.algo_read
                else "-")
        above_algo = bench.algo_read and s["read"] / bench.algo_read > GOAL
        if ideal <= GOAL:
            goal = "met"
        else:
            goal = "; ".join(filter(None, [
                "**missed**", reread(bench, s), bench.why,
                "**and above the algorithm's minimum**" if above_algo
                else ""]))
        per = bench.outputs
        tg = s["tg_read"] + s["tg_written"]
        print(f"| {bench.name} | {bench.shape} | {ideal:.3f} | {algo} | "
              f"{s['written'] / bench.ideal_written:.3f} | "
              f"{tg / per:.1f} | {s['barriers'] / per:.3f} | "
              f"{s['simd'] / per:.3f} | {s['mmas']} | {wall:.2f} | {goal} |")
        sys.stdout.flush()
    load = os.getloadavg()
    print(f"\nLoad average at the end: {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f}.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", metavar="BUILD_DIR", type=pathlib.Path,
                        help="a built tree (BUILD_DIR/bin/tile-run)")
    parser.add_argument("--tiny", action="store_true",
                        help="every row on tiny shapes (a check that the "
                             "table still runs; the numbers mean little)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="timed runs per row, the best taken (default 1)")
    parser.add_argument("--filter", default="",
                        help="only the rows whose family (q_affine, rope, ...) "
                             "contains this")
    args = parser.parse_args()
    rows = ROWS
    if args.tiny:
        missing = {r.family.__name__ for r in rows} - {f.__name__ for f in TINY}
        if missing:
            sys.exit(f"--tiny: no tiny shape for {', '.join(sorted(missing))}"
                     f" (add it to TINY)")
        rows = [Row(r.family, {**r.shape, **TINY[r.family]}, r.target)
                for r in rows]
    if args.filter:
        rows = [r for r in rows if args.filter in r.family.__name__]
    with tempfile.TemporaryDirectory(prefix="tile-llm-bench-") as work:
        table(rows, args.build.resolve() / "bin/tile-run",
              pathlib.Path(work), args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
