"""Integer expressions kept symbolic until they must become IR.

A Poly is a polynomial with integer coefficients over atoms: scalar index
values of the kernel (program ids, arguments, loop variables, results of
ops the polynomial form cannot hold such as `//`) and, for integer tiles,
the element index along an axis (what `arange` produces). Keeping them
symbolic is what lets `a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]`
become `tile.load %a[...] strides [%stride_am, %c1]`: the stride of an axis
is the coefficient of that axis' index, and a mask `offs_k[None, :] < K - k`
is a bound on it. Only affine forms map onto tile.load; the rest is a
DSLError naming the line."""


_new = object.__new__


def raw_poly(terms, shape):
    """Poly(terms, shape) for terms without a zero coefficient and a tuple
    shape (an atom, `pid_m * BLOCK_M`), without __init__'s checks and copy:
    the hot paths make several a trace."""
    p = _new(Poly)
    p.terms, p.shape, p._key = terms, shape, None
    return p


class Poly:
    """sum(coef * prod(atoms)); atoms are ('axis', k) or ('v', ssa_id).
    `shape` is the tile shape (() for a scalar)."""

    __slots__ = ("terms", "shape", "_key")

    def __init__(self, terms, shape=()):
        self.terms = {m: c for m, c in terms.items() if c != 0} \
            if 0 in terms.values() else dict(terms)
        self.shape = shape if shape.__class__ is tuple else tuple(shape)
        self._key = None

    @staticmethod
    def const(c, shape=()):
        return Poly({(): int(c)}, shape)

    @staticmethod
    def atom(ssa_id):
        return raw_poly({(("v", ssa_id),): 1}, ())

    @staticmethod
    def axis(k, shape):
        return Poly({(("axis", k),): 1}, shape)

    def constant(self):
        """The int value if the polynomial is a constant, else None."""
        terms = self.terms
        if not terms:
            return 0
        if len(terms) == 1:
            return terms.get(())
        return None

    def key(self):
        # Polys do not change once built; emitters look them up by key
        # several times each.
        key = self._key
        if key is None:
            key = self._key = (tuple(sorted(self.terms.items())), self.shape)
        return key

    def __eq__(self, other):
        return isinstance(other, Poly) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def add(self, other, shape):
        t = dict(self.terms)
        for m, c in other.terms.items():
            t[m] = t.get(m, 0) + c
        return Poly(t, shape)

    def scale(self, k):
        return Poly({m: c * k for m, c in self.terms.items()}, self.shape)

    def mul(self, other, shape):
        t = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                m = tuple(sorted(m1 + m2))
                t[m] = t.get(m, 0) + c1 * c2
        return Poly(t, shape)

    def with_shape(self, shape, axis_map):
        """The same expression on a reshaped tile: axis k becomes axis_map[k]."""
        t = {}
        for m, c in self.terms.items():
            nm = tuple(sorted(("axis", axis_map[a[1]]) if a[0] == "axis" else a
                              for a in m))
            t[nm] = t.get(nm, 0) + c
        return Poly(t, shape)

    def split_axes(self):
        """{axis_or_None: coefficient Poly (scalar)}; raises ValueError if a
        monomial holds two axis factors (not affine in the element index)."""
        out = {}
        for m, c in self.terms.items():
            axes = [a for a in m if a[0] == "axis"]
            if len(axes) > 1:
                raise ValueError("the offset multiplies two tile indices "
                                 "(not affine)")
            rest = tuple(a for a in m if a[0] != "axis")
            k = axes[0][1] if axes else None
            out.setdefault(k, {})
            out[k][rest] = out[k].get(rest, 0) + c
        return {k: Poly(t) for k, t in out.items()}


def divide(remainder, strides):
    """Write the scalar Poly `remainder` as sum(q[k] * strides[k]); returns
    {k: q[k]} or None. Each monomial goes to the first axis whose stride is a
    single monomial dividing it; strides are tried largest first so that
    `pid * BM * stride_am` lands on the row axis rather than a unit stride."""
    single = []
    for k, s in strides.items():
        if len(s.terms) == 1:
            (m, c), = s.terms.items()
            single.append((k, m, c))
    single.sort(key=lambda e: (-len(e[1]), -abs(e[2]), e[0]))
    q = {k: {} for k in strides}
    for m, c in remainder.terms.items():
        for k, sm, sc in single:
            rest = list(m)
            ok = c % sc == 0
            for a in sm:
                if ok and a in rest:
                    rest.remove(a)
                else:
                    ok = False
            if ok:
                r = tuple(rest)
                q[k][r] = q[k].get(r, 0) + c // sc
                break
        else:
            return None
    return {k: Poly(t) for k, t in q.items()}


class Mask:
    """A conjunction of `lhs < rhs` on integer tiles (Triton masks);
    `conditions` are (lhs - rhs) Polys, each meaning `< 0`."""

    __slots__ = ("conditions", "shape")

    def __init__(self, conditions, shape):
        self.conditions = list(conditions)
        self.shape = tuple(shape)


class Pointer:
    """`buffer + offset` (Triton pointer expressions): element offsets, one
    per tile element."""

    __slots__ = ("buffer", "offset")

    def __init__(self, buffer, offset):
        self.buffer, self.offset = buffer, offset

    @property
    def shape(self):
        return self.offset.shape
