# The tracer's fast paths for the seed GEMM's common cases (benchmarks/
# RESULTS.md, the Python compile's fourth round) give what the general paths
# give: an index scalar times an int is the Poly that atom * constant makes
# (also for 0, 1 and negative ints; a bool still takes the general path, an
# arith op), and
# the Value of a one-monomial Poly is the IR _emit_sum writes, cached under
# the same key (emitted once per region).
# RUN: %python %s | FileCheck %s

import tile_mlir as tm
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

# Fifth round: an index constant is made in one call, as the general path
# made it (name cN / cmN, cached per region, found from inner regions); a
# Poly atom and `x * k` are built without Poly.__init__ and equal what it
# builds.
em = Emitter("f")
first = em.constant(-3, "index")
em.scopes.append({})
print("index constant found from an inner region:",
      em.constant(-3, "index") is first)
# CHECK-NEXT: index constant found from an inner region: True
inner = em.constant(64, "index")
em.scopes.pop()
print("made again after its region:", em.constant(64, "index") is not inner)
# CHECK-NEXT: made again after its region: True
print(text(em))
# CHECK: %cm3 = arith.constant -3 : index
# CHECK-NEXT: %c64 = arith.constant 64 : index
# CHECK-NEXT: %c64_1 = arith.constant 64 : index
# An int 0 of a float type is the float 0.0's constant (the same cached
# Value), for tiles and scalars.
em = Emitter("f")
zeros = em.constant(0, "f32", (4, 4))
half = em.constant(0, "f16")
print("zeros:", zeros is em.constant(0.0, "f32", (4, 4)),
      half is em.constant(0.0, "f16"))
# CHECK: zeros: True True
print(text(em))
# CHECK: %cst = arith.constant dense<0.0> : tensor<4x4xf32>
# CHECK-NEXT: %cst_1 = arith.constant 0.0 : f16
atom = Poly.atom(7)
print("atom:", atom.key() == Poly({(("v", 7),): 1}).key(), atom.shape == (),
      atom.terms == {(("v", 7),): 1})
# CHECK: atom: True True True


# tile_load/tile_store of the common 2-D form skip the checks that let it
# through unchanged: the IR is the one the checked path writes (a shape
# that is not a plain tuple takes that path).
class Shape(tuple):
    pass


@tm.kernel
def copy(A, C, M, N, BM: tm.constexpr, BN: tm.constexpr, S: tm.constexpr):
    a = tm.tile_load(A, tm.program_id(0) * BM, 0, N, S)
    tm.tile_store(C, tm.program_id(0) * BM, 0, N, a, S)


f32 = tm.Buffer(dtype="float32")
fast = copy.compile(f32, f32, 64, 64, BM=16, BN=32, S=(16, 32)).ir
copy.cache.clear()  # (the Shape is equal to the tuple: the same key)
checked = copy.compile(f32, f32, 64, 64, BM=16, BN=32, S=Shape((16, 32))).ir
print("common tile_load/tile_store: same IR:", fast == checked)
# CHECK-NEXT: common tile_load/tile_store: same IR: True
