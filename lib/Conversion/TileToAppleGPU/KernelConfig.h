//===- KernelConfig.h - the kernel configuration ----------------*- C++ -*-===//
//
// Internal to convert-tile-to-applegpu: what the layout encodings of a
// kernel's tiles say about the threadgroup. The target and backend choice
// it shares with tile-assign-layouts is in TargetBackend.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELCONFIG_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELCONFIG_H

#include "tile/Dialect/Tile/Transforms/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

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

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELCONFIG_H
