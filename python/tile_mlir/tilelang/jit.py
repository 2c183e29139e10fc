"""TileLang's host API: `tilelang.JITKernel(func, out_idx=[2], target=...)`
compiles a prim_func; calling it with the inputs only allocates the
outputs, runs the kernel (on the Metal emulator) and returns them;
`get_kernel_source()` is the MSL; `get_profiler().do_bench()` is the
analytic cost model's estimate (tile_mlir.estimate_seconds), not a
measurement. docs/python.md, "TileLang's host API"."""

import warnings

from ..runtime._numpy import require
from ..runtime.autotune import TARGET_CHIP, estimate_seconds
from ..errors import DSLError
from ..compiler.ir import ELEMENT_TO_NUMPY
from .language import PrimFunc

_APPLE_TARGETS = ("apple7", "apple8", "apple9", "apple10")
DEFAULT_TARGET = "apple9"


def resolve_target(target):
    """The Apple GPU family compiled for: "auto" and "metal" are apple9,
    apple7 ... apple10 themselves; "cuda" (what TileLang's tutorials pass)
    is taken as "auto", with a warning that says what it means here."""
    if target is None or target in ("auto", "metal"):
        return DEFAULT_TARGET
    if target in _APPLE_TARGETS:
        return target
    if target == "cuda":
        warnings.warn(
            "target='cuda': tile_mlir compiles TileLang kernels to Metal "
            "Shading Language for Apple GPUs and runs them on its Metal "
            "emulator (there is no CUDA here); 'cuda' is taken as 'auto' "
            "(%s)" % DEFAULT_TARGET, stacklevel=3)
        return DEFAULT_TARGET
    raise DSLError("JITKernel(target=%r): tile_mlir compiles for Apple GPUs: "
                   "'auto' or 'metal' (%s), one of %s, or 'cuda' (taken as "
                   "'auto': kernels run on the Metal emulator)" % (
                       target, DEFAULT_TARGET, ", ".join(_APPLE_TARGETS)))


class JITKernel:
    """A compiled prim_func with TileLang's calling convention. `out_idx`
    (an int or a list, negative counting from the end) names the
    parameters that are outputs: the kernel allocates them (zeros, of
    their T.Buffer shape and dtype) and returns them, one array or a list
    in out_idx's order. Without out_idx, pass every buffer; None is
    returned. `schedules`: emulator thread orders per launch (0: its
    default)."""

    def __init__(self, func, out_idx=None, target="auto", schedules=0):
        if not isinstance(func, PrimFunc):
            raise DSLError("JITKernel takes a @T.prim_func, got %r" % (func,))
        self.func, self.target = func, resolve_target(target)
        self.schedules = schedules
        n = len(func.params)
        idx = [] if out_idx is None else \
            [out_idx] if isinstance(out_idx, int) else list(out_idx)
        self.out_idx = []
        for i in idx:
            if isinstance(i, bool) or not isinstance(i, int) or not -n <= i < n:
                raise DSLError("JITKernel(out_idx=%r): %s has %d parameters" % (
                    out_idx, func.__name__, n), func.def_location)
            if i % n in self.out_idx:
                raise DSLError("JITKernel(out_idx=%r): parameter %d twice" % (
                    out_idx, i % n), func.def_location)
            self.out_idx.append(i % n)
        self.compiled = func.compile(self.target)
        self.last_stats = None

    @property
    def params(self):
        return self.func.params

    def inputs(self):
        """The parameters a call passes, in order (the others are outputs)."""
        return [p for i, p in enumerate(self.func.params) if i not in self.out_idx]

    def outputs(self):
        """New arrays for the outputs, by parameter index."""
        np = require("calling a JITKernel")
        return {i: np.zeros(self.func.specs[i].shape,
                            ELEMENT_TO_NUMPY[self.func.specs[i].element])
                for i in self.out_idx}

    def __call__(self, *args):
        inputs = self.inputs()
        if len(args) != len(inputs):
            raise DSLError("%s takes its inputs %s (out_idx=%s are allocated "
                           "and returned), got %d arrays" % (
                               self.func.__name__,
                               "(" + ", ".join(p.name for p in inputs) + ")",
                               self.out_idx, len(args)), self.func.def_location)
        outputs = self.outputs()
        given = iter(args)
        arrays = [outputs[i] if i in outputs else next(given)
                  for i in range(len(self.func.params))]
        self.last_stats = self.func(*arrays, target=self.target,
                                    schedules=self.schedules)
        if not self.out_idx:
            return None
        results = [outputs[i] for i in self.out_idx]
        return results[0] if len(results) == 1 else results

    def get_kernel_source(self):
        """The MSL of the kernel (TileLang gives CUDA or HIP source)."""
        return self.compiled.msl

    def get_profiler(self, tensor_supply_type=None):
        """A Profiler whose do_bench estimates the kernel's time."""
        return Profiler(self)


class Profiler:
    """TileLang's profiler, for a kernel that runs on an emulator: do_bench
    runs it once (on random inputs unless given) and returns the ANALYTIC
    ESTIMATE of its time on the target's chip in ms (estimate_seconds: a
    roofline of its counted flops and bytes, docs/python.md,
    "Autotuning"), and warns that it is one."""

    def __init__(self, kernel):
        self.kernel = kernel

    def supply_inputs(self, seed=0):
        """Random inputs of the kernel's shapes and dtypes."""
        np = require("do_bench")
        rng = np.random.default_rng(seed)
        out = []
        for p in self.kernel.inputs():
            spec = self.kernel.func.specs[self.kernel.params.index(p)]
            dtype = ELEMENT_TO_NUMPY[spec.element]
            if np.issubdtype(dtype, np.integer):
                out.append(rng.integers(-4, 4, spec.shape).astype(dtype))
            else:
                out.append((rng.random(spec.shape) - 0.5).astype(dtype))
        return out

    def do_bench(self, func=None, warmup=25, rep=100, n_warmup=1, n_repeat=1,
                 input_tensors=None, chip=None):
        """The estimated time of one launch, in ms (see the class). warmup,
        rep, n_warmup and n_repeat are TileLang's and change nothing here:
        the estimate is the same for every run."""
        if func is not None:
            raise DSLError("do_bench(func=...): only the kernel itself can be "
                           "estimated here (no timing of Python functions)")
        chip = chip or TARGET_CHIP.get(self.kernel.target, "M3")
        self.kernel(*(input_tensors or self.supply_inputs()))
        ms = estimate_seconds(self.kernel.last_stats, self.kernel.compiled.abi,
                              chip) * 1e3
        warnings.warn("do_bench: %.4g ms is the analytic cost model's estimate "
                      "for %s (tile_mlir.estimate_seconds), not a measurement: "
                      "the kernel ran on the Metal emulator" % (ms, chip),
                      stacklevel=2)
        return ms
