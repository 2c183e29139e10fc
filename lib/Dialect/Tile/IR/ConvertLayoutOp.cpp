//===- ConvertLayoutOp.cpp - tile.convert_layout folds --------------------===//
//
// The folds and canonicalization of tile.convert_layout, and
// rematerializeInLayout, which tile-assign-layouts shares with them.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tile;

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  // The same layout on both sides: nothing to move.
  if (getInput().getType() == getType())
    return getInput();
  // convert(convert(x)) moves x once.
  if (auto inner = getInput().getDefiningOp<ConvertLayoutOp>()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  // A splat constant exists in every layout.
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getInput()))
    return SplatElementsAttr::get(getType(), splat.getSplatValue<Attribute>());
  return {};
}

Value tile::rematerializeInLayout(OpBuilder &builder, Location loc, Value value,
                                  RankedTensorType type) {
  Operation *producer = value.getDefiningOp();
  if (auto splat = dyn_cast_if_present<SplatOp>(producer))
    return SplatOp::create(builder, loc, type, splat.getInput());
  if (isa_and_present<ArangeOp>(producer))
    return ArangeOp::create(builder, loc, type);
  SplatElementsAttr constant;
  if (matchPattern(value, m_Constant(&constant)))
    return arith::ConstantOp::create(
        builder, loc, type,
        SplatElementsAttr::get(type, constant.getSplatValue<Attribute>()));
  return {};
}

namespace {
/// convert(splat(s)) is splat(s) in the new layout, convert(arange) an
/// arange in it: each thread computes its own elements, nothing moves.
struct ConvertOfScalarTile : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Value remade = rematerializeInLayout(rewriter, op.getLoc(), op.getInput(),
                                         op.getType());
    if (!remade)
      return failure();
    rewriter.replaceOp(op, remade);
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ConvertOfScalarTile>(context);
}
