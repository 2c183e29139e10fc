# The package's layering (docs/python.md, "Architecture of the package"):
# a construct the front ends share is implemented once, in
# tile_mlir.semantic, and every front end reaches it through its public
# stub; no module imports another module's private (_name) handler; and
# the public import paths of the three front ends still work after the
# package was grouped into compiler/, semantic/, frontends/ and runtime/.
# RUN: %python %s | FileCheck %s

import ast
import importlib
import os
import sys

import tile_mlir as tm
import tile_mlir.language as tl
import tile_mlir.tilelang as tilelang
import tile_mlir.tilelang.language as T
from tile_mlir import _capi
from tile_mlir.compiler import registry
from tile_mlir.tilelang.intrinsics import make_mma_swizzle_layout

PACKAGE = os.path.dirname(tm.__file__)


def handler(stub):
    return registry.HANDLERS[stub][0]


def implemented_in(stub):
    """The module of the handler a stub runs, or of the semantic function
    a thin front-end wrapper calls (the one name it looks up there)."""
    fn = handler(stub)
    if fn.__module__.startswith("tile_mlir.semantic."):
        return fn.__module__
    used = [fn.__globals__.get(n) for n in fn.__code__.co_names] + \
        [c.cell_contents for c in fn.__closure__ or ()]
    called = {getattr(u, "__module__", None) or getattr(u, "__name__", None)
              for u in used if callable(u) or hasattr(u, "__path__") or
              type(u).__name__ == "module"}
    semantic = sorted(m for m in called if m and m.startswith("tile_mlir.semantic"))
    return semantic[0] if semantic else "NOT SEMANTIC " + fn.__module__


# The same construct in two or three front ends is one handler.
for what, stubs in [("cdiv", (tm.cdiv, tl.cdiv, T.ceildiv)),
                    ("program_id", (tm.program_id, tl.program_id)),
                    ("dot", (tm.dot, tl.dot)),
                    ("zeros", (tm.zeros, tl.zeros)),
                    ("where", (tm.where, tl.where))]:
    same = len({handler(s) for s in stubs}) == 1
    print("%s: one handler for %d front ends: %s" % (what, len(stubs), same))
# CHECK: cdiv: one handler for 3 front ends: True
# CHECK: program_id: one handler for 2 front ends: True
# CHECK: dot: one handler for 2 front ends: True
# CHECK: zeros: one handler for 2 front ends: True
# CHECK: where: one handler for 2 front ends: True

# meTile's load/store and Triton's tl.load/tl.store are wrappers over one
# semantic load and store; T.Pipelined, tl.range and tile_range one loop.
for stub in (tm.load, tl.load, tm.store, tl.store, tl.range, tm.tile_range,
             T.Pipelined, T.fill, T.gemm, tl.atomic_add, tl.rand, tm.simd_sum,
             tl.exp2, tm.sum, tl.xor_sum, tl.trans):
    print("%s: %s" % (stub.__name__, implemented_in(stub)))
# CHECK: load: tile_mlir.semantic.access
# CHECK: load: tile_mlir.semantic.access
# CHECK: store: tile_mlir.semantic.access
# CHECK: store: tile_mlir.semantic.access
# CHECK: range: tile_mlir.semantic.program
# CHECK: tile_range: tile_mlir.semantic.program
# CHECK: Pipelined: tile_mlir.semantic.program
# CHECK: fill: tile_mlir.semantic.tiles
# CHECK: gemm: tile_mlir.semantic.tiles
# CHECK: atomic_add: tile_mlir.semantic.access
# CHECK: rand: tile_mlir.semantic.random
# CHECK: simd_sum: tile_mlir.semantic.threads
# CHECK: exp2: tile_mlir.semantic.elementwise
# CHECK: sum: tile_mlir.semantic.reduction
# CHECK: xor_sum: tile_mlir.semantic.reduction
# CHECK: trans: tile_mlir.semantic.access

