"""numpy reference of examples/llm/matvec_f16.mlir, for test/Examples/llm-matvec.test.

    matvec_reference.py X.npy W.npy Y.npy N K

y = x W with x of K elements and W K x N row-major (what tile-run wrote
with --out), in float64; prints the largest error relative to max |y| and
"match" when it is within f16 rounding, or "MISMATCH" (exit 1).
"""
import sys

import numpy as np


def main(x_path, w_path, y_path, n, k):
    n, k = int(n), int(k)
    x = np.load(x_path)[:k].astype(np.float64)
    w = np.load(w_path)[:k * n].astype(np.float64).reshape(k, n)
    y = np.load(y_path)[:n].astype(np.float64)
    expected = x @ w
    error = np.abs(y - expected).max() / max(np.abs(expected).max(), 1e-30)
    ok = error <= 2e-3
    print(f"max relative error {error:.3g}: {'match' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
