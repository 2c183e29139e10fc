//===- LowerEpilogue.cpp - tile.epilogue ----------------------------------===//
//
// A tile.epilogue becomes a copy of its scalar body per element the thread
// holds: per lane element for accumulators, so that the epilogue runs on
// the register-resident fragments, per slot for distributed tiles.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"


using namespace mlir;
using namespace tile;
using namespace tile::conversion;

static LogicalResult lowerEpilogueOp(KernelLowering &k, EpilogueOp op) {
  Location loc = op.getLoc();
  TileForm form = k.elementForm(op.getResult(0));
  auto type = cast<RankedTensorType>(op.getResult(0).getType());
  Block &body = op.getBody().front();

  SmallVector<SmallVector<Value>> inputs;
  for (Value input : op.getInputs()) {
    FailureOr<TileValue> held = k.getElementwiseOperand(input, form, loc);
    if (failed(held))
      return failure();
    inputs.push_back(held->values);
  }
  // Scalars the body uses from above are already lowered; its constants
  // are made once for all elements.
  IRMapping fromAbove;
  for (Operation &inner : body)
    if (inner.hasTrait<OpTrait::ConstantLike>())
      k.builder.clone(inner, fromAbove);
  for (Operation &inner : body)
    for (Value v : inner.getOperands())
      if (v.getParentRegion() != &op.getBody()) {
        Value lowered = k.mapped(v);
        if (!lowered)
          return inner.emitOpError()
                 << "uses a value the simdgroup backend has not lowered";
        fromAbove.map(v, lowered);
      }

  SmallVector<TileValue> results(op.getNumResults(), TileValue{form, {}});
  for (int64_t i = 0, n = k.count(type, form); i < n; ++i) {
    IRMapping map = fromAbove;
    for (auto [arg, values] : llvm::zip(body.getArguments(), inputs))
      map.map(arg, values.size() == 1 ? values[0] : values[i]);
    for (Operation &inner : body.without_terminator())
      if (!inner.hasTrait<OpTrait::ConstantLike>())
        k.builder.clone(inner, map);
    for (auto [result, value] :
         llvm::zip(results, body.getTerminator()->getOperands()))
      result.values.push_back(map.lookup(value));
  }
  for (auto [value, result] : llvm::zip(op.getResults(), results))
    k.define(value, std::move(result));
  return success();
}

LogicalResult tile::conversion::lowerEpilogue(KernelLowering &k, Operation &op,
                                              bool &handled) {
  handled = true;
  if (auto epilogue = dyn_cast<EpilogueOp>(op))
    return lowerEpilogueOp(k, epilogue);
  handled = false;
  return failure();
}
