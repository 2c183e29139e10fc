//===- InitTile.cpp - register tile-mlir dialects and passes --------------===//

#include "tile/InitTile.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/AppleGPU/Transforms/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void tile::registerTileDialects(mlir::DialectRegistry &registry) {
  registry.insert<tile::TileDialect, tile::applegpu::AppleGPUDialect,
                  mlir::func::FuncDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::memref::MemRefDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
  // Lets the upstream inliner fold helper functions into kernels.
  mlir::func::registerInlinerExtension(registry);
}

void tile::registerAllTilePasses() {
  // Pass registration is global; registering twice would be an error.
  static bool once = [] {
    tile::registerTilePasses();
    tile::registerTileConversionPasses();
    tile::applegpu::registerAppleGPUPasses();
    tile::registerTileToAppleGPUPipeline();
    mlir::registerTransformsPasses();
    return true;
  }();
  (void)once;
}
