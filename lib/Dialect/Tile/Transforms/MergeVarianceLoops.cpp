//===- MergeVarianceLoops.cpp - merge mean and variance loops into one ----===//
//
// Layer norm's statistics in two passes,
//
//   s = sum over the range of x              (loop 1; mean = s / N)
//   q = sum over the range of (x - mean)^2   (loop 2, reads x again)
//
// become one loop. The second sum cannot start before the mean is known,
// but it need not: for any shift c, with n the count of the lanes summed,
// t = sum (x - c) and q = sum (x - c)^2,
//
//   sum (x - mean)^2 = q + 2 (c - mean) t + n (c - mean)^2.
//
// So the merged loop carries, per lane of the sum, n, a shift c that
// follows the running mean, t and q about it, and folds in each chunk as
// Chan et al.'s parallel update does (Welford's when a chunk brings one x
// per lane), with k the lanes of the chunk that count:
//
//   n' = n + k
//   c' = c + (t + sum (x - c)) / n'          (the running mean)
//   q' = q + (c - c') (2 t + n (c - c')) + sum (x - c')^2
//   t' = t + n (c - c') + sum (x - c')
//
// and after the loop the squares move to the mean the second loop read,
// q + (c - mean) (2 t + n (c - mean)). Every step is exact in real
// arithmetic for whatever c is (t is 0 there; in f32 it keeps what rounding
// c cost, so the result is as good as the two-pass form's); x - c stays as
// small as the original's x - mean, and no step subtracts large squares
// (as sum x^2 - n mean^2 would). Lanes that a select to zero (a ragged
// tail) keeps out of the square count for neither n nor the sums; an
// update under a mask keeps all four.
//
//===----------------------------------------------------------------------===//

#include "OnlineLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tile;
using namespace tile::online_loops;

/// Whether `v` is 0 in every lane (a constant, or a splat of one).
static bool isZero(Value v) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    v = splat.getInput();
  return matchPattern(v, m_AnyZeroFloat());
}

/// `select(mask, v, 0)` or `select(mask, 0, v)` when that is the one use of
/// `v`: lanes a ragged tail keeps out of a sum.
static arith::SelectOp zeroingSelect(Value v) {
  if (!v.hasOneUse())
    return nullptr;
  auto select = dyn_cast<arith::SelectOp>(*v.getUsers().begin());
  if (!select || select.getCondition() == v)
    return nullptr;
  Value other = select.getTrueValue() == v ? select.getFalseValue()
                                           : select.getTrueValue();
  return isZero(other) ? select : nullptr;
}

/// What the first loop sums, seen through the reductions and zeroing
/// selects of its body: the x it reads.
static Value summedInput(ForRangeOp first, Value term) {
  Block *body = first.getBody();
  while (Operation *def = term.getDefiningOp()) {
    if (def->getBlock() != body)
      break;
    if (auto reduce = dyn_cast<ReduceOp>(def);
        reduce && reduce.getKind() == CombiningKind::ADD) {
      term = reduce.getInput();
      continue;
    }
    auto select = dyn_cast<arith::SelectOp>(def);
    if (select && isZero(select.getFalseValue()))
      term = select.getTrueValue();
    else if (select && isZero(select.getTrueValue()))
      term = select.getFalseValue();
    else
      break;
  }
  return term;
}

