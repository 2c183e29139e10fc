//===- tile-fuzz.cpp - libFuzzer target over the whole compiler -----------===//
//
// One input is one .mlir text. It goes the way users' files go: parse and
// verify, the tile-to-applegpu pipeline, then MSL and the ABI. Rejecting bad
// input with a diagnostic is the expected outcome; a crash, an assertion, a
// sanitizer report or a hang is a bug. Odd-length inputs are compiled for
// apple10 (Metal 4 tensor ops), even-length ones for the default target, so
// both backends are reached.
//
// Built as a fuzzer by `make fuzz` (clang -fsanitize=fuzzer with ASan and
// UBSan); in the normal build the same entry point is linked with
// ReplayMain.cpp, which runs it on files, for the crash regression tests.
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Target/MSL/MSLEmitter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

static const DialectRegistry &registry() {
  static const DialectRegistry *instance = [] {
    tile::registerAllTilePasses();
    auto *r = new DialectRegistry();
    tile::registerTileDialects(*r);
    return r;
  }();
  return *instance;
}

/// Skips what MLIR's lexer skips between tokens: whitespace and `//` comments.
static llvm::StringRef skipBlanks(llvm::StringRef text) {
  while (true) {
    text = text.ltrim();
    if (!text.starts_with("//"))
      return text;
    text = text.drop_until([](char c) { return c == '\n' || c == '\r'; });
  }
}

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// True if the text holds the tokens `array < index`: a dense array attribute
/// of index elements. MLIR 22.1's parser dereferences a null float semantics
/// on it and crashes (llvm-project issue 179045, fixed upstream after
/// 22.1.0-rc1; docs/testing.md). That is not our bug, and no input of ours
/// needs it, so the fuzzer skips such inputs instead of stopping on them.
static bool hasIndexDenseArray(llvm::StringRef text) {
  for (size_t pos = text.find("array"); pos != llvm::StringRef::npos;
       pos = text.find("array", pos + 1)) {
    if (pos > 0 && isIdentifierChar(text[pos - 1]))
      continue;
    llvm::StringRef rest = skipBlanks(text.substr(pos + 5));
    if (!rest.consume_front("<"))
      continue;
    rest = skipBlanks(rest);
    if (rest.consume_front("index") &&
        (rest.empty() || !isIdentifierChar(rest.front())))
      return true;
  }
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (hasIndexDenseArray(text))
    return -1; // libFuzzer: do not add this input to the corpus.
  // A fresh context per input: nothing one input interns can affect the next.
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(false);
  // Diagnostics are the expected answer to bad input: swallow them.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });

  // MLIR's lexer relies on a NUL after the text, as files read through a
  // MemoryBuffer have; libFuzzer's bytes do not.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 0;

  PassManager pm(&context);
  std::string pipeline =
      size % 2 ? "tile-to-applegpu{target=apple10}" : "tile-to-applegpu";
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    llvm::report_fatal_error("tile-fuzz: bad pipeline: " + llvm::Twine(errors));
  if (failed(pm.run(*module)))
    return 0;

  std::string msl, abi;
  llvm::raw_string_ostream mslStream(msl), abiStream(abi);
  (void)tile::msl::translateToMSL(*module, mslStream, &abiStream);
  return 0;
}
