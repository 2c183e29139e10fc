//===- Unroll.cpp - full and partial unrolling of tile.for_range ----------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

namespace tile {
#define GEN_PASS_DEF_TILEUNROLL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

/// Clones the body of `loop` at the builder's insertion point for one
/// iteration with induction variable `iv` and loop-carried values `carried`;
/// returns the values that iteration yields (the next iteration's carried
/// values).
static SmallVector<Value> cloneIteration(OpBuilder &builder, ForRangeOp loop,
                                         Value iv, ValueRange carried) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  mapping.map(loop.getRegionIterArgs(), carried);
  for (Operation &op : loop.getBody()->without_terminator())
    builder.clone(op, mapping);
  return llvm::map_to_vector(loop.getYield().getValues(), [&](Value v) {
    return mapping.lookupOrDefault(v);
  });
}

/// Replaces `loop`, whose trip count is the constant `tripCount`, by
/// `tripCount` copies of its body with constant induction variables.
static void unrollFully(ForRangeOp loop, int64_t tripCount,
                        RewriterBase &rewriter) {
  if (succeeded(simplifyTrivialLoop(loop, rewriter)))
    return;
  int64_t lb = *getConstantIntValue(loop.getLowerBound());
  int64_t step = *getConstantIntValue(loop.getStep());
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> carried(loop.getInitArgs());
  for (int64_t i = 0; i < tripCount; ++i) {
    Value iv =
        arith::ConstantIndexOp::create(rewriter, loop.getLoc(), lb + i * step);
    carried = cloneIteration(rewriter, loop, iv, carried);
  }
  rewriter.replaceOp(loop, carried);
}

/// Creates a loop like `loop` (same attributes) over [lb, ub) by `step`
/// whose body is filled by `fillBody(builder, iv, carried)`, which returns
/// the values to yield.
static ForRangeOp createLoopLike(
    RewriterBase &rewriter, ForRangeOp loop, Value lb, Value ub, Value step,
    ValueRange inits,
    function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> fillBody) {
  auto newLoop =
      ForRangeOp::create(rewriter, loop.getLoc(), lb, ub, step, inits);
  for (NamedAttribute attr : loop->getAttrs())
    if (!newLoop->hasAttr(attr.getName()))
      newLoop->setAttr(attr.getName(), attr.getValue());
  OpBuilder::InsertionGuard guard(rewriter);
  Block *body = newLoop.getBody();
  if (inits.empty()) {
    // The builder added the empty yield; the body goes before it.
    rewriter.setInsertionPoint(body->getTerminator());
    fillBody(rewriter, newLoop.getInductionVar(), {});
    return newLoop;
  }
  rewriter.setInsertionPointToEnd(body);
  SmallVector<Value> yielded = fillBody(rewriter, newLoop.getInductionVar(),
                                        newLoop.getRegionIterArgs());
  YieldOp::create(rewriter, loop.getLoc(), yielded);
  return newLoop;
}

namespace {
/// Index arithmetic on OpFoldResults: constants stay attributes until a
/// value is needed, so unrolling a constant-bound loop computes its new
/// bounds at compile time instead of emitting arithmetic for canonicalize to
/// fold.
struct IndexMath {
  OpBuilder &builder;
  Location loc;

  Value value(OpFoldResult v) {
    if (auto attr = dyn_cast<Attribute>(v))
      return arith::ConstantIndexOp::create(builder, loc,
                                            cast<IntegerAttr>(attr).getInt());
    return cast<Value>(v);
  }
  OpFoldResult constant(int64_t v) { return builder.getIndexAttr(v); }

