//===- ThreadgroupPlan.h - threadgroup memory plan of a kernel --*- C++ -*-===//
//
// Internal to tile-plan-threadgroup-memory and convert-tile-to-applegpu:
// which scratch buffers a kernel's lowering needs, when each is live, and
// where each lives in the kernel's one threadgroup allocation. The plan is
// written into the IR as attributes (docs/threadgroup-memory.md), which
// the conversion reads.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_THREADGROUPPLAN_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_THREADGROUPPLAN_H

#include "KernelConfig.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tile::conversion {

/// One simdgroup_matrix dot: its operand element type, its shape, and the
/// pipelined loop whose staging steps it may alternate with (null if none).
struct StagedDot {
  DotOp dot;
  mlir::Type element;
  int64_t m, k, n;
  mlir::scf::ForOp pipelinedLoop;
};

/// One way to stage every dot of a kernel.
struct StagingChoice {
  int64_t kCap;     ///< a step stages at most this many K columns
  bool pad;         ///< rows padded by 16 bytes
  bool alternating; ///< the pipelined dots alternate between two halves
};

/// Leading dimensions and element counts of one dot's staged step.
struct StepShape {
  int64_t kStep, lda, ldb, aElements, bElements;
};

/// The dots of `kernel` that stage their operands as simdgroup_matrix
/// fragments (none on the tensor-ops backend), or a located error for a K
/// that is not a multiple of 8.
mlir::FailureOr<llvm::SmallVector<StagedDot>>
stagedDots(mlir::func::FuncOp kernel, const KernelConfig &config);
/// Every way to stage `dots`, best first: fewest barriers per execution of
/// every dot, then alternation, then padding, then fewer steps.
llvm::SmallVector<StagingChoice> stagingChoices(llvm::ArrayRef<StagedDot> dots);
StepShape stepShape(const StagedDot &dot, const StagingChoice &choice);
bool alternates(const StagedDot &dot, const StagingChoice &choice);

/// Threadgroup bytes a tensor-ops dot stages its operands in (0 when it
/// reads both through device tensor views): A then B, rows padded by 16
/// bytes (LowerTensorOps.cpp).
int64_t matmulStagingBytes(DotOp dot);

/// Plans the threadgroup memory of `kernel` (tile IR with layouts) and
/// writes the plan as attributes: `applegpu.threadgroup_memory` on the
/// kernel, `applegpu.scratch` on each op with scratch of its own,
/// `applegpu.cooperative_spill` on each op that copies another dot's
/// cooperative tiles, and
/// `applegpu.dot_staging` on each simdgroup dot. A located error, naming
/// what is live at the peak, when it needs more than `limit` bytes.
mlir::LogicalResult planThreadgroupMemory(
    mlir::func::FuncOp kernel, const KernelConfig &config,
    int64_t limit = applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes);

/// Whether `kernel` carries a plan (planThreadgroupMemory ran on it).
bool hasThreadgroupMemoryPlan(mlir::func::FuncOp kernel);

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_THREADGROUPPLAN_H
