"""Thread-level code, meTile's per-thread names in `@tile_mlir.kernel`
functions (docs/python.md, "Thread-level code"). `thread_id()`,
`simd_lane_id()`, `shared(n, dtype=)`, `barrier()`, `simd_sum`/`simd_max`/
`simd_min`/`simd_shuffle_xor` emit the tile dialect's thread-level ops; once
a kernel has called one, `load(ptr)`/`store(ptr, v, mask=)` of a scalar
pointer are per-thread `tile.thread_load`/`tile.thread_store`, a mask or a
runtime `if` guarding them with `scf.if`."""

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


def thread_id(tr):
    """The thread's index in its program instance (threadgroup)."""
    return _index_builtin(tr, "thread_id")


def simd_lane_id(tr):
    """The thread's lane in its SIMD group, 0 to 31."""
    return _index_builtin(tr, "simd_lane_id")


def scalar(tr, value, dtype="f32"):
    """A per-thread scalar of `dtype` starting at `value`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        tr.error("scalar() takes a number, got %s" % describe(value))
    return tr.em.constant(value, dtype)


def shared(tr, size, dtype="f32"):
    """A threadgroup array of `size` elements (tile.shared)."""
    em = tr.em
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        tr.error("shared() needs a positive size known while tracing, got %s"
                 % describe(size))
    em.thread_level = True
    v = em.op1(dtype, (), "tile.shared : memref<%dx%s>" % (size, dtype),
               hint="shared")
    return SharedArray(v.ssa, dtype, size)


def barrier(tr):
    tr.em.thread_level = True
    tr.em.op([], ["tile.barrier"])


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


# simd_sum/simd_max/simd_min -> the tile.simd_reduce kinds for floats and ints.
SIMD_REDUCTIONS = {"simd_sum": ("add", "add"), "simd_max": ("maxnumf", "maxsi"),
                   "simd_min": ("minnumf", "minsi")}


def simd_reduce(tr, name, x):
    """`x` combined over the 32 lanes of the SIMD group (`name` is one of
    SIMD_REDUCTIONS)."""
    float_kind, int_kind = SIMD_REDUCTIONS[name]
    v = _scalar_operand(tr, x, name)
    tr.em.thread_level = True
    kind = float_kind if is_float(v.element) else int_kind
    return tr.em.op1(v.element, (), "tile.simd_reduce %s " % kind, v.ssa,
                     " : %s" % v.element)


def simd_shuffle_xor(tr, value, mask):
    """`value` of the lane whose index is this lane's xor `mask`."""
    if not isinstance(mask, int) or isinstance(mask, bool) or \
            not 1 <= mask <= 31:
        tr.error("simd_shuffle_xor needs a lane mask from 1 to 31 known "
                 "while tracing, got %s" % describe(mask))
    v = _scalar_operand(tr, value, "simd_shuffle_xor")
    tr.em.thread_level = True
    return tr.em.op1(v.element, (), "tile.simd_shuffle_xor ", v.ssa,
                     " mask %d : %s" % (mask, v.element))


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