  /// Computes `fold` when both operands are constants, else creates `OpTy`.
  template <typename OpTy>
  OpFoldResult binary(OpFoldResult a, OpFoldResult b,
                      function_ref<int64_t(int64_t, int64_t)> fold) {
    std::optional<int64_t> ca = getConstantIntValue(a);
    std::optional<int64_t> cb = getConstantIntValue(b);
    if (ca && cb)
      return constant(fold(*ca, *cb));
    return OpTy::create(builder, loc, value(a), value(b)).getResult();
  }
  // Folds wrap around like the arith ops they replace (and avoid signed
  // overflow in C++).
  static int64_t wrap(uint64_t v) { return static_cast<int64_t>(v); }
  OpFoldResult add(OpFoldResult a, OpFoldResult b) {
    if (isConstantIntValue(b, 0))
      return a;
    if (isConstantIntValue(a, 0))
      return b;
    return binary<arith::AddIOp>(a, b, [](int64_t x, int64_t y) {
      return wrap(static_cast<uint64_t>(x) + static_cast<uint64_t>(y));
    });
  }
  OpFoldResult mul(OpFoldResult a, OpFoldResult b) {
    if (isConstantIntValue(b, 1))
      return a;
    if (isConstantIntValue(b, 0))
      return constant(0);
    return binary<arith::MulIOp>(a, b, [](int64_t x, int64_t y) {
      return wrap(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
    });
  }
  /// Unsigned division; callers pass a non-negative dividend.
  OpFoldResult divui(OpFoldResult a, OpFoldResult b) {
    return binary<arith::DivUIOp>(a, b, [](int64_t x, int64_t y) {
      return static_cast<int64_t>(static_cast<uint64_t>(x) /
                                  static_cast<uint64_t>(y));
    });
  }
  /// The length of [lb, ub) as an unsigned number: ub - lb when ub > lb
  /// (signed), else 0. Exact for every pair, also when ub - lb does not fit
  /// in int64_t (then it only fits as unsigned), which max(ub - lb, 0)
  /// would get wrong.
  OpFoldResult rangeLength(OpFoldResult lb, OpFoldResult ub) {
    std::optional<int64_t> cl = getConstantIntValue(lb);
    std::optional<int64_t> cu = getConstantIntValue(ub);
    if (cl && cu)
      return constant(*cu > *cl ? wrap(static_cast<uint64_t>(*cu) -
                                       static_cast<uint64_t>(*cl))
                                : 0);
    Value l = value(lb), u = value(ub);
    Value nonEmpty =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sgt, u, l);
    Value diff = arith::SubIOp::create(builder, loc, u, l);
    return arith::SelectOp::create(builder, loc, nonEmpty, diff,
                                   value(constant(0)))
        .getResult();
  }
};
} // namespace

/// Unrolls `loop` by `factor` into a main loop that runs `factor` copies of
/// the body per iteration and a remainder loop for the iterations left:
///
///   span    = ub > lb ? ub - lb : 0          (unsigned)
///   mainUb  = lb + (span / (step * factor)) * (step * factor)
///   main:      for %iv = lb to mainUb step step*factor   (factor bodies)
///   remainder: for %iv = mainUb to ub step step          (one body)
///
/// Every induction value of the main loop plus (factor-1)*step stays below
/// mainUb <= ub, and the remainder starts where the main loop stops on the
/// same lattice lb + i*step, so each original iteration runs exactly once
/// and in order. Constant bounds fold; trivial loops disappear.
static void unrollByFactor(ForRangeOp loop, int64_t factor,
                           RewriterBase &rewriter) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  IndexMath math{rewriter, loc};
  // Kept as values (constants are still seen through) so that a result equal
  // to an operand reuses it instead of materializing a copy.
  OpFoldResult lb = loop.getLowerBound(), ub = loop.getUpperBound();
  OpFoldResult step = loop.getStep();
  // Materialized once: it is both an operand of the bound arithmetic and the
  // main loop's step.
  Value bigStep = math.value(math.mul(step, math.constant(factor)));
  OpFoldResult span = math.rangeLength(lb, ub);
  Value mainUb =
      math.value(math.add(lb, math.mul(math.divui(span, bigStep), bigStep)));

  ForRangeOp mainLoop = createLoopLike(
      rewriter, loop, loop.getLowerBound(), mainUb, bigStep, loop.getInitArgs(),
      [&](OpBuilder &b, Value iv, ValueRange carried) {
        IndexMath bodyMath{b, loc};
        SmallVector<Value> values(carried);
        for (int64_t j = 0; j < factor; ++j) {
          OpFoldResult offset = bodyMath.mul(step, bodyMath.constant(j));
          Value ivJ = bodyMath.value(bodyMath.add(iv, offset));
          values = cloneIteration(b, loop, ivJ, values);
        }
        return values;
      });
  ForRangeOp remainder = createLoopLike(
      rewriter, loop, mainUb, loop.getUpperBound(), loop.getStep(),
      mainLoop.getResults(), [&](OpBuilder &b, Value iv, ValueRange carried) {
        return cloneIteration(b, loop, iv, carried);
      });
  // Fewer than `factor` iterations: the unroller asks the backend's
  // compiler to unroll the remainder (when its bounds are constants).
  remainder->setAttr(TileDialect::getUnrollAttrName(), rewriter.getUnitAttr());
  rewriter.replaceOp(loop, remainder.getResults());
  (void)simplifyTrivialLoop(mainLoop, rewriter);
  (void)simplifyTrivialLoop(remainder, rewriter);
}

