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

LogicalResult tile::conversion::lowerProgramId(KernelLowering &k,
                                               ProgramIdOp id) {
  k.map(id.getResult(),
        applegpu::ThreadgroupPositionInGridOp::create(
            k.builder(), id.getLoc(), k.builder().getIndexType(),
            toAppleGPU(id.getDim())));
  return success();
}

LogicalResult tile::conversion::lowerNumPrograms(KernelLowering &k,
                                                 NumProgramsOp count) {
  k.map(count.getResult(),
        applegpu::ThreadgroupsPerGridOp::create(k.builder(), count.getLoc(),
                                                k.builder().getIndexType(),
                                                toAppleGPU(count.getDim())));
  return success();
}

LogicalResult tile::conversion::lowerSwizzle(KernelLowering &, SwizzleOp op) {
  return op.emitOpError() << "must be lowered to index arithmetic before "
                             "convert-tile-to-applegpu (run tile-swizzle, "
                             "part of the tile-to-applegpu pipeline)";
}
