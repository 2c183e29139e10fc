//===- Arguments.h - kernel arguments from the tile-run command line -*- C++ -*-===//

#ifndef TILE_TOOLS_TILE_RUN_ARGUMENTS_H
#define TILE_TOOLS_TILE_RUN_ARGUMENTS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tile::run {

/// Element types tile-run can make buffers of.
enum class ElementType { F32, F16, BF16, I32, U32 };

/// Bytes per element and the spelling used on the command line / in MSL.
unsigned elementBytes(ElementType type);
llvm::StringRef elementName(ElementType type);
std::optional<ElementType> parseElementType(llvm::StringRef name);

/// One `--arg NAME=...`: a scalar (VALUE) or a buffer
/// (TYPE:COUNT:random[:SEED] | TYPE:COUNT:zeros | TYPE:COUNT:ones |
/// @FILE.npy).
struct ArgSpec {
  std::string name;
  bool isBuffer = false;
  // Scalars: the text of the value, parsed once the parameter type is known.
  std::string scalarText;
  // Buffers:
  ElementType element = ElementType::F32;
  int64_t count = 0;
  enum class Fill { Random, Zeros, Ones, File, Alias } fill = Fill::Zeros;
  std::string aliasOf; ///< Fill::Alias: the parameter whose buffer it shares
  uint64_t seed = 1;
  std::vector<unsigned char> fileData; ///< Fill::File: the .npy's elements
};

/// Parses one `--arg` value (reading the .npy file of `@FILE`), or returns
/// an error message.
std::optional<ArgSpec> parseArgSpec(llvm::StringRef text, std::string &error);

/// A buffer's initial contents: `count` elements of `element`, random ones
/// uniform in [-1, 1) from a fixed generator (same seed, same data on every
/// machine).
std::vector<unsigned char> makeBufferData(const ArgSpec &spec);

/// Reads element `i` of a buffer as a double.
double readElement(ElementType type, const unsigned char *data, int64_t i);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_ARGUMENTS_H
