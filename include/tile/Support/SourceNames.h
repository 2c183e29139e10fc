//===- SourceNames.h - kernel arguments named as in the source --*- C++ -*-===//
//
// The MLIR parser does not keep SSA names. A driver that has the source
// text (tile-opt, the C API's tileCompileToMSL) can give each kernel
// argument the name written there as a NameLoc, which the conversion to
// applegpu turns into the MSL parameter's name.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_SOURCENAMES_H
#define TILE_SUPPORT_SOURCENAMES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace tile {
/// Wraps the location of each `tile.kernel` argument in `module`, where
/// that location points at `%name` in `source` (the text of the buffer
/// `sourceName`), in NameLoc(name, location). Only locations change; the
/// printed IR does not.
void nameArgumentsFromSource(mlir::ModuleOp module, llvm::StringRef sourceName,
                             llvm::StringRef source);

/// nameArgumentsFromSource for every file that the locations of `module`'s
/// kernel arguments name and that can be read: for hosts that do not keep
/// the source text (mlir-opt with tile-mlir's plugin).
void nameArgumentsFromFiles(mlir::ModuleOp module);

/// nameArgumentsFromSource as a pass on the module; `source` must outlive
/// it.
std::unique_ptr<mlir::Pass> createSourceNamesPass(std::string sourceName,
                                                  const std::string &source);
} // namespace tile

#endif // TILE_SUPPORT_SOURCENAMES_H
