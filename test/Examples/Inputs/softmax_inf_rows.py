"""Writes a float32 .npy (flat, M*N values, without NumPy) for the online
softmax test: values in [-4, 4) (a fixed sine sequence), except that every
row starts with 40 entries of -inf (the first 32-column chunk and part of
the second: the running maximum stays -inf for a whole chunk), row 3 is
-inf throughout and row 5 ends with 50 entries of -inf.

  softmax_inf_rows.py FILE M N
"""
import math
import sys

import npy_f32


def main():
    path, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    values = []
    for r in range(rows):
        for c in range(cols):
            v = 4.0 * math.sin(1.7 * (r * cols + c) + 0.3)
            if c < 40 or r == 3 or (r == 5 and c >= cols - 50):
                v = -math.inf
            values.append(v)
    npy_f32.write(path, values)


if __name__ == "__main__":
    main()
