#!/usr/bin/env python3
"""Random but valid tile kernels for differential testing (docs/testing.md).

Each generator returns a Case: the kernel's MLIR text, its name, the
tile-run arguments (buffers with seeded random data, ragged sizes) and the
grid. Kernels are valid by construction as far as the generator knows; the
campaign driver (campaign.py) runs tile-opt on each first and counts what
the verifier rejects as a generator bug, not a finding.

Families (one module each, helpers in kernel_text.py):
  gather   gen_indirect.py: tile.gather / tile.scatter through computed
           offsets (% M, // 8, transposed, rotated; masks, `other`),
           histogram atomics, GEMMs on gathered A rows
  reduce   gen_elementwise.py: tile.reduce of every kind over rows, columns
           or to a scalar, f32/f16/bf16/i32, shapes that do not split evenly
  elemwise gen_elementwise.py: arith/math chains with casts between
           f32/f16/bf16/i32/i16/i8 and special values (inf, NaN)
  dot      gen_dots.py: GEMM tiles with epilogues, num_stages, swizzles;
           matvec-shaped dots (M = 1..8)
  scan     gen_loops.py: cumsum/cumprod (a masked n x n reduction, or a dot
           with a triangular matrix), online-softmax and variance loop pairs,
           tile.for_range loops carrying values
"""


import random

from kernel_text import Case  # noqa: F401  (campaign.py reads its fields)
from gen_indirect import gen_gather
from gen_elementwise import gen_reduce, gen_elemwise
from gen_dots import gen_dot
from gen_loops import gen_scan

FAMILIES = ("gather", "reduce", "elemwise", "dot", "scan")

GENERATORS = {"gather": gen_gather, "reduce": gen_reduce, "elemwise": gen_elemwise,
              "dot": gen_dot, "scan": gen_scan}


class OddShapes(random.Random):
    """Picks sizes that split over nothing (1, 3, 5, 7, 12, 24, 40, 96) in
    place of most of the generators' tile sizes and grid shapes."""

    SIZES = [1, 2, 3, 5, 7, 12, 24, 40, 96]

    def choice(self, seq):
        seq = list(seq)
        if seq and all(isinstance(x, int) for x in seq) and max(seq) >= 8 \
                and self.random() < 0.7:
            return super().choice(self.SIZES)
        return super().choice(seq)


def generate(family, seed, odd_shapes=False):
    rng = OddShapes if odd_shapes else random.Random
    r = rng(seed * 7919 + FAMILIES.index(family))
    return GENERATORS[family](r, seed)


if __name__ == "__main__":
    import sys
    fam = sys.argv[1] if len(sys.argv) > 1 else "gather"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    c = generate(fam, seed, odd_shapes="--odd-shapes" in sys.argv)
    print(f"// {c.note}\n// tile-run ARGS: " + " ".join("--arg " + a for a in c.args) +
          " --grid " + ",".join(map(str, c.grid)))
    print(c.text)

