//===- TilePlugin.cpp - tile-mlir as an mlir-opt plugin -------------------===//
//
// Loads tile-mlir's dialects and passes into an mlir-opt built from the same
// MLIR (Debian's /usr/lib/llvm-22/bin/mlir-opt):
//
//   mlir-opt --load-dialect-plugin=libTilePlugin.so \
//            --load-pass-plugin=libTilePlugin.so \
//            kernel.mlir --tile-to-applegpu
//
// The plugin holds only tile-mlir's own code; every MLIR symbol comes from
// the host's libMLIR.so, so that types, attributes and passes have one
// TypeID each.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/AppleGPU/Transforms/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TilePlugin", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<tile::TileDialect,
                             tile::applegpu::AppleGPUDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TilePlugin", LLVM_VERSION_STRING, []() {
            tile::registerTilePasses();
            tile::registerTileConversionPasses();
            tile::applegpu::registerAppleGPUPasses();
            tile::registerTileToAppleGPUPipeline();
          }};
}
