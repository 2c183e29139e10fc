"""A kernel's AST rendered once into Python closures, so that tracing runs
them instead of walking the AST and dispatching on each node's type again.

The tracer (tracer.py) traces a kernel by evaluating its statements and
expressions. Done node by node, every trace pays for looking up each node's
handler, for the handler's call, and for re-reading the node's fields; a
small kernel is a few hundred nodes, each traced on every new
specialization. Here each expression and statement becomes, on first use, a
closure that holds its children's closures, its location and its constant
fields, and does what the tracer's `expr_<Node>` / `stmt_<Node>` method
does, in the same order (so the same IR, the same locations and the same
errors, raised when the node is traced, not when it is rendered).

A closure is made for one tracer class: the node kinds a front end's tracer
handles itself (TileLang's `stmt_Assign`, `attribute`, `subscript`) call
its methods, as the AST walk did. Closures are kept on the AST node, which
lives as long as its kernel."""

import ast
import inspect

from ..semantic import operators
from . import registry
from .emitter import Value
from ..errors import SourceLocation
from .loops import _LoopLocal

_MODULE = type(ast)


def location(node, filename):
    """The SourceLocation of `node` (kept on it, as Tracer.located does),
    None for nodes without a line."""
    loc = getattr(node, "_tile_loc", None)
    if loc is None and hasattr(node, "lineno"):
        loc = node._tile_loc = SourceLocation(filename, node.lineno,
                                               node.col_offset)
    return loc


_COMPILERS = {}


def compiler_for(cls, base):
    """The Compiler of tracer class `cls`, a subclass of `base` (Tracer)."""
    c = _COMPILERS.get(cls)
    if c is None:
        c = _COMPILERS[cls] = Compiler(cls, base)
    return c


class Compiler:
    """Renders nodes into closures `f(tracer)` for tracers of one class."""

    def __init__(self, cls, base):
        self.cls = cls
        # Methods the closures do inline, when `cls` does not replace them.
        self.own = {name for name in (
            "lookup", "attribute", "subscript", "binop", "assign",
            "expr_Constant", "expr_Name", "expr_Attribute", "expr_Call",
            "expr_BinOp", "expr_Compare", "expr_Tuple", "expr_List",
            "expr_Subscript", "expr_UnaryOp", "stmt_Expr", "stmt_Assign")
            if getattr(cls, name) is getattr(base, name)}

    def expr(self, node, filename):
        """The closure of expression `node` (made once)."""
        made = node.__dict__.get("_tile_expr")
        if made is not None and made[0] is self:
            return made[1]
        kind = node.__class__.__name__
        make = _EXPRS.get(kind) if "expr_" + kind in self.own and \
            hasattr(node, "lineno") else None  # (parsed nodes all have one)
        fn = make(self, node, filename) if make is not None else \
            self.generic(node, "expr_", "'%s' expressions are not supported "
                         "in a kernel" % kind, node)
        node._tile_expr = (self, fn)
        return fn

    def stmt(self, node, filename):
        """The closure of statement `node`: locates it, then runs it."""
        made = node.__dict__.get("_tile_stmt")
        if made is not None and made[0] is self:
            return made[1]
        kind = node.__class__.__name__
        loc = location(node, filename)
        make = _STMTS.get(kind) if "stmt_" + kind in self.own else None
        if make is not None and loc is not None:
            fn = make(self, node, filename, loc)
        else:
            body = self.generic(node, "stmt_", "'%s' statements are not "
                                "supported in a kernel" % kind.lower(), None)

            def fn(tr):
                if loc is not None:  # as Tracer.located
                    tr.em.loc = loc
                body(tr)
        node._tile_stmt = (self, fn)
        return fn

    def generic(self, node, prefix, unsupported, at):
        """The tracer's own method for `node`, or its error."""
        method = getattr(self.cls, prefix + node.__class__.__name__, None)
        if method is None:
            def fail(tr):
                tr.error(unsupported, at)
            return fail
        return lambda tr: method(tr, node)


# ---- expressions -----------------------------------------------------------
def _constant(c, node, filename):
    value = node.value
    return lambda tr: value


