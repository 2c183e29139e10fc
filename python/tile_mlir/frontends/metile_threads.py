"""meTile's thread-level names in `@tile_mlir.kernel` functions
(docs/python.md, "Thread-level code"), over semantic.threads: once a
kernel has called one, its scalar load/store are per-thread."""

from ..compiler import registry
from ..semantic import elementwise, threads


@registry.op(threads.thread_id)
def thread_id():
    """The thread's index in its program instance (threadgroup)."""
    registry.outside("thread_id")


@registry.op(threads.simd_lane_id)
def simd_lane_id():
    """The thread's lane in its SIMD group, 0 to 31."""
    registry.outside("simd_lane_id")


@registry.op(threads.scalar)
def scalar(value, dtype="f32"):
    """A per-thread scalar of `dtype` (default f32) starting at `value`."""
    registry.outside("scalar")


@registry.op(threads.shared)
def shared(size, dtype="f32"):
    """A threadgroup array of `size` elements, a pointer base (`s + i`)."""
    registry.outside("shared")


@registry.op(threads.barrier)
def barrier():
    """Every thread waits here; writes before it are seen after it."""
    registry.outside("barrier")


def _simd_reduce_stub(name):
    def handler(tr, x):
        return threads.simd_reduce(tr, name, x)

    def stub(x):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "`x` combined over the 32 lanes of the SIMD group."
    return registry.op(handler)(stub)


simd_sum, simd_max, simd_min = (_simd_reduce_stub(n) for n in (
    "simd_sum", "simd_max", "simd_min"))


@registry.op(threads.simd_shuffle_xor)
def simd_shuffle_xor(value, mask):
    """`value` of the lane whose index is this lane's xor `mask`."""
    registry.outside("simd_shuffle_xor")


def _fast_exp(tr, x):
    # math.exp: the MSL printer already picks the fast form (docs/python.md).
    return elementwise.unary(tr, "exp", x)


@registry.op(_fast_exp)
def fast_exp(x):
    """exp(x)."""
    registry.outside("fast_exp")