FailureOr<VarianceMatch>
tile::online_loops::matchVarianceLoops(ForRangeOp first, ForRangeOp second,
                                       Refusal &refusal) {
  VarianceMatch match;
  match.first = first;
  match.second = second;
  std::optional<Update> firstUpdate = matchUpdate<arith::AddFOp>(first);
  if (!firstUpdate)
    return refusal.refuse("the first loop does not compute a running sum");
  llvm::SetVector<Value> derived =
      derivedUpTo(first, second, &match.dependents);

  FailureOr<Update> update = matchSumLoop(second, refusal);
  if (failed(update))
    return failure();
  match.update = *update;
  // The merged loop carries the count and the mean in the sum's own type;
  // below f32's 24-bit significand a count past 2048 (f16) would round.
  Type sumElement = getElementTypeOrSelf(second.getResult(0).getType());
  if (APFloat::semanticsPrecision(
          cast<FloatType>(sumElement).getFloatSemantics()) < 24)
    return refusal.refuse("the sum of squares is narrower than f32, so the "
                          "merged loop's running count could round");

  // The second loop may read the mean at one place only: as the subtrahend
  // (or minuend) of x - mean, as is or through one splat or broadcast.
  struct MeanUse {
    arith::SubFOp shift;
    bool meanFirst;
    Operation *widen;
    Value mean;
  };
  SmallVector<MeanUse> uses;
  Operation *otherUse = nullptr;
  auto noteUse = [&](OpOperand &use, Operation *widen, Value mean) {
    auto sub = dyn_cast<arith::SubFOp>(use.getOwner());
    if (sub && sub->getBlock() == second.getBody())
      uses.push_back({sub, use.getOperandNumber() == 0, widen, mean});
    else if (!otherUse)
      otherUse = use.getOwner();
  };
  second.getBody()->walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      Value v = use.get();
      if (!derived.contains(v))
        continue;
      if (isa<SplatOp, BroadcastOp>(op) && op->getBlock() == second.getBody()) {
        for (OpOperand &inner : op->getResult(0).getUses())
          noteUse(inner, op, v);
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (isa_and_nonnull<SplatOp, BroadcastOp>(def))
        noteUse(use, def, def->getOperand(0));
      else
        noteUse(use, nullptr, v);
    }
  });
  // No use in the body at all: the loop reads the sum only as its start or
  // bounds (which the walk of its body does not see); blame the loop.
  if (otherUse || uses.size() != 1)
    return refusal.refuse("the second loop uses the mean other than in one "
                          "(x - mean)^2, which rescaling cannot repair",
                          otherUse       ? otherUse
                          : uses.empty() ? second.getOperation()
                                         : uses.back().shift.getOperation());
  const MeanUse &meanUse = uses.front();
  match.shift = meanUse.shift;
  match.meanFirst = meanUse.meanFirst;
  match.widen = meanUse.widen;
  match.mean = meanUse.mean;
  match.meanAtX = match.shift->getOperand(match.meanFirst ? 0 : 1);
  match.x = match.shift->getOperand(match.meanFirst ? 1 : 0);

  // x - mean, zeroed in a ragged tail before or after squaring, squared,
  // summed by tile.reduce add or not, and added to the sum.
  Value chain = match.shift.getResult();
  auto takeZeroing = [&] {
    if (match.zeroing)
      return;
    if (arith::SelectOp select = zeroingSelect(chain)) {
      match.zeroing = select;
      match.zeroWhenFalse = select.getTrueValue() == chain;
      chain = select.getResult();
    }
  };
  takeZeroing();
  Operation *notSquare = nullptr;
  for (Operation *user : chain.getUsers()) {
    auto mul = dyn_cast<arith::MulFOp>(user);
    if (!mul || mul.getLhs() != chain || mul.getRhs() != chain ||
        (match.square && match.square != mul))
      notSquare = user;
    else
      match.square = mul;
  }
  if (notSquare || !match.square)
    return refusal.refuse(
        "the second loop uses x - mean other than squared as "
        "(x - mean) * (x - mean), which rescaling cannot repair",
        notSquare ? notSquare : match.shift.getOperation());
  chain = match.square.getResult();
  takeZeroing();
  while (chain.hasOneUse()) {
    auto reduce = dyn_cast<ReduceOp>(*chain.getUsers().begin());
    if (!reduce || reduce->getBlock() != second.getBody())
      break;
    if (reduce.getKind() != CombiningKind::ADD)
      return refusal.refuse("(x - mean)^2 is not summed", reduce);
    match.reduces.push_back(reduce);
    chain = reduce.getResult();
  }
  if (chain != update->term)
    return refusal.refuse(
        "(x - mean)^2 is not what the second loop adds to its sum",
        chain.getDefiningOp());

  // The running mean lives at the sum's shape: x's (one lane per x, no
  // reduction) or the mean's, each lane of the sum then gathering x of one
  // mean.
  Type sumType = second.getResult(0).getType();
  match.perLane = sumType == match.x.getType();
  if (!match.perLane) {
    if (!match.widen || sumType != match.mean.getType())
      return refusal.refuse(
          "the sum of squares has neither the mean's shape nor "
          "x's");
    for (ReduceOp reduce : match.reduces)
      if (!widenUndoesReduce(match.widen, reduce))
        return refusal.refuse(
            "the sum runs along a dimension the mean varies over", reduce);
  }

  // Reading x once needs the second loop's x to be the first loop's.
  match.equivalent = matchBodies(first, second);
  Value summed = summedInput(first, firstUpdate->term);
  if (match.x != summed && match.equivalent.lookup(match.x) != summed)
    return refusal.refuse("x in (x - mean)^2 is not what the first loop sums "
                          "(another buffer, offset or computation)",
                          match.shift);
  if (!isZero(second.getInitArgs()[0]))
    return refusal.refuse("the sum of squares does not start at zero",
                          second.getInitArgs()[0].getDefiningOp());
  return match;
}

