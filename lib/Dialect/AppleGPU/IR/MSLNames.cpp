//===- MSLNames.cpp - which names the generated MSL can use ---------------===//

#include "tile/Dialect/AppleGPU/IR/MSLNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <cctype>

using namespace llvm;

static bool isReservedWord(StringRef name);

/// The emitter's locals: v12, i3, tg4, tile5, frag6 (and v3_next).
static bool looksLikeLocal(StringRef name) {
  StringRef rest = name;
  if (!(rest.consume_front("v") || rest.consume_front("i") ||
        rest.consume_front("tg") || rest.consume_front("tile") ||
        rest.consume_front("frag")))
    return false;
  rest.consume_back("_next");
  return !rest.empty() && all_of(rest, [](char c) {
    return isdigit(static_cast<unsigned char>(c));
  });
}

static bool isReserved(StringRef name) {
  return isReservedWord(name) || looksLikeLocal(name);
}

static bool isReservedWord(StringRef name) {
  static const StringSet<> reserved = {
      "kernel", "vertex", "fragment", "device", "constant", "threadgroup",
      "thread", "metal", "using", "namespace", "auto", "bool", "break", "case",
      "char", "const", "continue", "default", "do", "double", "else", "enum",
      "extern", "false", "float", "for", "goto", "half", "bfloat", "if",
      "inline", "int", "long", "return", "short", "signed", "sizeof", "static",
      "struct", "switch", "template", "true", "typedef", "uint", "uchar",
      "ushort", "ulong", "union", "unsigned", "void", "volatile", "while",
      "class", "private", "public", "this", "operator", "new", "delete", "exp",
      "exp2", "log", "log2", "sqrt", "rsqrt", "fabs", "tanh", "sin", "cos",
      "floor", "ceil", "pow", "fma", "fmod", "max", "min", "select", "as_type",
      "tid", "sgid", "lane", "tgpos", "tgcount", "simdgroup_load",
      "simdgroup_store", "simdgroup_multiply_accumulate",
      "make_filled_simdgroup_matrix", "threadgroup_barrier",
      "simdgroup_barrier", "mem_flags", "ulong2", "NAN", "INFINITY",
      // The rest of C++17's keywords and alternative operator spellings
      // (MSL is C++ based), and names MSL forbids or declares.
      "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "catch",
      "char16_t", "char32_t", "char8_t", "compl", "concept", "consteval",
      "constexpr", "constinit", "const_cast", "co_await", "co_return",
      "co_yield", "decltype", "dynamic_cast", "explicit", "export", "friend",
      "mutable", "noexcept", "not", "not_eq", "nullptr", "or", "or_eq",
      "protected", "register", "reinterpret_cast", "requires", "static_assert",
      "static_cast", "thread_local", "throw", "try", "typeid", "typename",
      "virtual", "wchar_t", "xor", "xor_eq", "main", "size_t", "ptrdiff_t",
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
      "uint32_t", "uint64_t", "raster_order_group", "visible", "stitchable",
      "object", "mesh", "intersection", "sampler", "texture", "ray_data",
      "object_data", "payload",
      // Builtin functions the generated code or the shim may call.
      "abs", "clamp", "mix", "step", "smoothstep", "sign", "dot", "cross",
      "length", "normalize", "distance", "fmin", "fmax", "round", "trunc",
      "rint", "exp10", "log10", "sinh", "cosh", "asin", "acos", "atan", "atan2",
      "tan", "powr", "isnan", "isinf", "isfinite", "popcount", "clz", "ctz",
      "mad", "saturate", "erf", "simd_sum", "simd_product", "simd_min",
      "simd_max", "simd_and", "simd_or", "simd_xor", "simd_shuffle",
      "simd_shuffle_xor", "simd_shuffle_up", "simd_shuffle_down",
      "simd_broadcast", "simd_broadcast_first", "simd_ballot", "simd_all",
      "simd_any", "simd_is_first", "simd_prefix_inclusive_sum",
      "simd_prefix_exclusive_sum", "simdgroup_matrix", "numeric_limits",
      "precise", "fast", "vec", "array", "thread_elements", "atomic_int",
      "atomic_uint", "atomic"};
  if (reserved.contains(name) || name.starts_with("__"))
    return true;
  // MSL's vector and matrix types: float4, packed_half3, half2x2, ...
  StringRef base = name;
  base.consume_front("packed_");
  for (StringRef scalar :
       {"bool", "char", "uchar", "short", "ushort", "int", "uint", "long",
        "ulong", "half", "float", "bfloat"}) {
    StringRef rest = base;
    if (!rest.consume_front(scalar) || rest.empty())
      continue;
    auto dim = [](char c) { return c >= '2' && c <= '4'; };
    if (rest.size() == 1 && dim(rest[0]))
      return true;
    if (rest.size() == 3 && dim(rest[0]) && rest[1] == 'x' && dim(rest[2]))
      return true;
  }
  return false;
}

static bool isIdentifier(StringRef name) {
  auto word = [](char c) {
    return isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  return !name.empty() && !isdigit(static_cast<unsigned char>(name[0])) &&
         all_of(name, word);
}

/// The problem with `name` as an MSL name that must not be `reserved`, or "".
static std::string checkName(StringRef name, bool (*reserved)(StringRef)) {
  if (!isIdentifier(name))
    return "is not a valid MSL identifier";
  if (reserved(name))
    return "is reserved in the generated MSL";
  return "";
}

std::string tile::applegpu::checkMSLIdentifier(StringRef name) {
  return checkName(name, isReserved);
}

std::string tile::applegpu::checkMSLKernelName(StringRef name) {
  return checkName(name, isReservedWord);
}

std::string tile::applegpu::legalizeMSLIdentifier(StringRef name) {
  std::string legal;
  for (char c : name)
    legal += isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (legal.empty() || isdigit(static_cast<unsigned char>(legal[0])))
    legal = "_" + legal;
  while (legal.size() > 1 && legal[0] == '_' && legal[1] == '_')
    legal.erase(0, 1);
  while (isReserved(legal))
    legal += "_";
  return legal;
}
