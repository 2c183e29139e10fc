//===- tile-lsp-server.cpp - a language server for tile kernels -----------===//
//
// MLIR's language server with the dialects tile-opt accepts: editors get
// diagnostics, hovers, go-to-definition and completion in tile IR files.
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "tile/Version.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
