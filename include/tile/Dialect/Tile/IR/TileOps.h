//===- TileOps.h - tile dialect operations ----------------------*- C++ -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_H
#define TILE_DIALECT_TILE_IR_TILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

namespace tile {
/// The type of the mask of a tile.gather, tile.scatter or atomic at
/// `offsets`: i1 elements in the offsets' shape and layout encoding.
mlir::RankedTensorType maskTypeFor(mlir::RankedTensorType offsets);

/// Marks the thread-level ops (TileThreadOps.td): a kernel holding one runs
/// its scalar code per thread.
template <typename ConcreteType>
class ThreadLevel : public mlir::OpTrait::TraitBase<ConcreteType, ThreadLevel> {
};
} // namespace tile

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.h.inc"

namespace tile {

/// Kinds of tile.reduce that take only float or only integer elements (add
/// and mul take both).
bool isFloatCombiningKind(CombiningKind kind);
bool isIntegerCombiningKind(CombiningKind kind);

/// Returns the number of iterations of `op` when its bounds and step are
/// constants (zero when the range is empty), std::nullopt otherwise or when
/// the count does not fit in int64_t.
std::optional<int64_t> getConstantTripCount(ForRangeOp op);

/// Folds a loop that runs zero times into its initial values and inlines a
/// loop that runs exactly once. Returns success if `op` was replaced. Used by
/// the canonicalizer and by the transforms that create such loops.
llvm::LogicalResult simplifyTrivialLoop(ForRangeOp op,
                                        mlir::RewriterBase &rewriter);

/// `value` made again with the layout of `type` (the same shape and element
/// type) at the builder's insertion point, when its producer makes it from
/// scalars alone: a tile.splat, a tile.arange or a splat arith.constant.
/// Every thread can compute such a tile in any layout, so converting it
/// would only move data. Returns null for other producers. Used by the
/// tile.convert_layout canonicalization and by tile-assign-layouts.
mlir::Value rematerializeInLayout(mlir::OpBuilder &builder, mlir::Location loc,
                                  mlir::Value value,
                                  mlir::RankedTensorType type);

/// The first thread-level op in `kernel`, or null: a kernel with one is
/// interpreted and lowered thread by thread.
mlir::Operation *findThreadLevelOp(mlir::Operation *kernel);

/// A kernel with thread-level ops carries `tile.simdgroups` and holds no
/// tiles and no tile.load/tile.store (which act once per program).
mlir::LogicalResult verifyThreadLevelKernel(mlir::Operation *kernel);

} // namespace tile

#endif // TILE_DIALECT_TILE_IR_TILEOPS_H
