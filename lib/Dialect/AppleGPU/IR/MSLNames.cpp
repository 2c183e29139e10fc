//===- MSLNames.cpp - which names the generated MSL can use ---------------===//

#include "tile/Dialect/AppleGPU/IR/MSLNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <cctype>

using namespace llvm;

static bool isReservedWord(StringRef name);

/// The emitter's locals: v12, i3, tg4 (and v3_next).
static bool looksLikeLocal(StringRef name) {
  StringRef rest = name;
  if (!(rest.consume_front("v") || rest.consume_front("i") ||
        rest.consume_front("tg")))
    return false;
  rest.consume_back("_next");
  return !rest.empty() &&
         all_of(rest, [](char c) { return isdigit(static_cast<unsigned char>(c)); });
}

static bool isReserved(StringRef name) {
  return isReservedWord(name) || looksLikeLocal(name);
}

static bool isReservedWord(StringRef name) {
  static const StringSet<> reserved = {
      "kernel", "vertex", "fragment", "device", "constant", "threadgroup",
      "thread", "metal", "using", "namespace", "auto", "bool", "break",
      "case", "char", "const", "continue", "default", "do", "double", "else",
      "enum", "extern", "false", "float", "for", "goto", "half", "bfloat",
      "if", "inline", "int", "long", "return", "short", "signed", "sizeof",
      "static", "struct", "switch", "template", "true", "typedef", "uint",
      "uchar", "ushort", "ulong", "union", "unsigned", "void", "volatile",
      "while", "class", "private", "public", "this", "operator", "new",
      "delete", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "fabs", "tanh",
      "sin", "cos", "floor", "ceil", "pow", "fma", "fmod", "max", "min",
      "select", "as_type", "tid", "sgid", "lane", "tgpos", "tgcount",
      "simdgroup_load", "simdgroup_store", "simdgroup_multiply_accumulate",
      "make_filled_simdgroup_matrix", "threadgroup_barrier",
      "simdgroup_barrier", "mem_flags", "ulong2", "NAN", "INFINITY"};
  return reserved.contains(name) || name.starts_with("__");
}

static bool isIdentifier(StringRef name) {
  auto word = [](char c) {
    return isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  return !name.empty() &&
         !isdigit(static_cast<unsigned char>(name[0])) &&
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
