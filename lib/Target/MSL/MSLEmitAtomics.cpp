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
  using arith::AtomicRMWKind;
  Type element = op.getMemRefType().getElementType();
  bool isFloat = element.isF32();
  // The MSL function of each kind, and whether float elements take it too
  // (int elements take them all).
  struct Entry {
    AtomicRMWKind kind;
    StringRef function;
    bool onFloat, unsignedBits;
  };
  static const Entry table[] = {
      {AtomicRMWKind::addi, "atomic_fetch_add_explicit", false, false},
      {AtomicRMWKind::addf, "atomic_fetch_add_explicit", true, false},
      {AtomicRMWKind::assign, "atomic_exchange_explicit", true, false},
      {AtomicRMWKind::maxs, "atomic_fetch_max_explicit", false, false},
      {AtomicRMWKind::mins, "atomic_fetch_min_explicit", false, false},
      {AtomicRMWKind::maxu, "atomic_fetch_max_explicit", false, true},
      {AtomicRMWKind::minu, "atomic_fetch_min_explicit", false, true},
      {AtomicRMWKind::andi, "atomic_fetch_and_explicit", false, false},
      {AtomicRMWKind::ori, "atomic_fetch_or_explicit", false, false},
      {AtomicRMWKind::xori, "atomic_fetch_xor_explicit", false, false},
  };
  for (const Entry &e : table) {
    if (e.kind != op.getKind())
      continue;
    // addf is the float add only; the integer kinds take int elements.
    bool applies = isFloat
                       ? e.onFloat
                       : element.isInteger(32) && e.kind != AtomicRMWKind::addf;
    if (applies)
      return AtomicCall{e.function,
                        isFloat          ? "atomic_float"
                        : e.unsignedBits ? "atomic_uint"
                                         : "atomic_int",
                        e.unsignedBits};
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

LogicalResult tile::msl::printAtomicRMW(MSLPrinter &p, memref::AtomicRMWOp op) {
  FailureOr<AtomicCall> call = atomicCall(op);
  if (failed(call))
    return failure();
  FailureOr<std::string> object = atomicElement(
      p, op, op.getMemref(), op.getIndices()[0], call->atomicType);
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

LogicalResult
tile::msl::printCompareExchange(MSLPrinter &p,
                                applegpu::AtomicCompareExchangeOp op) {
  FailureOr<std::string> object =
      atomicElement(p, op, op.getBuffer(), op.getIndex(), "atomic_int");
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
