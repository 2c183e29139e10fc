"""numpy, when it is installed. The package imports, traces and compiles
without it (tile IR, MSL and the ABI need no arrays: buffer arguments can
be given as dtypes or Buffer(dtype=...)); running kernels needs it."""

from ..errors import TileError

try:
    import numpy
except ImportError:
    numpy = None


def require(what):
    """numpy, or a TileError saying that `what` needs it."""
    if numpy is None:
        raise TileError("%s needs numpy (Debian: apt-get install python3-numpy)"
                        % what)
    return numpy
