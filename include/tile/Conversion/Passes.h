//===- Passes.h - tile-mlir conversion passes -------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_PASSES_H
#define TILE_CONVERSION_PASSES_H

#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <functional>

namespace tile {

#define GEN_PASS_DECL
#include "tile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/Passes.h.inc"

/// Registers the `tile-to-applegpu` pass pipeline; `prologue`, when given,
/// adds passes that run first (the mlir-opt plugin's source names).
void registerTileToAppleGPUPipeline(
    std::function<void(mlir::OpPassManager &)> prologue = {});

} // namespace tile

#endif // TILE_CONVERSION_PASSES_H
