//===- ThreadOps.cpp - per-thread code in a tile kernel -------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace tile;

/// What MSL allows a threadgroup to hold (as applegpu.alloc_threadgroup).
static constexpr int64_t kMaxThreadgroupBytes = 32768;

LogicalResult SharedOp::verify() {
  MemRefType type = getType();
  if (!type.hasStaticShape() || type.getNumElements() <= 0)
    return emitOpError() << "needs a static, non-empty size, got " << type;
  if (!type.getLayout().isIdentity() || type.getMemorySpace())
    return emitOpError() << "takes a plain memref (no layout, no memory "
                            "space: the array is threadgroup memory by "
                            "definition), got "
                         << type;
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return emitOpError() << "holds integers or floats, got " << element;
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  if (bytes > kMaxThreadgroupBytes)
    return emitOpError() << "needs " << bytes << " bytes, more than the "
                         << kMaxThreadgroupBytes
                         << " bytes of threadgroup memory";
  return success();
}

LogicalResult SimdReduceOp::verify() {
  Type element = getValue().getType();
  CombiningKind kind = getKind();
  // MSL has simd_max/simd_min (which ignore NaN, as maxnumf/minnumf) but
  // no NaN-propagating or unsigned forms.
  if (kind == CombiningKind::MAXIMUMF || kind == CombiningKind::MINIMUMF ||
      kind == CombiningKind::MAXUI || kind == CombiningKind::MINUI)
    return emitOpError() << "kind '" << stringifyCombiningKind(kind)
                         << "' has no SIMD-group form; use maxnumf, minnumf, "
                            "maxsi or minsi";
  if (isFloatCombiningKind(kind) && !isa<FloatType>(element))
    return emitOpError() << "kind '" << stringifyCombiningKind(kind)
                         << "' needs a float, got " << element;
  if (isIntegerCombiningKind(kind) && !element.isSignlessInteger())
    return emitOpError() << "kind '" << stringifyCombiningKind(kind)
                         << "' needs an integer, got " << element;
  return success();
}

Operation *tile::findThreadLevelOp(Operation *kernel) {
  Operation *found = nullptr;
  kernel->walk([&](Operation *op) {
    if (op->hasTrait<ThreadLevel>()) {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LogicalResult tile::verifyThreadLevelKernel(Operation *kernel) {
  Operation *threadOp = findThreadLevelOp(kernel);
  if (!threadOp)
    return success();
  auto note = [&](InFlightDiagnostic diag) -> LogicalResult {
    diag.attachNote(threadOp->getLoc())
        << "the kernel is thread-level because of this '" << threadOp->getName()
        << "'";
    return diag;
  };
  if (!kernel->hasAttr(TileDialect::getSimdgroupsAttrName()))
    return note(kernel->emitError()
                << "a thread-level kernel needs 'tile.simdgroups' (it fixes "
                   "how many threads run the code)");
  WalkResult walk = kernel->walk([&](Operation *op) {
    if (op == kernel)
      return WalkResult::advance();
    auto isTile = [](Type t) { return isa<TensorType>(t); };
    if (llvm::any_of(op->getOperandTypes(), isTile) ||
        llvm::any_of(op->getResultTypes(), isTile)) {
      (void)note(op->emitOpError()
                 << "uses a tile in a thread-level kernel, whose values are "
                    "per-thread scalars; split the tile code into another "
                    "kernel");
      return WalkResult::interrupt();
    }
    if (isa<LoadOp, StoreOp>(op)) {
      (void)note(op->emitOpError()
                 << "acts once per program instance; a thread-level kernel "
                    "reads and writes with 'tile.thread_load' and "
                    "'tile.thread_store'");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
