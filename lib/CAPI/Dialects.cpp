//===- Dialects.cpp - C API for the tile-mlir dialects --------------------===//

#include "tile-c/Dialects.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/InitTile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/MLIRContext.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, tile::TileDialect)

void tileRegisterAllDialects(MlirDialectRegistry registry) {
  tile::registerTileDialects(*unwrap(registry));
}

MlirContext tileCreateContext(void) {
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  auto *context = new mlir::MLIRContext(registry);
  context->loadAllAvailableDialects();
  return wrap(context);
}
