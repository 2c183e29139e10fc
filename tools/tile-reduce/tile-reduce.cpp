//===- tile-reduce.cpp - shrink a tile IR test case -----------------------===//
//
// mlir-reduce with the tile dialects and passes: given an input that makes
// a test script report "interesting" (exit code 1; say, tile-opt crashes or
// a pipeline fails with a given message), it removes operations and runs
// reduction passes while the script still says so.
//
//   tile-reduce bug.mlir \
//       --opt-reduction-pass='opt-pass=symbol-dce,canonicalize
//       test=./still-fails.sh' \ -o small.mlir
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

int main(int argc, char **argv) {
  tile::registerAllTilePasses();
  tile::addVersionPrinter();
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
