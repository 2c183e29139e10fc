//===- AppleGPUDialect.h - the applegpu dialect -----------------*- C++ -*-===//

#ifndef TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_H
#define TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dialect.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOpsDialect.h.inc"

#endif // TILE_DIALECT_APPLEGPU_IR_APPLEGPUDIALECT_H
