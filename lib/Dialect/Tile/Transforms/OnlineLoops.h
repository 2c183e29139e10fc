//===- OnlineLoops.h - shared by the online-loop merge patterns -*- C++ -*-===//
//
// Private to TileTransforms: what the patterns of tile-merge-online-loops
// share (how a loop updates its carried value, which values of two loop
// bodies are the same, what sits between two loops), and the entry points
// of the patterns that live in their own files.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_ONLINELOOPS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_ONLINELOOPS_H

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <string>

namespace tile::online_loops {

using namespace mlir;

/// Why a pair of loops was left alone, and the op to blame if there is one.
struct Refusal {
  std::string reason;
  Operation *culprit = nullptr;

  /// Records why and whom to blame; returns failure for the matcher to pass on.
  LogicalResult refuse(StringRef why, Operation *blame = nullptr) {
    reason = why.str();
    culprit = blame;
    return failure();
  }
};

/// How a loop updates its one carried value: `combine(acc, term)` (either
/// operand order), possibly under `select(mask, combine, acc)` (either arm
/// order) so that masked-off lanes keep their value.
struct Update {
  Operation *combine = nullptr;
  Value term;
  Value mask;
  bool updateWhenTrue = true;
};

/// Reads how `loop`, which must carry one value `acc`, updates it from the
/// value it yields. `acc` must have no other use than the ones the update
/// consists of.
template <typename CombineOp>
std::optional<Update> matchUpdate(ForRangeOp loop) {
  if (loop.getNumResults() != 1)
    return std::nullopt;
  BlockArgument acc = loop.getRegionIterArgs()[0];
  Value yielded = loop.getYield().getValues()[0];
  Update update;
  Value combined = yielded;
  if (auto select = yielded.getDefiningOp<arith::SelectOp>()) {
    update.mask = select.getCondition();
    if (select.getFalseValue() == acc) {
      combined = select.getTrueValue();
    } else if (select.getTrueValue() == acc) {
      combined = select.getFalseValue();
      update.updateWhenTrue = false;
    } else {
      return std::nullopt;
    }
  }
  auto combine = combined.getDefiningOp<CombineOp>();
  if (!combine || combine->getBlock() != acc.getOwner())
    return std::nullopt;
  if (combine.getLhs() == acc)
    update.term = combine.getRhs();
  else if (combine.getRhs() == acc)
    update.term = combine.getLhs();
  else
    return std::nullopt;
  update.combine = combine;
  // acc + acc, or acc read by the term: not a plain accumulation.
  unsigned expectedUses = update.mask ? 2 : 1;
  if (update.term == acc ||
      static_cast<unsigned>(std::distance(acc.use_begin(), acc.use_end())) !=
          expectedUses)
    return std::nullopt;
  return update;
}

/// The update of `second`, the loop after the one a merge reads, which must
/// compute a sum; else the refusal both merges give.
inline FailureOr<Update> matchSumLoop(ForRangeOp second, Refusal &refusal) {
  if (std::optional<Update> update = matchUpdate<arith::AddFOp>(second))
    return *update;
  return refusal.refuse("the second loop does not compute a sum (one carried "
                        "acc = arith.addf(acc, term), possibly under a mask)");
}

/// Whether `op` (with what it contains) may write memory; unknown effects
/// count as writes.
bool mayWrite(Operation *op);

/// Whether two loop bounds are the same value or the same constant.
bool sameBound(Value a, Value b);

/// Maps each value computed in `second`'s body to the value of `first`'s
/// body computed by the same op on equivalent operands (see OnlineLoops.cpp).
DenseMap<Value, Value> matchBodies(ForRangeOp first, ForRangeOp second);

/// The results of `earlier` and of the ops from there up to `end` that
/// depend on them; those ops are appended to `dependents` if given.
llvm::SetVector<Value>
derivedUpTo(ForRangeOp earlier, Operation *end,
            SmallVectorImpl<Operation *> *dependents = nullptr);

/// Whether widening a value by `widen` (a tile.splat or tile.broadcast)
/// repeats it along the dimension `reduce` combined.
bool widenUndoesReduce(Operation *widen, ReduceOp reduce);

/// A constant of `type` (a float or a tile of floats) with every element
/// `value`.
Value floatConstant(OpBuilder &b, Location loc, Type type,
                    const APFloat &value);

/// What every pattern needs: the loops run over the same range and nothing
/// in or between them (`between`) writes memory.
LogicalResult checkSameRangeNoWrites(ForRangeOp first, ForRangeOp second,
                                     ArrayRef<Operation *> between,
                                     Refusal &refusal);

/// Moves `dependents` (ops between two loops that read the first one's
/// result) after `loop`, in order; returns the last op moved or `loop`.
Operation *moveDependentsAfter(ForRangeOp loop,
                               ArrayRef<Operation *> dependents);

/// Creates, at the insertion point, the loop that replaces `first` and the
/// loop after it: `first`'s range, pipelining hint and discardable
/// attributes, carrying `inits` (first's own value first). Clones `first`'s
/// body into it, recording the clones in `firstMap`, and leaves the
/// insertion point after them.
ForRangeOp createMergedLoop(IRRewriter &rewriter, ForRangeOp first,
                            ValueRange inits, IRMapping &firstMap);

/// Clones the body of `second` at the insertion point, except its terminator
/// and the ops in `replaced`, recording the clones in `secondMap`. An op
/// whose results `equivalent` (see matchBodies) maps to the first loop's
/// reuses their clones in `firstMap` instead of being cloned again.
void cloneSecondBody(IRRewriter &rewriter, ForRangeOp second,
                     const DenseMap<Value, Value> &equivalent,
                     const IRMapping &firstMap, IRMapping &secondMap,
                     const llvm::SmallPtrSetImpl<Operation *> &replaced);

/// A matched mean-then-variance pair (MergeVarianceLoops.cpp): `first` sums
/// x, `second` sums (x - mean)^2 with the mean derived from `first`'s
/// result.
struct VarianceMatch {
  ForRangeOp first, second;
  /// How `second` adds to its sum (the term is the summed square).
  Update update;
  /// x - mean (or mean - x when `meanFirst`), with x and the mean at x's
  /// shape as its operands.
  arith::SubFOp shift;
  bool meanFirst = false;
  Value x, meanAtX;
  /// The mean before its splat or broadcast `widen` to x's shape (or
  /// `meanAtX` itself, `widen` null).
  Value mean;
  Operation *widen = nullptr;
  /// select(mask, d, 0) (or select(mask, 0, d) when `zeroWhenFalse` is
  /// false) keeping a ragged tail out of the square, before or after it.
  arith::SelectOp zeroing;
  bool zeroWhenFalse = true;
  arith::MulFOp square;
  /// The tile.reduce add chain from the square to the term.
  SmallVector<ReduceOp> reduces;
  /// Whether the sum has x's shape (one lane per x) rather than the mean's.
  bool perLane = false;
  SmallVector<Operation *> dependents;
  DenseMap<Value, Value> equivalent;
};

/// Matches the mean-then-variance pattern or says why not in `refusal`.
/// The caller has checked the range and that nothing writes memory.
FailureOr<VarianceMatch> matchVarianceLoops(ForRangeOp first, ForRangeOp second,
                                            Refusal &refusal);

/// What the "merged" remark says for a variance merge.
std::string describeVarianceMerge();

/// Replaces a matched pair with one online loop.
void mergeVarianceLoops(VarianceMatch &match, IRRewriter &rewriter);

} // namespace tile::online_loops

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_ONLINELOOPS_H
