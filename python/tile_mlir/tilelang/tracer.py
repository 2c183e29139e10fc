"""Traces a @T.prim_func body into tile IR: the kernel tracer plus what
TileLang adds. `with T.Kernel(...) as (bx, by)` gives the program ids;
mutable tiles (tilelang.ops.LocalTile) are carried through a
`T.Pipelined` loop when they hold a value before it and the body writes
them; `for k, j in T.Parallel(...)` bodies are element assignments, traced
once over the whole element space: each loop variable is an arange along
one tile dimension, so `B_shared[k, j] = B[ko * block_K + k, bx * block_N +
j]` is one tile.load whose strides and bounds come from B's shape."""

import ast
import types

from ..compiler.emitter import Value
from ..compiler.loops import TileRange
from ..compiler.poly import Poly
from ..compiler.tracer import Tracer
from ..semantic import memory, program
from ..semantic import tiles as tilelang_ops
from ..semantic.tiles import (GlobalTensor, KernelSpec, LocalTile,
                              ParallelSpace, Region)

# The modules a prim_func reaches T.* through (`import tile_mlir.tilelang as
# T` and `import tile_mlir.tilelang.language as T`), and where T.* live.
_T_MODULES = ("tile_mlir.tilelang", "tile_mlir.tilelang.language")
_LANGUAGE = "tile_mlir.tilelang.language"

def _broadcast_view(v, shape, dim):
    """1-D `v` as the 2-D `shape` it is broadcast to: its elements along
    `dim`, viewed as 1 x n or n x 1 (what x[None, :] / x[:, None] give)."""
    view = tuple(n if d == dim else 1 for d, n in enumerate(shape))
    return Value(v.ssa, v.element, view, expand=dim)


# T.* calls whose argument (by position, keyword) they write.
_WRITES = {"copy": (1, "dst"), "gemm": (2, "C"), "clear": (0, "buffer"),
           "fill": (0, "buffer")}


