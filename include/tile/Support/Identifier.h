//===- Identifier.h - C-like identifiers ------------------------*- C++ -*-===//
//
// Parameter names travel from the source into the MSL and ABI; only
// identifiers can.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_IDENTIFIER_H
#define TILE_SUPPORT_IDENTIFIER_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace tile {
/// A letter or '_', then letters, digits and '_'.
inline bool isIdentifier(llvm::StringRef name) {
  return !name.empty() && (llvm::isAlpha(name[0]) || name[0] == '_') &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}
} // namespace tile

#endif // TILE_SUPPORT_IDENTIFIER_H
