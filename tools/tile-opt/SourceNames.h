//===- SourceNames.h - kernel arguments named as in the source --*- C++ -*-===//
//
// The MLIR parser does not keep SSA names. tile-opt has the source text, so
// it can give each kernel argument the name written there as a NameLoc,
// which the conversion to applegpu turns into the MSL parameter's name.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_OPT_SOURCENAMES_H
#define TILE_TOOLS_TILE_OPT_SOURCENAMES_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace tile::tools {
/// A pass on the module that wraps the location of each `tile.kernel`
/// argument, where that location points at `%name` in `source` (the text of
/// the file `sourceName`), in NameLoc(name, location). Only locations
/// change; the printed IR does not.
std::unique_ptr<mlir::Pass> createSourceNamesPass(std::string sourceName,
                                                  const std::string &source);
} // namespace tile::tools

#endif // TILE_TOOLS_TILE_OPT_SOURCENAMES_H
