"""Writes a flat float32 .npy without NumPy (for the input generators of
the Examples tests, which run under any Python)."""
import struct


def write(path, values):
    n = len(values)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % n
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%df" % n, *values))
