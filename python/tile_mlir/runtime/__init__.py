"""The host side: libTileCAPI.so through ctypes (_capi), numpy as an
optional dependency (_numpy), and autotuning over launches (autotune).
docs/python.md, "Architecture of the package"."""