std::string tile::online_loops::describeVarianceMerge() {
  return "running sum and sum of (x - mean)^2 as a count, a running mean c "
         "and the sums of x - c and (x - c)^2 (Chan's update), moved to the "
         "mean after the loop; x is read once instead of twice";
}

/// The ops of the second loop's body that carry the mean or the sum: the
/// merged loop computes them its own way.
static llvm::SmallPtrSet<Operation *, 8> replacedOps(VarianceMatch &m) {
  llvm::SmallPtrSet<Operation *, 8> ops = {m.shift, m.square};
  if (m.widen && m.widen->getBlock() == m.second.getBody())
    ops.insert(m.widen);
  if (m.zeroing)
    ops.insert(m.zeroing);
  for (ReduceOp reduce : m.reduces)
    ops.insert(reduce);
  ops.insert(m.update.combine);
  if (m.update.mask)
    ops.insert(m.second.getYield().getValues()[0].getDefiningOp());
  return ops;
}

void tile::online_loops::mergeVarianceLoops(VarianceMatch &match,
                                            IRRewriter &rewriter) {
  ForRangeOp first = match.first, second = match.second;
  Operation *after = moveDependentsAfter(second, match.dependents);

  Location loc = second.getLoc();
  rewriter.setInsertionPoint(second);
  Type sumType = second.getResult(0).getType();
  const llvm::fltSemantics &semantics =
      cast<FloatType>(getElementTypeOrSelf(sumType)).getFloatSemantics();
  APFloat zero = APFloat::getZero(semantics), one = APFloat::getOne(semantics);
  // The sum of squares starts at 0 as before; the count and mean at 0 too.
  Value zeros = floatConstant(rewriter, loc, sumType, zero);
  IRMapping firstMap;
  ForRangeOp merged = createMergedLoop(
      rewriter, first,
      {first.getInitArgs()[0], second.getInitArgs()[0], zeros, zeros, zeros},
      firstMap);
  ValueRange carried = merged.getRegionIterArgs();
  Value squares = carried[1], count = carried[2], center = carried[3],
        drift = carried[4];

  IRMapping secondMap;
  secondMap.map(second.getInductionVar(), merged.getInductionVar());
  cloneSecondBody(rewriter, second, match.equivalent, firstMap, secondMap,
                  replacedOps(match));

  Value x = secondMap.lookupOrDefault(match.x);
  Type xType = x.getType();
  Value zeroX = floatConstant(rewriter, loc, xType, zero);
  Value oneX = floatConstant(rewriter, loc, xType, one);
  Value zeroMask;
  if (match.zeroing)
    zeroMask = secondMap.lookupOrDefault(match.zeroing.getCondition());
  // The lanes the tail keeps out read 0, as in the second loop.
  auto zeroTail = [&](Value v) -> Value {
    if (!zeroMask)
      return v;
    return match.zeroWhenFalse
               ? arith::SelectOp::create(rewriter, loc, zeroMask, v, zeroX)
               : arith::SelectOp::create(rewriter, loc, zeroMask, zeroX, v);
  };
  // x - c at x's shape, the running mean widened as the mean was.
  auto deviation = [&](Value center) -> Value {
    Value wide = center;
    if (!match.perLane) {
      IRMapping widenMap;
      widenMap.map(match.mean, center);
      wide = rewriter.clone(*match.widen, widenMap)->getResult(0);
    }
    return zeroTail(arith::SubFOp::create(rewriter, loc, x, wide));
  };
  // Sums a value at x's shape to the sum's, as the second loop does.
  auto sumAsSecond = [&](Value v) {
    for (ReduceOp reduce : match.reduces) {
      IRMapping reduceMap;
      reduceMap.map(reduce.getInput(), v);
      v = rewriter.clone(*reduce, reduceMap)->getResult(0);
    }
    return v;
  };

  auto add = [&](Value a, Value b) -> Value {
    return arith::AddFOp::create(rewriter, loc, a, b);
  };
  auto mul = [&](Value a, Value b) -> Value {
    return arith::MulFOp::create(rewriter, loc, a, b);
  };
  Value newCount = add(count, sumAsSecond(zeroTail(oneX)));
  Value chunkDrift = sumAsSecond(deviation(center));
  Value moved =
      add(center, arith::DivFOp::create(rewriter, loc, add(drift, chunkDrift),
                                        newCount));
  // Lanes that have counted nothing yet keep c = 0 (and avoid 0 / 0).
  Value counted =
      arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, newCount,
                            floatConstant(rewriter, loc, sumType, zero));
  Value newCenter =
      arith::SelectOp::create(rewriter, loc, counted, moved, center);
  // The lanes so far, moved from c to c' (step = c - c').
  Value step = arith::SubFOp::create(rewriter, loc, center, newCenter);
  Value countStep = mul(count, step);
  Value oldSquares = add(squares, mul(step, add(add(drift, drift), countStep)));
  Value oldDrift = add(drift, countStep);
  // This chunk's lanes, about c'.
  Value d = deviation(newCenter);
  Value newSquares = add(oldSquares, sumAsSecond(mul(d, d)));
  Value newDrift = add(oldDrift, sumAsSecond(d));

  SmallVector<Value> next = {newSquares, newCount, newCenter, newDrift};
  SmallVector<Value> previous = {squares, count, center, drift};
  if (match.update.mask) {
    // Lanes the second loop does not update keep all four.
    Value mask = secondMap.lookupOrDefault(match.update.mask);
    for (auto [value, old] : llvm::zip(next, previous))
      value = match.update.updateWhenTrue
                  ? arith::SelectOp::create(rewriter, loc, mask, value, old)
                  : arith::SelectOp::create(rewriter, loc, mask, old, value);
  }
  Value newSum = firstMap.lookup(first.getYield().getValues()[0]);
  YieldOp::create(rewriter, loc, {newSum, next[0], next[1], next[2], next[3]});

  // After the loop (and the mean): from the squares about c to the squares
  // about the mean, q + (c - mean) (2 t + n (c - mean)).
  rewriter.replaceAllUsesWith(first.getResult(0), merged.getResult(0));
  rewriter.setInsertionPointAfter(after);
  Value meanAtSum = match.mean;
  if (match.perLane) {
    meanAtSum = match.meanAtX;
    if (match.widen && match.widen->getBlock() == second.getBody())
      meanAtSum = rewriter.clone(*match.widen)->getResult(0);
  }
  Value finalDrift = merged.getResult(4);
  Value offset =
      arith::SubFOp::create(rewriter, loc, merged.getResult(3), meanAtSum);
  Value variance = add(merged.getResult(1),
                       mul(offset, add(add(finalDrift, finalDrift),
                                       mul(merged.getResult(2), offset))));
  rewriter.replaceAllUsesWith(second.getResult(0), variance);
  rewriter.eraseOp(second);
  rewriter.eraseOp(first);
}
