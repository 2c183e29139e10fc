//===- OffsetAnalysis.h - integer tiles affine in the position --*- C++ -*-===//
//
// What is known about an integer tile (element offsets, row and column
// indices) as a function of the element position: whether it is affine,
// value(a, b) = base + a * s0 + b * s1 with a scalar base and strides made
// of SSA scalars and constants, and per dimension the facts Triton's
// AxisInfo records (contiguity, divisibility, constancy). A mask that is a
// conjunction of `affine < scalar` comparisons is described as a list of
// such bounds. tile-gather-to-load uses both to turn gathers and scatters
// whose offsets are a rectangle back into tile.load and tile.store.
//
// The arithmetic is that of mathematical integers: like Triton's analysis,
// this one assumes that index arithmetic on offsets does not wrap around.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_ANALYSIS_OFFSETANALYSIS_H
#define TILE_DIALECT_TILE_ANALYSIS_OFFSETANALYSIS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <string>

namespace tile {
class ForRangeOp;

/// A polynomial with integer coefficients whose variables ("atoms") are
/// scalar SSA values the analysis does not look into (kernel arguments,
/// program ids, loop induction variables). Atoms are numbered by the
/// analysis that created the polynomial, in the order it met them, so the
/// form is canonical: two polynomials are equal iff they are the same sum.
/// Every operation fails (nullopt) rather than overflow a coefficient or
/// grow past a few terms.
class IntPolynomial {
public:
  /// A product of atoms (sorted atom numbers; empty for the constant term).
  using Monomial = llvm::SmallVector<unsigned, 2>;

  static IntPolynomial constant(int64_t value);
  static IntPolynomial atom(unsigned id);
  /// The single term `coeff * atoms` (`atoms` sorted).
  static IntPolynomial term(const Monomial &atoms, int64_t coeff);

  std::optional<IntPolynomial> add(const IntPolynomial &other) const;
  std::optional<IntPolynomial> sub(const IntPolynomial &other) const;
  std::optional<IntPolynomial> mul(const IntPolynomial &other) const;
  /// The quotient when `divisor` is one term that divides every term of
  /// this polynomial exactly (e.g. `4*x*y + 8*x` by `4*x`).
  std::optional<IntPolynomial>
  divideExactly(const IntPolynomial &divisor) const;

  bool isZero() const { return terms.empty(); }
  std::optional<int64_t> getConstant() const;
  bool isConstant(int64_t value) const { return getConstant() == value; }
  /// The largest power of two that divides the polynomial whatever its
  /// atoms are (that of the coefficients' gcd; kUnboundedDivisor for zero).
  int64_t powerOfTwoDivisor() const;
  /// 2^62, the largest power of two an int64_t holds: "any".
  static constexpr int64_t kUnboundedDivisor = int64_t(1) << 62;

  const std::map<Monomial, int64_t> &getTerms() const { return terms; }
  bool operator==(const IntPolynomial &other) const {
    return terms == other.terms;
  }

private:
  /// Whether the term `divisorCoeff * divisorAtoms` divides
  /// `coeff * atoms` exactly.
  static bool dividesTerm(const Monomial &divisorAtoms, int64_t divisorCoeff,
                          const Monomial &atoms, int64_t coeff);

  /// Nonzero coefficients only.
  std::map<Monomial, int64_t> terms;
};

/// An integer tile of rank 0 (a scalar), 1 or 2 as an affine function of
/// the element position: value(x) = base + sum over d of strides[d] * x_d.
struct AffineTile {
  IntPolynomial base;
  llvm::SmallVector<IntPolynomial, 2> strides;

  bool isUniform() const;
  /// Whether this is exactly `base + x_dim` (the row or column index of a
  /// rectangle starting at `base`).
  bool isUnitAlong(unsigned dim) const;
};

/// Triton's per-dimension facts about an integer tile. Along dimension d:
/// `contiguity` is the length of the runs of consecutive values (value + 1
/// at the next position), `constancy` that of the runs of equal values, and
/// `divisibility` the largest power of two known to divide the first
/// element of every contiguous run.
struct AxisFacts {
  llvm::SmallVector<int64_t, 2> contiguity, divisibility, constancy;
};

/// `lhs(x) < bound`, signed, for every element x of a mask tile.
struct MaskBound {
  AffineTile lhs;
  IntPolynomial bound;
};

/// Analyses integer tiles of one function, on demand, with results cached
/// (build one per function and drop it when the IR changes).
class OffsetAnalysis {
public:
  /// The affine form of the integer tile or scalar `value`, or nullopt.
  /// Scalars are always affine (an unknown scalar is an atom).
  std::optional<AffineTile> getAffine(mlir::Value value);
  /// For a value that is not affine: the op that made it so (null for a
  /// block argument, e.g. a loop-carried tile).
  mlir::Operation *whyNotAffine(mlir::Value value);
  /// The facts about a static integer tile (all 1 when nothing is known).
  AxisFacts getFacts(mlir::Value tile);
  /// The mask as a conjunction of bounds (empty when every element is
  /// true), or nullopt with the reason in `whyNot`.
  std::optional<llvm::SmallVector<MaskBound, 2>>
  getMaskBounds(mlir::Value mask, std::string &whyNot);

  /// Builds `poly` as an `index` at the builder's insertion point, where
  /// every atom must be visible.
  mlir::Value materialize(const IntPolynomial &poly, mlir::OpBuilder &builder,
                          mlir::Location loc);
  /// `poly` in MLIR's SSA spelling of its atoms, e.g. `%arg3 * 32 + 4`.
  std::string print(const IntPolynomial &poly);

private:
  struct Entry {
    std::optional<AffineTile> affine;
    mlir::Operation *culprit = nullptr;
  };
  struct MaskEntry {
    std::optional<llvm::SmallVector<MaskBound, 2>> bounds;
    std::string whyNot;
  };
  Entry analyze(mlir::Value value, unsigned depth);
  Entry compute(mlir::Value value, unsigned depth);
  Entry computeCarried(mlir::BlockArgument arg, ForRangeOp loop,
                       unsigned depth);
  IntPolynomial scalarOf(mlir::Value value, unsigned depth);
  AxisFacts factsOf(mlir::Value tile, unsigned depth);
  AxisFacts factsOfAffine(const AffineTile &form,
                          llvm::ArrayRef<int64_t> shape);
  /// The largest power of two known to divide `poly`, with what the atoms'
  /// definitions say (a loop's induction variable: its bounds and step).
  int64_t divisorOf(const IntPolynomial &poly);
  AxisFacts computeFacts(mlir::Value tile, unsigned depth);
  MaskEntry maskBounds(mlir::Value mask, unsigned depth);
  MaskEntry computeMaskBounds(mlir::Value mask, unsigned depth);
  unsigned atomId(mlir::Value atom);

  llvm::DenseMap<mlir::Value, Entry> cache;
  llvm::DenseMap<mlir::Value, AxisFacts> factsCache;
  llvm::DenseMap<mlir::Value, MaskEntry> maskCache;
  llvm::SmallVector<mlir::Value> atoms;
  llvm::DenseMap<mlir::Value, unsigned> atomIds;
};

} // namespace tile

#endif // TILE_DIALECT_TILE_ANALYSIS_OFFSETANALYSIS_H
