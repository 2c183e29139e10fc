//===- MergeOnlineLoops.cpp - merge max and sum-of-exp loops into one -----===//
//
// A two-pass reduction such as softmax's normalizer
//
//   m = max over the range of x          (loop 1, a running maximum)
//   s = sum over the range of exp(x - m) (loop 2, reads x again)
//
// equals, in real arithmetic, the one-pass ("online") form that carries the
// running maximum m_i and a sum relative to it, rescaled whenever the
// maximum moves:
//
//   s_i = s_{i-1} * exp(m_{i-1} - m_i) + sum of exp(x_i - m_i)
//
// because the factors telescope: s_n = sum_i exp(x_i - m_n). This pass finds
// such pairs of consecutive tile.for_range loops and merges them, so x is
// read once instead of twice. It matches by dataflow and refuses everything
// it cannot prove has that shape (see the pass description in Passes.td);
// with `report` it says which loops it merged and why it left others.
//
//===----------------------------------------------------------------------===//

#include "OnlineLoops.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

namespace tile {
#define GEN_PASS_DEF_TILEMERGEONLINELOOPS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;
using namespace tile::online_loops;

namespace {

/// Everything the rewrite needs about a matched pair.
struct Match {
  ForRangeOp first, second;
  /// The value the second loop reads as "the maximum": the first loop's
  /// result or a tile.reduce maximumf of it (then `reduceAfter`).
  Value maxUsed;
  ReduceOp reduceAfter;
  /// The splat or broadcast that brings `maxUsed` to the shape of x, when
  /// there is one, and whether it sits outside the second loop.
  Operation *widen = nullptr;
  /// Ops between the loops that depend on the first loop's result: they
  /// move after the merged loop.
  SmallVector<Operation *> dependents;
  /// Values of the second loop's body computed as in the first's (see
  /// matchBodies): the merged loop computes them once.
  DenseMap<Value, Value> equivalent;
};

} // namespace

/// Matches `first` (a running maximum) and `second` (a sum of
/// exp(x - maximum)) or says why not; the caller has checked that the
/// loops run over the same range and nothing in or between them writes.
static FailureOr<Match> matchPair(ForRangeOp first, ForRangeOp second,
                                  const Update &maxUpdate, Refusal &refusal) {
  Match match;
  match.first = first;
  match.second = second;

  // The first loop: acc = maximumf(acc, c) (or of tile.reduce maximumf c).
  Value maxed = maxUpdate.term;
  // Through the reductions of x in the loop (a 2-D chunk may take two):
  // `reduceInLoop` is the one applied to x itself.
  ReduceOp reduceInLoop;
  while (auto reduce = maxed.getDefiningOp<ReduceOp>()) {
    if (reduce.getKind() != CombiningKind::MAXIMUMF ||
        reduce->getBlock() != first.getBody())
      break;
    reduceInLoop = reduce;
    maxed = reduce.getInput();
  }

  // Which values between the loops derive from the maximum.
  llvm::SetVector<Value> derived =
      derivedUpTo(first, second, &match.dependents);

  // The second loop: acc = addf(acc, term) with the maximum only in the term.
  FailureOr<Update> sumUpdate = matchSumLoop(second, refusal);
  if (failed(sumUpdate))
    return failure();

  // Every read of the maximum in the second loop must be the subtrahend of
  // x - max, which rescaling can shift; anything else cannot be repaired.
  SmallVector<arith::SubFOp> shifts;
  Operation *otherUse = nullptr;
  auto noteUse = [&](OpOperand &use, Value maxValue, Operation *widen) {
    auto sub = dyn_cast<arith::SubFOp>(use.getOwner());
    if (sub && use.getOperandNumber() == 1 &&
        (!match.maxUsed || match.maxUsed == maxValue) &&
        (shifts.empty() || match.widen == widen)) {
      match.maxUsed = maxValue;
      match.widen = widen;
      shifts.push_back(sub);
      return;
    }
    if (!otherUse)
      otherUse = use.getOwner();
  };
  second.getBody()->walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      Value v = use.get();
      if (!derived.contains(v)) {
        // Not derived from the maximum: nothing to check.
        continue;
      }
      Operation *def = v.getDefiningOp();
      bool isMax = v == first.getResult(0) || isa_and_nonnull<ReduceOp>(def);
      if (isMax && isa<SplatOp, BroadcastOp>(op) &&
          op->getBlock() == second.getBody()) {
        for (OpOperand &inner : op->getResult(0).getUses())
          noteUse(inner, v, op);
        continue;
      }
      if (isMax) {
        noteUse(use, v, nullptr);
        continue;
      }
      if (isa_and_nonnull<SplatOp, BroadcastOp>(def)) {
        noteUse(use, def->getOperand(0), def);
        continue;
      }
      if (!otherUse)
        otherUse = op;
    }
  });
  if (!match.maxUsed && !otherUse)
    return refusal.refuse(
        "the second loop does not read the first loop's maximum");
  if (otherUse || shifts.size() != 1)
    return refusal.refuse("the second loop uses the maximum other than as "
                          "exp(x - max), which rescaling cannot repair",
                          otherUse ? otherUse : shifts.back().getOperation());
  // What reaches the second loop: the maximum itself or one reduction of it.
  if (match.maxUsed != first.getResult(0)) {
    match.reduceAfter = match.maxUsed.getDefiningOp<ReduceOp>();
    if (!match.reduceAfter ||
        match.reduceAfter.getInput() != first.getResult(0) ||
        match.reduceAfter.getKind() != CombiningKind::MAXIMUMF)
      return refusal.refuse(
          "the maximum reaches the second loop through something "
          "other than tile.reduce maximumf",
          match.maxUsed.getDefiningOp());
  }
  if (match.widen && !isa<SplatOp, BroadcastOp>(match.widen))
    return refusal.refuse("the maximum is widened by an unknown op",
                          match.widen);

  arith::SubFOp shift = shifts.front();
  auto exp = shift->hasOneUse()
                 ? dyn_cast<math::ExpOp>(*shift->getUsers().begin())
                 : nullptr;
  if (!exp || !exp->hasOneUse())
    return refusal.refuse("the second loop uses the maximum other than as "
                          "exp(x - max), which rescaling cannot repair",
                          shift);
  // exp(x - max), or its sum along one or two dimensions.
  Value summed = exp.getResult();
  while (summed.hasOneUse()) {
    auto reduce = dyn_cast<ReduceOp>(*summed.getUsers().begin());
    if (!reduce)
      break;
    if (reduce.getKind() != CombiningKind::ADD)
      return refusal.refuse("exp(x - max) is not summed", reduce);
    // sum over a dimension of exp(x - max) * f = f * sum when f, the
    // rescaling factor, is the same along that dimension.
    if (!widenUndoesReduce(match.widen, reduce))
      return refusal.refuse(
          "the sum runs along a dimension the maximum varies over", reduce);
    summed = reduce.getResult();
  }
  if (summed != sumUpdate->term)
    return refusal.refuse(
        "exp(x - max) is not what the second loop adds to its sum", exp);

  // The rescaling factor has the maximum's type; the sum must have it too,
  // or the shape of x (then the factor is widened as the maximum is), or
  // the maximum is a scalar (then the factor is splat).
  Type sumType = second.getResult(0).getType();
  if (sumType != match.maxUsed.getType() &&
      !(match.widen && match.widen->getResult(0).getType() == sumType) &&
      isa<ShapedType>(match.maxUsed.getType()))
    return refusal.refuse("the sum has neither the maximum's shape nor x's");

  // x in exp(x - max) must be what the first loop takes the maximum of,
  // under the same mask; then x <= its running maximum and no term of the
  // merged loop can overflow where the original's could not.
  match.equivalent = matchBodies(first, second);
  auto sameAs = [&](Value ours, Value theirs) {
    return ours == theirs || match.equivalent.lookup(ours) == theirs;
  };
  if (!sameAs(shift.getLhs(), maxed))
    return refusal.refuse(
        "x in exp(x - max) is not what the first loop takes the "
        "maximum of (another buffer, offset or computation)",
        shift);
  if ((bool)maxUpdate.mask != (bool)sumUpdate->mask ||
      (maxUpdate.mask &&
       (!sameAs(sumUpdate->mask, maxUpdate.mask) ||
        maxUpdate.updateWhenTrue != sumUpdate->updateWhenTrue)))
    return refusal.refuse("the loops mask their updates differently",
                          sumUpdate->combine);
  ReduceOp lastMaxReduce = match.reduceAfter ? match.reduceAfter : reduceInLoop;
  if (lastMaxReduce ? !widenUndoesReduce(match.widen, lastMaxReduce)
                    : match.widen != nullptr)
    return refusal.refuse(
        "the maximum is widened along another dimension than the "
        "one it was taken over",
        match.widen);

  // The merged sum starts from zero and is rescaled from there.
  Value init = second.getInitArgs()[0];
  if (auto splat = init.getDefiningOp<SplatOp>())
    init = splat.getInput();
  if (!matchPattern(init, m_AnyZeroFloat()))
    return refusal.refuse("the sum does not start at zero",
                          init.getDefiningOp());
  return match;
}

