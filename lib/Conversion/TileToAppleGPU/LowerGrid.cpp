//===- LowerGrid.cpp - program ids and grid sizes -------------------------===//
//
// One program instance is one threadgroup.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

static applegpu::Dim toAppleGPU(Dim dim) {
  return static_cast<applegpu::Dim>(static_cast<int>(dim));
}

LogicalResult tile::conversion::lowerGridQuery(KernelLowering &k, Operation &op,
                                               bool &handled) {
  handled = true;
  if (auto id = dyn_cast<ProgramIdOp>(op)) {
    k.map(id.getResult(), applegpu::ThreadgroupPositionInGridOp::create(
                              k.builder, op.getLoc(), k.builder.getIndexType(),
                              toAppleGPU(id.getDim())));
    return success();
  }
  if (auto count = dyn_cast<NumProgramsOp>(op)) {
    k.map(count.getResult(),
          applegpu::ThreadgroupsPerGridOp::create(k.builder, op.getLoc(),
                                                  k.builder.getIndexType(),
                                                  toAppleGPU(count.getDim())));
    return success();
  }
  if (isa<SwizzleOp>(op))
    return op.emitOpError() << "must be lowered to index arithmetic before "
                               "convert-tile-to-applegpu (run tile-swizzle, "
                               "part of the tile-to-applegpu pipeline)";
  handled = false;
  return failure();
}
