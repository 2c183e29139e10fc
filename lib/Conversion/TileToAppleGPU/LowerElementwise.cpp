//===- LowerElementwise.cpp - arith and math on tiles ---------------------===//
//
// An elementwise op on tiles becomes the same op on each scalar a thread
// holds: per slot for distributed tiles, per lane element for accumulators
// (so epilogues run on register fragments), once for uniform tiles.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

LogicalResult tile::conversion::lowerConstant(KernelLowering &k,
                                              arith::ConstantOp op) {
  auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
  if (!splat)
    return op.emitOpError() << "only splat tile constants are supported by "
                               "the simdgroup backend";
  Type element = splat.getElementType();
  Value s = k.scalar(element, splat.getSplatValue<TypedAttr>(), op.getLoc());
  k.define(op.getResult(), TileValue{TileForm::Uniform, {s}});
  return success();
}

LogicalResult tile::conversion::lowerElementwise(KernelLowering &k,
                                                 Operation &op) {
  Location loc = op.getLoc();
  Value result = op.getResult(0);
  auto type = cast<RankedTensorType>(result.getType());
  // Accumulator math runs on the lanes' scalars.
  TileForm form = k.elementForm(result);
  auto compute = [&](ArrayRef<Value> operands) {
    OperationState state(loc, op.getName());
    state.addOperands(operands);
    state.addTypes(type.getElementType());
    state.addAttributes(op.getAttrs());
    return k.builder().create(state)->getResult(0);
  };
  FailureOr<ElementLoop> loop =
      ElementLoop::make(k, op.getOperands(), form, loc);
  if (failed(loop))
    return failure();
  if (form == TileForm::Uniform) {
    loop->run(k, type, loc, [&](ArrayRef<Value> operands, Value) {
      k.define(result, TileValue{form, {compute(operands)}});
    });
    return success();
  }
  Value out = loop->outputFor(k, type, &op, loc);
  loop->run(k, type, loc, [&](ArrayRef<Value> operands, Value i) {
    storeArray(k, compute(operands), out, i, loc);
  });
  k.defineArray(result, form, out);
  return success();
}

LogicalResult tile::conversion::lowerSplat(KernelLowering &k, SplatOp splat) {
  k.define(splat.getResult(),
           TileValue{TileForm::Uniform, {k.mapped(splat.getInput())}});
  return success();
}