/// Builds the merged loop in place of `match.second` and removes both loops.
static void merge(Match &match, IRRewriter &rewriter) {
  ForRangeOp first = match.first, second = match.second;
  // What depends on the maximum runs after the merged loop.
  moveDependentsAfter(second, match.dependents);

  Location loc = first.getLoc();
  rewriter.setInsertionPoint(second);
  SmallVector<Value> inits = {first.getInitArgs()[0], second.getInitArgs()[0]};
  // With a reduction between the loops, the loop carries the reduced
  // maximum of the previous iteration, not to reduce twice per iteration.
  if (match.reduceAfter) {
    IRMapping initMap;
    initMap.map(first.getResult(0), first.getInitArgs()[0]);
    inits.push_back(rewriter.clone(*match.reduceAfter, initMap)->getResult(0));
  }
  // The first loop's body, as it was: the running maximum.
  IRMapping map;
  ForRangeOp merged = createMergedLoop(rewriter, first, inits, map);
  Value iv = merged.getInductionVar();
  ValueRange carried = merged.getRegionIterArgs();
  Value newAcc = map.lookup(first.getYield().getValues()[0]);

  // The maximum before and after this iteration, in the second loop's view.
  Value oldMax = carried[0], newMax = newAcc;
  if (match.reduceAfter) {
    oldMax = carried[2];
    IRMapping reduceMap;
    reduceMap.map(first.getResult(0), newAcc);
    newMax = rewriter.clone(*match.reduceAfter, reduceMap)->getResult(0);
  }
  // While the maximum is -inf every x so far was -inf and its exp(x - max)
  // is 0; shifting by 0 then gives that 0 instead of exp(-inf + inf) = NaN.
  Type maxType = newMax.getType();
  const llvm::fltSemantics &semantics =
      cast<FloatType>(getElementTypeOrSelf(maxType)).getFloatSemantics();
  Value negInf = floatConstant(rewriter, loc, maxType,
                               APFloat::getInf(semantics, /*Negative=*/true));
  Value zero =
      floatConstant(rewriter, loc, maxType, APFloat::getZero(semantics));
  Value isNegInf = arith::CmpFOp::create(
      rewriter, loc, arith::CmpFPredicate::OEQ, newMax, negInf);
  Value shiftBy =
      arith::SelectOp::create(rewriter, loc, isNegInf, zero, newMax);
  Value moved = arith::SubFOp::create(rewriter, loc, oldMax, shiftBy);
  Value factor = math::ExpOp::create(rewriter, loc, moved);

  // The factor at the sum's shape: as is, splat, or widened as the maximum.
  // A widening the second loop did before it moves into the merged loop
  // (one inside it is cloned with the rest of its body).
  Value widened;
  bool widenOutside =
      match.widen && match.widen->getBlock() != second.getBody();
  if (widenOutside) {
    IRMapping widenMap;
    widenMap.map(match.maxUsed, shiftBy);
    widened = rewriter.clone(*match.widen, widenMap)->getResult(0);
  }
  Type sumType = carried[1].getType();
  Value sumFactor = factor;
  if (sumType != factor.getType()) {
    if (match.widen && match.widen->getResult(0).getType() == sumType) {
      IRMapping factorMap;
      factorMap.map(match.maxUsed, factor);
      sumFactor = rewriter.clone(*match.widen, factorMap)->getResult(0);
    } else {
      sumFactor = SplatOp::create(rewriter, loc, sumType, factor);
    }
  }
  Value rescaled = arith::MulFOp::create(rewriter, loc, carried[1], sumFactor);

  // The second loop's body, reading the rescaled sum and the shifted
  // maximum; what it computes exactly as the first loop did is reused.
  IRMapping secondMap;
  secondMap.map(second.getInductionVar(), iv);
  secondMap.map(second.getRegionIterArgs()[0], rescaled);
  secondMap.map(match.maxUsed, shiftBy);
  if (widenOutside)
    secondMap.map(match.widen->getResult(0), widened);
  llvm::SmallPtrSet<Operation *, 1> replaced; // The maximum maps to shiftBy.
  cloneSecondBody(rewriter, second, match.equivalent, map, secondMap, replaced);
  SmallVector<Value> yielded = {
      newAcc, secondMap.lookup(second.getYield().getValues()[0])};
  if (match.reduceAfter)
    yielded.push_back(newMax);
  YieldOp::create(rewriter, loc, yielded);

  rewriter.replaceAllUsesWith(first.getResult(0), merged.getResult(0));
  rewriter.replaceAllUsesWith(second.getResult(0), merged.getResult(1));
  rewriter.eraseOp(second);
  rewriter.eraseOp(first);
}

