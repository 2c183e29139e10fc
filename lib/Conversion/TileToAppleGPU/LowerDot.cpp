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

/// Writes the elements of staging step `t.step` that this thread holds of
/// the distributed MxK (or KxN) operand `slots` (an array) to its staging
/// buffer.
static void stageStep(KernelLowering &k, RankedTensorType type, Value slots,
                      const StepTarget &t, Location loc) {
  OpBuilder &b = k.builder();
  Value cols = k.index(type.getDimSize(1));
  int64_t kDim = t.kAlongColumns ? type.getDimSize(1) : type.getDimSize(0);
  bool wholeK = t.kStep == kDim;
  forEachIndex(k, k.numSlots(type), loc, [&](Value s) {
    auto [e, held] = k.slotIndex(type, s, loc);
    Value row = k.fold<arith::DivUIOp>(loc, e, cols);
    Value col = k.fold<arith::RemUIOp>(loc, e, cols);
    if (!wholeK) {
      // Only the elements of this step's K columns (rows of B).
      Value &kPos = t.kAlongColumns ? col : row;
      Value inStep = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          k.fold<arith::DivUIOp>(loc, kPos, k.index(t.kStep)), k.index(t.step));
      held = held ? k.fold<arith::AndIOp>(loc, held, inStep) : inStep;
      kPos = k.fold<arith::RemUIOp>(loc, kPos, k.index(t.kStep));
    }
    Value offset = addIndex(
        k, t.base, addIndex(k, mulIndex(k, row, k.index(t.ld), loc), col, loc),
        loc);
    storeIfHeld(k, loadArray(k, slots, s, loc), t.buffer, offset, held, loc);
  });
}

/// `count` fragments of one staged operand for the 8-wide K step at `kk`,
/// loaded into a new array: A's rows (fragment i at element (origin + 8i,
/// kk)) or B's columns (fragment j at element (kk, origin + 8j)) of the
/// SIMD group's block; `ld` is the staged row stride.
static Value loadStepFragments(KernelLowering &k, Type fragment, Value memory,
                               Value base, int64_t ld, int64_t count,
                               Value origin, Value kk, bool rowsOfA,
                               Location loc) {
  Value frags = k.newArray(fragment, count, loc);
  forEachIndex(k, count, loc, [&](Value i) {
    Value along = addIndex(k, origin, mulIndex(k, i, k.index(8), loc), loc);
    Value row = rowsOfA ? along : kk, col = rowsOfA ? kk : along;
    Value offset = addIndex(
        k, base, addIndex(k, mulIndex(k, row, k.index(ld), loc), col, loc),
        loc);
    storeArray(k,
               applegpu::SimdgroupLoadOp::create(k.builder(), loc, fragment,
                                                 memory, offset, k.index(ld)),
               frags, i, loc);
  });
  return frags;
}

LogicalResult tile::conversion::lowerSimdgroupDot(KernelLowering &k,
                                                  DotOp dot) {
  Location loc = dot.getLoc();
  OpBuilder &b = k.builder();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto resultType = cast<RankedTensorType>(dot.getType());
  Type operandElement = aType.getElementType();
  int64_t kDim = aType.getDimSize(1);
  const KernelLowering::Staging &plan = k.plans().staging(dot);

  FailureOr<Value> acc =
      k.getArrayToUpdate(dot.getAcc(), TileForm::Fragments, dot, loc);
  FailureOr<Value> aSlots = k.getArray(dot.getA(), TileForm::Slots, loc);
  FailureOr<Value> bSlots = k.getArray(dot.getB(), TileForm::Slots, loc);
  if (failed(acc) || failed(aSlots) || failed(bSlots))
    return failure();

  int64_t rows, cols;
  std::tie(rows, cols) = k.fragmentGrid(resultType);
  Value rowBase, colBase; // the SIMD group's block, after the first barrier
  auto fragment = applegpu::SimdgroupMatrixType::get(operandElement);
  // Staging writes without a leading barrier: where other buffers share
  // the staging bytes (the plan says so), their readers must be done first.
  // An alternating loop has that barrier before the loop.
  if (plan.reused && !plan.alternating)
    threadgroupBarrier(k, loc);
  for (int64_t step = 0; step < kDim / plan.kStep; ++step) {
    FailureOr<std::pair<Value, Value>> halves = k.nextStagingHalves(plan, loc);
    if (failed(halves))
      return failure();
    Value aBase = halves->first, bBase = halves->second;
    stageStep(k, aType, *aSlots,
              StepTarget{plan.a, aBase, plan.lda, plan.kStep, step, true}, loc);
    stageStep(k, bType, *bSlots,
              StepTarget{plan.b, bBase, plan.ldb, plan.kStep, step, false},
              loc);
    threadgroupBarrier(k, loc);
    if (!rowBase) {
      std::tie(rowBase, colBase) = k.simdgroupOrigin(resultType);
    }
    forEachIndex(
        k, plan.kStep, loc,
        [&](Value kk) {
          // The SIMD group's A fragments (rows) and B fragments (columns)
          // of this 8-wide step, each loaded once.
          Value aFrags = loadStepFragments(k, fragment, plan.a, aBase, plan.lda,
                                           rows, rowBase, kk, true, loc);
          Value bFrags = loadStepFragments(k, fragment, plan.b, bBase, plan.ldb,
                                           cols, colBase, kk, false, loc);
          forEachFragment(k, rows, cols, loc, [&](Value fi, Value fj, Value f) {
            Value c = loadArray(k, *acc, f, loc);
            c = applegpu::SimdgroupMmaOp::create(
                b, loc, c.getType(), loadArray(k, aFrags, fi, loc),
                loadArray(k, bFrags, fj, loc), c);
            storeArray(k, c, *acc, f, loc);
          });
        },
        /*step=*/8);
    if (!plan.alternating)
      threadgroupBarrier(k, loc);
  }
  k.defineArray(dot.getResult(), TileForm::Fragments, *acc);
  return success();
}
