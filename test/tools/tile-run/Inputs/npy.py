"""Writes and checks .npy files for tile-run's tests, without NumPy.

  npy.py write FILE DESCR N [--fortran]  FILE: N values i * 0.25 - 3 (signed
                                         ints: i - 3; unsigned: i * 0x10000025
                                         modulo 2^bits)
  npy.py add-check Z X Y                 prints whether Z == X + Y elementwise
  npy.py axpy-check Z X Y S N            prints whether Z == X + S * Y (float32)
                                         in its first N elements, zeros after
  npy.py print FILE...                   prints each file's values on a line
"""
import struct
import sys

FORMATS = {"<f4": "f", "<f2": "e", "<i4": "i", "<f8": "d", "|i1": "b",
           "|u1": "B", "<i2": "h", "<u2": "H", "<u4": "I"}


def write(path, descr, n, fortran):
    fmt = FORMATS[descr]
    if fmt in "BHI":
        bits = 8 * struct.calcsize(fmt)
        values = [i * 0x10000025 % (1 << bits) for i in range(n)]
    else:
        values = [i - 3 if fmt in "bhi" else i * 0.25 - 3 for i in range(n)]
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%d,), }" % (
        descr, "True" if fortran else "False", n)
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(struct.pack("<%d%s" % (n, fmt), *values))


def read(path):
    data = open(path, "rb").read()
    assert data[:6] == b"\x93NUMPY", path
    length = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + length].decode()
    descr = header.split("'descr': '")[1][:3]
    n = int(header.split("'shape': (")[1].split(",")[0])
    return list(struct.unpack("<%d%s" % (n, FORMATS[descr]),
                              data[10 + length:10 + length + n * struct.calcsize(FORMATS[descr])]))


def main():
    if sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3], int(sys.argv[4]), "--fortran" in sys.argv)
    elif sys.argv[1] == "axpy-check":
        z, x, y = (read(p) for p in sys.argv[2:5])
        s, n = float(sys.argv[5]), int(sys.argv[6])
        f32 = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]
        print("axpy-check:", len(z), all(
            a == (f32(b + f32(s * c)) if i < n else 0)
            for i, (a, b, c) in enumerate(zip(z, x, y))))
    elif sys.argv[1] == "print":
        for path in sys.argv[2:]:
            print(" ".join(repr(v) for v in read(path)))
    else:
        z, x, y = (read(p) for p in sys.argv[2:5])
        print("add-check:", len(z), all(a == b + c for a, b, c in zip(z, x, y)))


main()
