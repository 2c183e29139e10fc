//===- LowerEpilogue.cpp - tile.epilogue and tile.broadcast ---------------===//
//
// A tile.epilogue becomes a copy of its scalar body per element the thread
// holds: per lane element for accumulators, so that the epilogue runs on
// the register-resident fragments, per slot for distributed tiles. A
// tile.broadcast goes through threadgroup memory: the threads that hold
// the vector write it there once, and each thread reads the elements its
// part of the rank-2 tile needs, so a bias vector costs one read of global
// memory per program, whatever the layout of the tile it is added to.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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

static LogicalResult lowerBroadcast(KernelLowering &k, BroadcastOp op) {
  Location loc = op.getLoc();
  OpBuilder &b = k.builder;
  auto vectorType = cast<RankedTensorType>(op.getInput().getType());
  auto type = cast<RankedTensorType>(op.getType());
  Type element = type.getElementType();
  if (k.formFor(op.getInput()) == TileForm::Uniform) {
    k.define(op.getResult(), k.current(op.getInput()));
    return success();
  }
  FailureOr<TileValue> vector = k.get(op.getInput(), TileForm::Slots, loc);
  if (failed(vector))
    return failure();

  // Each held element of the vector goes to its place in threadgroup
  // memory, between barriers: earlier readers of the buffer (a broadcast
  // in a loop) are done before it is written, and it is complete before
  // it is read.
  int64_t length = vectorType.getDimSize(0);
  Value buffer = k.allocThreadgroup(element, length, loc);
  auto barrier = [&] {
    applegpu::ThreadgroupBarrierOp::create(
        b, loc,
        applegpu::MemFlagsAttr::get(b.getContext(),
                                    applegpu::MemFlags::mem_threadgroup));
  };
  barrier();
  for (int64_t s = 0, n = k.numSlots(vectorType); s < n; ++s) {
    Value position, held;
    std::tie(position, held) = k.slotIndex(vectorType, s, loc);
    storeIfHeld(k, vector->values[s], buffer, position, held, loc);
  }
  barrier();

  // Each thread reads what its elements of the rank-2 tile need; a slot it
  // does not hold reads element 0 (it is never stored).
  int64_t dim = op.getDim();
  TileForm form = k.elementForm(op.getResult());
  TileValue result{form, {}};
  DenseMap<int64_t, Value> readByKey; // a lane reads each position once
  auto read = [&](Value position) {
    return memref::LoadOp::create(b, loc, buffer, position).getResult();
  };
  if (form == TileForm::LaneElements) {
    auto [rows, cols] = k.fragmentGrid(type);
    for (int64_t fi = 0; fi < rows; ++fi)
      for (int64_t fj = 0; fj < cols; ++fj)
        for (int64_t e = 0; e < 2; ++e) {
          int64_t key = dim == 0 ? fi : fj * 2 + e;
          Value &value = readByKey[key];
          if (!value) {
            Element el = fragmentElement(k, type, fi, fj, e, loc);
            value = read(dim == 0 ? el.row : el.col);
          }
          result.values.push_back(value);
        }
  } else {
    for (int64_t s = 0, n = k.numSlots(type); s < n; ++s) {
      Element el = slotElement(k, type, s, loc);
      Value position = dim == 0 ? el.row : el.col;
      if (el.held)
        position = arith::SelectOp::create(b, loc, el.held, position,
                                           k.index(0));
      result.values.push_back(read(position));
    }
  }
  k.define(op.getResult(), std::move(result));
  return success();
}

LogicalResult tile::conversion::lowerEpilogue(KernelLowering &k, Operation &op,
                                              bool &handled) {
  handled = true;
  if (auto epilogue = dyn_cast<EpilogueOp>(op))
    return lowerEpilogueOp(k, epilogue);
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    return lowerBroadcast(k, broadcast);
  handled = false;
  return failure();
}
