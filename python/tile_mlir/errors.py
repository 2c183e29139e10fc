"""Exceptions of tile_mlir. Every failure a user can cause (a kernel the DSL
cannot trace, IR the compiler rejects, a launch the emulator refuses) is one
of these, with the Python source line when there is one; nothing is allowed
to crash the interpreter."""

import linecache


class TileError(Exception):
    """Base class of every tile_mlir error."""


class LibraryNotFoundError(TileError):
    """libTileCAPI.so was not found (see tile_mlir._capi for the lookup)."""


class SourceLocation:
    """A place in a Python file, as the tracer records it for each op."""

    _text = None  # its loc(...) in tile IR, once written (ir.loc_text)

    def __init__(self, filename, line, col=0):
        self.filename, self.line, self.col = filename, line, col

    def text(self):
        return linecache.getline(self.filename, self.line).rstrip("\n")

    def __str__(self):
        return "%s:%d:%d" % (self.filename, self.line, self.col + 1)


def _with_source(message, loc):
    """`file:line:col: error: message` and the line itself, compiler style."""
    if loc is None:
        return message
    text = loc.text()
    out = "%s: error: %s" % (loc, message)
    if text:
        out += "\n    " + text.strip()
    return out


class DSLError(TileError):
    """The kernel uses something the DSL cannot express (an op outside the
    DSL, a non-affine pointer, a dtype or shape mismatch...). `location` is
    the Python line that did it."""

    def __init__(self, message, location=None):
        self.message, self.location = message, location
        super().__init__(_with_source(message, location))


class CompilationError(TileError):
    """The compiler rejected the traced kernel. `diagnostics` are its
    located lines (`file.py:line:col: error: ...`); each one that points
    into a Python file is followed by that line's text."""

    def __init__(self, diagnostics, ir=None):
        self.diagnostics, self.ir = diagnostics, ir
        lines = []
        for d in diagnostics.splitlines():
            lines.append(d)
            loc = _parse_location(d)
            if loc and loc.text():
                lines.append("    " + loc.text().strip())
        super().__init__("tile-mlir compiler:\n" + "\n".join(lines))


def _parse_location(diagnostic):
    """The SourceLocation at the start of `file.py:line:col: ...`, if any."""
    parts = diagnostic.split(":")
    for i in range(1, len(parts) - 1):
        if parts[i].isdigit() and parts[i + 1].isdigit():
            name = ":".join(parts[:i])
            if name.endswith(".py"):
                return SourceLocation(name, int(parts[i]), int(parts[i + 1]) - 1)
            return None
    return None


class EmulatorError(TileError):
    """The Metal emulator could not run the kernel (compile, out-of-bounds
    access, divergent barrier, race...). `status` is the TILE_EMULATOR_ERR_*
    code of tile-c/Emulator.h."""

    STATUS_NAMES = {1: "argument", 2: "compile", 3: "load", 4: "divergence",
                    5: "race", 6: "out-of-bounds", 7: "fault", 8: "timeout",
                    9: "system"}

    def __init__(self, status, message, kernel=None):
        self.status, self.kernel = status, kernel
        name = self.STATUS_NAMES.get(status, str(status))
        where = " running kernel '%s'" % kernel if kernel else ""
        super().__init__("Metal emulator (%s error)%s: %s" % (name, where, message))
