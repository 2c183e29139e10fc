//===- CooperativeSpills.h - copies of another dot's tiles ------*- C++ -*-===//
//
// Internal to tile-plan-threadgroup-memory and convert-tile-to-applegpu
// (tensor-ops backend): which cooperative tiles the lowering copies to
// threadgroup memory because they are read at the elements of a
// cooperative tensor of another type (two dots' accumulators combined:
// another dot's element order is unknown, so its elements are read by
// position). The plan sizes those copies ("spills") with the same walk the
// lowering makes them with.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_COOPERATIVESPILLS_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_COOPERATIVESPILLS_H

#include "KernelConfig.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tile::conversion {

/// How the lowering holds a tile that a loop over cooperative elements
/// reads.
struct CooperativeHolding {
  enum Kind {
    Other,    ///< uniform, in threadgroup memory, or not cooperative
    Held,     ///< in a cooperative tensor of its own, of type `type`
    Computed, ///< computed where it is used, from its operands
  } kind = Other;
  mlir::Type type = {};
};
/// The holding of a tile: the lowering's (from what it made) or the
/// plan's (from the IR alone).
using HoldingOf = llvm::function_ref<CooperativeHolding(mlir::Value)>;

/// Calls `visit` on each tile that reading `tiles` per cooperative element
/// reads: the tiles themselves and, through Computed tiles, their operands
/// (each once). Stops when `visit` returns true.
void forEachCooperativeSource(
    llvm::ArrayRef<mlir::Value> tiles, HoldingOf holding,
    llvm::function_ref<bool(mlir::Value, const CooperativeHolding &)> visit);

/// The tiles held in cooperative tensors of another type than `type` that
/// reading `tiles` at the elements of `type` reads, in the order found:
/// each is copied to threadgroup memory first.
llvm::SmallVector<mlir::Value>
foreignCooperativeTiles(llvm::ArrayRef<mlir::Value> tiles, mlir::Type type,
                        HoldingOf holding);

/// Bytes of one tile's copy in the region of its spills: row-major, the
/// next copy at the next 16-byte boundary.
int64_t spillBytes(mlir::RankedTensorType tile);

/// The cooperative tensor type of the tensor-ops dot `dot`; null when a
/// SIMD group's part of its accumulator is not a matmul2d destination
/// (the lowering reports that).
mlir::Type matmulCooperativeType(DotOp dot, const KernelConfig &config);
/// The cooperative tensor type that holds the accumulator-layout tile
/// `tile`: that of the dot it comes from (through element-wise ops,
/// epilogues, loops and branches, only through cooperative-layout tiles),
/// else that of the kernel's first dot; null without a dot.
mlir::Type cooperativeTypeOf(mlir::Value tile, const KernelConfig &config);

/// Bytes of threadgroup memory the lowering of `op` copies cooperative
/// tiles into (0 on the simdgroup backend and for most ops): a store, a
/// conversion out of the cooperative layout, a tensor-ops dot (its
/// accumulator and staged operands), a loop's initial values and a yield
/// that read a tile mixing two dots' accumulators.
int64_t cooperativeSpillBytes(const KernelConfig &config, mlir::Operation &op);

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_COOPERATIVESPILLS_H
