"""Typed IR construction for the tracer: Values (tiles and scalars), kernel
buffers, and the ops of the tile dialect plus arith/math on them, with
constant and expression caching and located errors. Which element type and
shape an elementwise op computes at, and which op a cast or an operator is,
are the semantic layer's rules (semantic/promotion.py); the emitter applies
them."""

from ..errors import DSLError
from ..semantic.promotion import (arith_op, broadcast_shapes, cast_steps,
                                  compare_op, minmax_op, promote)
from .ir import (SSA, Function, format_float, ir_element, is_float, loc_text,
                 tensor_type)
from .poly import Mask, Poly, Pointer


_MISSING = object()


class Value:
    """A tile (tensor) or scalar SSA value. `shape` is the logical shape;
    a 1-D IR tile viewed as (n, 1) or (1, n) (`x[:, None]`) keeps its 1-D IR
    value and records in `expand` which logical dim it occupies."""

    # A trace makes a few dozen Values: without a __dict__ each they are
    # smaller and quicker to build and read. Set only on some loads:
    # `origin` (tl.load's pointer, mask and other, for tl.trans) and
    # `loaded` (TileLang's access, for T.copy back); unset, getattr's
    # default applies.
    __slots__ = ("ssa", "element", "shape", "expand", "origin", "loaded")

    def __init__(self, ssa, element, shape=(), expand=None):
        self.ssa, self.element = ssa, element
        self.shape = shape if shape.__class__ is tuple else tuple(shape)
        self.expand = expand

    @property
    def ir_shape(self):
        if self.expand is not None:
            return (self.shape[self.expand],)
        return self.shape

    @property
    def ir_type(self):
        if self.expand is not None:
            return tensor_type((self.shape[self.expand],), self.element)
        return tensor_type(self.shape, self.element)

    @property
    def dtype(self):
        return self.element


class Buffer:
    """A kernel's buffer argument: memref<?xT>."""

    def __init__(self, ssa, element, name):
        self.ssa, self.element, self.name = ssa, element, name

    @property
    def ir_type(self):
        return "memref<?x%s>" % ir_element(self.element)


