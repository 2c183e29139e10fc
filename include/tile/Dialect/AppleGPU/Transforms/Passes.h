//===- Passes.h - applegpu passes -------------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_H
#define TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tile::applegpu {

#define GEN_PASS_DECL
#include "tile/Dialect/AppleGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/AppleGPU/Transforms/Passes.h.inc"

} // namespace tile::applegpu

#endif // TILE_DIALECT_APPLEGPU_TRANSFORMS_PASSES_H
