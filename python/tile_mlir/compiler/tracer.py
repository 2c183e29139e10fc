"""Traces a kernel's Python source into tile IR by walking its AST.

Python values that are known while tracing (constexprs, ints, tuples) are
evaluated by Python, so `if` on them traces one branch and `for ... in
static_range(...)` unrolls; everything that depends on the launch
(arguments, program ids, loads) is IR. A `for` over `range(...)` or
`tile_range(...)` becomes one `tile.for_range`, also when its bounds are
known: the variables the body assigns that exist before the loop are its
iter_args, and the loop variable is an index value. A `range` loop with
known bounds whose body needs its variable (or a value it carries) as a
Python value is traced again unrolled (see `loop_or_unrolled`); unrolling
is otherwise tile-unroll's decision. Each op is located at its Python
line."""

import ast
import builtins
import inspect
import textwrap

from ..semantic import operators
from . import registry
from .emitter import Buffer, Value, describe
from ..errors import DSLError, SourceLocation, TileError
from .closures import BINOPS, CMPOPS, compiler_for
from .lists import ListTracing
from .loops import TileRange  # noqa: F401 (tile_mlir.dsl and triton_ops import it here)
from .loops import LoopTracing, _LoopLocal, _Return
from .poly import Mask, Poly, Pointer


_MODULE = type(ast)


def parse_function(fn):
    """(FunctionDef, filename) with line numbers of the file."""
    try:
        lines, start = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn)
    except (OSError, TypeError) as e:
        raise TileError("cannot read the source of %s: %s" % (fn.__name__, e))
    tree = ast.parse(textwrap.dedent("".join(lines)))
    ast.increment_lineno(tree, start - 1)
    node = tree.body[0]
    if not isinstance(node, ast.FunctionDef):
        raise TileError("%s is not a function definition" % fn.__name__)
    return node, filename


def function_scope(fn):
    """The names `fn`'s body sees besides its locals: globals and closure."""
    scope = dict(fn.__globals__)
    scope.update(_closure(fn))
    return scope


def _closure(fn):
    """{name: value} of `fn`'s closure cells."""
    out = {}
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            out[name] = cell.cell_contents
    return out


