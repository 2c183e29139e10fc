"""Loops while tracing: a `for` over a range known while tracing is
unrolled (static_range, or a range loop whose body needs its variable as a
Python value); any other range is one `tile.for_range` whose carried values
are the variables the body assigns that exist before the loop. Mixed into
the Tracer (tracer.py)."""

import ast

from . import registry
from ..semantic.blockptr import BlockPointer
from .emitter import Value, describe
from .ir import SSA, loc_text
from .lists import mutated_names
from .poly import Mask, Poly, Pointer, divide


class _Return(Exception):
    pass


def _stored_names(stmt):
    """The names `stmt` assigns, in order (kept on the node: the AST does
    not change between traces)."""
    names = getattr(stmt, "_tile_stored", None)
    if names is None:
        names = []
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and \
                    n.id not in names:
                names.append(n.id)
        stmt._tile_stored = names
    return names


class TileRange:
    """What tile_range(...) evaluates to inside a kernel."""

    def __init__(self, start, stop, step, num_stages=None, unrolled=None):
        self.start, self.stop, self.step = start, stop, step
        self.num_stages = num_stages
        # The Python range of a `range(...)` loop with known bounds: what
        # the loop is traced over instead when its body cannot be traced
        # with an index variable. None: the loop must be a tile.for_range.
        self.unrolled = unrolled


def scalars_grown(slots, inits, yields):
    """{name: (element, shape)} of carried values that enter a loop as a
    scalar and leave its body as a tile."""
    grown, k = {}, 0
    for name, kind, extra, n in slots:
        if kind == "value" and not inits[k].shape and yields[k].shape:
            grown[name] = (yields[k].element, tuple(yields[k].shape))
        k += n
    return grown


def _reads(node, name):
    """Whether `node` reads `name` (the names it reads are kept on the node,
    like _stored_names, so each trace does not walk the tree again)."""
    names = getattr(node, "_tile_loaded", None)
    if names is None:
        names = frozenset(n.id for n in ast.walk(node)
                          if isinstance(n, ast.Name) and
                          isinstance(n.ctx, ast.Load))
        node._tile_loaded = names
    return name in names


def _exposed(name, stmts):
    """'read' if running `stmts` may read `name` before binding it,
    'killed' if they bind it first on every path, else None."""
    for s in stmts:
        if isinstance(s, (ast.For, ast.While)):
            head = s.iter if isinstance(s, ast.For) else s.test
            if _reads(head, name) or _exposed(name, s.body) == "read" or \
                    _exposed(name, s.orelse) == "read":
                return "read"
            continue  # a loop may run no iteration: no kill
        if isinstance(s, ast.If):
            if _reads(s.test, name):
                return "read"
            a, b = _exposed(name, s.body), _exposed(name, s.orelse)
            if "read" in (a, b):
                return "read"
            if a == b == "killed":
                return "killed"
            continue
        if isinstance(s, ast.AugAssign):
            if _reads(s, name) or (isinstance(s.target, ast.Name) and
                                   s.target.id == name):
                return "read"
            continue
        if isinstance(s, (ast.Assign, ast.AnnAssign)):
            if s.value is not None and _reads(s.value, name):
                return "read"
            if name in _stored_names(s):
                return "killed"
            continue
        if _reads(s, name):
            return "read"
        if isinstance(s, ast.Return):
            return "killed"
    return None


def _exposed_from(name, stmts, start):
    """_exposed(name, stmts[start:]), kept on the node stmts[start] (a
    parsed node has one place in one list, so it names the slice; every
    trace of a loop asks again)."""
    if start >= len(stmts):
        return None
    node = stmts[start]
    known = node.__dict__.get("_tile_exposed")
    if known is None:
        known = node._tile_exposed = {}
    r = known.get(name, _UNKNOWN)
    if r is _UNKNOWN:
        r = known[name] = _exposed(name, stmts[start:])
    return r


_UNKNOWN = object()


def _slot_ssas(slots):
    """The SSA values of a loop's results for its carried slots: a slot's
    name, or name_i for each part of one carried in several."""
    out = []
    for name, kind, extra, n in slots:
        if n == 1:
            out.append(SSA(name))
        else:
            for i in range(n):
                out.append(SSA("%s_%s" % (name, i)))
    return out


