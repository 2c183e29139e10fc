//===- LowerDot.cpp - tile.dot on simdgroup_matrix ------------------------===//
//
//   for each staging step (all of K, or K sub-steps of kStep columns when
//   the operands do not fit in threadgroup memory at once; DotStaging.cpp):
//     every thread writes the operand elements it holds of A[:, step] and
//     B[step, :] to threadgroup memory
//     threadgroup_barrier
//     for each 8-wide step kk of the staging step:
//       each SIMD group loads its A fragments (rows) and B fragments
//       (columns) once, then multiply-accumulates every (row, column) pair
//     threadgroup_barrier   (the buffers are rewritten by the next step)
//
// In a pipelined loop the steps alternate between two halves of the
// buffers and the trailing barrier goes: the next step writes the other
// half, and the one after writes this half only after a barrier that
// every thread passes once done reading it.
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

namespace {
/// Where one staging step of one operand goes.
struct StepTarget {
  Value buffer, base; ///< buffer, and the first element of its half
  int64_t ld;         ///< leading dimension in the buffer
  int64_t kStep, step;
  bool kAlongColumns; ///< A (M x K): K runs along columns; B along rows
};
} // namespace

/// The staging step that holds slot `slot` of every thread, when that is
/// the same step for all threads (known at compile time).
static std::optional<int64_t> staticStepOf(KernelLowering &k,
                                           RankedTensorType type,
                                           int64_t slot,
                                           const StepTarget &t) {
  int64_t width = k.vectorWidth(type), threads = k.numThreads();
  int64_t cols = type.getDimSize(1);
  int64_t first = (slot / width) * threads * width + slot % width;
  int64_t last = std::min(first + (threads - 1) * width,
                          type.getNumElements() - 1);
  if (t.kAlongColumns) {
    // Contiguous columns of one row.
    if (first / cols != last / cols ||
        (first % cols) / t.kStep != (last % cols) / t.kStep)
      return std::nullopt;
    return (first % cols) / t.kStep;
  }
  if ((first / cols) / t.kStep != (last / cols) / t.kStep)
    return std::nullopt;
  return (first / cols) / t.kStep;
}

/// Writes the elements of staging step `t.step` that this thread holds of
/// the distributed MxK (or KxN) operand `slots` to its staging buffer.
static void stageStep(KernelLowering &k, RankedTensorType type,
                      const TileValue &slots, const StepTarget &t,
                      Location loc) {
  OpBuilder &b = k.builder;
  Value cols = k.index(type.getDimSize(1));
  int64_t kDim = t.kAlongColumns ? type.getDimSize(1) : type.getDimSize(0);
  bool wholeK = t.kStep == kDim;
  for (int64_t s = 0, n = k.numSlots(type); s < n; ++s) {
    std::optional<int64_t> known = staticStepOf(k, type, s, t);
    if (!wholeK && known && *known != t.step)
      continue;
    auto [e, held] = k.slotIndex(type, s, loc);
    Value row = arith::DivUIOp::create(b, loc, e, cols);
    Value col = arith::RemUIOp::create(b, loc, e, cols);
    if (!wholeK) {
      Value &kPos = t.kAlongColumns ? col : row;
      if (!known) {
        Value inStep = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            arith::DivUIOp::create(b, loc, kPos, k.index(t.kStep)),
            k.index(t.step));
        held = held ? arith::AndIOp::create(b, loc, held, inStep) : inStep;
      }
      kPos = arith::RemUIOp::create(b, loc, kPos, k.index(t.kStep));
    }
    Value offset = addIndex(
        k, t.base,
        addIndex(k, mulIndex(k, row, k.index(t.ld), loc), col, loc), loc);
    storeIfHeld(k, slots.values[s], t.buffer, offset, held, loc);
  }
}

static LogicalResult lowerDotOp(KernelLowering &k, DotOp dot) {
  Location loc = dot.getLoc();
  OpBuilder &b = k.builder;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto resultType = cast<RankedTensorType>(dot.getType());
  Type operandElement = aType.getElementType();
  int64_t m = aType.getDimSize(0), kDim = aType.getDimSize(1);
  int64_t n = resultType.getDimSize(1);
  const KernelLowering::Staging &plan = k.staging.find(dot)->second;

  FailureOr<TileValue> acc = k.get(dot.getAcc(), TileForm::Fragments, loc);
  FailureOr<TileValue> aSlots = k.get(dot.getA(), TileForm::Slots, loc);
  FailureOr<TileValue> bSlots = k.get(dot.getB(), TileForm::Slots, loc);
  if (failed(acc) || failed(aSlots) || failed(bSlots))
    return failure();

  auto [rows, cols] = k.fragmentGrid(resultType);
  Value rowBase, colBase; // the SIMD group's block, after the first barrier
  auto fragment = applegpu::SimdgroupMatrixType::get(operandElement);
  SmallVector<Value> result(acc->values);
  for (int64_t step = 0; step < kDim / plan.kStep; ++step) {
    FailureOr<std::pair<Value, Value>> halves = k.nextStagingHalves(plan, loc);
    if (failed(halves))
      return failure();
    auto [aBase, bBase] = *halves;
    stageStep(k, aType, *aSlots,
              StepTarget{plan.a, aBase, plan.lda, plan.kStep, step, true}, loc);
    stageStep(k, bType, *bSlots,
              StepTarget{plan.b, bBase, plan.ldb, plan.kStep, step, false},
              loc);
    threadgroupBarrier(k, loc);
    if (!rowBase) {
      rowBase = mulIndex(k, k.simdgroupRow, k.index(m / k.simdgroupsM()), loc);
      colBase = mulIndex(k, k.simdgroupCol, k.index(n / k.simdgroupsN()), loc);
    }
    for (int64_t kk = 0; kk < plan.kStep; kk += 8) {
      SmallVector<Value> aFrags, bFrags;
      for (int64_t fi = 0; fi < rows; ++fi) {
        Value row = addIndex(k, rowBase, k.index(fi * 8), loc);
        Value offset = addIndex(
            k, aBase,
            addIndex(k, mulIndex(k, row, k.index(plan.lda), loc), k.index(kk),
                     loc),
            loc);
        aFrags.push_back(applegpu::SimdgroupLoadOp::create(
            b, loc, fragment, plan.a, offset, k.index(plan.lda)));
      }
      for (int64_t fj = 0; fj < cols; ++fj) {
        Value col = addIndex(k, colBase, k.index(fj * 8), loc);
        Value offset = addIndex(
            k, bBase, addIndex(k, k.index(kk * plan.ldb), col, loc), loc);
        bFrags.push_back(applegpu::SimdgroupLoadOp::create(
            b, loc, fragment, plan.b, offset, k.index(plan.ldb)));
      }
      for (int64_t fi = 0; fi < rows; ++fi)
        for (int64_t fj = 0; fj < cols; ++fj) {
          Value &c = result[fi * cols + fj];
          c = applegpu::SimdgroupMmaOp::create(b, loc, c.getType(), aFrags[fi],
                                               bFrags[fj], c);
        }
    }
    if (!plan.alternating)
      threadgroupBarrier(k, loc);
  }
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
