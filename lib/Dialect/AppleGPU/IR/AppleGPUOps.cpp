//===- AppleGPUOps.cpp - applegpu op verifiers ----------------------------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tile::applegpu;

#define GET_OP_CLASSES
/// applegpu.tensor_slice prints its result type only when it differs from
/// the source's (a static slice).
static ParseResult parseSliceResult(OpAsmParser &parser, Type &result,
                                    Type source) {
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(result);
  result = source;
  return success();
}

static void printSliceResult(OpAsmPrinter &printer, Operation *, Type result,
                             Type source) {
  if (result != source)
    printer << " -> " << result;
}

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.cpp.inc"

int64_t tile::applegpu::mslElementBytes(Type type) {
  if (type.isIndex())
    return 4;
  return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

LogicalResult AllocThreadgroupOp::verify() {
  MemRefType type = getResult().getType();
  if (!type.hasStaticShape())
    return emitOpError() << "threadgroup memory must have a static size";
  if (getAddressSpace(type) != AddressSpace::threadgroup)
    return emitOpError() << "result must be in "
                            "#applegpu.address_space<threadgroup>, got "
                         << type;
  if (!type.getElementType().isIntOrIndexOrFloat())
    return emitOpError() << "element type must be an integer, index or a float";
  return success();
}

int64_t AllocThreadgroupOp::getSizeInBytes() {
  MemRefType type = getResult().getType();
  return type.getNumElements() * mslElementBytes(type.getElementType());
}

LogicalResult ThreadgroupViewOp::verify() {
  MemRefType arena = getArena().getType(), view = getResult().getType();
  if (getAddressSpace(arena) != AddressSpace::threadgroup ||
      getAddressSpace(view) != AddressSpace::threadgroup)
    return emitOpError() << "arena and view must be in "
                            "#applegpu.address_space<threadgroup>";
  if (!arena.getElementType().isInteger(8))
    return emitOpError() << "arena must be a buffer of i8 (bytes), got "
                         << arena;
  if (!view.hasStaticShape() || !view.getElementType().isIntOrIndexOrFloat())
    return emitOpError() << "view must have a static size and an integer, "
                            "index or float element type, got "
                         << view;
  int64_t width = mslElementBytes(view.getElementType());
  int64_t offset = getByteOffset();
  if (offset % width != 0)
    return emitOpError() << "byte offset " << offset
                         << " is not a multiple of the element size " << width;
  int64_t end = offset + view.getNumElements() * width;
  if (arena.hasStaticShape() && end > arena.getNumElements())
    return emitOpError() << "view ends at byte " << end << ", past the arena's "
                         << arena.getNumElements();
  return success();
}

LogicalResult SimdgroupFillOp::verify() {
  if (getValue().getType() != getResult().getType().getElementType())
    return emitOpError() << "fill value type " << getValue().getType()
                         << " does not match the matrix element type "
                         << getResult().getType().getElementType();
  return success();
}

/// The rules shared by simdgroup_load and simdgroup_store.
static LogicalResult verifyMatrixMemory(Operation *op, MemRefType memory,
                                        SimdgroupMatrixType matrix) {
  AddressSpace space = getAddressSpace(memory);
  if (space != AddressSpace::device && space != AddressSpace::threadgroup)
    return op->emitOpError()
           << "memory must be in the device or threadgroup address space";
  if (memory.getElementType() != matrix.getElementType())
    return op->emitOpError()
           << "memory element type " << memory.getElementType()
           << " does not match the matrix element type "
           << matrix.getElementType();
  return success();
}

LogicalResult SimdgroupLoadOp::verify() {
  return verifyMatrixMemory(*this, getSource().getType(),
                            getResult().getType());
}

LogicalResult SimdgroupStoreOp::verify() {
  return verifyMatrixMemory(*this, getDest().getType(), getValue().getType());
}

LogicalResult SimdgroupMmaOp::verify() {
  Type a = getA().getType().getElementType();
  Type b = getB().getType().getElementType();
  Type c = getC().getType().getElementType();
  if (a != b)
    return emitOpError() << "operand element types differ: " << a << " and "
                         << b;
  if (!c.isF32() && !(c.isF16() && a.isF16()))
    return emitOpError() << "accumulator element type must be f32 (or f16 "
                            "with f16 operands), got "
                         << c << " with " << a << " operands";
  return success();
}

LogicalResult SimdgroupGetElementOp::verify() {
  if (getResult().getType() != getMatrix().getType().getElementType())
    return emitOpError() << "result type " << getResult().getType()
                         << " does not match the matrix element type "
                         << getMatrix().getType().getElementType();
  return success();
}

LogicalResult SimdReduceOp::verify() {
  SimdReduction kind = getKind();
  bool bitwise = kind == SimdReduction::AND || kind == SimdReduction::OR ||
                 kind == SimdReduction::XOR;
  if (bitwise && !isa<IntegerType>(getValue().getType()))
    return emitOpError() << "simd_" << stringifySimdReduction(kind)
                         << " takes integers, got " << getValue().getType();
  return success();
}
