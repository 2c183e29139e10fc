"""Writes a float32 .npy (flat, M*N values, without NumPy) for the layer
norm tests: rows far from 0 and drifting along the row, so that the running
mean of a one-pass variance moves a lot and a form that subtracts squares
(sum x^2 - n mean^2) would lose the variance to cancellation in f32. Row r,
column c: 10000 + 100 r + 20 c / N + sin(1.3 (r N + c)).

  layernorm_offset_rows.py FILE M N
"""
import math
import sys

import npy_f32


def main():
    path, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    values = [10000.0 + 100.0 * r + 20.0 * c / cols +
              math.sin(1.3 * (r * cols + c))
              for r in range(rows) for c in range(cols)]
    npy_f32.write(path, values)


if __name__ == "__main__":
    main()
