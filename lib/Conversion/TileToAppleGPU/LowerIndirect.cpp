//===- LowerIndirect.cpp - gathers, scatters and atomics at offsets -------===//
//
// Each thread touches the elements of the tile it holds, one by one, at the
// offsets it holds for them: tile-assign-layouts gives these ops a layout
// in which every element has exactly one holder (distributed slots or
// accumulator lane elements), so that each atomic runs once. A mask, and a
// slot past the end of a distributed tile, guard the access.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

/// The per-element condition of an access: the mask bit and, in a
/// distributed tile whose last slots some threads lack, whether the thread
/// holds slot `i`. Null when every element is touched.
static Value guardOf(KernelLowering &k, RankedTensorType type, TileForm form,
                     Value mask, Value i, Location loc) {
  Value held;
  if (form == TileForm::Slots && k.hasPartialSlots(type))
    held = k.slotIndex(type, i, loc).second;
  if (!held)
    return mask;
  if (!mask)
    return held;
  return k.fold<arith::AndIOp>(loc, held, mask);
}

/// `offset` (i32, i64 or index) as an index.
static Value asIndex(KernelLowering &k, Value offset, Location loc) {
  if (offset.getType().isIndex())
    return offset;
  return k.fold<arith::IndexCastOp>(loc, k.builder().getIndexType(), offset);
}

/// `if (guard) access() else otherwise`, or just `access()` when there is no
/// guard; `otherwise` is null for an access without a result.
static Value guarded(KernelLowering &k, Value guard, Type type,
                     function_ref<Value(OpBuilder &, Location)> access,
                     Value otherwise, Location loc) {
  std::optional<int64_t> known = guard ? getConstantIntValue(guard) : 1;
  if (known && *known)
    return access(k.builder(), loc);
  if (known)
    return otherwise;
  if (!type) {
    scf::IfOp::create(k.builder(), loc, guard, [&](OpBuilder &b, Location l) {
      (void)access(b, l);
      scf::YieldOp::create(b, l);
    });
    return {};
  }
  auto op = scf::IfOp::create(
      k.builder(), loc, guard,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, access(b, l));
      },
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, otherwise); });
  return op.getResult(0);
}

/// Zero of a scalar type, at the top of the kernel.
static Value zeroOf(KernelLowering &k, Type type, Location loc) {
  return k.scalar(type, cast<TypedAttr>(k.builder().getZeroAttr(type)), loc);
}

/// The form element-by-element work on a tile of these ops runs in: the
/// layout pass gave it a distributed or accumulator layout.
static FailureOr<TileForm> accessForm(KernelLowering &k, Operation *op,
                                      Value tile) {
  TileForm form = k.elementForm(tile);
  if (form == TileForm::Slots || form == TileForm::LaneElements)
    return form;
  return op->emitOpError() << "needs its tiles in a distributed or "
                              "accumulator layout (tile-assign-layouts gives "
                              "it one), got "
                           << tile.getType();
}

/// The memref.atomic_rmw kind of a tile atomic on elements of `type`.
static arith::AtomicRMWKind rmwKind(AtomicKind kind, Type type) {
  switch (kind) {
  case AtomicKind::ADD:
    return isa<FloatType>(type) ? arith::AtomicRMWKind::addf
                                : arith::AtomicRMWKind::addi;
  case AtomicKind::MAXSI:
    return arith::AtomicRMWKind::maxs;
  case AtomicKind::MINSI:
    return arith::AtomicRMWKind::mins;
  case AtomicKind::MAXUI:
    return arith::AtomicRMWKind::maxu;
  case AtomicKind::MINUI:
    return arith::AtomicRMWKind::minu;
  case AtomicKind::AND:
    return arith::AtomicRMWKind::andi;
  case AtomicKind::OR:
    return arith::AtomicRMWKind::ori;
  case AtomicKind::XOR:
    return arith::AtomicRMWKind::xori;
  case AtomicKind::XCHG:
    return arith::AtomicRMWKind::assign;
  }
  llvm_unreachable("all atomic kinds handled");
}

