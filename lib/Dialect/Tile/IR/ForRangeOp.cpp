//===- ForRangeOp.cpp - tile.for_range and tile.yield ---------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

using namespace mlir;
using namespace tile;

void ForRangeOp::build(OpBuilder &builder, OperationState &state,
                       Value lowerBound, Value upperBound, Value step,
                       ValueRange initArgs) {
  state.addOperands({lowerBound, upperBound, step});
  state.addOperands(initArgs);
  state.addTypes(initArgs.getTypes());
  Region *region = state.addRegion();
  Block *body = new Block();
  region->push_back(body);
  body->addArgument(builder.getIndexType(), state.location);
  for (Value init : initArgs)
    body->addArgument(init.getType(), init.getLoc());
  // With loop-carried values the caller writes the yield; without, the
  // implicit empty one is added here.
  if (initArgs.empty()) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(body);
    YieldOp::create(builder, state.location);
  }
}

YieldOp ForRangeOp::getYield() {
  return cast<YieldOp>(getBody()->getTerminator());
}

//===----------------------------------------------------------------------===//
// Custom assembly:
//   tile.for_range %iv = %lb to %ub step %s
//       [iter_args(%a = %init, ...) -> (types)] { body } [attr-dict]
//===----------------------------------------------------------------------===//

ParseResult ForRangeOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  Type indexType = builder.getIndexType();
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lb) || parser.parseKeyword("to") ||
      parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step))
    return failure();
  iv.type = indexType;

  SmallVector<OpAsmParser::Argument, 4> regionArgs{iv};
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inits;
  if (succeeded(parser.parseOptionalKeyword("iter_args"))) {
    if (parser.parseAssignmentList(regionArgs, inits) ||
        parser.parseArrowTypeList(result.types))
      return failure();
  }
  if (regionArgs.size() != result.types.size() + 1)
    return parser.emitError(parser.getNameLoc())
           << "expected as many iter_args types (" << result.types.size()
           << ") as iter_args (" << regionArgs.size() - 1 << ")";
  for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs), result.types))
    arg.type = type;

  if (parser.resolveOperand(lb, indexType, result.operands) ||
      parser.resolveOperand(ub, indexType, result.operands) ||
      parser.resolveOperand(step, indexType, result.operands) ||
      parser.resolveOperands(inits, result.types, parser.getNameLoc(),
                             result.operands))
    return failure();

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  ForRangeOp::ensureTerminator(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForRangeOp::print(OpAsmPrinter &p) {
  p << " " << getInductionVar() << " = " << getLowerBound() << " to "
    << getUpperBound() << " step " << getStep();
  bool hasIterArgs = !getInitArgs().empty();
  if (hasIterArgs) {
    p << " iter_args(";
    llvm::interleaveComma(
        llvm::zip(getRegionIterArgs(), getInitArgs()), p, [&](auto pair) {
          p << std::get<0>(pair) << " = " << std::get<1>(pair);
        });
    p << ") -> (" << getResultTypes() << ")";
  }
  p << " ";
  p.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/hasIterArgs);
  p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

LogicalResult ForRangeOp::verify() {
  std::optional<int64_t> step = getConstantIntValue(getStep());
  if (step && *step <= 0)
    return emitOpError() << "step must be positive, got " << *step;
  if (std::optional<int64_t> stages = getNumStages(); stages && *stages < 1)
    return emitOpError() << "num_stages must be at least 1, got " << *stages;

  Block *body = getBody();
  size_t numCarried = getInitArgs().size();
  if (getNumResults() != numCarried)
    return emitOpError() << "has " << numCarried << " iter_args but "
                         << getNumResults() << " results";
  if (body->getNumArguments() != numCarried + 1)
    return emitOpError() << "body must take the induction variable and "
                         << numCarried << " iter_args, got "
                         << body->getNumArguments() << " arguments";
  if (!body->getArgument(0).getType().isIndex())
    return emitOpError() << "induction variable must be index, got "
                         << body->getArgument(0).getType();
  for (auto [i, init, arg, result] :
       llvm::enumerate(getInitArgs(), getRegionIterArgs(), getResults())) {
    if (init.getType() != result.getType() || arg.getType() != result.getType())
      return emitOpError() << "iter_arg #" << i << " has init type "
                           << init.getType() << ", block argument type "
                           << arg.getType() << " and result type "
                           << result.getType() << "; they must agree";
  }
  ValueRange yielded = getYield().getValues();
  if (yielded.size() != numCarried)
    return getYield().emitOpError()
           << "yields " << yielded.size() << " values but the loop carries "
           << numCarried;
  for (auto [i, value, result] : llvm::enumerate(yielded, getResults()))
    if (value.getType() != result.getType())
      return getYield().emitOpError()
             << "operand #" << i << " has type " << value.getType()
             << " but the loop result has type " << result.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// LoopLikeOpInterface
//===----------------------------------------------------------------------===//

SmallVector<Region *> ForRangeOp::getLoopRegions() { return {&getRegion()}; }

std::optional<SmallVector<Value>> ForRangeOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}

std::optional<SmallVector<OpFoldResult>> ForRangeOp::getLoopLowerBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getLowerBound())};
}

