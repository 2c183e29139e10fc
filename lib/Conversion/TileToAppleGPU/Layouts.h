//===- Layouts.h - the kernel configuration read from layouts ---*- C++ -*-===//
//
// Internal to convert-tile-to-applegpu and tile-assign-layouts: what the
// layout encodings of a kernel's tiles say about the threadgroup.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTS_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

namespace tile {
class DotOp;
} // namespace tile

namespace tile::conversion {

/// The threadgroup of a kernel, as its tile layouts describe it.
struct KernelConfig {
  int64_t simdgroupsM = 1, simdgroupsN = 1; ///< WM x WN of fragments
  int64_t numThreads = 32;                  ///< threads per threadgroup
  bool hasDot = false;
  bool tensorOps = false; ///< cooperative or view layouts: Metal 4 tensor ops
};

/// Reads the configuration from the layout encodings of every tile of
/// `kernel`; a located error when a tile has none (tile-assign-layouts
/// was not run) or when they disagree.
mlir::FailureOr<KernelConfig> readKernelConfig(mlir::func::FuncOp kernel);

/// A located error at `op` unless `target` is empty or a known target.
mlir::LogicalResult checkTargetOption(mlir::Operation *op,
                                      llvm::StringRef target);

/// A located error at `op` unless `backend` is auto, simdgroup or
/// tensorops.
mlir::LogicalResult checkBackendOption(mlir::Operation *op,
                                       llvm::StringRef backend);

/// The target of a kernel: the pass option when given, else the kernel's
/// or module's `tile.target`, else apple9.
std::string kernelTarget(mlir::func::FuncOp kernel, llvm::StringRef option);

/// Whether `backend` (auto, simdgroup or tensorops) means the Metal 4
/// tensor-ops backend on `target`: auto picks it for apple10 only.
bool choosesTensorOps(llvm::StringRef target, llvm::StringRef backend);

/// Whether a SIMD group's rows x cols part of an accumulator is a matmul2d
/// destination Apple accepts.
bool isMatmul2dShape(int64_t rows, int64_t cols);

/// The first dot of `kernel` whose accumulator cannot be split over a
/// `wm` x `wn` SIMD-group grid into matmul2d destinations, when every dot's
/// can be split into 8x8 fragments (which the simdgroup_matrix backend,
/// also run by apple10, needs); else null. backend=auto falls back to the
/// simdgroup_matrix backend for such a kernel, with a remark there.
DotOp autoFallbackDot(mlir::func::FuncOp kernel, int64_t wm, int64_t wn);

/// How a kernel uses one of its buffer arguments, from the memory effects
/// its ops declare (tile.load reads, tile.store and tile.scatter write,
/// atomics do both).
struct BufferUse {
  bool read = false, written = false;
  int64_t accesses = 0; ///< ops that touch it
};
/// The buffer arguments `kernel` touches, in argument order.
llvm::SmallVector<std::pair<mlir::BlockArgument, BufferUse>>
bufferUses(mlir::func::FuncOp kernel);

/// A located error at each function under `root` that holds tile ops but
/// is not marked tile.kernel: the conversion would leave it unchanged, and
/// only a later tool would notice.
mlir::LogicalResult checkUnmarkedKernels(mlir::Operation *root);

/// The tile.kernel functions under `root`, in program order.
llvm::SmallVector<mlir::func::FuncOp> tileKernels(mlir::Operation *root);

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTS_H