# Every handler of the front ends' public names is in the semantic layer or
# a wrapper of it (TileLang's T.Kernel, T.Parallel, ... build its specs).
outside = sorted(s.__name__ for s in registry.HANDLERS
                 if implemented_in(s).startswith("NOT")
                 and not s.__module__.startswith("tile_mlir.tilelang"))
print("front-end handlers outside the semantic layer:", outside)
# CHECK: front-end handlers outside the semantic layer: []


# No module of the front ends, the semantic layer or the runtime imports a
# private name of another module (the runtime modules _capi, _numpy and
# _installed are private to users, not to the package). kernel.py's launch
# options are read by autotune, the one exception; compiler/ is one tracer
# split by concern (tracer.py, loops.py, lists.py).
ALLOWED = {"_capi", "_numpy", "_installed", "_launch_option"}
private = []
for dirpath, _, files in os.walk(PACKAGE):
    if os.path.basename(dirpath) == "compiler":
        continue
    for f in sorted(files):
        if not f.endswith(".py"):
            continue
        path = os.path.join(dirpath, f)
        for node in ast.walk(ast.parse(open(path).read())):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                for a in node.names:
                    if a.name.startswith("_") and a.name not in ALLOWED:
                        private.append("%s: %s" % (os.path.relpath(path, PACKAGE),
                                                   a.name))
print("private names imported across modules:", private)
# CHECK: private names imported across modules: []

# The typed rules of elementwise ops (promotion, broadcasting, which op a
# cast or an operator is) live in the semantic layer; the emitter applies
# them and spells none of them itself.
from tile_mlir.compiler import emitter  # noqa: E402
from tile_mlir.semantic import promotion  # noqa: E402
rules = [emitter.broadcast_shapes, emitter.promote, emitter.cast_steps,
         emitter.arith_op, emitter.compare_op, emitter.minmax_op]
print("emitter's rules from:", sorted({f.__module__ for f in rules}))
# CHECK: emitter's rules from: ['tile_mlir.semantic.promotion']
source = open(emitter.__file__).read()
spelled = [w for w in ('"addf"', '"divsi"', '"olt"', '"ult"', '"imumf"',
                       '"extsi"', '"sitofp"', '"index_cast"', '"truncf"',
                       "promote_integers", "do not broadcast") if w in source]
print("rule words in emitter.py:", spelled)
# CHECK: rule words in emitter.py: []
print("promote:", promotion.promote(["u8", "i16"], False),
      promotion.promote(["u32", "i32"], False),
      promotion.promote(["f16", "bf16"], False),
      promotion.promote(["index"], True), promotion.promote(["index", "i32"], False))
# CHECK: promote: i16 u32 f32 f32 i32
print("broadcast:", promotion.broadcast_shapes((4, 1), (8,), None))
# CHECK: broadcast: (4, 8)
print("casts:", promotion.cast_steps("index", "f16"),
      promotion.cast_steps("u16", "index"), promotion.cast_steps("i32", "u32"),
      promotion.cast_steps("f32", "index"))
# CHECK: casts: [('index_cast', 'i32'), ('sitofp', 'f16')] [('extui', 'u32'), ('index_castui', 'index')] [(None, 'u32')] None

# The public import paths.
sys.modules["metile"] = tm
import metile  # noqa: E402
for name in ("tile_mlir.language", "tile_mlir.tilelang",
             "tile_mlir.tilelang.language", "tile_mlir.tilelang.intrinsics",
             "tile_mlir.tilelang.jit"):
    importlib.import_module(name)
print("metile.load is tile_mlir.load:", metile.load is tm.load)
print("paths:", tm.Config.__name__, tm.cdiv(10, 4), tl.math.exp2.__name__,
      tilelang.JITKernel.__name__, make_mma_swizzle_layout.__name__,
      callable(_capi.library))
# CHECK: metile.load is tile_mlir.load: True
# CHECK: paths: Config 3 exp2 JITKernel make_mma_swizzle_layout True