/// Whether unrolling `loop` fully, `tripCount` copies of its body, stays
/// within `maxOps` ops (0: no limit). Nested ops count: an inner loop
/// already unrolled weighs what its copies weigh.
static bool withinSizeBudget(ForRangeOp loop, int64_t tripCount,
                             int64_t maxOps) {
  if (maxOps == 0)
    return true;
  int64_t bodyOps = 0;
  for (Operation &op : loop.getBody()->without_terminator())
    op.walk([&](Operation *) { ++bodyOps; });
  int64_t total;
  return !llvm::MulOverflow(tripCount, bodyOps, total) && total <= maxOps;
}

/// Each unit of the factor is a copy of the loop body: beyond this the
/// request is a typo rather than a schedule.
static constexpr int64_t kMaxFactor = 1024;

namespace {
struct TileUnrollPass : tile::impl::TileUnrollBase<TileUnrollPass> {
  using TileUnrollBase::TileUnrollBase;

  void runOnOperation() override {
    if (factor > kMaxFactor) {
      getOperation()->emitError()
          << "tile-unroll: 'factor' must be at most " << kMaxFactor << ", got "
          << factor.getValue();
      return signalPassFailure();
    }
    if (factor < 0 || maxTripCount < 0) {
      getOperation()->emitError()
          << "tile-unroll: 'factor' and 'max-trip-count' must not be "
             "negative, got factor="
          << factor.getValue() << " max-trip-count=" << maxTripCount.getValue();
      return signalPassFailure();
    }
    if (maxUnrolledOps < 0) {
      getOperation()->emitError()
          << "tile-unroll: 'max-unrolled-ops' must not be negative, got "
          << maxUnrolledOps.getValue();
      return signalPassFailure();
    }
    // Post-order: inner loops are unrolled before the loops that hold them,
    // so an unrolled outer loop clones already unrolled bodies.
    SmallVector<ForRangeOp> loops;
    getOperation()->walk<WalkOrder::PostOrder>(
        [&](ForRangeOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (ForRangeOp loop : loops) {
      if (factor >= 2) {
        // The main loop steps by step * factor, which must not wrap: that is
        // only provable for a constant step (whose multiple overflows only
        // when the loop runs at most once anyway). Loops with a runtime step
        // are left alone.
        std::optional<int64_t> step = getConstantIntValue(loop.getStep());
        int64_t bigStep;
        if (!step || llvm::MulOverflow(*step, factor.getValue(), bigStep))
          continue;
        unrollByFactor(loop, factor, rewriter);
        continue;
      }
      if (factor == 1)
        continue;
      std::optional<int64_t> tripCount = getConstantTripCount(loop);
      if (tripCount && *tripCount <= maxTripCount &&
          withinSizeBudget(loop, *tripCount, maxUnrolledOps))
        unrollFully(loop, *tripCount, rewriter);
    }
  }
};
} // namespace
