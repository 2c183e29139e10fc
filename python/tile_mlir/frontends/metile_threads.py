"""meTile's thread-level names in `@tile_mlir.kernel` functions: per-thread
scalar code (docs/python.md, "Thread-level code"). `thread_id()`,
`simd_lane_id()`, `shared(n, dtype=)`, `barrier()`, `simd_sum`/`simd_max`/
`simd_min`/`simd_shuffle_xor` emit the tile dialect's thread-level ops; once
a kernel has called one, `load(ptr)`/`store(ptr, v, mask=)` of a scalar
pointer are per-thread `tile.thread_load`/`tile.thread_store`, a mask or a
runtime `if` guarding them with `scf.if`."""

from ..compiler import registry
from ..compiler.emitter import Buffer, Value, describe
from ..compiler.ir import SSA, is_float, loc_text
from ..compiler.poly import Mask, Poly


class SharedArray(Buffer):
    """A `tile.shared` array: memref<N x T>, a pointer base like a buffer."""

    def __init__(self, ssa, element, size):
        super().__init__(ssa, element, "shared")
        self.size = size

    @property
    def ir_type(self):
        return "memref<%dx%s>" % (self.size, self.element)


def _index_builtin(tr, mnemonic):
    em = tr.em
    em.thread_level = True
    return em.op1("index", (), "tile.%s : index" % mnemonic)


def _h_thread_id(tr):
    return _index_builtin(tr, "thread_id")


@registry.op(_h_thread_id)
def thread_id():
    """The thread's index in its program instance (threadgroup)."""
    registry.outside("thread_id")


def _h_simd_lane_id(tr):
    return _index_builtin(tr, "simd_lane_id")


@registry.op(_h_simd_lane_id)
def simd_lane_id():
    """The thread's lane in its SIMD group, 0 to 31."""
    registry.outside("simd_lane_id")


def _h_scalar(tr, value, dtype="f32"):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        tr.error("scalar() takes a number, got %s" % describe(value))
    return tr.em.constant(value, dtype)


@registry.op(_h_scalar)
def scalar(value, dtype="f32"):
    """A per-thread scalar of `dtype` (default f32) starting at `value`."""
    registry.outside("scalar")


def _h_shared(tr, size, dtype="f32"):
    em = tr.em
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        tr.error("shared() needs a positive size known while tracing, got %s"
                 % describe(size))
    em.thread_level = True
    v = em.op1(dtype, (), "tile.shared : memref<%dx%s>" % (size, dtype),
               hint="shared")
    return SharedArray(v.ssa, dtype, size)


@registry.op(_h_shared)
def shared(size, dtype="f32"):
    """A threadgroup array of `size` elements, a pointer base (`s + i`)."""
    registry.outside("shared")


def _h_barrier(tr):
    tr.em.thread_level = True
    tr.em.op([], ["tile.barrier"])


@registry.op(_h_barrier)
def barrier():
    """Every thread waits here; writes before it are seen after it."""
    registry.outside("barrier")


def _scalar_operand(tr, x, what):
    em = tr.em
    if isinstance(x, bool) or isinstance(x, (int, float)):
        x = em.constant(x, "f32" if isinstance(x, float) else "i32")
    v = em.materialize(x)
    if v.shape:
        tr.error("%s takes a per-thread scalar, got %s" % (what, describe(v)))
    if v.element == "index":
        v = em.cast(v, "i32")
    return v