def _name(c, node, filename):
    name = node.id
    if "lookup" not in c.own:
        return lambda tr: tr.lookup(name, node)

    def load(tr):
        env = tr.env
        if name in env:
            v = env[name]
            if v.__class__ is _LoopLocal:
                return tr.lookup(name, node)  # its message
            return v
        closure = tr.closure
        if name in closure:
            return closure[name]
        scope = tr.globals
        if name in scope:
            return scope[name]
        return tr.lookup(name, node)
    return load


def _attribute(c, node, filename):
    value, attr = c.expr(node.value, filename), node.attr
    if "attribute" not in c.own:
        return lambda tr: tr.attribute(value(tr), node)

    def attribute(tr):
        base = value(tr)
        if base.__class__ is _MODULE:  # tm.zeros, tl.load
            try:
                return getattr(base, attr)
            except AttributeError:
                pass
        return tr.attribute(base, node)
    return attribute


def _values(c, nodes, filename):
    """A closure giving the list of the values of `nodes`."""
    fns = [c.expr(n, filename) for n in nodes]
    if not fns:
        return lambda tr: []
    if len(fns) == 1:
        f0, = fns
        return lambda tr: [f0(tr)]
    if len(fns) == 2:
        f0, f1 = fns
        return lambda tr: [f0(tr), f1(tr)]
    if len(fns) == 3:
        f0, f1, f2 = fns
        return lambda tr: [f0(tr), f1(tr), f2(tr)]
    return lambda tr: [f(tr) for f in fns]


def _call(c, node, filename):
    func, loc = c.expr(node.func, filename), location(node, filename)
    call = registry.call
    if any(a.__class__ is ast.Starred for a in node.args) or \
            any(k.arg is None for k in node.keywords):
        return _unpacking_call(c, node, filename, func, loc)
    positional = _values(c, node.args, filename)
    names = tuple(k.arg for k in node.keywords)
    keywords = _values(c, [k.value for k in node.keywords], filename)
    # The DSL op this call site called last: (function, its handler, the
    # defaults to pass), bound once as registry.call binds it each time.
    last = [None, None, None]

    def run(tr):
        fn = func(tr)
        args = positional(tr)
        kwargs = dict(zip(names, keywords(tr))) if names else {}
        tr.em.loc = loc
        if fn is last[0]:
            return last[1](tr, *args, **kwargs, **last[2])
        plan = _binding(fn, len(args), names)
        if plan is None:
            return call(tr, fn, args, kwargs)
        last[:] = fn, plan[0], plan[1]
        return plan[0](tr, *args, **kwargs, **plan[1])
    return run


def _unpacking_call(c, node, filename, func, loc):
    """A call with *args or **kwargs."""
    parts = [(a.__class__ is ast.Starred,
              c.expr(a.value if a.__class__ is ast.Starred else a, filename))
             for a in node.args]
    keywords = [(k.arg, c.expr(k.value, filename)) for k in node.keywords]
    call = registry.call

    def run(tr):
        fn = func(tr)
        args = []
        for starred, f in parts:
            if starred:
                args.extend(f(tr))
            else:
                args.append(f(tr))
        kwargs = {}
        for name, f in keywords:
            if name is None:
                kwargs.update(f(tr))
            else:
                kwargs[name] = f(tr)
        tr.em.loc = loc
        return call(tr, fn, args, kwargs)
    return run


_VARIADIC = inspect.CO_VARARGS | inspect.CO_VARKEYWORDS


def _binding(fn, npos, names):
    """(handler, defaults) when `fn` is a DSL op whose handler can take
    `npos` positional arguments and keywords `names` as they are, plus
    the defaults of the parameters the call leaves out: what
    registry.call does after binding the call with registry.bind_simple.
    None for anything else (registry.call then handles the call)."""
    try:
        entry = registry.HANDLERS.get(fn)
    except TypeError:  # unhashable
        return None
    if entry is None or not entry[2]:
        return None
    handler, _, (params, defaults) = entry
    given = set(params[:npos])
    if npos > len(params) or any(k in given or k not in params for k in names):
        return None
    given.update(names)
    if any(p not in given and p not in defaults for p in params):
        return None
    code = getattr(handler, "__code__", None)
    if code is None or code.co_flags & _VARIADIC or code.co_kwonlyargcount or \
            code.co_argcount != len(params) + 1 or \
            code.co_varnames[1:len(params) + 1] != tuple(params):
        return None  # its parameters are not the op's, in the op's order
    return handler, {p: defaults[p] for p in params if p not in given}


