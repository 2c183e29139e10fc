//===- TargetBackend.h - the target and backend of a kernel -----*- C++ -*-===//
//
// The GPU family a tile kernel is compiled for and the backend that runs
// its dots, as tile-assign-layouts chooses them (from its options and the
// kernel's tile.target) and convert-tile-to-applegpu and the
// tile-to-applegpu pipeline check them; and the facts about the backends
// the layouts depend on.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_TARGETBACKEND_H
#define TILE_DIALECT_TILE_TRANSFORMS_TARGETBACKEND_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace tile {
class DotOp;

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

/// The tile.kernel functions under `root`, in program order.
llvm::SmallVector<mlir::func::FuncOp> tileKernels(mlir::Operation *root);

} // namespace tile

#endif // TILE_DIALECT_TILE_TRANSFORMS_TARGETBACKEND_H
