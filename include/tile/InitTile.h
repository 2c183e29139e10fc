//===- InitTile.h - register tile-mlir dialects and passes ------*- C++ -*-===//
//
// One place that says what a tile-mlir tool understands, shared by tile-opt
// and the C API so that both accept the same IR and pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_INITTILE_H
#define TILE_INITTILE_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tile {

/// Registers the tile and applegpu dialects and the upstream dialects tile
/// kernels are written with: func, arith, math, scf, memref, tensor.
void registerTileDialects(mlir::DialectRegistry &registry);

/// Registers the tile passes and the upstream passes users compose them
/// with (canonicalize, cse, loop-invariant-code-motion, ...). Idempotent.
void registerAllTilePasses();

} // namespace tile

#endif // TILE_INITTILE_H