namespace {
struct TileMergeOnlineLoopsPass
    : tile::impl::TileMergeOnlineLoopsBase<TileMergeOnlineLoopsPass> {
  using TileMergeOnlineLoopsBase::TileMergeOnlineLoopsBase;

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    IRRewriter rewriter(&getContext());
    for (Block *block : blocks)
      mergeInBlock(*block, rewriter);
  }

  /// Tries each loop with the next loop of the block; a merged loop is not
  /// tried again (it carries more than one statistic).
  void mergeInBlock(Block &block, IRRewriter &rewriter) {
    SmallVector<ForRangeOp> loops;
    for (Operation &op : block)
      if (auto loop = dyn_cast<ForRangeOp>(op))
        loops.push_back(loop);
    for (size_t i = 0; i + 1 < loops.size(); ++i) {
      ForRangeOp first = loops[i], second = loops[i + 1];
      if (first.getNumResults() == 0 || !readsResultOf(second, first))
        continue;
      Refusal refusal;
      if (succeeded(mergePair(first, second, rewriter, refusal))) {
        ++i; // The second loop is gone; its successor starts a new pair.
        continue;
      }
      if (report) {
        InFlightDiagnostic remark =
            first.emitRemark("not merged with the next loop: ")
            << refusal.reason;
        if (refusal.culprit)
          remark.attachNote(refusal.culprit->getLoc()) << "here";
      }
    }
  }

