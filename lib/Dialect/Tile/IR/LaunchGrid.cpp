//===- LaunchGrid.cpp - threadgroups per grid of a tile kernel ------------===//

#include "tile/Dialect/Tile/IR/LaunchGrid.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace tile;

/// The grid dimension whose program ids `value` ranges over: a program id,
/// or a tile.swizzle result (m ranges over x, n over y, like its inputs).
static std::optional<int> gridDimension(Value value) {
  if (auto id = value.getDefiningOp<ProgramIdOp>())
    return static_cast<int>(id.getDim());
  if (auto swizzle = value.getDefiningOp<SwizzleOp>())
    return value == swizzle.getM() ? 0 : 1;
  return std::nullopt;
}

static std::optional<std::array<GridExtent, 3>>
deriveGrid(func::FuncOp kernel) {
  std::array<GridExtent, 3> grid;
  bool sized[3] = {false, false, false};
  bool used[3] = {false, false, false};
  kernel.walk(
      [&](ProgramIdOp id) { used[static_cast<int>(id.getDim())] = true; });
  kernel.walk([&](StoreOp store) {
    for (auto [index, bound] :
         llvm::zip(store.getIndices(), store.getBounds())) {
      auto mul = index.getDefiningOp<arith::MulIOp>();
      auto arg = dyn_cast<BlockArgument>(bound);
      if (!mul || !arg || arg.getOwner() != &kernel.getBody().front())
        continue;
      for (auto [p, c] : {std::pair{mul.getLhs(), mul.getRhs()},
                          std::pair{mul.getRhs(), mul.getLhs()}}) {
        std::optional<int> d = gridDimension(p);
        std::optional<int64_t> size = getConstantIntValue(c);
        if (d && size && *size > 0) {
          grid[*d] = {arg.getArgNumber(), *size};
          sized[*d] = true;
        }
      }
    }
  });
  for (int d = 0; d < 3; ++d)
    if (used[d] && !sized[d])
      return std::nullopt; // the kernel reads a grid dimension we cannot size
  return grid;
}

std::optional<std::array<GridExtent, 3>>
tile::getLaunchGrid(func::FuncOp kernel) {
  auto recorded = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TileDialect::getLaunchGridAttrName());
  if (!recorded)
    return deriveGrid(kernel);
  std::array<GridExtent, 3> grid;
  for (int d = 0; d < 3; ++d)
    grid[d] = {recorded[2 * d], recorded[2 * d + 1]};
  return grid;
}

void tile::recordLaunchGrid(func::FuncOp kernel) {
  if (kernel->hasAttr(TileDialect::getLaunchGridAttrName()))
    return;
  std::optional<std::array<GridExtent, 3>> grid = deriveGrid(kernel);
  if (!grid)
    return;
  SmallVector<int64_t, 6> flat;
  for (const GridExtent &extent : *grid)
    flat.append({extent.argument, extent.divisor});
  kernel->setAttr(TileDialect::getLaunchGridAttrName(),
                  DenseI64ArrayAttr::get(kernel.getContext(), flat));
}
