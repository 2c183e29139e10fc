"""Which Python callables a kernel may call, and what tracing them emits.

Public DSL functions (tile_mlir.zeros, tile_mlir.language.load, ...) are
ordinary Python functions that only work inside a traced kernel; each is
registered here with the handler that emits its IR. Calls to anything else
(numpy, math, helpers of other modules) are a DSLError naming the line, except
plain functions of the kernel's own module (traced in place, like @jit
helpers), methods of Python lists that move items, and Python
builtins applied to values known while tracing."""

import builtins
import inspect
import types

from .emitter import Buffer, Value
from ..errors import DSLError
from .lists import LIST_METHODS
from .poly import Mask, Pointer, Poly

_TRACED = (Value, Poly, Mask, Pointer, Buffer)

HANDLERS = {}


class OutsideKernelError(DSLError):
    pass


def op(handler):
    """Decorates a public stub: registers `handler(tracer, **args)`."""
    def wrap(stub):
        HANDLERS[stub] = (handler, inspect.signature(stub), simple_params(stub))
        return stub
    return wrap


def simple_params(stub):
    """(names, defaults) when every parameter of `stub` is positional or
    keyword (no *args, **kwargs, keyword-only): calls of such DSL
    functions and kernels are bound without inspect.Signature.bind, which
    costs more than most handlers.
    None otherwise."""
    params = list(inspect.signature(stub).parameters.values())
    if any(p.kind != p.POSITIONAL_OR_KEYWORD for p in params):
        return None
    return ([p.name for p in params],
            {p.name: p.default for p in params if p.default is not p.empty})


def bind_simple(simple, args, kwargs):
    """The arguments by name of a call, as Signature.bind plus
    apply_defaults would give them, or None when the call does not fit
    (the caller then binds it again with inspect for its message)."""
    names, defaults = simple
    if len(args) > len(names):
        return None
    if not kwargs:  # positional arguments, then the defaults, in order
        bound = dict(zip(names, args))
        for n in names[len(args):]:
            if n not in defaults:
                return None
            bound[n] = defaults[n]
        return bound
    bound = dict(zip(names, args))
    for k, v in kwargs.items():
        if k in bound or k not in defaults and k not in names:
            return None
        bound[k] = v
    if len(bound) < len(names):
        for n in names:
            if n not in bound:
                if n not in defaults:
                    return None
                bound[n] = defaults[n]
    if list(bound) == names:  # keywords given in parameter order
        return bound
    return {n: bound[n] for n in names}  # in parameter order, as bind gives


def outside(name):
    raise OutsideKernelError(
        "tile_mlir.%s can only be called inside a @tile_mlir.kernel or "
        "@tile_mlir.jit function" % name)


def static_range(*args):
    """range() that always unrolls while tracing, also inside tile loops."""
    return range(*args)


_PY_BUILTINS = {builtins.int, builtins.float, builtins.bool, builtins.len,
                builtins.tuple, builtins.list, builtins.str, builtins.round,
                builtins.isinstance, builtins.range, builtins.enumerate,
                builtins.zip, builtins.dict, builtins.sorted, builtins.sum,
                builtins.all, builtins.any}


def call(tr, fn, args, kwargs):
    try:
        entry = HANDLERS.get(fn)
    except TypeError:  # unhashable
        entry = None
    if entry is not None:
        handler, sig, simple = entry
        if sig is None and simple is None:  # *args handlers
            return handler(tr, *args, **kwargs)
        bound = bind_simple(simple, args, kwargs) if simple else None
        if bound is not None:
            return handler(tr, **bound)
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            tr.error("%s(): %s" % (fn.__name__, e))
        bound.apply_defaults()
        return handler(tr, **bound.arguments)
    anytraced = any(isinstance(a, _TRACED) for a in list(args) + list(kwargs.values()))
    if fn in (builtins.min, builtins.max) and anytraced and len(args) == 2:
        return tr.em.minmax("min" if fn is builtins.min else "max", *args)
    if fn is builtins.abs and anytraced:
        return tr.em.unary_math("abs", args[0])
    if (fn in _PY_BUILTINS or fn in (builtins.min, builtins.max, builtins.abs)) \
            and not anytraced:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            tr.error("%s(): %s" % (getattr(fn, "__name__", fn), e))
    if fn is static_range:
        return range(*args)
    if isinstance(fn, BoundMethod):
        return fn.handler(tr, fn.base, *args, **kwargs)
    from .kernel import Kernel
    if isinstance(fn, Kernel):
        return tr.inline(fn, args, kwargs)
    if isinstance(getattr(fn, "__self__", None), list) and \
            getattr(fn, "__name__", None) in LIST_METHODS:
        return fn(*args, **kwargs)  # accumulators.append(x)
    if isinstance(fn, types.FunctionType) and fn.__globals__ is tr.globals:
        # A plain helper of the kernel's module: traced like a @jit one.
        return tr.inline_plain(fn, args, kwargs)
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) \
        or type(fn).__name__
    module = getattr(fn, "__module__", None) or type(fn).__module__
    full = "%s.%s" % (module, name) if module and module != "builtins" else name
    tr.error("'%s' is not an operation of the tile_mlir DSL; a kernel can call "
             "tile_mlir operations, and Python builtins on values known while "
             "tracing" % full)


# Methods of traced tiles (`x.to(tl.float16)`): name -> handler(tr, x, ...),
# filled in by the modules that define them.
METHODS = {}


class BoundMethod:
    """`x.to` inside a kernel: the handler with its tile."""

    def __init__(self, handler, base):
        self.handler, self.base = handler, base
