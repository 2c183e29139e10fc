"""Writes a float32 .npy (flat, M*N values, without NumPy) for the online
softmax test: values in [-4, 4) (a fixed sine sequence), except that every
row starts with 40 entries of -inf (the first 32-column chunk and part of
the second: the running maximum stays -inf for a whole chunk), row 3 is
-inf throughout and row 5 ends with 50 entries of -inf.

  softmax_inf_rows.py FILE M N
"""
import math
import struct
import sys


def main():
    path, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    values = []
    for r in range(rows):
        for c in range(cols):
            v = 4.0 * math.sin(1.7 * (r * cols + c) + 0.3)
            if c < 40 or r == 3 or (r == 5 and c >= cols - 50):
                v = -math.inf
            values.append(v)
    n = len(values)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % n
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%df" % n, *values))


if __name__ == "__main__":
    main()