std::optional<SmallVector<OpFoldResult>> ForRangeOp::getLoopUpperBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getUpperBound())};
}

std::optional<SmallVector<OpFoldResult>> ForRangeOp::getLoopSteps() {
  return SmallVector<OpFoldResult>{OpFoldResult(getStep())};
}

MutableArrayRef<OpOperand> ForRangeOp::getInitsMutable() {
  return getInitArgsMutable();
}

Block::BlockArgListType ForRangeOp::getRegionIterArgs() {
  return getBody()->getArguments().drop_front();
}

std::optional<MutableArrayRef<OpOperand>>
ForRangeOp::getYieldedValuesMutable() {
  return getYield().getValuesMutable();
}

std::optional<ResultRange> ForRangeOp::getLoopResults() { return getResults(); }

std::optional<APInt> ForRangeOp::getStaticTripCount() {
  if (std::optional<int64_t> count = getConstantTripCount(*this))
    return APInt(64, *count);
  return std::nullopt;
}

std::optional<int64_t> tile::getConstantTripCount(ForRangeOp op) {
  std::optional<int64_t> lb = getConstantIntValue(op.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(op.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(op.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  if (*ub <= *lb)
    return 0;
  // ceil((ub - lb) / step) in unsigned arithmetic: ub - lb may not fit in
  // int64_t (e.g. the whole index range), and neither may the count, which is
  // then reported as unknown rather than wrapped.
  uint64_t span = static_cast<uint64_t>(*ub) - static_cast<uint64_t>(*lb);
  uint64_t count = (span - 1) / static_cast<uint64_t>(*step) + 1;
  if (count > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return std::nullopt;
  return static_cast<int64_t>(count);
}

//===----------------------------------------------------------------------===//
// RegionBranchOpInterface
//===----------------------------------------------------------------------===//

void ForRangeOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  // From the parent and from the end of the body, control goes to the body
  // (another iteration) or back to the parent (the loop is done).
  regions.push_back(RegionSuccessor(&getRegion(), getRegionIterArgs()));
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

OperandRange ForRangeOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  return getInitArgs();
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

/// A loop whose bounds are the same value never runs, even at run time.
static bool isEmptyRange(ForRangeOp op) {
  return op.getLowerBound() == op.getUpperBound();
}

LogicalResult tile::simplifyTrivialLoop(ForRangeOp op, RewriterBase &rewriter) {
  std::optional<int64_t> tripCount = getConstantTripCount(op);
  if (isEmptyRange(op))
    tripCount = 0;
  if (!tripCount || *tripCount > 1)
    return failure();

  if (*tripCount == 0) {
    rewriter.replaceOp(op, op.getInitArgs());
    return success();
  }

  // One iteration: the body runs with %iv = lb and the inits; its yield gives
  // the results.
  Block *body = op.getBody();
  YieldOp yield = op.getYield();
  SmallVector<Value> blockArgs{op.getLowerBound()};
  llvm::append_range(blockArgs, op.getInitArgs());
  rewriter.inlineBlockBefore(body, op, blockArgs);
  // Read the yielded values after inlining: a yielded block argument has
  // been replaced by its init by now.
  SmallVector<Value> results(yield.getValues());
  rewriter.eraseOp(yield);
  rewriter.replaceOp(op, results);
  return success();
}

namespace {
struct SimplifyTrivialLoop : OpRewritePattern<ForRangeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForRangeOp op,
                                PatternRewriter &rewriter) const override {
    return simplifyTrivialLoop(op, rewriter);
  }
};

/// The ops of `body` that `arg` feeds, when all they do is compute the
/// value yielded back as operand `i` of `yield`: pure ops of the body itself
/// (no regions) whose results go only to each other and to that operand.
/// None when the value reaches anything else.
static std::optional<SmallVector<Operation *>>
selfAdvancingSlice(BlockArgument arg, Block *body, YieldOp yield, unsigned i) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{arg};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user == yield.getOperation()) {
        if (use.getOperandNumber() != i)
          return std::nullopt;
        continue;
      }
      if (user->getBlock() != body || user->getNumRegions() != 0 ||
          !isPure(user))
        return std::nullopt;
      if (slice.insert(user))
        llvm::append_range(work, user->getResults());
    }
  }
  SmallVector<Operation *> ops(slice.begin(), slice.end());
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