def _iter_ssas(results):
    """The block arguments of a loop, one per result: `<result>_iter`."""
    out = []
    for res in results:
        out.append(SSA(res.hint + "_iter"))
    return out


class _LoopLocal:
    def __init__(self, name, line):
        self.name, self.line = name, line


class LoopTracing:
    """The loop statements of the Tracer."""

    def stmt_For(self, s):
        if s.orelse:
            self.error("for ... else is not supported in a kernel")
        self.loop_over(s, self.iterable(s.iter))

    def loop_over(self, s, it):
        """Runs the loop `s` over the evaluated iterable `it` (front ends
        with their own loop kinds extend this)."""
        if isinstance(it, TileRange):
            return self.loop_or_unrolled(s, it, self.tile_loop)
        try:
            values = list(it)
        except TypeError:
            self.error("cannot iterate over %s in a kernel" % describe(it), s.iter)
        self.unroll(s, values)

    def unroll(self, s, values):
        """The body of loop `s` traced once per value of its variable,
        each known while tracing."""
        for v in values:
            self.located(s)
            self.assign(s.target, v)
            self.block(s.body)

    def loop_or_unrolled(self, s, r, trace):
        """`trace(s, r)` (a tile.for_range); for a `range` loop with known
        bounds whose body cannot be traced with an index loop variable
        (it indexes a tuple with it, makes a shape of it, passes it as a
        constexpr, or carries a tuple), the loop unrolled instead: what
        `range` did before loops stayed loops, so kernels that rely on it
        keep working. A loop with runtime bounds reports the error."""
        if r.unrolled is None:
            return trace(s, r)
        saved = self.trace_state()
        try:
            return trace(s, r)
        except _Return:
            raise
        except Exception:
            # Not only DSLErrors: a handler written for the ints unrolled
            # loops gave may fail on an index value in its own way. The
            # unrolled trace reports the error again if it is not the loop
            # variable's (at the same line).
            self.restore_trace_state(saved)
        self.unroll(s, r.unrolled)

    def trace_state(self):
        """What tracing a loop changes, to trace it again from the start.
        Tracing only appends: lines to the function (a loop's header and
        zeros go after its start), entries to the expression caches
        (dicts keep their order), so lengths say what to drop."""
        em = self.em
        return (dict(self.env), len(em.func.lines), em.func.indent,
                [len(scope) for scope in em.scopes], em.loc, em.predicate,
                len(em.loop_masks), self.loop_depth)

    def restore_trace_state(self, state):
        em = self.em
        (self.env, lines, em.func.indent, scopes, em.loc, em.predicate,
         masks, self.loop_depth) = state
        del em.func.lines[lines:]
        del em.scopes[len(scopes):]
        for scope, size in zip(em.scopes, scopes):
            # Values cached since then (the loop's bounds) are gone with
            # their lines.
            for key in list(scope)[size:]:
                del scope[key]
        del em.loop_masks[masks:]

    def iterable(self, node):
        """range() becomes a TileRange (a tile.for_range), static_range()
        a Python range (unrolled). A range of at most one iteration is
        unrolled too (it is no loop, and Python binds its names), and so
        is one counting down (tile.for_range steps up)."""
        if isinstance(node, ast.Call):
            fn = self.expr(node.func)
            if fn is range or fn is registry.static_range:
                args = [self.expr(a) for a in node.args]
                if fn is range and any(not isinstance(a, int) for a in args):
                    if len(args) == 1:
                        args = [0] + args
                    if len(args) == 2:
                        args.append(1)
                    return TileRange(*args)
                try:
                    known = range(*args)
                except (TypeError, ValueError) as e:
                    self.error(str(e), node)
                if fn is range and len(known) > 1 and known.step > 0:
                    return TileRange(known.start, known.stop, known.step,
                                     unrolled=known)
                return known
        return self.expr(node)

    def assigned_names(self, stmts):
        """The names `stmts` bind, and those of the lists they change in
        place (a loop carries both)."""
        if not stmts:
            return []
        # What the statements say, kept on the first one (a parsed node has
        # one place in one list): the first assignment and the first change
        # in place of each name, in order; a change in place counts when
        # the name holds a list.
        found = stmts[0].__dict__.get("_tile_assigned")
        if found is None:
            found = []
            for s in stmts:
                for name in _stored_names(s):
                    if (name, False) not in found:
                        found.append((name, False))
                for name in mutated_names(s):
                    if (name, True) not in found:
                        found.append((name, True))
            stmts[0]._tile_assigned = found
        names, env = [], self.env
        for name, in_place in found:
            if (not in_place or isinstance(env.get(name), list)) and \
                    name not in names:
                names.append(name)
        return names

    def bind_slots(self, slots, ssas, inits):
        """Binds each carried variable of a loop to its part of `ssas` (the
        loop's block arguments or results), typed like its initial values."""
        k = 0
        for name, kind, extra, n in slots:
            if n == 1:  # one value, without a comprehension
                v = inits[k]
                vals = [Value(ssas[k], v.element, v.shape)]
            else:
                vals = [Value(ssa, v.element, v.shape) for ssa, v in
                        zip(ssas[k:k + n], inits[k:k + n])]
            self.env[name] = self.rebuild(kind, extra, vals)
            k += n

    def tile_loop(self, s, r, promoted=frozenset()):
        # Plain loops rather than comprehensions here and below: each
        # comprehension is a function of its own, called once per trace.
        if not isinstance(s.target, ast.Name):
            self.error("the variable of a tile loop must be a name", s.target)
        em, env = self.em, self.env
        index_value = em.index_value
        bounds = [index_value(r.start), index_value(r.stop), index_value(r.step)]
        assigned, carried = [], []
        for n in self.assigned_names(s.body):
            if n != s.target.id:
                assigned.append(n)
                if n in env and not isinstance(env[n], _LoopLocal):
                    carried.append(n)
        slots = []  # (name, kind, extra, n) for each iter_arg group
        inits = []
        for name in carried:
            v = self.env[name]
            kind, parts, extra = self.loop_parts(name, v)
            slots.append((name, kind, extra, len(parts)))
            inits.extend(parts)
        loop_loc = em.loc
        outer_indent = em.func.indent
        header_at = len(em.func.lines)
        em.func.add([])  # the header, written once the carried values are known
        res_ssas = _slot_ssas(slots)
        iv = SSA(s.target.id)
        arg_ssas = _iter_ssas(res_ssas)
        em.func.indent += 1
        em.scopes.append({})
        saved_env = dict(self.env)
        # Body: carried variables are rebuilt from the block arguments.
        ivv = Value(iv, "index")
        self.assign(s.target, em.atom_poly(ivv))
        self.bind_slots(slots, arg_ssas, inits)
        self.loop_depth += 1
        em.loop_masks.append(None)
        self.block(s.body)
        body_mask = em.loop_masks.pop()
        self.loop_depth -= 1
        self.located(s)
        yields = []
        for name, kind, extra, n in slots:
            parts = self.loop_parts(name, self.env[name], expect=(kind, extra))[1]
            yields.extend(parts)
        grown = scalars_grown(slots, inits, yields)
        if grown:
            # meTile: `m = -1e38`, then `m = maximum(m, x)` in the loop makes
            # m a tile. Trace the loop again with m that tile from the start.
            del em.func.lines[header_at:]
            em.scopes.pop()
            em.func.indent, em.loc, self.env = outer_indent, loop_loc, saved_env
            for name, (element, shape) in grown.items():
                self.env[name] = em.to_shape(em.cast(
                    self.loop_parts(name, self.env[name])[1][0], element), shape)
            return self.tile_loop(s, r, promoted | set(grown))
        if body_mask is not None:
            yields = self.keep_masked_lanes(slots, promoted, body_mask, yields,
                                            arg_ssas, inits)
        for y, v in zip(yields, inits):
            if y.ir_type != v.ir_type:
                self.error("loop variable changes type in the loop body: %s "
                           "before, %s after; initialise it with the type it "
                           "will have" % (v.ir_type, y.ir_type), s)
        # Names first bound in the body that code after the loop reads stay
        # visible, as in Python: the loop carries them too, starting from
        # zeros (what they hold after a loop that runs no iteration).
        new_slots, new_yields = [], []
        for name in assigned:
            if name in carried or name not in self.env or \
                    not self.read_after_loop(name):
                continue
            kind, parts, extra = self.loop_parts(name, self.env[name])
            new_slots.append((name, kind, extra, len(parts)))
            new_yields.extend(parts)
        line = ["tile.yield"]
        all_yields = yields + new_yields
        if all_yields:
            types = []
            for y in all_yields:
                line += [", " if types else " ", y.ssa]
                types.append(y.ir_type)
            line.append(" : %s" % ", ".join(types))
        em.func.add(line)
        em.scopes.pop()
        em.func.indent = outer_indent
        em.loc = loop_loc
        lines_before = len(em.func.lines)
        new_inits = self.zeros_before(header_at, new_yields)
        header_at += len(em.func.lines) - lines_before
        for slot in new_slots:
            ssas = _slot_ssas([slot])
            res_ssas += ssas
            arg_ssas += _iter_ssas(ssas)
        slots, inits = slots + new_slots, inits + new_inits
        head = []
        for rs in res_ssas:
            if head:
                head.append(", ")
            head.append(rs)
        if res_ssas:
            head.append(" = ")
        head += ["tile.for_range ", iv, " = ", bounds[0].ssa, " to ",
                 bounds[1].ssa, " step ", bounds[2].ssa]
        if inits:
            head.append(" iter_args(")
            types = []
            for a, v in zip(arg_ssas, inits):
                if types:
                    head.append(", ")
                head += [a, " = ", v.ssa]
                types.append(v.ir_type)
            head.append(") -> (%s)" % ", ".join(types))
        head.append(" {")
        em.func.lines[header_at] = (outer_indent, head)
        tail = "}"
        stages = r.num_stages if r.num_stages is not None else em.default_stages
        if stages is not None:
            if not isinstance(stages, int) or isinstance(stages, bool):
                self.error("num_stages must be an int known while tracing", s.iter)
            tail += " {num_stages = %d : i64}" % stages
        em.func.add([tail + loc_text(loop_loc)])
        # After the loop: the results; names first bound in the body and not
        # read after it are gone.
        new_names = set(self.env) - set(saved_env)
        self.env = saved_env
        self.bind_slots(slots, res_ssas, inits)
        for name in new_names | set(assigned):
            if name not in self.env or isinstance(self.env[name], _LoopLocal):
                self.env[name] = _LoopLocal(name, s.lineno)

    def keep_masked_lanes(self, slots, promoted, mask, yields, arg_ssas, inits):
        """meTile runs a masked loop body only on the lanes its mask keeps:
        a value promoted from a scalar keeps its previous value on the
        others (the first metile.load/store mask of the body)."""
        em, k, out = self.em, 0, list(yields)
        for name, kind, extra, n in slots:
            y = yields[k]
            if name in promoted and kind == "value" and \
                    tuple(getattr(mask, "shape", ())) == tuple(y.shape):
                old = Value(arg_ssas[k], inits[k].element, inits[k].shape)
                out[k] = em.select(mask, y, old)
            k += n
        return out

    def zeros_before(self, index, values):
        """Zero constants of the types of `values`, emitted before line
        `index` (the loop header): the initial values of names first bound
        in a loop body."""
        em = self.em
        start = len(em.func.lines)
        out = [em.constant(0, v.element, v.ir_shape) for v in values]
        moved = em.func.lines[start:]
        del em.func.lines[start:]
        em.func.lines[index:index] = moved
        return [Value(v.ssa, v.element, v.ir_shape) for v in out]

    def read_after_loop(self, name):
        """Whether code after the current statement may read `name` before
        binding it again (the rest of each enclosing block, innermost
        first)."""
        for stmts, start in reversed(self.following):
            r = _exposed_from(name, stmts, start)
            if r is not None:
                return r == "read"
        return False

    def loop_parts(self, name, v, expect=None):
        """How a carried value travels through iter_args: (kind, IR Values,
        loop-invariant part). Pointers and integer tiles carry only their
        per-axis starts; their strides must not change in the loop."""
        em = self.em
        if v.__class__ is Value and v.expand is None and \
                (expect is None or expect[0] == "value"):
            return "value", [v], None  # an accumulator: what the end gives
        if isinstance(v, _LoopLocal):
            self.error("'%s' is only defined inside the loop at line %d" %
                       (name, v.line))
        if isinstance(v, bool):
            v = em.constant(int(v), "i1")
        if isinstance(v, float):
            v = em.constant(v, "f32")
        if isinstance(v, int) and not isinstance(v, bool):
            v = Poly.const(v)
        if isinstance(v, Mask):
            v = em.materialize(v)
        if isinstance(v, list):
            return self.list_loop_parts(name, v, expect)
        if isinstance(v, BlockPointer):
            # tl.advance in a loop: only the block offsets change.
            extra = (v.buffer, v.base, v.shape, v.strides, v.block_shape)
            if expect is not None and (expect[0] != "block" or any(
                    a is not b and a != b for a, b in zip(expect[1], extra))):
                self.error("'%s': a block pointer carried by a loop may only "
                           "move (tl.advance)" % name)
            return "block", [em.scalar_poly(o) for o in v.offsets], extra
        if isinstance(v, Pointer) and not isinstance(v.offset, Poly):
            # A pointer tile of computed offsets (a gather's): the loop
            # carries its offsets tile.
            if expect is not None and (expect[0] != "offsets" or
                                       expect[1] is not v.buffer):
                self.error("'%s' changes kind or buffer in the loop" % name)
            off = em.to_shape(em.cast(em.materialize(v.offset), "i32"), v.shape)
            return "offsets", [off], v.buffer
        if isinstance(v, Value):
            if expect and expect[0] != "value":
                self.error("'%s' changes kind in the loop" % name)
            return "value", [em.to_shape(v, v.shape) if v.expand is not None else v], None
        if isinstance(v, (Poly, Pointer)):
            if expect is not None and expect[0] == "offsets":
                v = Pointer(v.buffer, em.materialize(v.offset)) \
                    if isinstance(v, Pointer) else v
                return self.loop_parts(name, v, expect)
            poly = v.offset if isinstance(v, Pointer) else v
            buf = v.buffer if isinstance(v, Pointer) else None
            try:
                split = poly.split_axes()
            except ValueError as e:
                self.error(str(e))
            strides = {k: c for k, c in split.items() if k is not None}
            rest = split.get(None, Poly.const(0))
            q = divide(rest, strides) if strides else None
            if q is None:
                q = {None: rest}
            kind = "pointer" if buf is not None else "poly"
            extra = (buf, poly.shape, tuple(sorted(strides.items(),
                                                   key=lambda t: t[0])),
                     tuple(sorted(q, key=lambda k: (k is None, k))))
            if expect is not None:
                if expect[0] != kind or expect[1][0] is not buf or \
                        expect[1][1] != poly.shape or expect[1][2] != extra[2]:
                    self.error("'%s' changes its strides or shape in the loop: "
                               "only its start may change" % name)
                if extra[3] != expect[1][3]:
                    self.error("'%s': cannot split the new offset like the "
                               "initial one" % name)
            parts = [em.scalar_poly(q[k]) for k in extra[3]]
            return kind, parts, extra
        if isinstance(v, (tuple, str, type(None))) or callable(v):
            self.error("'%s' (%s) is assigned in a tile loop: only tiles and "
                       "scalars can change from one iteration to the next" %
                       (name, describe(v)))
        self.error("'%s' (%s) cannot be carried by a tile loop" % (name, describe(v)))

    def rebuild(self, kind, extra, values):
        if kind == "value":
            return values[0]
        if kind == "offsets":
            return Pointer(extra, values[0])
        if kind == "list":
            return self.rebuild_list(extra, values)
        if kind == "block":
            buf, base, shape, strides, block = extra
            return BlockPointer(buf, base, shape, strides,
                                [self.em.atom_poly(v) for v in values], block)
        buf, shape, strides, order = extra
        em = self.em
        poly = Poly({}, shape)
        strides = dict(strides)
        for k, v in zip(order, values):
            p = em.atom_poly(v)
            if k is None:
                poly = poly.add(Poly(p.terms, shape), shape)
            else:
                axis = Poly.axis(k, shape).add(Poly(p.terms, shape), shape)
                poly = poly.add(axis.mul(strides[k], shape), shape)
        if order and order[0] is not None:
            for k in strides:
                if k not in order:
                    poly = poly.add(Poly.axis(k, shape).mul(strides[k], shape), shape)
        if order == (None,):
            for k, s in strides.items():
                poly = poly.add(Poly.axis(k, shape).mul(s, shape), shape)
        return Pointer(buf, poly) if kind == "pointer" else poly

    # ---- expressions --------------------------------------------------------
