//===- EpilogueOps.cpp - tile.broadcast and tile.epilogue -----------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tile;

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  auto result = cast<RankedTensorType>(getType());
  if (input.getRank() != 1 || !input.hasStaticShape())
    return emitOpError() << "input must be a rank-1 tile with a static shape, "
                            "got "
                         << input;
  if (result.getRank() != 2 || !result.hasStaticShape())
    return emitOpError() << "result must be a rank-2 tile with a static "
                            "shape, got "
                         << result;
  if (input.getElementType() != result.getElementType())
    return emitOpError() << "input element type " << input.getElementType()
                         << " does not match result element type "
                         << result.getElementType();
  int64_t dim = getDim();
  if (input.getDimSize(0) != result.getDimSize(dim))
    return emitOpError() << "input length " << input.getDimSize(0)
                         << " does not match the result's size "
                         << result.getDimSize(dim) << " along dimension "
                         << dim;
  return success();
}

//===----------------------------------------------------------------------===//
// EpilogueOp
//===----------------------------------------------------------------------===//

YieldOp EpilogueOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

LogicalResult EpilogueOp::verify() {
  if (getResults().empty())
    return emitOpError() << "must have at least one result";
  auto shapeOf = [](Type t) { return cast<RankedTensorType>(t).getShape(); };
  ArrayRef<int64_t> shape = shapeOf(getResult(0).getType());
  auto first = cast<RankedTensorType>(getResult(0).getType());
  if (!first.hasStaticShape())
    return emitOpError() << "results must have a static shape";
  if (first.getRank() != 1 && first.getRank() != 2)
    return emitOpError() << "results must be tiles of rank 1 or 2, got "
                         << first;
  for (Type t : llvm::concat<const Type>(getInputs().getTypes(),
                                         getResults().getTypes()))
    if (shapeOf(t) != shape)
      return emitOpError() << "inputs and results must all have the shape of "
                              "the first result, "
                           << getResult(0).getType() << ", got " << t;
  return success();
}

LogicalResult EpilogueOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body must have one argument per input ("
                         << getInputs().size() << "), got "
                         << body.getNumArguments();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(body.getArguments(), getInputs()))) {
    auto [arg, input] = pair;
    Type element = cast<RankedTensorType>(input.getType()).getElementType();
    if (arg.getType() != element)
      return emitOpError() << "body argument #" << i << " must be " << element
                           << ", the element type of input #" << i << ", got "
                           << arg.getType();
  }
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError() << "body must end with tile.yield";
  if (yield.getValues().size() != getResults().size())
    return yield.emitOpError()
           << "yields " << yield.getValues().size()
           << " values but the epilogue has " << getResults().size()
           << (getResults().size() == 1 ? " result" : " results");
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(yield.getValues(), getResults()))) {
    auto [value, result] = pair;
    Type element = cast<RankedTensorType>(result.getType()).getElementType();
    if (value.getType() != element)
      return yield.emitOpError() << "value #" << i << " must be " << element
                                 << ", the element type of result #" << i
                                 << ", got " << value.getType();
  }
  for (Operation &op : body.without_terminator()) {
    StringRef dialect = op.getName().getDialectNamespace();
    if (dialect != "arith" && dialect != "math")
      return op.emitOpError()
             << "is not an arith or math op; a tile.epilogue body holds "
                "those only";
    auto isTile = [](Type t) { return isa<ShapedType>(t); };
    if (llvm::any_of(op.getOperandTypes(), isTile) ||
        llvm::any_of(op.getResultTypes(), isTile))
      return op.emitOpError() << "works on tiles; a tile.epilogue body holds "
                                 "scalar operations only";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// EpilogueOp canonicalization
//===----------------------------------------------------------------------===//

namespace {
/// Forwards results that yield an input unchanged, then rebuilds the op
/// without unused results, unread inputs and repeated inputs.
struct SimplifyEpilogue : OpRewritePattern<EpilogueOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EpilogueOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = op.getBody().front();
    YieldOp yield = op.getYield();
    bool changed = false;
    // A result that is an input (same element type, so same type).
    for (auto [result, value] : llvm::zip(op.getResults(), yield.getValues())) {
      auto arg = dyn_cast<BlockArgument>(value);
      if (!arg || arg.getOwner() != &body || result.use_empty())
        continue;
      Value input = op.getInputs()[arg.getArgNumber()];
      if (input.getType() != result.getType())
        continue;
      rewriter.replaceAllUsesWith(result, input);
      changed = true;
    }
    // Repeated inputs read through their first argument.
    llvm::SmallDenseMap<Value, BlockArgument> first;
    for (auto [input, arg] : llvm::zip(op.getInputs(), body.getArguments())) {
      auto [it, inserted] = first.try_emplace(input, arg);
      if (!inserted && !arg.use_empty()) {
        rewriter.replaceAllUsesWith(arg, it->second);
        changed = true;
      }
    }
    SmallVector<unsigned> keptResults, keptInputs;
    for (OpResult result : op.getResults())
      if (!result.use_empty())
        keptResults.push_back(result.getResultNumber());
    for (BlockArgument arg : body.getArguments())
      if (!arg.use_empty())
        keptInputs.push_back(arg.getArgNumber());
    if (keptResults.empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    if (keptResults.size() == op.getNumResults() &&
        keptInputs.size() == op.getInputs().size())
      return success(changed);

    SmallVector<Type> types;
    SmallVector<Value> inputs, yielded;
    for (unsigned r : keptResults) {
      types.push_back(op.getResult(r).getType());
      yielded.push_back(yield.getValues()[r]);
    }
    for (unsigned i : keptInputs)
      inputs.push_back(op.getInputs()[i]);
    auto replacement = EpilogueOp::create(rewriter, op.getLoc(), types, inputs);
    Block *newBody = rewriter.createBlock(&replacement.getBody());
    IRMapping map;
    for (unsigned i : keptInputs)
      map.map(body.getArgument(i),
              newBody->addArgument(body.getArgument(i).getType(),
                                   body.getArgument(i).getLoc()));
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, map);
    SmallVector<Value> mappedYield;
    for (Value v : yielded)
      mappedYield.push_back(map.lookupOrDefault(v));
    YieldOp::create(rewriter, yield.getLoc(), mappedYield);
    for (auto [r, result] : llvm::zip(keptResults, replacement.getResults()))
      rewriter.replaceAllUsesWith(op.getResult(r), result);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void EpilogueOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<SimplifyEpilogue>(context);
}
