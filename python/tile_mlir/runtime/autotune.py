"""autotune(configs, key): pick the best Config per key (e.g. per (M, N, K)).

Configs the compiler rejects (a hardware limit: threads, threadgroup memory,
simdgroup grid...) are pruned and their diagnostics kept in `pruned[key]`.
The rest are run once each on the emulator and scored by `timer(run)` if
given (a user's timer, e.g. on a Mac), else by `estimate_seconds`: an
ANALYTIC ESTIMATE, not a measurement (docs/python.md, "Autotuning")."""

import math

from ._numpy import require
from ..errors import CompilationError, DSLError, EmulatorError
from ..compiler.kernel import _launch_option

# Per-chip figures for the estimate: (GPU cores, clock GHz, FP32 peak TFLOPS,
# FP16 peak TFLOPS, DRAM GB/s). The M5 FP16 figure is its neural
# accelerators' matrix estimate; the others use FP16 = FP32.
CHIPS = {
    "M1": (8, 1.278, 2.62, 2.62, 68.0),
    "M2": (10, 1.398, 3.58, 3.58, 100.0),
    "M3": (10, 1.398, 3.58, 3.58, 100.0),
    "M4": (10, 1.47, 3.76, 3.76, 120.0),
    "M5": (10, 1.578, 4.04, 16.0, 153.0),
}
TARGET_CHIP = {"apple7": "M1", "apple8": "M2", "apple9": "M3", "apple10": "M5"}
BARRIER_CYCLES = 64  # assumed cost of one threadgroup barrier


class Config:
    """Constexpr values and launch options (WM, WN, target) of one candidate.

    Triton's form works too: Config({"BLOCK_M": 64}, num_warps=4,
    num_stages=3) (tutorial 06's configs), the options joining the kwargs;
    maxnreg is a register-allocation hint with no Metal counterpart and is
    ignored; num_ctas > 1 (thread-block clusters) and pre_hook are refused."""

    def __init__(self, kwargs=None, num_warps=None, num_stages=None,
                 num_ctas=1, maxnreg=None, pre_hook=None, **more):
        if num_ctas != 1:
            raise ValueError("Config: num_ctas=%r: Metal has no thread-block "
                             "clusters (num_ctas must be 1)" % (num_ctas,))
        if pre_hook is not None:
            raise ValueError("Config: pre_hook is not supported")
        self.kwargs = dict(kwargs or {}, **more)
        for name, value in (("num_warps", num_warps), ("num_stages", num_stages)):
            if value is not None:
                self.kwargs[name] = value
        self.num_warps = self.kwargs.get("num_warps")
        self.num_stages = self.kwargs.get("num_stages")
        self.num_ctas, self.maxnreg, self.pre_hook = num_ctas, maxnreg, pre_hook

    def __getitem__(self, k):
        return self.kwargs[k]

    def __repr__(self):
        return "Config(%s)" % ", ".join("%s=%r" % kv for kv in sorted(self.kwargs.items()))


