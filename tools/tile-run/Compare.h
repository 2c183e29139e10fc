//===- Compare.h - emulated results against the interpreter -----*- C++ -*-===//

#ifndef TILE_TOOLS_TILE_RUN_COMPARE_H
#define TILE_TOOLS_TILE_RUN_COMPARE_H

#include "Arguments.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace tile::run {

/// A fixed tolerance given on the command line (--rtol, --atol): element i
/// passes when |emulated - reference| <= atol + rtol * |reference|. Without
/// one, each element has its own bound, computed by the interpreter beside
/// the reference (interp::Argument::errorBound).
struct Tolerance {
  double rtol = 0, atol = 0;
};

struct Mismatch {
  int64_t index = -1;
  double emulated = 0, reference = 0, allowed = 0;
};

struct Comparison {
  double maxAbsError = 0, maxRelError = 0;
  /// The largest |emulated - reference| / allowed over the elements (0 when
  /// every element matches exactly).
  double worstFraction = 0;
  int64_t mismatches = 0;
  Mismatch first;
};

/// Compares two buffers of `count` elements of `type`, against the
/// per-element `bounds` or, when given, a fixed `tolerance`. Elements that
/// are equal (the same infinity included) or NaN on both sides match. An
/// emulated infinity where the reference is finite is measured from the
/// overflow threshold of the type: it matches when the bound reaches it.
Comparison compareBuffers(ElementType type, const unsigned char *emulated,
                          const unsigned char *reference, int64_t count,
                          const double *bounds,
                          std::optional<Tolerance> tolerance);

/// Prints the `compare NAME: ...` line of one buffer: its largest errors,
/// the tolerance used (or how much of the error bound the worst element
/// used), then "ok" or the mismatches and the first of them.
void printComparison(llvm::raw_ostream &os, llvm::StringRef name,
                     const Comparison &c, std::optional<Tolerance> tolerance);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_COMPARE_H