class Tracer(LoopTracing, ListTracing):
    def __init__(self, fn, node, filename, emitter, env):
        self.fn, self.node, self.filename = fn, node, filename
        self.em = emitter
        self.env = env
        # What function_scope gives, without copying the module's globals
        # on every trace: the closure's cells first, then the live globals.
        self.closure = _closure(fn)
        self.globals = fn.__globals__
        self.inlined = False    # a @jit helper called from a kernel
        self.loop_depth = 0
        self.following = []     # statements after the current one, per block
        # Statements and expressions run as closures made once per node
        # (closures.py), not by dispatching on each node again.
        self.compiler = compiler_for(type(self), Tracer)

    def located(self, node):
        # The AST lives as long as its kernel and every trace locates the
        # same nodes, so each node keeps its SourceLocation.
        loc = getattr(node, "_tile_loc", None)
        if loc is None:
            if not hasattr(node, "lineno"):
                return
            loc = node._tile_loc = SourceLocation(self.filename, node.lineno,
                                                  node.col_offset)
        self.em.loc = loc

    def error(self, message, node=None):
        if node is not None:
            self.located(node)
        raise DSLError(message, self.em.loc)

    # ---- statements -------------------------------------------------------
    def run(self):
        """Traces the body; the value of its `return` (a @jit helper's)."""
        try:
            self.block(self.node.body)
        except _Return as r:
            return r.args[0] if r.args else None
        return None

    def inline(self, kernel, args, kwargs):
        """A call of another @jit function (Triton's helpers, such as
        `leaky_relu`): its body traced in place, with its own names."""
        node, filename = kernel._function()
        return self.inline_body(kernel.fn, node, filename, kernel.signature,
                                kernel.__name__, args, kwargs)

    def inline_plain(self, fn, args, kwargs):
        """A call of a plain Python function of the kernel's module (meTile's
        `_affine_qmv_results`): traced in place like a @jit helper."""
        parsed = _PLAIN_HELPERS.get(fn.__code__)
        if parsed is None:
            node, filename = parse_function(fn)
            parsed = _PLAIN_HELPERS[fn.__code__] = (node, filename,
                                                    inspect.signature(fn))
        node, filename, signature = parsed
        return self.inline_body(fn, node, filename, signature, fn.__name__,
                                args, kwargs)

    def inline_body(self, fn, node, filename, signature, name, args, kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as e:
            self.error("%s(): %s" % (name, e))
        bound.apply_defaults()
        if len(self.em.inline_stack) > 32:
            self.error("helpers nest deeper than 32 calls (recursion?)")
        sub = type(self)(fn, node, filename, self.em, dict(bound.arguments))
        sub.inlined = True
        saved = self.em.loc
        self.em.inline_stack.append(name)
        try:
            return sub.run()
        finally:
            self.em.inline_stack.pop()
            self.em.loc = saved

    def block(self, stmts):
        following, compiler, filename = self.following, self.compiler, \
            self.filename
        for i, s in enumerate(stmts):
            following.append((stmts, i + 1))
            # The statement's closure (Compiler.stmt), without its call
            # once made.
            made = s.__dict__.get("_tile_stmt")
            try:
                if made is not None and made[0] is compiler:
                    made[1](self)
                else:
                    compiler.stmt(s, filename)(self)
            finally:
                following.pop()

    def stmt(self, s):
        """Traces statement `s`, located at its line."""
        self.compiler.stmt(s, self.filename)(self)

    def stmt_Expr(self, s):
        if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
            return  # docstring
        self.expr(s.value)

    def stmt_Pass(self, s):
        pass

    def stmt_Return(self, s):
        if s.value is not None and not self.inlined:
            self.error("a kernel returns nothing: store results with a store op")
        if self.loop_depth:
            self.error("return inside a loop is not supported in a kernel")
        raise _Return(self.expr(s.value) if s.value is not None else None)

    def stmt_Assign(self, s):
        value = self.expr(s.value)
        for t in s.targets:
            self.assign(t, value)

    def stmt_AnnAssign(self, s):
        if s.value is not None:
            self.assign(s.target, self.expr(s.value))

    def stmt_AugAssign(self, s):
        if isinstance(s.target, ast.Subscript):  # accumulators[i] += x
            base, index = self.list_item(s.target)
            base[index] = self.binop(BINOPS.get(type(s.op)), base[index],
                                     self.expr(s.value), s)
            return
        if not isinstance(s.target, ast.Name):
            self.error("only plain names can be updated in a kernel")
        cur = self.lookup(s.target.id, s.target)
        self.assign(s.target, self.binop(BINOPS.get(type(s.op)), cur,
                                         self.expr(s.value), s))

    def stmt_Assert(self, s):
        cond = self.expr(s.test)
        if not isinstance(cond, (bool, int)):
            self.error("assert needs a condition known while tracing")
        if not cond:
            msg = self.expr(s.msg) if s.msg else "assertion failed"
            self.error(str(msg))

    def stmt_If(self, s):
        cond = self.expr(s.test)
        if isinstance(cond, (Value, Poly, Mask)):
            return self.runtime_if(s, cond)
        if not isinstance(cond, (bool, int, float, str, tuple, type(None))):
            self.error("'if' on %s: only values known while tracing "
                       "(constexprs) and scalars can steer an 'if'" %
                       describe(cond), s.test)
        self.block(s.body if cond else s.orelse)

    def runtime_if(self, s, cond):
        """An `if` on a runtime scalar: both branches are traced; their
        loads, stores and atomics are masked by the condition (so they
        become gathers and scatters), and each name they bind is
        `where(cond, then, else)` after it."""
        em = self.em
        if getattr(cond, "shape", ()):
            self.error("'if' on a tile: use tl.where for elementwise choices",
                       s.test)
        c = em.materialize(cond)
        if c.element != "i1":
            c = em.compare("!=", c, 0.0 if c.element in ("f32", "f16", "bf16")
                           else 0)
        before = dict(self.env)
        outer = em.predicate
        branches = []
        for body, pred in ((s.body, c), (s.orelse, em.arith("^", c, True))):
            self.env = dict(before)
            em.predicate = pred if outer is None else em.arith("&", outer, pred)
            self.loop_depth += 1  # no return from inside
            try:
                self.block(body)
            finally:
                self.loop_depth -= 1
                em.predicate = outer
            branches.append(self.env)
        self.located(s)
        then_env, else_env = branches
        self.env = dict(before)
        for name in set(then_env) | set(else_env):
            a, b = then_env.get(name), else_env.get(name)
            if a is b:
                self.env[name] = a
            elif a is None or b is None or isinstance(a, _LoopLocal) or \
                    isinstance(b, _LoopLocal):
                self.env[name] = _LoopLocal(name, s.lineno)
            elif isinstance(a, (int, float, Value, Poly, Mask)) and \
                    isinstance(b, (int, float, Value, Poly, Mask)) and \
                    not (isinstance(a, bool) or isinstance(b, bool)):
                self.env[name] = em.select(c, a, b)
            elif a == b:
                self.env[name] = a
            else:
                self.error("'%s' is bound to %s and %s in the branches of a "
                           "runtime 'if': only tiles and scalars can differ" %
                           (name, describe(a), describe(b)), s)

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            if isinstance(value, Value) and value.ssa.weak \
                    and value.ssa.name is None and value.expand is None:
                value.ssa.hint, value.ssa.weak = target.id, False
            self.env[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                self.error("cannot unpack %s into %d names" %
                           (describe(value), len(target.elts)), target)
            for t, v in zip(target.elts, value):
                self.assign(t, v)
        elif isinstance(target, ast.Subscript):
            self.assign_item(target, value)
        else:
            self.error("only names and list items can be assigned in a "
                       "kernel (no attributes)", target)

    # ---- loops --------------------------------------------------------------
    def expr(self, node):
        """The value of expression `node` (see closures.py)."""
        return self.compiler.expr(node, self.filename)(self)

    def expr_Constant(self, node):
        return node.value

    def expr_Name(self, node):
        return self.lookup(node.id, node)

    def lookup(self, name, node):
        if name in self.env:
            v = self.env[name]
            if isinstance(v, _LoopLocal):
                self.error("'%s' is only defined inside the tile loop at line "
                           "%d" % (name, v.line), node)
            return v
        if name in self.closure:
            return self.closure[name]
        if name in self.globals:
            return self.globals[name]
        if hasattr(builtins, name):
            return getattr(builtins, name)
        self.error("name '%s' is not defined" % name, node)

    def expr_Attribute(self, node):
        return self.attribute(self.expr(node.value), node)

    def attribute(self, base, node):
        if base.__class__ is _MODULE:  # tm.zeros, tl.load: the common case
            try:
                return getattr(base, node.attr)
            except AttributeError:
                pass  # the message below
        if isinstance(base, (Value, Poly, Mask)) and node.attr in registry.METHODS:
            return registry.BoundMethod(registry.METHODS[node.attr], base)
        if isinstance(base, (Value, Poly)) and node.attr in ("shape", "dtype"):
            return tuple(base.shape) if node.attr == "shape" else \
                getattr(base, "element", "i32")
        if isinstance(base, (Buffer, Pointer)) and node.attr in ("dtype", "type"):
            # Triton's pointer type: `Out.type.element_ty` (tutorial 06's
            # store), `V.dtype.element_ty == tl.float8e5`.
            buffer = base if isinstance(base, Buffer) else base.buffer
            return _PointerType(buffer.element)
        if isinstance(base, (Value, Poly, Mask, Pointer, Buffer)):
            self.error("%s has no attribute '%s' in a kernel" %
                       (describe(base), node.attr), node)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            self.error("%s has no attribute '%s'" % (describe(base), node.attr), node)

    def expr_Tuple(self, node):
        return tuple([self.expr(e) for e in node.elts])

    def expr_List(self, node):
        return [self.expr(e) for e in node.elts]

    def expr_Slice(self, node):
        parts = [self.expr(p) if p is not None else None
                 for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def expr_IfExp(self, node):
        cond = self.expr(node.test)
        if not isinstance(cond, (bool, int, float, str, type(None))):
            self.error("a conditional expression needs a condition known "
                       "while tracing; use where()", node)
        return self.expr(node.body if cond else node.orelse)

    def expr_BoolOp(self, node):
        vals = []
        for v in node.values:
            x = self.expr(v)
            if isinstance(x, (Value, Poly, Mask)):
                self.error("'and'/'or' work on values known while tracing; "
                           "combine masks with & and |", node)
            vals.append(x)
        if isinstance(node.op, ast.And):
            return all(vals)
        return any(vals)

    def expr_UnaryOp(self, node):
        x = self.expr(node.operand)
        self.located(node)
        return self.unary(x, node)

    def unary(self, x, node):
        """Unary operator `node.op` on the evaluated operand `x`."""
        if isinstance(node.op, ast.USub):
            if isinstance(x, (int, float)):
                return -x
            if isinstance(x, Poly):
                return x.scale(-1)
            return self.em.unary_math("neg", x)
        if isinstance(node.op, ast.UAdd):
            return x
        if isinstance(node.op, ast.Not) and not isinstance(x, (Value, Poly, Mask)):
            return not x
        if isinstance(node.op, ast.Invert) and isinstance(x, int):
            return ~x
        if isinstance(node.op, (ast.Invert, ast.Not)) and \
                isinstance(x, (Value, Poly, Mask)):
            return operators.invert(self, x, isinstance(node.op, ast.Not))
        self.error("unary operator not supported on %s" % describe(x), node)

    def expr_BinOp(self, node):
        a, b = self.expr(node.left), self.expr(node.right)
        self.located(node)
        return self.binop(BINOPS.get(type(node.op)), a, b, node)

    def binop(self, sym, a, b, node):
        if sym is None:
            self.error("operator not supported in a kernel", node)
        return operators.binop(self, sym, a, b)

    def expr_Compare(self, node):
        if len(node.ops) != 1:
            self.error("chained comparisons are not supported in a kernel", node)
        a, b = self.expr(node.left), self.expr(node.comparators[0])
        self.located(node)
        sym = CMPOPS.get(type(node.ops[0]))
        if sym is None:
            self.error("comparison not supported in a kernel", node)
        return operators.compare(self, sym, a, b)

    def expr_Subscript(self, node):
        return self.subscript(self.expr(node.value), node)

    def subscript(self, base, node):
        index = self.expr(node.slice)
        self.located(node)
        return operators.subscript(self, base, index)

    def expr_Call(self, node):
        fn = self.expr(node.func)
        args = []
        for a in node.args:
            if a.__class__ is ast.Starred:
                args.extend(self.expr(a.value))
            else:
                args.append(self.expr(a))
        kwargs = {}
        for k in node.keywords:
            if k.arg is None:
                kwargs.update(self.expr(k.value))
            else:
                kwargs[k.arg] = self.expr(k.value)
        self.located(node)
        return registry.call(self, fn, args, kwargs)


# Plain helper functions already parsed: code object -> (FunctionDef,
# filename, signature).
_PLAIN_HELPERS = {}


class _PointerType:
    """What `ptr.dtype` / `ptr.type` gives in a kernel: its element_ty is the
    buffer's element type (a dtype name, as tl.float16 is)."""

    def __init__(self, element):
        self.element_ty = element