class TileLangTracer(Tracer):
    def __init__(self, *args):
        super().__init__(*args)
        self.launch = None     # the KernelSpec of `with T.Kernel(...)`
        self.parallel = None   # (shape, loop variable names) in T.Parallel
        self.block_ids = []    # (name, Value) bound by `as (bx, by)`
        self.swizzled = False  # T.use_swizzle was called

    # ---- with T.Kernel(...) as (bx, by) -------------------------------------
    def stmt_With(self, s):
        if len(s.items) != 1:
            self.error("a prim_func has one `with T.Kernel(...) as ...`")
        item = s.items[0]
        spec = self.expr(item.context_expr)
        if not isinstance(spec, KernelSpec):
            self.error("only `with T.Kernel(...)` is supported in a prim_func")
        if self.launch is not None:
            self.error("a prim_func launches one T.Kernel")
        self.launch = spec
        target = item.optional_vars
        names = [] if target is None else \
            [target] if isinstance(target, ast.Name) else getattr(target, "elts", None)
        if names is None or not all(isinstance(n, ast.Name) for n in names) or \
                len(names) > len(spec.extents):
            self.error("T.Kernel with %d grid extents binds at most %d names "
                       "(`as (bx, by)`)" % (len(spec.extents), len(spec.extents)))
        ids = []
        for axis, n in enumerate(names):
            v = program.program_id(self, axis)
            v.ssa.hint, v.ssa.weak = n.id, False
            ids.append(v)
        self.block_ids = [(n.id, v) for n, v in zip(names, ids)]
        if isinstance(target, ast.Name):
            self.assign(target, ids[0])
        elif target is not None:
            self.assign(target, tuple(ids))
        self.block(s.body)

    # ---- T.use_swizzle ----------------------------------------------------------
    def use_swizzle(self, panel, order, enable):
        """Remaps the block indices (language.use_swizzle) and rebinds the
        names T.Kernel bound them to."""
        if self.launch is None:
            self.error("T.use_swizzle belongs in the `with T.Kernel(...)` body")
        if len(self.launch.extents) != 2:
            self.error("T.use_swizzle needs a 2-D T.Kernel grid, this one is "
                       "%d-D" % len(self.launch.extents))
        if self.swizzled:
            self.error("T.use_swizzle is called once per kernel")
        self.swizzled = True
        ids = [v for _, v in self.block_ids]
        ids += [program.program_id(self, axis) for axis in range(len(ids), 2)]
        if enable and order == "col":
            bx, by = program.tile_swizzle(self, ids[0], ids[1], "grouped", panel)
        else:  # the launch order, which the remapping below starts from
            bx, by = program.tile_swizzle(self, ids[0], ids[1], "linear")
        if enable and order == "row":
            bx, by = self.row_panels(bx, by, panel)
        for (name, _), v in zip(self.block_ids, (bx, by)):
            v.ssa.hint, v.ssa.weak = name, False
            self.env[name] = v

    def row_panels(self, bx, by, panel):
        """(bx, by) of the L-th block in launch order (L = bx + gx * by)
        when blocks go in panels of `panel` rows (by), each walked column
        by column: the grouped pattern of tile.swizzle with x and y
        exchanged. The grid is known while tracing (T.Kernel's ints)."""
        em = self.em
        gx, gy = self.launch.extents
        size = panel * gx
        linear = em.arith("+", bx, em.arith("*", by, gx))
        first = em.arith("*", em.arith("//", linear, size), panel)
        rows = em.minmax("min", em.arith("-", gy, first), panel)
        r = em.arith("%", linear, size)
        return em.arith("//", r, rows), em.arith("+", first, em.arith("%", r, rows))

    # ---- loops --------------------------------------------------------------
    def loop_over(self, s, it):
        if isinstance(it, ParallelSpace):
            return self.parallel_loop(s, it)
        if isinstance(it, TileRange):
            return self.loop_or_unrolled(s, it, self.pipelined_loop)
        return super().loop_over(s, it)

    def trace_state(self):
        # Tiles are mutable: a loop traced again starts from their values.
        tiles = [(t, t.value, t.loaded, t.loop_line) for t in self.local_tiles()]
        return super().trace_state(), tiles

    def restore_trace_state(self, state):
        base, tiles = state
        super().restore_trace_state(base)
        for t, value, loaded, loop_line in tiles:
            t.value, t.loaded, t.loop_line = value, loaded, loop_line

    def local_tiles(self):
        return list({id(v): v for v in self.env.values()
                     if isinstance(v, LocalTile)}.values())

    def pipelined_loop(self, s, r):
        """A runtime loop: tiles written in the body that hold a value
        before it are carried (iter_args); tiles first written in it (the
        shared staging tiles) live only inside it."""
        tiles = self.local_tiles()
        before = {id(t): t.value for t in tiles}
        self.written = {n for n in self.written_names(s.body)
                        if isinstance(self.env.get(n), LocalTile)}
        carried = {id(self.env[n]) for n in self.written
                   if self.env[n].value is not None}
        self.tile_loop(s, r)
        for t in tiles:
            if id(t) not in carried and t.value is not before[id(t)]:
                t.value, t.loaded, t.loop_line = None, None, s.lineno

    def written_names(self, stmts):
        """Names of the tiles that T.copy/T.gemm/T.clear/T.fill or an
        element assignment in `stmts` write."""
        out = []
        for n in (x for st in stmts for x in ast.walk(st)):
            target = None
            if isinstance(n, ast.Call):
                try:
                    fn = self.expr(n.func)
                except Exception:
                    continue
                spec = _WRITES.get(getattr(fn, "__name__", None)) \
                    if getattr(fn, "__module__", "") == _LANGUAGE else None
                if spec:
                    pos, kw = spec
                    target = n.args[pos] if len(n.args) > pos else next(
                        (k.value for k in n.keywords if k.arg == kw), None)
            elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                target = n.value
            if isinstance(target, ast.Name) and target.id not in out:
                out.append(target.id)
        return out

    def assigned_names(self, stmts):
        names = super().assigned_names(stmts)
        return names + [n for n in getattr(self, "written", ()) if n not in names
                        and self.env[n].value is not None]

    def loop_parts(self, name, v, expect=None):
        if isinstance(v, LocalTile):
            value = tilelang_ops.read(self, v, "the loop")
            return "local", [self.em.to_shape(value, value.shape)], v
        return super().loop_parts(name, v, expect)

    def rebuild(self, kind, extra, values):
        if kind == "local":
            extra.value, extra.loaded = values[0], None
            return extra
        return super().rebuild(kind, extra, values)

    # ---- T.Parallel element assignments --------------------------------------
    def parallel_loop(self, s, space):
        if self.parallel is not None:
            self.error("T.Parallel loops do not nest: give one T.Parallel all "
                       "the dimensions")
        t = s.target
        names = [t] if isinstance(t, ast.Name) else getattr(t, "elts", [])
        if not names or not all(isinstance(n, ast.Name) for n in names) or \
                len(names) != len(space.extents):
            self.error("T.Parallel(%s) binds %d loop variables" % (
                ", ".join(map(str, space.extents)), len(space.extents)), t)
        shape = space.extents
        saved = dict(self.env)
        for d, n in enumerate(names):
            self.env[n.id] = Poly.axis(d, shape)
        self.parallel = (shape, [n.id for n in names])
        try:
            for st in s.body:
                self.located(st)
                if not (isinstance(st, ast.Assign) and len(st.targets) == 1 and
                        isinstance(st.targets[0], ast.Subscript)):
                    self.error("a T.Parallel body assigns tile or buffer "
                               "elements (x[i, j] = ...); nothing else")
                self.parallel_assign(st)
        finally:
            self.parallel = None
            self.env = saved

    def indices(self, node):
        nodes = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return [self.expr(n) for n in nodes], nodes

    def in_order(self, tile, index, nodes):
        """Checks that a tile is indexed by the loop variables, in order."""
        shape, names = self.parallel
        ok = len(index) == len(names) and all(
            isinstance(n, ast.Name) and n.id == v for n, v in zip(nodes, names))
        if not ok:
            self.error("inside T.Parallel, index '%s' with the loop variables "
                       "in order: %s[%s]" % (tile.name, tile.name, ", ".join(names)))
        if tile.shape != shape:
            self.error("shape mismatch: '%s' is %s, the T.Parallel space is %s" %
                       (tile.name, tile.shape, shape))

    def parallel_read(self, tile, index, nodes):
        """A tile read inside T.Parallel: indexed by the loop variables in
        order, or a 1-D tile by one of them (row_max[i] in a T.Parallel(i,
        j)), broadcast along the other."""
        shape, names = self.parallel
        value = tilelang_ops.read(self, tile, "T.Parallel")
        if len(shape) == 2 and len(index) == 1 and len(tile.shape) == 1 and \
                isinstance(nodes[0], ast.Name) and nodes[0].id in names:
            d = names.index(nodes[0].id)
            if tile.shape[0] != shape[d]:
                self.error("shape mismatch: '%s' is %s, dimension %d of the "
                           "T.Parallel space is %d" % (tile.name, tile.shape,
                                                       d, shape[d]))
            return _broadcast_view(value, shape, d)
        self.in_order(tile, index, nodes)
        return value

    def parallel_assign(self, st):
        target = st.targets[0]
        value = self.expr(st.value)
        base = self.expr(target.value)
        index, nodes = self.indices(target)
        self.located(st)
        em = self.em
        shape = self.parallel[0]
        element = base.element if isinstance(base, (LocalTile, GlobalTensor)) else None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = em.constant(value, element, shape)
        value = em.to_shape(em.materialize(value), shape)
        if isinstance(base, LocalTile):
            self.in_order(base, index, nodes)
            base.set(em, value, getattr(value, "loaded", None))
        elif isinstance(base, GlobalTensor):
            starts, strides, bounds, _ = tilelang_ops.affine_access(
                self, base, index, nodes, shape)
            memory.store(em, em.cast(value, base.element), base.buffer, starts,
                         strides, bounds)
        else:
            self.error("only tiles and buffers can be assigned element-wise, "
                       "not %r" % (base,))

    # ---- subscripts and attributes --------------------------------------------
    def subscript(self, base, node):
        if not isinstance(base, (GlobalTensor, LocalTile)):
            return super().subscript(base, node)
        index, nodes = self.indices(node)
        self.located(node)
        if self.parallel is not None:
            if isinstance(base, LocalTile):
                return self.parallel_read(base, index, nodes)
            shape = self.parallel[0]
            starts, strides, bounds, used = tilelang_ops.affine_access(
                self, base, index, nodes, shape, broadcast=True)
            v = memory.load(self.em, base.buffer, starts, strides, bounds,
                            [shape[d] for d in used], None)
            if len(used) < len(shape):  # Bias[j]: one row, for every i
                return _broadcast_view(v, shape, used[0])
            v.loaded = (base, starts, strides, bounds)
            return v
        if isinstance(base, LocalTile):
            self.error("index '%s' inside T.Parallel only (T.copy and T.gemm "
                       "take the whole tile)" % base.name)
        starts, extents = [], []
        for i in index:
            if isinstance(i, slice):
                start = 0 if i.start is None else i.start
                extent = None if i.stop is None else self.em.index_poly(i.stop).add(
                    self.em.index_poly(start).scale(-1), ()).constant()
                starts.append(start)
                extents.append(extent)
            else:
                starts.append(i)
                extents.append(None)
        return Region(base, starts, extents)

    def attribute(self, base, node):
        if isinstance(base, types.ModuleType) and \
                base.__name__ in _T_MODULES and not hasattr(base, node.attr):
            self.error("T.%s is not supported by tile_mlir.tilelang (it has: %s)"
                       % (node.attr, ", ".join(base.SUPPORTED)), node)
        if isinstance(base, (GlobalTensor, LocalTile)) and node.attr in ("shape", "dtype"):
            return base.shape if node.attr == "shape" else base.element
        return super().attribute(base, node)

    def expr_Dict(self, node):  # T.annotate_layout({tile: layout})
        if any(k is None for k in node.keys):
            self.error("** in a dict is not supported in a prim_func", node)
        return {self.expr(k): self.expr(v) for k, v in zip(node.keys, node.values)}

    def assign(self, target, value):
        if isinstance(value, LocalTile) and value.name is None and \
                isinstance(target, ast.Name):
            value.name = target.id
        super().assign(target, value)

    def stmt_Assign(self, s):
        if any(isinstance(t, ast.Subscript) for t in s.targets):
            self.error("element assignments (x[i, j] = ...) belong in a "
                       "T.Parallel loop")
        super().stmt_Assign(s)
