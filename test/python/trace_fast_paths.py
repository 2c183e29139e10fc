# The tracer's fast paths for the seed GEMM's common cases (benchmarks/
# RESULTS.md, the Python compile's fourth round) give what the general paths
# give: an index scalar times an int is the Poly that atom * constant makes
# (also for 0, 1 and negative ints; a bool still takes the general path, an
# arith op), and
# the Value of a one-monomial Poly is the IR _emit_sum writes, cached under
# the same key (emitted once per region).
# RUN: %python %s | FileCheck %s

from tile_mlir.compiler.emitter import Emitter, Value
from tile_mlir.compiler.ir import SSA
from tile_mlir.compiler.poly import Poly
from tile_mlir.semantic.operators import binop


class _Tracer:
    def __init__(self, em):
        self.em = em

    def error(self, message):
        raise AssertionError(message)


def text(em):
    return em.func.render([])


em = Emitter("f")
x = Value(SSA("x"), "index")
for k in (64, 1, 0, -3):
    fast = binop(_Tracer(em), "*", x, k)
    general = em.atom_poly(x).mul(Poly.const(k), ())
    print(k, "same Poly:", fast.key() == general.key(),
          "atom registered:", em.atoms[x.ssa.id] is x)
# CHECK: 64 same Poly: True atom registered: True
# CHECK-NEXT: 1 same Poly: True atom registered: True
# CHECK-NEXT: 0 same Poly: True atom registered: True
# CHECK-NEXT: -3 same Poly: True atom registered: True
print("bool:", binop(_Tracer(em), "*", x, True).__class__.__name__)
# CHECK-NEXT: bool: Value

for k in (64, 2, -3):
    fast_em, general_em = Emitter("f"), Emitter("f")
    for e in (fast_em, general_em):
        e.atoms[x.ssa.id] = x
    p = Poly({(("v", x.ssa.id),): k})
    first = fast_em.scalar_poly(p)
    again = fast_em.scalar_poly(p)
    general_em._emit_sum(p)
    print(k, "same IR:", text(fast_em) == text(general_em),
          "cached:", first is again)
# CHECK-NEXT: 64 same IR: True cached: True
# CHECK-NEXT: 2 same IR: True cached: True
# CHECK-NEXT: -3 same IR: True cached: True