/// Runs `access(values, guard)` for each element the thread holds of
/// `shape` (the op's tile type), with the values of `operands` at that
/// element; stores what it returns into the result array when `result` is
/// set.
static LogicalResult
forEachAccess(KernelLowering &k, Operation *op, RankedTensorType shape,
              Value formTile, ArrayRef<Value> operands, Value mask,
              Value result,
              function_ref<Value(ArrayRef<Value>, Value)> access) {
  Location loc = op->getLoc();
  FailureOr<TileForm> form = accessForm(k, op, formTile);
  if (failed(form))
    return failure();
  SmallVector<Value> all(operands);
  if (mask)
    all.push_back(mask);
  FailureOr<ElementLoop> loop = ElementLoop::make(k, all, *form, loc);
  if (failed(loop))
    return failure();
  Value out;
  if (result)
    out = loop->outputFor(k, cast<RankedTensorType>(result.getType()), op, loc);
  loop->run(k, shape, loc, [&](ArrayRef<Value> values, Value i) {
    Value guard =
        guardOf(k, shape, *form, mask ? values.back() : Value(), i, loc);
    Value v = access(values.take_front(operands.size()), guard);
    if (out)
      storeArray(k, v, out, i, loc);
  });
  if (result)
    k.defineArray(result, *form, out);
  return success();
}

/// The ops that produce a value per element (gather and atomics): for each
/// element, the offset is `operands[0]`; `access(values, offset)` reads or
/// updates memory where the guard holds, and `otherwise(values)` is the
/// element where it does not.
static LogicalResult lowerValueAccess(
    KernelLowering &k, Operation *op, Value buffer, ArrayRef<Value> operands,
    Value mask,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>, Value)> access,
    function_ref<Value(ArrayRef<Value>)> otherwise) {
  Location loc = op->getLoc();
  orderAccess(k, buffer, loc);
  Value result = op->getResult(0);
  auto type = cast<RankedTensorType>(result.getType());
  return forEachAccess(
      k, op, type, result, operands, mask, result,
      [&](ArrayRef<Value> v, Value guard) {
        Value offset = asIndex(k, v[0], loc);
        return guarded(
            k, guard, type.getElementType(),
            [&](OpBuilder &b, Location l) { return access(b, l, v, offset); },
            otherwise(v), loc);
      });
}

LogicalResult tile::conversion::lowerGather(KernelLowering &k, GatherOp op) {
  Value buffer = k.mapped(op.getBuffer());
  SmallVector<Value> operands{op.getOffsets()};
  if (op.getOther())
    operands.push_back(op.getOther());
  return lowerValueAccess(
      k, op, op.getBuffer(), operands, op.getMask(),
      [&](OpBuilder &b, Location l, ArrayRef<Value>, Value offset) -> Value {
        return memref::LoadOp::create(b, l, buffer, offset);
      },
      [&](ArrayRef<Value> v) {
        return op.getOther()
                   ? v[1]
                   : zeroOf(k, op.getType().getElementType(), op.getLoc());
      });
}

LogicalResult tile::conversion::lowerScatter(KernelLowering &k, ScatterOp op) {
  Location loc = op.getLoc();
  orderAccess(k, op.getBuffer(), loc);
  Value buffer = k.mapped(op.getBuffer());
  auto type = cast<RankedTensorType>(op.getValue().getType());
  return forEachAccess(k, op, type, op.getValue(),
                       {op.getValue(), op.getOffsets()}, op.getMask(), Value(),
                       [&](ArrayRef<Value> v, Value guard) {
                         Value offset = asIndex(k, v[1], loc);
                         storeIfHeld(k, v[0], buffer, offset, guard, loc);
                         return Value();
                       });
}

/// Masked atomics give zero.
static Value zeroResult(KernelLowering &k, Operation *op) {
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return zeroOf(k, element, op->getLoc());
}

LogicalResult tile::conversion::lowerAtomicRMW(KernelLowering &k,
                                               AtomicRMWOp op) {
  Value buffer = k.mapped(op.getBuffer());
  arith::AtomicRMWKind kind =
      rmwKind(op.getKind(), op.getType().getElementType());
  return lowerValueAccess(
      k, op, op.getBuffer(), {op.getOffsets(), op.getValue()}, op.getMask(),
      [&](OpBuilder &b, Location l, ArrayRef<Value> v, Value offset) -> Value {
        return memref::AtomicRMWOp::create(b, l, kind, v[1], buffer,
                                           ValueRange{offset});
      },
      [&](ArrayRef<Value>) { return zeroResult(k, op); });
}

LogicalResult tile::conversion::lowerAtomicCAS(KernelLowering &k,
                                               AtomicCASOp op) {
  Value buffer = k.mapped(op.getBuffer());
  Type element = op.getType().getElementType();
  return lowerValueAccess(
      k, op, op.getBuffer(), {op.getOffsets(), op.getCompare(), op.getValue()},
      op.getMask(),
      [&](OpBuilder &b, Location l, ArrayRef<Value> v, Value offset) -> Value {
        return applegpu::AtomicCompareExchangeOp::create(b, l, element, buffer,
                                                         offset, v[1], v[2]);
      },
      [&](ArrayRef<Value>) { return zeroResult(k, op); });
}
