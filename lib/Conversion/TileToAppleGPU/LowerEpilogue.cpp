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

LogicalResult tile::conversion::lowerEpilogue(KernelLowering &k,
                                              EpilogueOp op) {
  Location loc = op.getLoc();
  TileForm form = k.elementForm(op.getResult(0));
  auto type = cast<RankedTensorType>(op.getResult(0).getType());
  Block &body = op.getBody().front();
  // Uniform inputs make uniform results: one scalar each, no arrays.
  bool uniform = form == TileForm::Uniform;

  FailureOr<ElementLoop> loop = ElementLoop::make(k, op.getInputs(), form, loc);
  if (failed(loop))
    return failure();
  // Scalars the body uses from above are already lowered; its constants
  // are made once for all elements.
  IRMapping fromAbove;
  for (Operation &inner : body)
    if (inner.hasTrait<OpTrait::ConstantLike>())
      k.builder().clone(inner, fromAbove);
  for (Operation &inner : body)
    for (Value v : inner.getOperands())
      if (v.getParentRegion() != &op.getBody()) {
        Value lowered = k.mapped(v);
        if (!lowered)
          return inner.emitOpError()
                 << "uses a value the simdgroup backend has not lowered";
        fromAbove.map(v, lowered);
      }

  SmallVector<Value> outputs;
  if (!uniform)
    for (Value result : op.getResults())
      outputs.push_back(loop->outputFor(
          k, cast<RankedTensorType>(result.getType()), op, loc));
  loop->run(k, type, loc, [&](ArrayRef<Value> inputs, Value i) {
    IRMapping map = fromAbove;
    for (auto [arg, value] : llvm::zip(body.getArguments(), inputs))
      map.map(arg, value);
    for (Operation &inner : body.without_terminator())
      if (!inner.hasTrait<OpTrait::ConstantLike>())
        k.builder().clone(inner, map);
    for (auto [n, value] :
         llvm::enumerate(body.getTerminator()->getOperands())) {
      if (uniform)
        k.define(op.getResult(n), TileValue{form, {map.lookup(value)}});
      else
        storeArray(k, map.lookup(value), outputs[n], i, loc);
    }
  });
  if (!uniform)
    for (auto [result, out] : llvm::zip(op.getResults(), outputs))
      k.defineArray(result, form, out);
  return success();
}
