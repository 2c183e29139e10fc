//===- LaunchGrid.h - threadgroups per grid of a tile kernel ----*- C++ -*-===//
//
// How many program instances a tile kernel needs along each grid
// dimension, read from its stores: a store whose index along a dimension is
// `program_id(d) * C` (or a tile.swizzle result of program ids, which is a
// bijection of the grid onto itself) and whose bound there is a kernel
// argument `n` covers the grid with ceildiv(n, C) instances along d.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_LAUNCHGRID_H
#define TILE_DIALECT_TILE_IR_LAUNCHGRID_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <array>
#include <optional>

namespace tile {

/// One grid dimension: ceildiv(argument #argument, divisor) instances, or
/// exactly 1 instance when `argument` is -1.
struct GridExtent {
  int64_t argument = -1;
  int64_t divisor = 1;
};

/// The grid of `kernel`: from its `tile.launch_grid` attribute if it has
/// one, else derived from its stores. std::nullopt when the kernel reads a
/// program id along a dimension no store sizes.
std::optional<std::array<GridExtent, 3>>
getLaunchGrid(mlir::func::FuncOp kernel);

/// Records the derived grid of `kernel` as `tile.launch_grid`, so that it
/// survives rewrites that hide it (the lowering of tile.swizzle). Does
/// nothing when the kernel already has one or its grid cannot be derived.
void recordLaunchGrid(mlir::func::FuncOp kernel);

} // namespace tile

#endif // TILE_DIALECT_TILE_IR_LAUNCHGRID_H
