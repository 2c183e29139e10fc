//===- Arguments.h - kernel arguments from the tile-run command line -*- C++
//-*-===//

#ifndef TILE_TOOLS_TILE_RUN_ARGUMENTS_H
#define TILE_TOOLS_TILE_RUN_ARGUMENTS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tile::run {

/// Element types tile-run can make buffers of.
enum class ElementType { F32, F16, BF16, I32, U32, I64, U64, I8, U8, I16, U16 };

/// Bytes per element and the spelling used on the command line / in MSL.
unsigned elementBytes(ElementType type);
llvm::StringRef elementName(ElementType type);
std::optional<ElementType> parseElementType(llvm::StringRef name);
bool isIntegerElement(ElementType type);
/// Whether a buffer of `given` may be bound where `expected` is declared:
/// the same type, or integers of the same width, since tile IR's integers
/// are signless (an i32 memref holds u32 words as well as i32 ones).
bool bindsAs(ElementType given, ElementType expected);

/// What an MSL buffer element or value type holds, as tile-run makes it:
/// `float` -> f32 x 1, `float4` / `packed_half2` -> f16 x 2 (a vector
/// buffer takes a scalar spec whose count is a multiple of the width),
/// `size_t` / `ulong` -> u64. `float3` (padded to 4) and structs: none.
struct MslElement {
  ElementType element;
  unsigned lanes = 1;
};
std::optional<MslElement> mslElementType(llvm::StringRef type);
/// The MSL scalar type a value parameter's type names (`uint32_t` ->
/// "uint", `size_t` -> "ulong"), or `type` itself.
llvm::StringRef canonicalScalarType(llvm::StringRef type);

/// One `--arg NAME=...`: a scalar (VALUE) or a buffer
/// (TYPE:COUNT:random[:SEED] | TYPE:COUNT:zeros | TYPE:COUNT:ones |
/// @FILE.npy) or raw bytes for any parameter (@FILE.bin).
struct ArgSpec {
  std::string name;
  bool isBuffer = false;
  // Scalars: the text of the value, parsed once the parameter type is known.
  std::string scalarText;
  // Buffers:
  ElementType element = ElementType::F32;
  int64_t count = 0;
  /// Raw: @FILE.bin, the bytes of a buffer or of a `constant T&` value.
  /// Fields: {NAME=VALUE,...}, a `constant T&` struct by field.
  enum class Fill {
    Random,
    Zeros,
    Ones,
    File,
    Alias,
    Raw,
    Fields
  } fill = Fill::Zeros;
  std::vector<std::pair<std::string, std::string>> fields; ///< Fill::Fields
  std::string aliasOf; ///< Fill::Alias: the parameter whose buffer it shares
  uint64_t seed = 1;
  std::vector<unsigned char> fileData; ///< File/Raw: the bytes
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