def _simd_reduce(name, float_kind, int_kind):
    def handler(tr, x):
        v = _scalar_operand(tr, x, name)
        tr.em.thread_level = True
        kind = float_kind if is_float(v.element) else int_kind
        return tr.em.op1(v.element, (), "tile.simd_reduce %s " % kind, v.ssa,
                         " : %s" % v.element)

    def stub(x):
        registry.outside(name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "`x` combined over the 32 lanes of the SIMD group."
    return registry.op(handler)(stub)


simd_sum = _simd_reduce("simd_sum", "add", "add")
simd_max = _simd_reduce("simd_max", "maxnumf", "maxsi")
simd_min = _simd_reduce("simd_min", "minnumf", "minsi")


def _h_simd_shuffle_xor(tr, value, mask):
    if not isinstance(mask, int) or isinstance(mask, bool) or \
            not 1 <= mask <= 31:
        tr.error("simd_shuffle_xor needs a lane mask from 1 to 31 known "
                 "while tracing, got %s" % describe(mask))
    v = _scalar_operand(tr, value, "simd_shuffle_xor")
    tr.em.thread_level = True
    return tr.em.op1(v.element, (), "tile.simd_shuffle_xor ", v.ssa,
                     " mask %d : %s" % (mask, v.element))


@registry.op(_h_simd_shuffle_xor)
def simd_shuffle_xor(value, mask):
    """`value` of the lane whose index is this lane's xor `mask`."""
    registry.outside("simd_shuffle_xor")


def _h_fast_exp(tr, x):
    # math.exp: the MSL printer already picks the fast form (docs/python.md).
    return tr.em.unary_math("exp", x)


@registry.op(_h_fast_exp)
def fast_exp(x):
    """exp(x)."""
    registry.outside("fast_exp")


# ---- per-thread loads and stores ------------------------------------------

def is_thread_access(em, pointer):
    return getattr(em, "thread_level", False) or \
        isinstance(pointer.buffer, SharedArray)


def _address(tr, pointer, what):
    em = tr.em
    if pointer.shape:
        tr.error("a thread-level kernel %ss one element per thread; got a "
                 "pointer tile of shape %s" % (what, pointer.shape))
    off = pointer.offset
    if isinstance(off, Poly):
        return em.scalar_poly(off)
    return em.cast(em.materialize(off), "index")


def _guard(tr, mask):
    """The i1 that must hold for the access (mask and runtime `if`), or None."""
    em = tr.em
    cond = None
    if mask is not None and mask is not True:
        cond = em.materialize(mask) if isinstance(mask, (Value, Mask)) else \
            em.constant(int(bool(mask)), "i1")
        if cond.element != "i1" or cond.shape:
            tr.error("a thread-level mask is a per-thread comparison, got %s"
                     % describe(cond))
    if em.predicate is not None:
        cond = em.predicate if cond is None else em.arith("&", cond, em.predicate)
    return cond


def _in_region(em, emit):
    em.func.indent += 1
    em.scopes.append({})  # values made inside must not be reused outside
    try:
        return emit()
    finally:
        em.scopes.pop()
        em.func.indent -= 1


def thread_load(tr, pointer, mask, other):
    em = tr.em
    buf = pointer.buffer
    index = _address(tr, pointer, "load")
    cond = _guard(tr, mask)

    def load():
        return em.op1(buf.element, (), "tile.thread_load ", buf.ssa, "[",
                      index.ssa, "] : %s" % buf.ir_type)
    if cond is None:
        return load()
    fallback = em.constant(other if other is not None else 0, buf.element)
    result = SSA("guarded")
    em.func.add([result, " = scf.if ", cond.ssa, " -> (%s) {" % buf.element])

    def then():
        v = load()
        em.func.add(["scf.yield ", v.ssa, " : %s" % buf.element])
    _in_region(em, then)
    em.func.add(["} else {"])
    _in_region(em, lambda: em.func.add(["scf.yield ", fallback.ssa,
                                        " : %s" % buf.element]))
    em.func.add(["}", loc_text(em.loc)])
    return Value(result, buf.element)


def thread_store(tr, pointer, value, mask):
    em = tr.em
    buf = pointer.buffer
    index = _address(tr, pointer, "store")
    v = _scalar_operand(tr, value, "store") if not isinstance(value, Value) \
        else value
    if v.shape:
        tr.error("a thread-level kernel stores one element per thread; got %s"
                 % describe(v))
    v = em.cast(v, buf.element)
    cond = _guard(tr, mask)

    def store():
        em.op([], ["tile.thread_store ", v.ssa, ", ", buf.ssa, "[", index.ssa,
                   "] : %s" % buf.ir_type])
    if cond is None:
        return store()
    em.func.add(["scf.if ", cond.ssa, " {"])
    _in_region(em, store)
    em.func.add(["}", loc_text(em.loc)])