def estimate_seconds(stats, abi, chip="M3"):
    """Roofline estimate of one launch from the emulator's counters and the
    ABI: max(compute, memory) + barriers, divided by how much of the GPU the
    grid can fill. Compute counts 2*8*8*8 flops per simdgroup MMA at the
    FP32 (or FP16, for half operands) peak; memory counts the device bytes
    the kernel read and wrote at DRAM bandwidth; a barrier costs
    BARRIER_CYCLES per threadgroup, threadgroups spread over the cores;
    occupancy: threadgroups resident per core are limited by 32 KiB of
    threadgroup memory and 1024 threads, and a grid smaller than the GPU
    leaves cores idle."""
    cores, ghz, fp32, fp16, gbs = CHIPS[chip]
    half = any("half" in b.get("msl_type", "") for b in abi.get("buffers", []))
    flops = stats["simdgroupMMAs"] * 2 * 8 * 8 * 8
    compute = flops / ((fp16 if half else fp32) * 1e12)
    memory = (stats["bytesRead"] + stats["bytesWritten"]) / (gbs * 1e9)
    tgs = max(stats["threadgroups"], 1)
    threads = max(int(math.prod(stats["threadsPerThreadgroup"])), 1)
    tgmem = abi.get("threadgroup_memory_bytes", 0)
    per_core = max(1, min(32768 // tgmem if tgmem else 32, 1024 // threads))
    slots = cores * per_core
    fill = min(1.0, tgs / slots)
    barriers = stats["barriers"] * BARRIER_CYCLES / (ghz * 1e9) / cores
    return (max(compute, memory) + barriers) / fill


class Autotuned:
    def __init__(self, kernel, configs, key, timer=None, chip=None,
                 verbose=False):
        self.kernel, self.configs, self.key = kernel, list(configs), list(key)
        self.timer, self.chip, self.verbose = timer, chip, verbose
        self.best, self.scores, self.pruned = {}, {}, {}
        self.__name__ = kernel.__name__

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            try:
                # Launch options (target=, ...) are not kernel parameters.
                params = {n: v for n, v in kwargs.items() if not _launch_option(n)}
                values = self.kernel.signature.bind_partial(*args, **params).arguments
            except TypeError as e:
                raise DSLError("%s(): %s" % (self.__name__, e),
                               self.kernel.def_location)
            k = tuple(values.get(name) for name in self.key)
            if kwargs.get("target") is not None:
                # A config that fits one target's threadgroup memory may not
                # fit another's: tune per target given.
                k += (kwargs["target"],)
            if k not in self.best:
                self.tune(k, grid, args, kwargs)
            cfg = self.best[k]
            return self.kernel.launch(self._grid(grid, cfg), args,
                                      dict(kwargs, **cfg.kwargs))
        return launch

    def _grid(self, grid, cfg):
        if callable(grid):
            return lambda meta: grid(dict(meta, **cfg.kwargs))
        return grid

    def tune(self, k, grid, args, kwargs):
        scores, pruned = {}, []
        for cfg in self.configs:
            full = dict(kwargs, **cfg.kwargs)
            try:
                compiled = self.kernel.compile(*args, **full)
            except CompilationError as e:
                pruned.append((cfg, e.diagnostics))
                continue
            # Run on copies: tuning must not leave partial results behind.
            copies = [_copy(a) for a in args]

            def run(copies=copies, full=full, cfg=cfg):
                return self.kernel.launch(self._grid(grid, cfg), copies, dict(full))
            try:
                if self.timer is not None:
                    scores[repr(cfg)] = (self.timer(run), cfg)
                else:
                    stats = run()
                    chip = self.chip or TARGET_CHIP.get(full.get("target", "apple9"), "M3")
                    scores[repr(cfg)] = (estimate_seconds(stats, compiled.abi, chip), cfg)
            except EmulatorError as e:
                pruned.append((cfg, str(e)))
        self.pruned[k] = pruned
        if not scores:
            raise CompilationError("autotune: every config was pruned:\n" + "\n".join(
                "%r: %s" % p for p in pruned))
        self.scores[k] = {name: s for name, (s, _) in scores.items()}
        self.best[k] = min(scores.values(), key=lambda sc: sc[0])[1]
        if self.verbose:
            print("autotune %s %s: %r (%d configs scored, %d pruned)" % (
                self.__name__, dict(zip(self.key, k)), self.best[k],
                len(scores), len(pruned)))


def _copy(arg):
    """A copy of an array argument (also inside a meTile Buffer), so that
    tuning runs never write the caller's buffers."""
    from ..compiler.kernel import Buffer
    np = require("autotuning")
    if isinstance(arg, Buffer) and arg.data is not None:
        return Buffer(np.copy(arg.data))
    return np.copy(arg) if isinstance(arg, np.ndarray) else arg


def autotune(configs, key, timer=None, chip=None, warmup=None, rep=None,
             verbose=False):
    """Decorator factory: autotune(configs=[Config(...)], key=["M", "N"])(kernel).
    meTile's warmup and rep (timing repetitions on a Mac) are accepted and
    unused: each config runs once; verbose prints the chosen config."""
    def wrap(kernel):
        return Autotuned(kernel, configs, key, timer, chip, verbose)
    return wrap
