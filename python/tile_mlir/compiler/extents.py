"""Default bounds of tile_load/tile_store: the buffer's own extent.

meTile programs call `tile_load(A, row, col, K, (BM, BK))` without bounds
and still run on ragged shapes, so an omitted `bounds` cannot mean
"unmasked". It means "inside the buffer": a 2-D access with row stride s
into a buffer of n elements is bounded by (n // s, s), which is exact for a
contiguous row-major matrix of n // s rows; a 1-D access by (n,) (by
ceil(n / s) with a stride s, so that (start + a) * s < n).

n must be a runtime value: kernels are cached per constexpr specialization,
not per shape. Each buffer that needs it gets a hidden `index` argument,
`<buffer>_numel`, appended after the Python parameters (so the user's
[[buffer(i)]] indices do not move); the launcher passes the array's element
count, and a Mac user sees it in the ABI like any other scalar."""

from .emitter import Value
from .ir import SSA
from .poly import Poly


class HiddenArguments:
    """The element-count arguments a trace asked for, in order of need;
    `taken` are the kernel's parameter names, which a hidden name avoids."""

    def __init__(self, taken):
        self.taken = set(taken)
        self.numels = {}  # buffer name -> (argument name, Value)

    def numel(self, buf):
        """The index Value holding buffer `buf`'s element count."""
        if buf.name not in self.numels:
            name = buf.name + "_numel"
            while name in self.taken:
                name += "_"
            self.taken.add(name)
            self.numels[buf.name] = (name, Value(SSA(name), "index"))
        return self.numels[buf.name][1]

    def signature_parts(self, buffer_order):
        """`, %A_numel: index, ...` in the order of the buffer parameters."""
        parts = []
        for b in buffer_order:
            if b in self.numels:
                parts += [", ", self.numels[b][1].ssa, ": index"]
        return parts

    def sources(self):
        """{argument name: buffer parameter name}: what the launcher fills."""
        return {name: b for b, (name, _) in self.numels.items()}


def default_bounds(em, buf, starts, strides, shape):
    """Bounds that mask exactly what lies outside `buf` (see the module)."""
    n = em.hidden.numel(buf)
    if len(starts) == 2:
        stride = em.index_poly(strides[0])
        key = ("rows", buf.name, stride.key())
        rows = em.cached_value(key)
        if rows is None:
            # em.arith("//", n, divisor) for two index scalars, without
            # its operand unification and op lookup.
            rows = em.op1("index", (), "arith.divui ", n.ssa, ", ",
                          _nonzero(em, stride).ssa, " : index")
            rows.ssa.hint, rows.ssa.weak = buf.name + "_rows", False
            em.scopes[-1][key] = rows
        return [rows, stride]
    if strides is None or em.index_poly(strides[0]).constant() == 1:
        return [n]
    s = em.index_poly(strides[0])
    span = em.arith("+", n, em.scalar_poly(s.add(Poly.const(-1), ())))
    return [em.arith("//", span, _nonzero(em, s))]


def _nonzero(em, stride):
    """The stride as a divisor: a runtime stride of 0 would make the
    division trap (SIGFPE in the emulator, undefined on a GPU), and with
    max(s, 1) a zero stride masks every column instead."""
    c = stride.constant()
    if c is not None:
        if c <= 0:
            em.error("a row stride of %d: pass bounds= explicitly" % c)
        return em.constant(c, "index")
    s = em.scalar_poly(stride)
    key = ("nonzero", s.ssa.id)
    v = em.cached_value(key)
    if v is None:
        v = em.scopes[-1][key] = em.op1(
            "index", (), "arith.maxui ", s.ssa, ", ",
            em.constant(1, "index").ssa, " : index",
            hint="%s_or_1" % (s.ssa.hint or "stride"))
    return v
