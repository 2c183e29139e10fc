//===- Passes.h - tile dialect passes ---------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace tile {

#define GEN_PASS_DECL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

} // namespace tile

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
