//===- AppleGPUOps.h - applegpu types, attributes and ops -------*- C++ -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_H
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUEnums.h.inc"
#include "tile/Dialect/AppleGPU/IR/LayoutAttrInterface.h"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/AppleGPU/IR/AppleGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/AppleGPU/IR/AppleGPUOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h.inc"

namespace tile::applegpu {

/// The address space of a memref (device when it has none).
AddressSpace getAddressSpace(mlir::MemRefType type);

/// A memref type in the given address space.
mlir::MemRefType withAddressSpace(mlir::MemRefType type, AddressSpace space);

/// The bytes an element of `type` takes in MSL: `index` is emitted as a
/// 32-bit `int`, so 4 (it has no bit width of its own to divide).
int64_t mslElementBytes(mlir::Type type);

} // namespace tile::applegpu

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUOPS_H
