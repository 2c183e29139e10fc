"""Constructs that check or print while tracing and compiler hints that
emit nothing: static_assert, static_print, multiple_of/max_contiguous,
assume and debug_barrier."""

from ..compiler.emitter import Value, describe


def static_assert(tr, cond, msg=""):
    """Fails the trace (a located DSLError) when `cond` is false; `cond`
    must be known while tracing."""
    if isinstance(cond, (Value,)) or hasattr(cond, "terms") or \
            hasattr(cond, "conditions"):
        tr.error("tl.static_assert needs a condition known while tracing, "
                 "got %s" % describe(cond))
    if not cond:
        tr.error("static_assert failed" + (": %s" % msg if msg else ""))


def static_print(tr, *values):
    """Prints values known while tracing (traced ones described)."""
    print(*[v if not hasattr(v, "ssa") else describe(v) for v in values])


def hint(tr, input, values=None):
    """A compiler hint about `input` (multiple_of, max_contiguous), accepted
    and ignored: `input` itself."""
    return input


def no_op(tr, *args, **kwargs):
    """assume(cond) and debug_barrier(): nothing to emit. tile IR has no
    shared memory a program could race on; the compiler places the
    barriers its own staging needs."""
    return None
