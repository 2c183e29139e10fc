"""numpy checks of what the kernels in test/Emulator/indirect wrote.

    check.py wrap X.npy Y.npy M N
    check.py atomics X.npy H.npy Mx.npy Mn.npy Xo.npy F.npy S.npy
    check.py scatter-cas perm.npy X.npy Y.npy L.npy Lout.npy Old.npy

Prints "<kind>: match", or "<kind>: MISMATCH ..." and exits 1.
"""
import functools
import sys

import numpy as np


def wrap(x, y, m, n):
    x = x[:m * n].reshape(m, n)
    return np.array_equal(y[:m * n].reshape(m, n), 2 * x)


def atomics(x, h, mx, mn, xo, f, s):
    i = np.arange(len(x))
    bins = range(13)
    ok = np.array_equal(h, np.bincount(x, minlength=13))
    ok &= np.array_equal(mx, [i[x == b].max() for b in bins])
    ok &= np.array_equal(mn, [i[x == b].min() for b in bins])
    ok &= np.array_equal(
        xo, [functools.reduce(lambda a, c: a ^ c, i[x == b]) for b in bins])
    want = f.astype(np.float64).sum()
    ok &= abs(float(s[0]) - want) <= 1e-4 * np.abs(f).sum()
    return ok


def scatter_cas(perm, x, y, l, lout, old):
    want = np.zeros_like(y)
    want[perm] = 3 * x
    i = np.arange(len(l))
    return (np.array_equal(y, want) and
            np.array_equal(lout, np.where(l == i, i + 100, l)) and
            np.array_equal(old, l))


def main(argv):
    kind, args = argv[1], argv[2:]
    arrays = [np.load(a) for a in args if a.endswith(".npy")]
    numbers = [int(a) for a in args if not a.endswith(".npy")]
    check = {"wrap": wrap, "atomics": atomics, "scatter-cas": scatter_cas}
    ok = check[kind](*arrays, *numbers)
    print(f"{kind}: {'match' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
