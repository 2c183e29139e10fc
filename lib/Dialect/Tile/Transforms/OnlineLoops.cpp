//===- OnlineLoops.cpp - what the online-loop merges have in common -------===//
//
// Matching helpers shared by the patterns of tile-merge-online-loops
// (MergeOnlineLoops.cpp: maximum and sum of exp; MergeVarianceLoops.cpp:
// mean and sum of squared deviations).
//
//===----------------------------------------------------------------------===//

#include "OnlineLoops.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tile;

namespace tile::online_loops {

/// Whether `op` (with what it contains) may write memory; unknown effects
/// count as writes.
bool mayWrite(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read>(e.getEffect());
  });
}

bool sameBound(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> ca = getConstantIntValue(a);
  std::optional<int64_t> cb = getConstantIntValue(b);
  return ca && cb && *ca == *cb;
}

/// Maps each value computed in `second`'s body to the value of `first`'s
/// body computed by the same op on equivalent operands (the induction
/// variables are equivalent; values from above only to themselves). Loads
/// count as equivalent too: the caller has checked that nothing in or
/// between the loops writes memory.
DenseMap<Value, Value> matchBodies(ForRangeOp first, ForRangeOp second) {
  DenseMap<Value, Value> equivalent;
  equivalent[second.getInductionVar()] = first.getInductionVar();
  auto mapped = [&](Value v) {
    return equivalent.lookup(v) ? equivalent.lookup(v) : v;
  };
  for (Operation &op : second.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0 || op.getNumResults() == 0)
      continue;
    for (Operation &candidate : first.getBody()->without_terminator()) {
      bool same = OperationEquivalence::isEquivalentTo(
          &op, &candidate,
          [&](Value ours, Value theirs) {
            return success(mapped(ours) == theirs);
          },
          /*markEquivalent=*/nullptr,
          OperationEquivalence::Flags::IgnoreLocations);
      if (!same)
        continue;
      for (auto [ours, theirs] :
           llvm::zip(op.getResults(), candidate.getResults()))
        equivalent[ours] = theirs;
      break;
    }
  }
  return equivalent;
}

/// The results of `earlier` and of the ops from there up to `end` that
/// depend on them; those ops are appended to `dependents` if given.
llvm::SetVector<Value> derivedUpTo(ForRangeOp earlier, Operation *end,
                                   SmallVectorImpl<Operation *> *dependents) {
  llvm::SetVector<Value> derived(earlier->result_begin(),
                                 earlier->result_end());
  for (Operation *op = earlier->getNextNode(); op != end;
       op = op->getNextNode()) {
    if (llvm::none_of(op->getOperands(),
                      [&](Value v) { return derived.contains(v); }))
      continue;
    if (dependents)
      dependents->push_back(op);
    derived.insert(op->result_begin(), op->result_end());
  }
  return derived;
}

/// Whether widening a value by `widen` (a tile.splat or tile.broadcast)
/// gives, at each element, the statistic of the lanes that `reduce` combined
/// into that element: then every x is at most its own widened maximum.
bool widenUndoesReduce(Operation *widen, ReduceOp reduce) {
  if (isa_and_nonnull<SplatOp>(widen))
    return true;
  auto broadcast = dyn_cast_or_null<BroadcastOp>(widen);
  return broadcast && reduce && broadcast.getDim() != reduce.getDim();
}

/// A constant of `type` (a float or a tile of floats) with every element
/// `value`.
Value floatConstant(OpBuilder &b, Location loc, Type type,
                    const APFloat &value) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  APFloat converted = value;
  bool lost;
  converted.convert(element.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
  TypedAttr attr = FloatAttr::get(element, converted);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    attr = DenseElementsAttr::get(tensor, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

LogicalResult checkSameRangeNoWrites(ForRangeOp first, ForRangeOp second,
                                     ArrayRef<Operation *> between,
                                     Refusal &refusal) {
  if (!sameBound(first.getLowerBound(), second.getLowerBound()) ||
      !sameBound(first.getUpperBound(), second.getUpperBound()) ||
      !sameBound(first.getStep(), second.getStep()))
    return refusal.refuse("the loops run over different ranges");
  if (mayWrite(first) || mayWrite(second))
    return refusal.refuse("a loop writes memory, so the second loop may read "
                          "something else than the first");
  for (Operation *op : between)
    if (mayWrite(op))
      return refusal.refuse("an op between the loops writes memory", op);
  return success();
}

Operation *moveDependentsAfter(ForRangeOp loop,
                               ArrayRef<Operation *> dependents) {
  Operation *after = loop;
  for (Operation *op : dependents) {
    op->moveAfter(after);
    after = op;
  }
  return after;
}

ForRangeOp createMergedLoop(IRRewriter &rewriter, ForRangeOp first,
                            ValueRange inits, IRMapping &firstMap) {
  auto merged =
      ForRangeOp::create(rewriter, first.getLoc(), first.getLowerBound(),
                         first.getUpperBound(), first.getStep(), inits);
  // The first loop's pipelining hint and discardable attributes carry over.
  if (first.getNumStagesAttr())
    merged.setNumStagesAttr(first.getNumStagesAttr());
  for (NamedAttribute attr : first->getDiscardableAttrs())
    merged->setAttr(attr.getName(), attr.getValue());
  rewriter.setInsertionPointToStart(merged.getBody());
  firstMap.map(first.getInductionVar(), merged.getInductionVar());
  firstMap.map(first.getRegionIterArgs()[0], merged.getRegionIterArgs()[0]);
  for (Operation &op : first.getBody()->without_terminator())
    rewriter.clone(op, firstMap);
  return merged;
}

void cloneSecondBody(IRRewriter &rewriter, ForRangeOp second,
                     const DenseMap<Value, Value> &equivalent,
                     const IRMapping &firstMap, IRMapping &secondMap,
                     const llvm::SmallPtrSetImpl<Operation *> &replaced) {
  for (Operation &op : second.getBody()->without_terminator()) {
    if (replaced.contains(&op))
      continue;
    if (op.getNumResults() != 0 && llvm::all_of(op.getResults(), [&](Value v) {
          return equivalent.count(v);
        })) {
      for (Value v : op.getResults())
        secondMap.map(v, firstMap.lookup(equivalent.lookup(v)));
      continue;
    }
    rewriter.clone(op, secondMap);
  }
}

} // namespace tile::online_loops
