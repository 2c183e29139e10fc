//===- MSLEmitAtomics.cpp - atomics on device buffers as MSL --------------===//
//
// memref.atomic_rmw and applegpu.atomic_compare_exchange on a device buffer
// element become MSL's atomic functions on that element seen as an atomic
// object (`(device atomic_int*)&buf[i]`), with relaxed memory order: Metal's
// only order for device atomics in compute kernels.
//
//===----------------------------------------------------------------------===//

#include "MSLPrinter.h"
#include "MSLTypes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile;
using namespace tile::msl;

namespace {
/// An MSL atomic function call on one element: its name, the atomic type
/// the element is seen as, and whether the operand and result go through
/// unsigned bits (the unsigned minimum and maximum of an `int` buffer).
struct AtomicCall {
  StringRef function;
  StringRef atomicType;
  bool unsignedBits = false;
};
} // namespace

static FailureOr<AtomicCall> atomicCall(memref::AtomicRMWOp op) {
  Type element = op.getMemRefType().getElementType();
  bool isInt = element.isInteger(32), isFloat = element.isF32();
  auto call = [&](StringRef function, bool unsignedBits = false) {
    return AtomicCall{function, isFloat ? "atomic_float" :
                                unsignedBits ? "atomic_uint" : "atomic_int",
                      unsignedBits};
  };
  using arith::AtomicRMWKind;
  switch (op.getKind()) {
  case AtomicRMWKind::addi:
    if (isInt)
      return call("atomic_fetch_add_explicit");
    break;
  case AtomicRMWKind::addf:
    if (isFloat)
      return call("atomic_fetch_add_explicit");
    break;
  case AtomicRMWKind::assign:
    if (isInt || isFloat)
      return call("atomic_exchange_explicit");
    break;
  case AtomicRMWKind::maxs:
    if (isInt)
      return call("atomic_fetch_max_explicit");
    break;
  case AtomicRMWKind::mins:
    if (isInt)
      return call("atomic_fetch_min_explicit");
    break;
  case AtomicRMWKind::maxu:
    if (isInt)
      return call("atomic_fetch_max_explicit", /*unsignedBits=*/true);
    break;
  case AtomicRMWKind::minu:
    if (isInt)
      return call("atomic_fetch_min_explicit", /*unsignedBits=*/true);
    break;
  case AtomicRMWKind::andi:
    if (isInt)
      return call("atomic_fetch_and_explicit");
    break;
  case AtomicRMWKind::ori:
    if (isInt)
      return call("atomic_fetch_or_explicit");
    break;
  case AtomicRMWKind::xori:
    if (isInt)
      return call("atomic_fetch_xor_explicit");
    break;
  default:
    break;
  }
  return op.emitOpError() << "'" << arith::stringifyAtomicRMWKind(op.getKind())
                          << "' on " << element
                          << " elements has no MSL atomic function (add and "
                             "exchange take int or float, the others int)";
}

/// The element `memref[index]` as a pointer to `atomicType`, after checking
/// that the memref is a device buffer (a kernel argument).
static FailureOr<std::string> atomicElement(MSLPrinter &p, Operation *op,
                                            Value memref, Value index,
                                            StringRef atomicType) {
  auto type = cast<MemRefType>(memref.getType());
  if (!isa<BlockArgument>(memref) || isPrivateArray(memref) ||
      type.getMemorySpace() || type.getRank() != 1)
    return op->emitOpError() << "atomics are only translated on the elements "
                                "of device buffers (kernel arguments)";
  return ("(device " + atomicType + "*)&" + p.name(memref) + "[" +
          p.name(index) + "]")
      .str();
}

static LogicalResult printAtomicRMW(MSLPrinter &p, memref::AtomicRMWOp op) {
  FailureOr<AtomicCall> call = atomicCall(op);
  if (failed(call))
    return failure();
  FailureOr<std::string> object =
      atomicElement(p, op, op.getMemref(), op.getIndices()[0], call->atomicType);
  if (failed(object) || failed(p.declare(op.getResult())))
    return failure();
  std::string operand = p.name(op.getValue()).str();
  if (call->unsignedBits)
    p.os << " = as_type<int>(" << call->function << "(" << *object
         << ", as_type<uint>(" << operand << "), memory_order_relaxed));\n";
  else
    p.os << " = " << call->function << "(" << *object << ", " << operand
         << ", memory_order_relaxed);\n";
  return success();
}

static LogicalResult
printCompareExchange(MSLPrinter &p, applegpu::AtomicCompareExchangeOp op) {
  FailureOr<std::string> object = atomicElement(
      p, op, op.getBuffer(), op.getIndex(), "atomic_int");
  if (failed(object) || failed(p.declare(op.getResult())))
    return failure();
  StringRef old = p.name(op.getResult());
  StringRef compare = p.name(op.getCompare());
  // The weak exchange may fail with equal values: retry until it succeeds
  // or finds another value, which is then the result.
  p.os << " = " << compare << ";\n";
  p.os << "while (!atomic_compare_exchange_weak_explicit(" << *object << ", &"
       << old << ", " << p.name(op.getValue())
       << ", memory_order_relaxed, memory_order_relaxed) && " << old
       << " == " << compare << ") {\n}\n";
  return success();
}

LogicalResult tile::msl::printAtomicOp(MSLPrinter &p, Operation &op,
                                       bool &handled) {
  handled = true;
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](memref::AtomicRMWOp rmw) { return printAtomicRMW(p, rmw); })
      .Case([&](applegpu::AtomicCompareExchangeOp cas) {
        return printCompareExchange(p, cas);
      })
      .Default([&](Operation *) {
        handled = false;
        return failure();
      });
}
