//===- ForRangeToSCF.cpp - lower tile.for_range to scf.for ----------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace tile {
#define GEN_PASS_DEF_TILEFORRANGETOSCF
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

/// Moves the body of `loop` into a new scf.for with the same bounds and
/// loop-carried values and replaces `loop` with it.
static void lowerForRange(ForRangeOp loop, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(loop);
  auto forOp = scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                                  loop.getUpperBound(), loop.getStep(),
                                  loop.getInitArgs());
  // Replace the builder's default body with ours: the block arguments (the
  // induction variable, then the iter_args) line up one to one.
  rewriter.eraseBlock(forOp.getBody());
  rewriter.inlineRegionBefore(loop.getRegion(), forOp.getRegion(),
                              forOp.getRegion().end());
  YieldOp yield = cast<YieldOp>(forOp.getBody()->getTerminator());
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yield.getValues());

  // Keep the pipelining hint and any discardable attributes of the loop.
  if (std::optional<int64_t> stages = loop.getNumStages())
    forOp->setAttr(TileDialect::getNumStagesAttrName(),
                   rewriter.getI64IntegerAttr(*stages));
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    forOp->setAttr(attr.getName(), attr.getValue());
  rewriter.replaceOp(loop, forOp.getResults());
}

namespace {
struct TileForRangeToSCFPass
    : tile::impl::TileForRangeToSCFBase<TileForRangeToSCFPass> {
  void runOnOperation() override {
    SmallVector<ForRangeOp> loops;
    getOperation()->walk([&](ForRangeOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (ForRangeOp loop : loops)
      lowerForRange(loop, rewriter);
  }
};
} // namespace
