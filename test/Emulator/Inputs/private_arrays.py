"""Checks the results of private-arrays.mlir against Python's.

  private_arrays.py X A B C Y    (.npy files: inputs X, A, B; results C, Y)

Prints, for Y and C, how many values there are and the largest absolute
difference from the expected ones (0: every value agrees exactly).
"""
import struct
import sys

FORMATS = {"<f4": "f", "<f2": "e"}


def read(path):
    data = open(path, "rb").read()
    assert data[:6] == b"\x93NUMPY", path
    length = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + length].decode()
    fmt = FORMATS[header.split("'descr': '")[1][:3]]
    n = int(header.split("'shape': (")[1].split(",")[0])
    return list(struct.unpack("<%d%s" % (n, fmt),
                              data[10 + length:10 + length + n * struct.calcsize(fmt)]))


def report(name, got, want):
    assert len(got) == len(want), (name, len(got), len(want))
    error = max(abs(g - w) for g, w in zip(got, want))
    print("%s: %d values, max abs error %g" % (name, len(got), error))


def main():
    x, a, b, c, y = (read(p) for p in sys.argv[1:6])
    t = lambda lane, i: 2 * x[lane + i]
    report("Y", y, [sum(t(lane, i) * x[i] for i in range(16)) + t(lane, 3)
                    for lane in range(32)])
    report("C", c, [sum(a[r * 16 + k] * b[k * 16 + col] for k in range(16))
                    for r in range(16) for col in range(16)])


main()
