//===- IndirectOps.cpp - gathers, scatters and atomics at offsets ---------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tile;

RankedTensorType tile::maskTypeFor(RankedTensorType offsets) {
  return RankedTensorType::get(offsets.getShape(),
                               IntegerType::get(offsets.getContext(), 1),
                               offsets.getEncoding());
}

/// The rules every access at offsets shares: a static tile of rank 1 or 2 in
/// the offsets' shape, of the buffer's element type.
static LogicalResult verifyIndirect(Operation *op, Value buffer, Value offsets,
                                    RankedTensorType tile, StringRef what) {
  auto offsetsType = cast<RankedTensorType>(offsets.getType());
  if (!tile.hasStaticShape() || (tile.getRank() != 1 && tile.getRank() != 2))
    return op->emitOpError() << what << " must be a static tile of rank 1 or "
                             << "2, got " << tile;
  if (offsetsType.getShape() != tile.getShape())
    return op->emitOpError()
           << "offsets " << offsetsType << " must have the shape of the "
           << what << " " << tile;
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  if (element != tile.getElementType())
    return op->emitOpError()
           << what << " element type " << tile.getElementType()
           << " must be the buffer's element type " << element;
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyIndirect(*this, getBuffer(), getOffsets(), getType(), "result");
}

LogicalResult ScatterOp::verify() {
  return verifyIndirect(*this, getBuffer(), getOffsets(),
                        cast<RankedTensorType>(getValue().getType()), "value");
}

/// Whether `kind` applies to elements of `type`: `add` and `xchg` to i32
/// and f32, the rest to i32 (what Metal's device atomics provide).
static bool atomicKindApplies(AtomicKind kind, Type type) {
  if (type.isInteger(32))
    return true;
  return type.isF32() && (kind == AtomicKind::ADD || kind == AtomicKind::XCHG);
}

LogicalResult AtomicRMWOp::verify() {
  auto tile = cast<RankedTensorType>(getType());
  if (failed(verifyIndirect(*this, getBuffer(), getOffsets(), tile, "result")))
    return failure();
  if (!atomicKindApplies(getKind(), tile.getElementType()))
    return emitOpError() << "'" << stringifyAtomicKind(getKind())
                         << "' is not an atomic operation on "
                         << tile.getElementType()
                         << " elements (add and xchg take i32 or f32, the "
                            "others i32)";
  return success();
}

LogicalResult AtomicCASOp::verify() {
  auto tile = cast<RankedTensorType>(getType());
  if (failed(verifyIndirect(*this, getBuffer(), getOffsets(), tile, "result")))
    return failure();
  if (!tile.getElementType().isInteger(32))
    return emitOpError() << "compare-and-swap takes i32 elements, got "
                         << tile.getElementType();
  return success();
}