class Emitter:
    def __init__(self, name):
        self.func = Function(name)
        self.loc = None
        self.scopes = [{}]      # expression/constant caches, one per region
        self.atoms = {}         # ssa id -> Value for Poly atoms
        self.atom_polys = {}    # ssa id -> its Poly (Polys do not change)
        self.hidden = None      # extents.HiddenArguments of the kernel
        self.inline_stack = []  # names of the @jit helpers being traced
        self.default_stages = None  # the launch's num_stages, for loops
        self.predicate = None   # i1 scalar of the runtime `if` being traced
        self.loop_masks = []    # per tile loop: its body's first metile mask
        self.swizzle = None     # a launch's SWIZZLE: program ids 0, 1 remapped
        self.thread_level = False  # a thread-level op was traced (metile_threads)

    # ---- low level ----------------------------------------------------
    def error(self, message):
        raise DSLError(message, self.loc)

    def op(self, results, parts, hints=None):
        """Emits `%r... = parts loc(...)`; `results` are (element, shape)."""
        if not results:  # a store, a yield: nothing to name
            self.func.add([*parts, loc_text(self.loc)])
            return []
        line, values = [], []
        for i, (element, shape) in enumerate(results):
            ssa = SSA(hints[i] if hints else None, weak=True)
            if i:
                line.append(", ")
            line.append(ssa)
            values.append(Value(ssa, element, shape))
        if values:
            line.append(" = ")
        line.extend(parts)
        line.append(loc_text(self.loc))
        self.func.add(line)
        return values

    def op1(self, element, shape, *parts, hint=None):
        """Emits a one-result op (the common case, without op's lists)."""
        ssa = SSA(hint, True)
        func, loc = self.func, self.loc
        # loc_text, without its call for the locations already rendered
        loc = "" if loc is None else loc._text or loc_text(loc)
        func.lines.append((func.indent, [ssa, " = ", *parts, loc]))
        return Value(ssa, element, shape)

    def cached(self, key, make):
        # One lookup per scope: the keys are nested tuples, whose hash
        # Python computes again on every lookup.
        for scope in reversed(self.scopes):
            v = scope.get(key, _MISSING)
            if v is not _MISSING:
                return v
        v = make()
        self.scopes[-1][key] = v
        return v

    def cached_value(self, key):
        """The Value cached under `key` (see cached) or None; the hot paths
        look up first and build the Value only when missing, without a
        closure per call."""
        scopes = self.scopes
        v = scopes[-1].get(key)  # the innermost region first
        if v is None and len(scopes) > 1:
            for scope in reversed(scopes):
                v = scope.get(key)
                if v is not None:
                    break
        return v

    # ---- constants and scalars -----------------------------------------
    def constant(self, value, element, shape=()):
        if element == "index" and value.__class__ is int and not shape:
            # The common case (c0, c1, c64) in one call: what the general
            # path below gives for an index scalar, cached under its key.
            lit = str(value)
            key = ("const", lit, "index", ())
            scopes = self.scopes
            v = scopes[-1].get(key)  # cached_value's lookups, inline
            if v is None:
                if len(scopes) > 1:
                    for scope in reversed(scopes):
                        v = scope.get(key)
                        if v is not None:
                            return v
                v = scopes[-1][key] = self.op1(
                    "index", (), "arith.constant %s : index" % lit,
                    hint="c" + lit.replace("-", "m"))
            return v
        if element == "index" and value.__class__ is int:
            lit = str(value)
        elif value.__class__ is int and value == 0 and is_float(element):
            lit = "0.0"  # format_float(0.0, ...): an accumulator's zeros
        else:
            value = float(value) if is_float(element) else int(value)
            if element == "i1":
                lit = "true" if value else "false"
            else:
                lit = format_float(value, element) if is_float(element) \
                    else str(value)
        key = ("const", lit, element, shape)
        v = self.cached_value(key)
        if v is not None:
            return v
        if shape:
            v = self.op1(element, shape, "arith.constant dense<%s> : %s" % (
                lit, tensor_type(shape, element)), hint="cst")
        elif element == "i1":
            v = self.op1(element, (), "arith.constant %s" % lit,
                         hint="true" if value else "false")
        else:
            v = self.op1(element, (), "arith.constant %s : %s" % (
                lit, ir_element(element)),
                         hint="c%s" % str(lit).replace("-", "m").replace(".", "_")
                         if element == "index" else "cst")
        self.scopes[-1][key] = v
        return v

    def atom_poly(self, value):
        """A scalar index Value as a Poly atom."""
        i = value.ssa.id
        self.atoms[i] = value
        p = self.atom_polys.get(i)
        if p is None:
            p = self.atom_polys[i] = Poly.atom(i)
        return p

    def index_poly(self, x):
        """An int, Poly or index Value as a Poly."""
        if isinstance(x, Poly):
            return x
        if x.__class__ is Value and x.element == "index" and not x.shape:
            return self.atom_poly(x)  # the common case: a program id, K
        if isinstance(x, bool):
            self.error("a boolean is not an integer offset")
        if isinstance(x, int):
            return Poly.const(x)
        if isinstance(x, Value) and x.element == "index" and not x.shape:
            return self.atom_poly(x)
        if isinstance(x, Value) and x.element == "i32" and not x.shape:
            return self.atom_poly(self.cast(x, "index"))
        self.error("expected an integer scalar, got %s" % describe(x))

    def index_value(self, x):
        """scalar_poly(index_poly(x)): the index Value of an int, a scalar
        Poly or an index/i32 scalar Value (an index Value is itself)."""
        cls = x.__class__
        if cls is Value and x.element == "index" and not x.shape:
            return x
        if cls is int:  # what scalar_poly(Poly.const(x)) gives
            return self.constant(x, "index")
        if cls is Poly:  # a loop variable, `pid_m * BLOCK_M`
            return self.scalar_poly(x)
        return self.scalar_poly(self.index_poly(x))

    # ---- Poly materialization ------------------------------------------
    def scalar_poly(self, p):
        """The index Value of a scalar Poly."""
        terms = p.terms
        if len(terms) == 1:
            (m, c), = terms.items()
            if not m:
                return self.constant(c, "index")
            if c == 1 and len(m) == 1 and m[0][0] == "v":
                # A lone atom is its own Value (what _emit_sum would give,
                # without emitting anything).
                return self.atoms[m[0][1]]
            if c > 0 and m[0][0] == "v":
                # One positive monomial (`pid_m * BLOCK_M`): what _emit_sum
                # gives, without sorting one term, cached under the same key.
                key = ("poly", p.key())
                v = self.cached_value(key)
                if v is None:
                    v = self.scopes[-1][key] = self._monomial(m, c)
                return v
        elif not terms:
            return self.constant(0, "index")
        key = ("poly", p.key())
        v = self.cached_value(key)
        if v is None:
            v = self.scopes[-1][key] = self._emit_sum(p)
        return v

    def _emit_sum(self, p):
        total = None
        neg = []
        for m, c in sorted(p.terms.items(), key=lambda t: (len(t[0]) == 0, t)):
            if not m:
                term = self.constant(abs(c), "index")
            else:
                term = self._monomial(m, abs(c))
            if c < 0:
                neg.append(term)
            elif total is None:
                total = term
            else:
                total = self.binary_ir("addi", total, term)
        if total is None:
            total = self.constant(0, "index")
        for t in neg:
            total = self.binary_ir("subi", total, t)
        return total

    def _monomial(self, atoms, coef):
        key = ("mono", atoms, coef)
        v = self.cached_value(key)
        if v is not None:
            return v
        for a in atoms:
            x = self.atoms[a[1]]
            v = x if v is None else self.binary_ir("muli", v, x)
        if coef != 1:
            v = self.binary_ir("muli", v, self.constant(coef, "index"))
        self.scopes[-1][key] = v
        return v

    def tile_poly(self, p, shape=None):
        """The i32 tile of a Poly with axes (arange-based)."""
        shape = tuple(shape or p.shape)
        try:
            parts = p.split_axes()
        except ValueError:
            return self._tile_monomials(p, shape)
        total = None
        for axis in sorted(parts, key=lambda k: (k is None, k)):
            coef = parts[axis]
            if axis is None:
                c = coef.constant()
                term = self.constant(c, "i32", shape) if c is not None else \
                    self.splat(self.cast(self.scalar_poly(coef), "i32"), shape)
            else:
                term = self._axis_tile(axis, p.shape, shape)
                c = coef.constant()
                if c != 1:
                    k = self.constant(c, "i32", shape) if c is not None else \
                        self.splat(self.cast(self.scalar_poly(coef), "i32"), shape)
                    term = self.binary_ir("muli", term, k)
            total = term if total is None else self.binary_ir("addi", total, term)
        if total is None:
            total = self.constant(0, "i32", shape)
        return total

    def _axis_tile(self, axis, p_shape, shape):
        """The i32 tile of the element index along `axis` of a p_shape
        Poly, broadcast to `shape`."""
        n = p_shape[axis]
        ar = self.cached(("arange", n), lambda: self.op1(
            "i32", (n,), "tile.arange : %s" % tensor_type((n,), "i32"),
            hint="range"))
        ar = Value(ar.ssa, "i32", tuple(n if d == axis else 1
                                        for d in range(len(p_shape))),
                   expand=axis if len(p_shape) == 2 else None)
        return self.to_shape(ar, shape)

    def _tile_monomials(self, p, shape):
        """The i32 tile of any integer Poly (products of element indices
        too, as gather offsets may hold), one monomial at a time."""
        total = None
        for m, c in sorted(p.terms.items()):
            term = None if c == 1 and m else self.constant(c, "i32", shape)
            for a in m:
                f = self._axis_tile(a[1], p.shape, shape) if a[0] == "axis" \
                    else self.splat(self.cast(self.atoms[a[1]], "i32"), shape)
                term = f if term is None else self.binary_ir("muli", term, f)
            total = term if total is None else self.binary_ir("addi", total, term)
        return total if total is not None else self.constant(0, "i32", shape)

    def materialize(self, x, like=None):
        """A Value for x (Poly, Mask, Value); Python numbers need `like`."""
        if isinstance(x, Value):
            return x
        if isinstance(x, Poly):
            return self.tile_poly(x) if x.shape else self.scalar_poly(x)
        if isinstance(x, Mask):
            return self.mask_value(x)
        if isinstance(x, (Pointer,)):
            self.error("a pointer cannot be used as a value (load it first)")
        self.error("expected a tile or scalar, got %s" % describe(x))

    def mask_value(self, m, shape=None):
        """The i1 Value of a Mask, broadcast to `shape` (default its own)."""
        shape = tuple(m.shape if shape is None else shape)
        v = None
        for cond in m.conditions:
            lhs = self.tile_poly(cond, shape) if shape else self.scalar_poly(cond)
            zero = self.constant(0, lhs.element, shape)
            pred = "slt"
            c = self.op1("i1", shape, "arith.cmpi %s, " % pred, lhs.ssa, ", ",
                         zero.ssa, " : %s" % lhs.ir_type, hint="mask")
            v = c if v is None else self.binary_ir("andi", v, c)
        return v if v is not None else self.constant(1, "i1", shape)

    # ---- shapes and types -----------------------------------------------
    def splat(self, scalar, shape):
        if not shape:
            return scalar
        return self.cached(("splat", scalar.ssa.id, shape), lambda: self.op1(
            scalar.element, shape, "tile.splat ", scalar.ssa, " : %s -> %s" % (
                scalar.ir_type, tensor_type(shape, scalar.element))))

    def to_shape(self, v, shape):
        """v broadcast to `shape`, as an IR value of exactly that type."""
        shape = tuple(shape)
        if v.ir_shape == shape and v.expand is None:
            return v
        if not v.shape:
            return self.splat(v, shape)
        if v.ir_shape == shape:
            return Value(v.ssa, v.element, shape)
        if len(v.ir_shape) == 1 and len(shape) == 2:
            n = v.ir_shape[0]
            dim = v.expand if v.expand is not None else 1
            if shape[dim] != n:
                self.error("cannot broadcast a tile of %d elements to %s" % (n, shape))
            return self.cached(("bcast", v.ssa.id, dim, shape), lambda: self.op1(
                v.element, shape, "tile.broadcast ", v.ssa, " dim %d : %s -> %s" % (
                    dim, tensor_type((n,), v.element), tensor_type(shape, v.element))))
        if len(v.ir_shape) == 2 and len(shape) == 2 and 1 in v.ir_shape:
            dim = 1 if v.ir_shape[1] == 1 else 0
            r = self.reduce("add", v, dim)
            r.expand = None
            return self.to_shape(Value(r.ssa, r.element, (r.shape[0],) if dim == 1 else
                                       (1, r.shape[0]), expand=1 - dim), shape)
        self.error("cannot broadcast a tile of shape %s to %s" % (v.shape, shape))

    def cast(self, v, element):
        """`v` as `element` values, by the casts promotion.cast_steps
        gives."""
        if v.element == element:
            return v
        steps = cast_steps(v.element, element)
        if steps is None:
            self.error("cannot cast %s to %s" % (v.element, element))
        for opname, dst in steps:
            if opname is None:  # the same IR value, read as `dst`
                v = Value(v.ssa, dst, v.shape, v.expand)
                continue
            key = ("cast", v.ssa.id, dst, v.shape)
            cast = self.cached_value(key)
            if cast is None:
                cast = self.scopes[-1][key] = self.op1(
                    dst, v.ir_shape, "arith.%s " % opname, v.ssa,
                    " : %s to %s" % (v.ir_type, tensor_type(v.ir_shape, dst)))
            v = cast
        return v

    # ---- arithmetic -----------------------------------------------------
    def binary_ir(self, opname, a, b, element=None):
        """An arith op on two IR values of the same type."""
        shape = a.shape if a.expand is None else (a.shape[a.expand],)
        return self.op1(element or a.element, shape, "arith.%s " % opname,
                        a.ssa, ", ", b.ssa, " : " + tensor_type(shape, a.element))

    def unify(self, a, b):
        """Two operands as Values of one element type and shape."""
        if a.__class__ is Value and b.__class__ is Value and \
                a.element == b.element and a.shape == b.shape and \
                a.expand is None and b.expand is None:
            return a, b, a.element, a.shape  # nothing to convert
        elements = [x.element for x in (a, b) if isinstance(x, Value)]
        elements += ["i32" for x in (a, b) if isinstance(x, (Poly, Mask)) and x.shape]
        elements += ["index" for x in (a, b) if isinstance(x, Poly) and not x.shape]
        element = promote(elements, any(isinstance(x, float) for x in (a, b)))
        shape = ()
        for x in (a, b):
            if hasattr(x, "shape") and not isinstance(x, (int, float)):
                shape = broadcast_shapes(shape, tuple(x.shape), self.loc)
        out = []
        for x in (a, b):
            if isinstance(x, bool):
                x = self.constant(int(x), element, shape)
            elif isinstance(x, (int, float)):
                if isinstance(x, float) and not is_float(element):
                    self.error("a float constant mixed with an integer tile")
                x = self.constant(x, element, shape)
            else:
                x = self.materialize(x)
                if x.element != element:
                    if is_float(x.element) and not is_float(element):
                        self.error("operands of types %s and %s: use cast()" % (
                            x.element, element))
                    x = self.cast(x, element)
                x = self.to_shape(x, shape)
            out.append(x)
        return out[0], out[1], element, shape

    def arith(self, symbol, a, b):
        a, b, element, shape = self.unify(a, b)
        opname = arith_op(symbol, element)
        if opname is None:
            self.error("operator %s is not defined on %s values" % (symbol, element))
        return self.binary_ir(opname, a, b)

    def compare(self, symbol, a, b):
        a, b, element, shape = self.unify(a, b)
        kind, pred = compare_op(symbol, element)
        return self.op1("i1", shape, "arith.%s %s, " % (kind, pred), a.ssa, ", ",
                        b.ssa, " : %s" % a.ir_type)

    def minmax(self, which, a, b):
        a, b, element, shape = self.unify(a, b)
        opname = minmax_op(which, element)
        return self.binary_ir(opname, a, b)

    def select(self, cond, a, b):
        cond = self.materialize(cond)
        if cond.element != "i1" and not is_float(cond.element):
            # Triton's where takes the condition as int1: an integer tile
            # (tutorial 04's loaded 0/1 keep mask) is cond != 0.
            cond = self.compare("!=", cond, 0)
        if cond.element != "i1":
            self.error("where() needs a boolean condition (a comparison or "
                       "integers), got %s" % cond.element)
        a, b, element, shape = self.unify(a, b)
        shape = broadcast_shapes(shape, cond.shape, self.loc)
        a, b = self.to_shape(a, shape), self.to_shape(b, shape)
        cond = self.to_shape(cond, shape)
        if shape:
            typ = " : %s, %s" % (tensor_type(shape, "i1"), a.ir_type)
        else:
            typ = " : %s" % a.ir_type
        return self.op1(element, shape, "arith.select ", cond.ssa, ", ", a.ssa,
                        ", ", b.ssa, typ)

    def unary_math(self, name, x):
        x = self.materialize(x)
        if name == "abs":
            opname = "math.absf" if is_float(x.element) else "math.absi"
        elif name == "neg":
            if not is_float(x.element):
                return self.arith("-", 0, x)
            opname = "arith.negf"
        else:
            if not is_float(x.element):
                self.error("%s() needs a float tile, got %s" % (name, x.element))
            opname = "math." + name
        return self.op1(x.element, x.ir_shape, opname + " ", x.ssa,
                        " : %s" % x.ir_type)

    def reduce(self, kind, x, dim):
        x = self.materialize(x)
        x = self.to_shape(x, x.shape) if x.expand is not None else x
        if not x.shape:
            self.error("cannot reduce a scalar")
        shape = tuple(d for i, d in enumerate(x.shape) if i != dim)
        return self.op1(x.element, shape, "tile.reduce %s " % kind, x.ssa,
                        " dim %d : %s -> %s" % (dim, x.ir_type,
                                                tensor_type(shape, x.element)))


def describe(x):
    if isinstance(x, Value):
        return "a %s %s" % ("tile" if x.shape else "scalar",
                            tensor_type(x.shape, x.element))
    if isinstance(x, Poly):
        return "an integer %s" % ("tile" if x.shape else "scalar")
    if isinstance(x, Mask):
        return "a mask"
    if isinstance(x, Pointer):
        return "a pointer expression"
    if isinstance(x, Buffer):
        return "buffer '%s'" % x.name
    return "a Python %s" % type(x).__name__
