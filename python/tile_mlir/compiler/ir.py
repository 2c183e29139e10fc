"""Tile IR text, built line by line while a kernel is traced.

SSA values are objects that get their `%name` only when the function is
rendered, so a value can be named after the Python variable it is assigned
to after it was emitted (`acc = tm.dot(...)` gives `%acc`): the IR reads
like the source. Every op carries loc("file.py":line:col) of the Python line
that produced it, so compiler diagnostics name that line."""

import itertools
import math
import re
import struct

_FLOAT_TYPES = ("f32", "f16", "bf16")
_INT_TYPES = ("i32", "i1", "index", "i16", "i8", "u32", "u16", "u8")

# numpy dtype name -> element type, and back (what kernels accept).
NUMPY_TO_ELEMENT = {"float32": "f32", "float16": "f16", "int32": "i32",
                    "int16": "i16", "int8": "i8", "uint32": "u32",
                    "uint16": "u16", "uint8": "u8"}
ELEMENT_TO_NUMPY = {v: k for k, v in NUMPY_TO_ELEMENT.items()}

# Unsigned element types exist only while tracing: tile IR's integers are
# signless, so a u32 value is an i32 in the IR and its signedness picks the
# ops applied to it (shrui, divui, cmpi ult, extui, uitofp), as Triton's
# tl.uint32 does.
_UNSIGNED = {"u32": "i32", "u16": "i16", "u8": "i8"}
INT_WIDTHS = {"i1": 1, "i8": 8, "u8": 8, "i16": 16, "u16": 16, "i32": 32,
              "u32": 32}

DTYPE_ALIASES = {"f32": "f32", "float32": "f32", "fp32": "f32",
                 "f16": "f16", "float16": "f16", "fp16": "f16", "half": "f16",
                 "bf16": "bf16", "bfloat16": "bf16",
                 "i32": "i32", "int32": "i32", "i1": "i1", "bool": "i1",
                 "int1": "i1", "index": "index",
                 "i16": "i16", "int16": "i16", "i8": "i8", "int8": "i8",
                 "u32": "u32", "uint32": "u32", "u16": "u16",
                 "uint16": "u16", "u8": "u8", "uint8": "u8"}


def is_float(element):
    return element in _FLOAT_TYPES


def is_unsigned(element):
    return element in _UNSIGNED


def ir_element(element):
    """The IR's (signless) spelling of a traced element type."""
    return _UNSIGNED.get(element, element)


_TENSOR_TYPES = {}


def tensor_type(shape, element):
    if not shape:
        return _UNSIGNED.get(element, element)
    key = (tuple(shape), element)
    text = _TENSOR_TYPES.get(key)
    if text is None:  # a kernel uses a handful of types, many times each
        text = _TENSOR_TYPES[key] = "tensor<%sx%s>" % (
            "x".join(str(d) for d in shape), ir_element(element))
    return text


class SSA:
    """One SSA value; `hint` becomes its name (made unique) when rendered.
    A `weak` hint (an op's default) gives way to the Python variable the
    value is assigned to."""

    __slots__ = ("id", "hint", "name", "weak")

    def __init__(self, hint=None, weak=False):
        self.id = next(_ssa_ids)
        self.hint = hint
        self.name = None
        self.weak = weak


_ssa_ids = itertools.count(1)


class Function:
    """The lines of one func.func being built: (indent, parts), where parts
    are strings and SSA objects."""

    def __init__(self, name):
        self.name = name
        self.lines = []
        self.indent = 1
        self.arg_parts = []

    def add(self, parts):
        self.lines.append((self.indent, parts))

    def render(self, attributes, loc=None):
        """The function's text; `loc` (the Python `def`) locates it, so that
        errors the compiler reports at the kernel point at Python."""
        # Values are named in order of first appearance in the text: one
        # flat list of strings, joined once, without a call per line. The
        # arguments go first, so they keep the Python parameter names
        # exactly. (`type(p)`: a cheaper test than p.__class__.)
        used, ssa, bases = {}, SSA, _BASES
        out = ["func.func @%s(" % self.name]
        append = out.append
        lines = [(None, self.arg_parts)]
        lines += self.lines
        head = ")\n    attributes {%s} {\n" % ", ".join(attributes)
        indents = _INDENTS
        for i, parts in lines:
            if i is not None:
                append(indents[i] if i < 16 else "  " * i)
            for p in parts:
                if type(p) is not ssa:
                    append(p)
                    continue
                name = p.name
                if name is None:
                    base = bases.get(p.hint) or _name_base(p.hint)
                    n = used.get(base, 0)
                    used[base] = n + 1
                    name = p.name = "%" + (base if n == 0 else
                                           "%s_%d" % (base, n))
                append(name)
            # After the arguments, the attributes.
            append("\n" if i is not None else head)
        out.append("}" + loc_text(loc) + "\n")
        return "".join(out)


_INDENTS = ["  " * i for i in range(16)]


_BASES = {}


def _name_base(hint):
    """The identifier a value named after `hint` gets (before uniquing)."""
    base = _BASES.get(hint)
    if base is None:
        base = re.sub(r"[^A-Za-z0-9_]", "_", hint or "v") or "v"
        if base[0].isdigit():
            base = "v" + base
        _BASES[hint] = base
    return base


def joined(groups, sep=", "):
    """Line parts: the parts of each group in turn, `sep` between groups."""
    out = []
    for i, group in enumerate(groups):
        if i:
            out.append(sep)
        out.extend(group)
    return out


def loc_text(loc):
    if loc is None:
        return ""
    text = loc._text
    if text is None:  # once per location (the tracer reuses them)
        text = loc._text = ' loc("%s":%d:%d)' % (
            loc.filename.replace('"', '\\"'), loc.line, loc.col + 1)
    return text


def format_float(value, element):
    """A float attribute MLIR parses for `element`, also for inf and nan."""
    if math.isinf(value) or math.isnan(value):
        if element == "f32":
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            return "0x%08X" % bits
        if element == "f16":
            bits = struct.unpack("<H", struct.pack("<e", value))[0]
            return "0x%04X" % bits
        return "0x%04X" % (0xFF80 if value < 0 else 0x7F80)
    r = repr(float(value))
    if "." in r:
        return r
    # MLIR's float literals need a fraction: 1e-07 is 1.0e-07.
    return r.replace("e", ".0e") if "e" in r else r + ".0"
