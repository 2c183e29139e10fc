# The objects a trace makes by the dozen (Values, Polys, Masks, Pointers, SSA
# names) have __slots__: no per-object __dict__ to build, smaller to allocate
# and quicker to read (benchmarks/RESULTS.md, the Python compile's third
# round). The two attributes some loads carry (`origin` for tl.trans,
# `loaded` for TileLang's copies back) are slots too, absent until set, and
# any other attribute is refused, so a new one has to be declared.
# RUN: %python %s | FileCheck %s

from tile_mlir.compiler.emitter import Value
from tile_mlir.compiler.ir import SSA
from tile_mlir.compiler.poly import Mask, Pointer, Poly

v = Value(SSA("x"), "f32", (4, 4))
objects = {"Value": v, "SSA": v.ssa, "Poly": Poly.const(3),
           "Mask": Mask([Poly.const(-1)], ()), "Pointer": Pointer(None, Poly.const(0))}
for name, obj in objects.items():
    print(name, "has a __dict__:", hasattr(obj, "__dict__"))
# CHECK: Value has a __dict__: False
# CHECK-NEXT: SSA has a __dict__: False
# CHECK-NEXT: Poly has a __dict__: False
# CHECK-NEXT: Mask has a __dict__: False
# CHECK-NEXT: Pointer has a __dict__: False

print("origin before:", getattr(v, "origin", None), getattr(v, "loaded", None))
v.origin, v.loaded = "pointer", "access"
print("origin after:", v.origin, v.loaded)
# CHECK-NEXT: origin before: None None
# CHECK-NEXT: origin after: pointer access
try:
    v.something_else = 1
    print("other attribute: accepted")
except AttributeError:
    print("other attribute: refused")
# CHECK-NEXT: other attribute: refused
