//===- tile-opt.cpp - the tile-mlir optimizer driver ----------------------===//
//
// mlir-opt for tile kernels: the tile dialect and passes plus the upstream
// dialects and passes that users compose them with.
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  tile::registerAllTilePasses();
  tile::addVersionPrinter();
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tile-mlir optimizer driver\n", registry));
}
