//===- LowerDot.cpp - tile.dot on simdgroup_matrix ------------------------===//
//
//   every thread writes the operand elements it holds to threadgroup memory
//   threadgroup_barrier
//   for each 8-wide step kk of K:
//     each SIMD group loads its A fragments (rows) and B fragments (columns)
//     once, then multiply-accumulates every (row, column) pair
//   threadgroup_barrier   (the buffers are rewritten by the next dot)
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

/// Writes the slots of a distributed MxK (or KxN) operand to its staging
/// buffer with leading dimension `ld`.
static LogicalResult stage(KernelLowering &k, Value operand, Value buffer,
                           int64_t ld, Location loc) {
  OpBuilder &b = k.builder;
  auto type = cast<RankedTensorType>(operand.getType());
  FailureOr<TileValue> slots = k.get(operand, TileForm::Slots, loc);
  if (failed(slots))
    return failure();
  Value cols = k.index(type.getDimSize(1));
  for (int64_t s = 0, n = k.numSlots(type); s < n; ++s) {
    auto [e, held] = k.slotIndex(type, s, loc);
    Value row = arith::DivUIOp::create(b, loc, e, cols);
    Value col = arith::RemUIOp::create(b, loc, e, cols);
    Value offset = addIndex(k, mulIndex(k, row, k.index(ld), loc), col, loc);
    storeIfHeld(k, slots->values[s], buffer, offset, held, loc);
  }
  return success();
}

static LogicalResult lowerDotOp(KernelLowering &k, DotOp dot) {
  Location loc = dot.getLoc();
  OpBuilder &b = k.builder;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto resultType = cast<RankedTensorType>(dot.getType());
  Type operandElement = aType.getElementType();
  int64_t m = aType.getDimSize(0), kDim = aType.getDimSize(1);
  int64_t n = resultType.getDimSize(1);
  const KernelLowering::Staging &buffers = k.staging.find(dot)->second;

  FailureOr<TileValue> acc = k.get(dot.getAcc(), TileForm::Fragments, loc);
  if (failed(acc))
    return failure();
  if (failed(stage(k, dot.getA(), buffers.a, buffers.lda, loc)) ||
      failed(stage(k, dot.getB(), buffers.b, buffers.ldb, loc)))
    return failure();
  auto threadgroupMemory = applegpu::MemFlagsAttr::get(
      b.getContext(), applegpu::MemFlags::mem_threadgroup);
  applegpu::ThreadgroupBarrierOp::create(b, loc, threadgroupMemory);

  auto [rows, cols] = k.fragmentGrid(resultType);
  Value rowBase = mulIndex(k, k.simdgroupRow, k.index(m / k.simdgroupsM()), loc);
  Value colBase = mulIndex(k, k.simdgroupCol, k.index(n / k.simdgroupsN()), loc);
  auto fragment = applegpu::SimdgroupMatrixType::get(operandElement);
  SmallVector<Value> result(acc->values);
  for (int64_t kk = 0; kk < kDim; kk += 8) {
    SmallVector<Value> aFrags, bFrags;
    for (int64_t fi = 0; fi < rows; ++fi) {
      Value row = addIndex(k, rowBase, k.index(fi * 8), loc);
      Value offset = addIndex(k, mulIndex(k, row, k.index(buffers.lda), loc),
                              k.index(kk), loc);
      aFrags.push_back(applegpu::SimdgroupLoadOp::create(
          b, loc, fragment, buffers.a, offset, k.index(buffers.lda)));
    }
    for (int64_t fj = 0; fj < cols; ++fj) {
      Value col = addIndex(k, colBase, k.index(fj * 8), loc);
      Value offset =
          addIndex(k, k.index(kk * buffers.ldb), col, loc);
      bFrags.push_back(applegpu::SimdgroupLoadOp::create(
          b, loc, fragment, buffers.b, offset, k.index(buffers.ldb)));
    }
    for (int64_t fi = 0; fi < rows; ++fi)
      for (int64_t fj = 0; fj < cols; ++fj) {
        Value &c = result[fi * cols + fj];
        c = applegpu::SimdgroupMmaOp::create(b, loc, c.getType(), aFrags[fi],
                                             bFrags[fj], c);
      }
  }
  applegpu::ThreadgroupBarrierOp::create(b, loc, threadgroupMemory);
  k.define(dot.getResult(), TileValue{TileForm::Fragments, std::move(result)});
  return success();
}

LogicalResult tile::conversion::lowerDot(KernelLowering &k, Operation &op,
                                         bool &handled) {
  auto dot = dyn_cast<DotOp>(op);
  handled = static_cast<bool>(dot);
  if (!dot)
    return failure();
  return lowerDotOp(k, dot);
}
