"""The program's place in the grid and its loops: program ids (remapped
by a Config's SWIZZLE), the grid size, tile.swizzle with meTile's pattern
names, ceil division of traced integers, and runtime loops."""

from ..compiler.loops import TileRange
from ..compiler.poly import Poly
from .core import host_cdiv, int_arg


def axis_name(tr, axis):
    if axis not in (0, 1, 2):
        tr.error("axis must be 0, 1 or 2")
    return "xyz"[axis]


def program_id(tr, axis):
    """This program's index along `axis`; with a SWIZZLE (a meTile Config),
    axes 0 and 1 are the ids tile_swizzle remaps, once per region."""
    em = tr.em
    if em.swizzle is not None and axis in (0, 1):
        pair = em.cached(("swizzled pid", em.swizzle), lambda: tile_swizzle(
            tr, raw_program_id(tr, 0), raw_program_id(tr, 1), em.swizzle))
        return pair[axis]
    return raw_program_id(tr, axis)


def raw_program_id(tr, axis):
    return tr.em.op1("index", (), "tile.program_id %s : index" % axis_name(tr, axis),
                     hint="pid")


def num_programs(tr, axis):
    return tr.em.op1("index", (), "tile.num_programs %s : index" %
                     axis_name(tr, axis), hint="nprog")


def cdiv(tr, a, b):
    """ceil(a / b): an int of ints, else (a + b - 1) // b in IR."""
    if isinstance(a, int) and isinstance(b, int):
        return host_cdiv(a, b)
    em = tr.em
    pa, pb = em.index_poly(a), em.index_poly(b)
    num = pa.add(pb, ()).add(Poly.const(-1), ())
    return em.atom_poly(em.arith("//", em.scalar_poly(num), em.scalar_poly(pb)))


def loop_range(tr, start, stop=None, step=1, num_stages=None):
    """A runtime loop (one tile.for_range) from start to stop by step, or
    from 0 to start; num_stages is its software-pipelining depth."""
    if stop is None:
        start, stop = 0, start
    if num_stages is not None:
        int_arg(tr, num_stages, "num_stages")
    return TileRange(start, stop, step, num_stages)


_PATTERNS = ("linear", "diagonal", "morton", "grouped", "hilbert")
# meTile's schedule names besides those (docs/python.md, "Tile swizzles").
_METILE_NAMES = ("auto", "grouped2", "grouped4", "grouped8")


def swizzle_pattern(tr, pattern, block_size):
    """(pattern, block or None) of the tile.swizzle for tile_swizzle's
    arguments, which take meTile's names and rules: `auto` is hilbert;
    `grouped<N>` is grouped with groups of N rows; hilbert needs block 4
    and morton a power of two (meTile: 2); linear, diagonal, auto and
    grouped<N> ignore block_size, as meTile does. Plain `grouped` takes
    its group size from block_size."""
    if pattern == "auto":
        return "hilbert", 4
    if isinstance(pattern, str) and pattern.startswith("grouped") and \
            pattern[7:].isdigit() and int(pattern[7:]) > 0:
        return "grouped", int(pattern[7:])
    if pattern not in _PATTERNS:
        tr.error("unknown swizzle pattern %r (%s, or grouped<N> such as "
                 "grouped4)" % (pattern, ", ".join(_PATTERNS + _METILE_NAMES)))
    if pattern in ("linear", "diagonal") or block_size is None:
        return pattern, None
    block = int_arg(tr, block_size, "block_size")
    if pattern == "hilbert" and block != 4:
        tr.error("hilbert swizzling requires block_size=4 (its 4x4 panels), "
                 "got %d" % block)
    return pattern, block


def tile_swizzle(tr, pid_m, pid_n, pattern="morton", block_size=None):
    """(pid_m, pid_n) remapped by a tile.swizzle of `pattern`."""
    em = tr.em
    pattern, block = swizzle_pattern(tr, pattern, block_size)
    attrs = 'pattern = "%s"' % pattern
    if block is not None:
        attrs += ", block = %d" % block
    pm = em.index_value(pid_m)
    pn = em.index_value(pid_n)
    return tuple(em.op([("index", ()), ("index", ())],
                       ["tile.swizzle ", pm.ssa, ", ", pn.ssa,
                        " {%s} : index" % attrs], ["pid_m", "pid_n"]))