# The Python operators a kernel may use, as operators.py names them (the
# tracer's augmented assignments use them too).
BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/",
          ast.FloorDiv: "//", ast.Mod: "%", ast.BitAnd: "&", ast.BitOr: "|",
          ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
CMPOPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
          ast.Eq: "==", ast.NotEq: "!="}


def _binop(c, node, filename):
    left, right = c.expr(node.left, filename), c.expr(node.right, filename)
    loc, sym = location(node, filename), BINOPS.get(type(node.op))
    py = operators._PY.get(sym)
    if "binop" not in c.own or sym is None:
        def binop(tr):
            a, b = left(tr), right(tr)
            tr.em.loc = loc
            return tr.binop(sym, a, b, node)
        return binop
    traced = operators.binop

    def fast(tr):
        a, b = left(tr), right(tr)
        tr.em.loc = loc
        if a.__class__ is int and b.__class__ is int:  # constexpr arithmetic
            try:
                return py(a, b)
            except Exception:
                pass  # operators.binop reports it
        return traced(tr, sym, a, b)
    return fast


def _compare(c, node, filename):
    if len(node.ops) != 1:
        def chained(tr):
            tr.error("chained comparisons are not supported in a kernel", node)
        return chained
    left = c.expr(node.left, filename)
    right = c.expr(node.comparators[0], filename)
    loc, sym = location(node, filename), CMPOPS.get(type(node.ops[0]))
    compare = operators.compare

    def run(tr):
        a, b = left(tr), right(tr)
        tr.em.loc = loc
        if sym is None:
            tr.error("comparison not supported in a kernel", node)
        return compare(tr, sym, a, b)
    return run


def _tuple(c, node, filename):
    items = _values(c, node.elts, filename)
    return lambda tr: tuple(items(tr))


def _list(c, node, filename):
    return _values(c, node.elts, filename)


def _subscript(c, node, filename):
    value = c.expr(node.value, filename)
    if "subscript" not in c.own:
        return lambda tr: tr.subscript(value(tr), node)
    index, loc = c.expr(node.slice, filename), location(node, filename)
    subscript = operators.subscript

    def run(tr):
        base = value(tr)
        i = index(tr)
        tr.em.loc = loc
        return subscript(tr, base, i)
    return run


def _unaryop(c, node, filename):
    operand, loc = c.expr(node.operand, filename), location(node, filename)

    def unary(tr):
        x = operand(tr)
        tr.em.loc = loc
        return tr.unary(x, node)
    return unary


_EXPRS = {"Constant": _constant, "Name": _name, "Attribute": _attribute,
          "Call": _call, "BinOp": _binop, "Compare": _compare,
          "Tuple": _tuple, "List": _list, "Subscript": _subscript,
          "UnaryOp": _unaryop}


# ---- statements ------------------------------------------------------------
def _stmt_expr(c, node, filename, loc):
    if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
        def docstring(tr):
            tr.em.loc = loc
        return docstring
    value = c.expr(node.value, filename)

    def run(tr):
        tr.em.loc = loc
        value(tr)
    return run


def _stmt_assign(c, node, filename, loc):
    value = c.expr(node.value, filename)
    targets = node.targets
    if len(targets) != 1 or targets[0].__class__ is not ast.Name or \
            "assign" not in c.own:
        def assign_all(tr):
            tr.em.loc = loc
            v = value(tr)
            for t in targets:
                tr.assign(t, v)
        return assign_all
    name = targets[0].id

    def assign(tr):
        tr.em.loc = loc
        v = value(tr)
        if v.__class__ is Value:
            # As Tracer.assign: an op's default name gives way to the
            # variable's.
            ssa = v.ssa
            if ssa.weak and ssa.name is None and v.expand is None:
                ssa.hint, ssa.weak = name, False
            tr.env[name] = v
        else:
            tr.assign(targets[0], v)
    return assign


_STMTS = {"Expr": _stmt_expr, "Assign": _stmt_assign}
