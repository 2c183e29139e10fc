"""Python lists of traced values in a kernel, as meTile's kernels use them:
list displays, comprehensions over values known while tracing, `append`
and friends, item assignment with an index known while tracing, and lists
carried through a tile loop (each item its own iter_args)."""

import ast

from .emitter import Value, describe
from .poly import Mask, Poly

# The methods of a Python list a kernel may call: those that only move
# items around (no comparisons, which would need IR).
LIST_METHODS = frozenset(("append", "extend", "insert", "pop", "copy",
                          "reverse", "clear"))

_TRACED = (Value, Poly, Mask)


def mutated_names(stmt):
    """The names whose value `stmt` changes in place: `name[i] = ...`,
    `name[i] += ...`, `name.append(...)` (kept on the node, as the names
    a statement assigns are)."""
    names = getattr(stmt, "_tile_mutated", None)
    if names is None:
        names = []
        for n in ast.walk(stmt):
            base = None
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                base = n.value
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                    and n.func.attr in LIST_METHODS:
                base = n.func.value
            if isinstance(base, ast.Name) and base.id not in names:
                names.append(base.id)
        stmt._tile_mutated = names
    return names


class ListTracing:
    """The list handling of the tracer (a mixin of Tracer)."""

    def expr_ListComp(self, node):
        return self.comprehension(node.generators, node.elt)

    def expr_GeneratorExp(self, node):
        return self.comprehension(node.generators, node.elt)

    def comprehension(self, generators, element):
        """The items of `[element for ... in ... if ...]`: each iterable
        must be known while tracing (a range of constants, a list); its
        variables are local to the comprehension, as in Python 3."""
        names = set()
        for g in generators:
            names.update(n.id for n in ast.walk(g.target) if isinstance(n, ast.Name))
        saved = {n: self.env[n] for n in names if n in self.env}
        out = []
        try:
            self.generate(generators, element, out)
        finally:
            for n in names:
                self.env.pop(n, None)
            self.env.update(saved)
        return out

    def generate(self, generators, element, out):
        g, rest = generators[0], generators[1:]
        if getattr(g, "is_async", False):
            self.error("async comprehensions are not supported in a kernel", g.iter)
        it = self.expr(g.iter)
        if isinstance(it, _TRACED) or not hasattr(it, "__iter__"):
            self.error("a comprehension in a kernel iterates over values known "
                       "while tracing (a range of constants, a list), not %s" %
                       describe(it), g.iter)
        for v in list(it):
            self.assign(g.target, v)
            keep = True
            for cond in g.ifs:
                c = self.expr(cond)
                if isinstance(c, _TRACED):
                    self.error("a comprehension's 'if' needs a condition known "
                               "while tracing", cond)
                keep = keep and bool(c)
            if not keep:
                continue
            if rest:
                self.generate(rest, element, out)
            else:
                out.append(self.expr(element))

    def list_item(self, target):
        """(list, index) of an item assignment `name[index] = ...`."""
        base = self.expr(target.value)
        index = self.expr(target.slice)
        if not isinstance(base, list):
            self.error("only items of Python lists can be assigned in a kernel, "
                       "not of %s" % describe(base), target)
        if isinstance(index, bool) or not isinstance(index, (int, slice)):
            self.error("a list item is assigned with an index known while "
                       "tracing, not %s (loop over static_range to unroll)" %
                       describe(index), target)
        try:
            base[index]
        except IndexError as e:
            self.error("cannot assign a list item: %s" % e, target)
        return base, index

    def assign_item(self, target, value):
        base, index = self.list_item(target)
        base[index] = value

    def list_loop_parts(self, name, items, expect):
        """loop_parts of a list: its items' parts, one after the other."""
        if expect is not None and (expect[0] != "list" or
                                   len(expect[1]) != len(items)):
            self.error("'%s' changes its length in the loop (%d items before): "
                       "a list carried by a tile loop keeps its length" %
                       (name, len(expect[1]) if expect[0] == "list" else 0))
        extra, parts = [], []
        for i, item in enumerate(items):
            sub = None if expect is None else expect[1][i][:2]
            kind, p, e = self.loop_parts("%s[%d]" % (name, i), item, sub)
            extra.append((kind, e, len(p)))
            parts.extend(p)
        return "list", parts, tuple(extra)

    def rebuild_list(self, extra, values):
        out, k = [], 0
        for kind, e, n in extra:
            out.append(self.rebuild(kind, e, values[k:k + n]))
            k += n
        return out
