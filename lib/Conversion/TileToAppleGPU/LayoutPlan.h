//===- LayoutPlan.h - how each tile of a kernel is held by threads -*- C++ -*-===//
//
// Internal to convert-tile-to-applegpu. Decides, before any IR is written,
// how every tensor value of a tile kernel is distributed over the threads
// of a threadgroup, and the kernel's thread and SIMD-group configuration.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTPLAN_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTPLAN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

namespace tile::conversion {

enum class TileLayout {
  /// Every element is the same scalar (a splat constant, `tile.splat`, or
  /// elementwise math on those): held as one scalar by every thread.
  Uniform,
  /// Element e of the flattened tile is held by thread e mod T, in slot
  /// e / T (T = threads per threadgroup).
  Distributed,
  /// A dot accumulator: split over the WM x WN SIMD groups in 8x8
  /// simdgroup_matrix fragments (the DESIGN.md lane layout).
  Accumulator,
};

struct KernelConfig {
  int64_t simdgroupsM = 1, simdgroupsN = 1; ///< WM x WN
  int64_t numThreads = 32;                  ///< threads per threadgroup
  bool hasDot = false;
};

/// Elements of a distributed tile a thread holds side by side along the last
/// dimension, so that one vector load can read them: 4 when the last
/// dimension is a multiple of 4, else 1. It depends on the shape only, so
/// all tiles of an elementwise op agree.
int64_t distributedVectorWidth(mlir::RankedTensorType type);

class LayoutPlan {
public:
  /// Plans `kernel`; fails with a located diagnostic for what the
  /// simdgroup backend cannot lay out.
  static mlir::FailureOr<LayoutPlan> build(mlir::func::FuncOp kernel);

  /// The layout of a tensor value of the kernel.
  TileLayout layoutOf(mlir::Value tensor) const;

  const KernelConfig &config() const { return cfg; }

private:
  llvm::DenseMap<mlir::Value, TileLayout> layouts;
  KernelConfig cfg;
};

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_LAYOUTPLAN_H
