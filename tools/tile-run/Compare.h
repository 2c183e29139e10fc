//===- Compare.h - emulated results against the interpreter -----*- C++ -*-===//

#ifndef TILE_TOOLS_TILE_RUN_COMPARE_H
#define TILE_TOOLS_TILE_RUN_COMPARE_H

#include "Arguments.h"

#include "llvm/Support/raw_ostream.h"

namespace tile::run {

/// |emulated - reference| <= atol + rtol * |reference| for every element.
struct Tolerance {
  double rtol, atol;
};

/// The default tolerance for results of `type` computed from sums of up to
/// `terms` products accumulated with unit roundoff `accumulatorEpsilon`
/// (0 without dots): rtol = atol = 2 * terms * accumulatorEpsilon +
/// 4 * eps(type), eps(f32) = 2^-23, eps(f16) = 2^-10, eps(bf16) = 2^-7
/// (integers must match exactly). The emulator accumulates in a different
/// order than the interpreter (which sums in double), so each term may add
/// a rounding of the accumulator, and the result a few of its own type.
/// Dots that round their operands first (tensor-ops f32 with
/// relaxed_precision) need nothing more: the reference rounds them the same
/// way (interp::RunOptions::relaxedF32Dots).
Tolerance defaultTolerance(ElementType type, int64_t terms,
                           double accumulatorEpsilon);

struct Mismatch {
  int64_t index = -1;
  double emulated = 0, reference = 0;
};

struct Comparison {
  double maxAbsError = 0, maxRelError = 0;
  int64_t mismatches = 0;
  Mismatch first;
};

/// Compares two buffers of `count` elements of `type`.
Comparison compareBuffers(ElementType type, const unsigned char *emulated,
                          const unsigned char *reference, int64_t count,
                          Tolerance tolerance);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_COMPARE_H
