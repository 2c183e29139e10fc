//===- my-opt.cpp - a downstream optimizer with tile-mlir's passes --------===//
//
// What a project composing tile-mlir into its own MLIR compiler writes:
// register the dialects and passes, then hand over to MLIR's driver.
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  tile::registerAllTilePasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "a downstream optimizer with tile-mlir\n", registry));
}
