"""Triton's random numbers: `tl.randint`, `tl.randint4x`, `tl.rand`,
`tl.randn` and `tl.philox`, with Triton's definitions, so that a seed and
offsets give Triton's numbers.

Philox 4x32 with 10 rounds: the counter is (offset, 0, 0, 0), the key
(seed & 0xffffffff, seed >> 32), the round and key constants those of
Random123 (and Triton). Each round needs the high 32 bits of two 32 x 32
bit products; tile IR kernels compute in i32, so the product is formed from
16-bit halves (all i32 arithmetic wraps modulo 2^32, shifts are logical).
`rand` maps the first word x (as int32) to `(x < 0 ? -x - 1 : x) *
4.6566127342e-10`; `randn` is Box-Muller on the first two words."""

from .core import int_arg
from ..compiler.emitter import Value, describe
from ..compiler.poly import Poly

_KEY_A, _KEY_B = 0x9E3779B9, 0xBB67AE85
_ROUND_A, _ROUND_B = 0xD2511F53, 0xCD9E8D57


def _signed(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


class _Words:
    """i32 arithmetic modulo 2^32 on tiles of one shape."""

    def __init__(self, em, shape):
        self.em, self.shape = em, shape

    def const(self, v):
        return self.em.constant(_signed(v), "i32", self.shape)

    def op(self, name, a, b):
        if isinstance(b, int):
            b = self.const(b)
        return self.em.binary_ir(name, a, b)

    def umulhi(self, k, x):
        """The high 32 bits of k * x (k a constant, x a tile), unsigned."""
        k0, k1 = k & 0xFFFF, k >> 16
        x0, x1 = self.op("andi", x, 0xFFFF), self.op("shrui", x, 16)
        low = self.op("muli", x0, k0)
        mid_a, mid_b = self.op("muli", x0, k1), self.op("muli", x1, k0)
        high = self.op("muli", x1, k1)
        carry = self.op("addi", self.op("shrui", low, 16),
                        self.op("addi", self.op("andi", mid_a, 0xFFFF),
                                self.op("andi", mid_b, 0xFFFF)))
        total = self.op("addi", high, self.op("shrui", mid_a, 16))
        total = self.op("addi", total, self.op("shrui", mid_b, 16))
        return self.op("addi", total, self.op("shrui", carry, 16))


def philox_words(em, seed, counters, n_rounds=10):
    """The four i32 words of Philox 4x32 for `counters` (four i32 Values of
    one shape) and `seed` (a Python int, or an index/i32 scalar Value)."""
    shape = counters[0].shape
    w = _Words(em, shape)
    if isinstance(seed, int):
        k0, k1 = w.const(seed & 0xFFFFFFFF), w.const(seed >> 32 & 0xFFFFFFFF)
    else:  # a runtime seed is a 32-bit kernel argument: its high word is 0
        k0, k1 = em.splat(em.cast(seed, "i32"), shape), w.const(0)
    c0, c1, c2, c3 = counters
    for _ in range(n_rounds):
        c0, c1, c2, c3 = (
            w.op("xori", w.op("xori", w.umulhi(_ROUND_B, c2), c1), k0),
            w.op("muli", c2, _ROUND_B),
            w.op("xori", w.op("xori", w.umulhi(_ROUND_A, c0), c3), k1),
            w.op("muli", c0, _ROUND_A))
        k0, k1 = w.op("addi", k0, _KEY_A), w.op("addi", k1, _KEY_B)
    return c0, c1, c2, c3


def _seed(tr, seed):
    if isinstance(seed, bool):
        tr.error("a seed is an integer")
    if isinstance(seed, int):
        return seed & 0xFFFFFFFFFFFFFFFF
    if isinstance(seed, Poly) and not seed.shape:
        return tr.em.scalar_poly(seed)
    if isinstance(seed, Value) and not seed.shape and \
            seed.element in ("i32", "index"):
        return seed
    tr.error("a seed must be an integer scalar, got %s" % describe(seed))


def _counter(tr, x):
    em = tr.em
    if isinstance(x, bool) or not isinstance(x, (int, Poly, Value)):
        tr.error("Philox offsets must be integers, got %s" % describe(x))
    if isinstance(x, int):
        return em.constant(_signed(x), "i32")
    v = em.materialize(x)
    if v.element not in ("i32", "index"):
        tr.error("Philox offsets must be integers, got %s" % describe(v))
    return em.to_shape(em.cast(v, "i32"), v.shape)


def _words(tr, seed, counters, n_rounds):
    em = tr.em
    n_rounds = int_arg(tr, n_rounds, "n_rounds")
    values = [_counter(tr, c) for c in counters]
    shape = ()
    for v in values:
        if v.shape:
            shape = v.shape
    values = [em.to_shape(v, shape) for v in values]
    return philox_words(em, _seed(tr, seed), values, n_rounds)


def philox(tr, seed, c0, c1, c2, c3, n_rounds=10):
    """The four 32-bit words (int32) of Philox 4x32 for counter (c0, c1, c2,
    c3) and key (seed low word, seed high word)."""
    return _words(tr, seed, (c0, c1, c2, c3), n_rounds)


def randint4x(tr, seed, offset, n_rounds=10):
    """Four blocks of random 32-bit words (int32) for `offset`."""
    return _words(tr, seed, (offset, 0, 0, 0), n_rounds)


def randint(tr, seed, offset, n_rounds=10):
    """A block of random 32-bit words (int32): Triton's randint."""
    return randint4x(tr, seed, offset, n_rounds)[0]


def uniform(em, x):
    """Triton's uint_to_uniform_float for 32-bit words: [0, 1)."""
    negative = em.compare("<", x, 0)
    folded = em.select(negative, em.arith("-", em.arith("-", 0, x), 1), x)
    return em.arith("*", em.cast(folded, "f32"), 4.6566127342e-10)


def rand(tr, seed, offset, n_rounds=10):
    """A block of uniform floats in [0, 1)."""
    return uniform(tr.em, randint(tr, seed, offset, n_rounds))


def rand4x(tr, seed, offset, n_rounds=10):
    """Four blocks of uniform floats in [0, 1)."""
    return tuple(uniform(tr.em, w) for w in randint4x(tr, seed, offset, n_rounds))


def uint_to_uniform_float(tr, x):
    """Triton's uint_to_uniform_float of 32-bit words (int32 or uint32)."""
    v = tr.em.materialize(x)
    if v.element not in ("i32", "u32"):
        tr.error("uint_to_uniform_float takes 32-bit words, got %s" % describe(v))
    return uniform(tr.em, tr.em.cast(v, "i32"))


def pair_uniform_to_normal(tr, u1, u2):
    """Box-Muller: two blocks of uniform floats to two of standard normals."""
    em = tr.em
    u1 = em.minmax("max", em.materialize(u1), 1.0e-7)
    th = em.arith("*", u2, 6.283185307179586)
    r = em.unary_math("sqrt", em.arith("*", em.unary_math("log", u1), -2.0))
    return (em.arith("*", r, em.unary_math("cos", th)),
            em.arith("*", r, em.unary_math("sin", th)))


def randn(tr, seed, offset, n_rounds=10):
    """A block of standard normal floats (Box-Muller on two words)."""
    i1, i2, _, _ = randint4x(tr, seed, offset, n_rounds)
    return pair_uniform_to_normal(tr, uniform(tr.em, i1), uniform(tr.em, i2))[0]


def randn4x(tr, seed, offset, n_rounds=10):
    """Four blocks of standard normal floats."""
    u1, u2, u3, u4 = rand4x(tr, seed, offset, n_rounds)
    return (pair_uniform_to_normal(tr, u1, u2) +
            pair_uniform_to_normal(tr, u3, u4))