  /// Merges `first` and `second` by the pattern the first loop's update
  /// selects (a running maximum or a running sum), or says why not.
  LogicalResult mergePair(ForRangeOp first, ForRangeOp second,
                          IRRewriter &rewriter, Refusal &refusal) {
    SmallVector<Operation *> between;
    for (Operation *op = first->getNextNode(); op != second;
         op = op->getNextNode())
      between.push_back(op);
    if (failed(checkSameRangeNoWrites(first, second, between, refusal)))
      return failure();

    if (std::optional<Update> maxUpdate =
            matchUpdate<arith::MaximumFOp>(first)) {
      FailureOr<Match> match = matchPair(first, second, *maxUpdate, refusal);
      if (failed(match))
        return failure();
      if (report)
        first.emitRemark("merged with the next loop into one online loop: "
                         "running maximum and sum of exp(x - max), the sum "
                         "rescaled by exp(old max - new max); x is read once "
                         "instead of twice");
      merge(*match, rewriter);
      return success();
    }
    if (matchUpdate<arith::AddFOp>(first)) {
      FailureOr<VarianceMatch> variance =
          matchVarianceLoops(first, second, refusal);
      if (failed(variance))
        return failure();
      if (report)
        first.emitRemark("merged with the next loop into one online loop: ")
            << describeVarianceMerge();
      mergeVarianceLoops(*variance, rewriter);
      return success();
    }
    return refusal.refuse("the first loop computes neither a running maximum "
                          "nor a running sum (one carried acc = "
                          "arith.maximumf(acc, x) or arith.addf(acc, x), "
                          "possibly under a mask)");
  }

  /// Whether `later` reads a result of `earlier`, directly or through ops
  /// between them.
  static bool readsResultOf(ForRangeOp later, ForRangeOp earlier) {
    llvm::SetVector<Value> derived = derivedUpTo(earlier, later);
    bool reads = false;
    later->walk([&](Operation *op) {
      reads |= llvm::any_of(op->getOperands(),
                            [&](Value v) { return derived.contains(v); });
    });
    return reads;
  }
};
} // namespace
