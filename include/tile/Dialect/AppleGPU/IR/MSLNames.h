//===- MSLNames.h - which names the generated MSL can use -------*- C++ -*-===//
//
// Shared by the MSL translation (which refuses names it cannot print) and
// applegpu-prepare-for-emission (which legalizes them first).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_MSLNAMES_H
#define TILE_DIALECT_APPLEGPU_IR_MSLNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace tile::applegpu {

/// Why `name` cannot be a kernel or parameter name in the generated MSL
/// ("is not a valid MSL identifier", "is reserved in the generated MSL"),
/// or an empty string when it can. Reserved: MSL and C++ keywords and
/// types, the metal:: functions the emitter calls (a parameter named `max`
/// would hide metal::max), the emitter's builtin parameters and the shape
/// of its locals (v12, i3, tg4, tile5, frag6).
std::string checkMSLIdentifier(llvm::StringRef name);

/// The same for a kernel's own name, which may look like the emitter's
/// locals (a local may share the name of the function it is in).
std::string checkMSLKernelName(llvm::StringRef name);

/// A name close to `name` that checkMSLIdentifier accepts: invalid
/// characters become '_', a leading digit gets a '_' prefix, a reserved
/// word a '_' suffix.
std::string legalizeMSLIdentifier(llvm::StringRef name);

} // namespace tile::applegpu

#endif // TILE_DIALECT_APPLEGPU_IR_MSLNAMES_H