/// Drops a loop-carried value nothing reads: its result is unused and the
/// body only advances it (e.g. the pointer offsets a Triton kernel carries,
/// once tile-gather-to-load has turned its gathers into tile.load).
struct DropUnusedIterArgs : OpRewritePattern<ForRangeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForRangeOp op,
                                PatternRewriter &rewriter) const override {
    Block *body = op.getBody();
    YieldOp yield = op.getYield();
    SmallVector<unsigned> kept;
    SmallVector<Operation *> dead;
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i) {
      std::optional<SmallVector<Operation *>> slice;
      if (op.getResult(i).use_empty())
        slice = selfAdvancingSlice(body->getArgument(i + 1), body, yield, i);
      if (!slice) {
        kept.push_back(i);
        continue;
      }
      llvm::append_range(dead, *slice);
    }
    if (kept.size() == op.getNumResults())
      return failure();

    SmallVector<Value> inits, yielded;
    for (unsigned i : kept) {
      inits.push_back(op.getInitArgs()[i]);
      yielded.push_back(yield.getValues()[i]);
    }
    auto loop = ForRangeOp::create(rewriter, op.getLoc(), op.getLowerBound(),
                                   op.getUpperBound(), op.getStep(), inits);
    loop.setNumStagesAttr(op.getNumStagesAttr());
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    // The old body, without the dropped values' yields, the ops that
    // advanced them (latest first) and their block arguments.
    rewriter.eraseBlock(loop.getBody());
    rewriter.inlineRegionBefore(op.getRegion(), loop.getRegion(),
                                loop.getRegion().end());
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(yielded); });
    llvm::sort(
        dead, [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
    for (Operation *deadOp : llvm::make_early_inc_range(dead))
      if (deadOp->use_empty())
        rewriter.eraseOp(deadOp);
    llvm::BitVector dropped(body->getNumArguments());
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
      if (!llvm::is_contained(kept, i))
        dropped.set(i + 1);
    body->eraseArguments(dropped);
    // A dropped result has no use: any value of its type stands in for it.
    SmallVector<Value> results(op.getInitArgs());
    for (auto [j, i] : llvm::enumerate(kept))
      results[i] = loop.getResult(j);
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void ForRangeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<SimplifyTrivialLoop, DropUnusedIterArgs>(context);
}
