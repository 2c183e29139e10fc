//===- TileDialect.h - the tile dialect -------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "tile/Dialect/Tile/IR/TileOpsDialect.h.inc"

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
