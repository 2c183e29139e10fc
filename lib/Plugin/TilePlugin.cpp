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
// mlir-opt keeps no source text, so kernel parameters would be arg0, arg1,
// ... in the MSL and ABI. The plugin's tile-to-applegpu pipeline first
// reads their names (`%A`) from the files their locations name, as tile-opt
// does from its input; `tile-source-names` does the same on its own.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/AppleGPU/Transforms/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Support/SourceNames.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

namespace {
/// Names kernel arguments as the files their locations point into do.
struct SourceNamesFromFilesPass
    : mlir::PassWrapper<SourceNamesFromFilesPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SourceNamesFromFilesPass)

  llvm::StringRef getArgument() const final { return "tile-source-names"; }
  llvm::StringRef getDescription() const final {
    return "Name tile kernel arguments (NameLoc) as the source files their "
           "locations point into write them (%A)";
  }
  void runOnOperation() override {
    tile::nameArgumentsFromFiles(getOperation());
    markAllAnalysesPreserved();
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {
      MLIR_PLUGIN_API_VERSION, "TilePlugin", LLVM_VERSION_STRING,
      [](mlir::DialectRegistry *registry) {
        registry->insert<tile::TileDialect, tile::applegpu::AppleGPUDialect>();
      }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TilePlugin", LLVM_VERSION_STRING, []() {
            tile::registerTilePasses();
            tile::registerTileConversionPasses();
            tile::applegpu::registerAppleGPUPasses();
            mlir::PassRegistration<SourceNamesFromFilesPass>();
            tile::registerTileToAppleGPUPipeline([](mlir::OpPassManager &pm) {
              pm.addPass(std::make_unique<SourceNamesFromFilesPass>());
            });
          }};
}
