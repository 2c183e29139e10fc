//===- Target.cpp - C API from tile IR to MSL -----------------------------===//

#include "tile-c/Target.h"

#include "Diagnostics.h"
#include "tile/InitTile.h"
#include "tile/Support/EraseInnermostFirst.h"
#include "tile/Support/SourceNames.h"
#include "tile/Target/MSL/MSLEmitter.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static void deliver(MlirStringCallback callback, const std::string &text,
                    void *userData) {
  if (callback)
    callback(MlirStringRef{text.data(), text.size()}, userData);
}

/// Translates `module` into strings, then hands them over.
static LogicalResult translate(ModuleOp module, const TileMSLOutput &output) {
  std::string msl, abi;
  llvm::raw_string_ostream mslStream(msl), abiStream(abi);
  // The ABI JSON is only built for a caller that takes it.
  if (failed(tile::msl::translateToMSL(module, mslStream,
                                       output.abi ? &abiStream : nullptr)))
    return failure();
  deliver(output.msl, msl, output.userData);
  deliver(output.abi, abi, output.userData);
  return success();
}

MlirLogicalResult tileTranslateToMSL(MlirModule module, TileMSLOutput output) {
  ModuleOp moduleOp = unwrap(module);
  tile::capi::DiagnosticText text(moduleOp.getContext());
  return text.report(translate(moduleOp, output), output.diagnostics,
                     output.userData);
}

namespace {
/// A parsed tile-to-applegpu pipeline, ready to run on many modules.
struct Compiler {
  explicit Compiler(MLIRContext *context)
      : pm(context, ModuleOp::getOperationName()) {}

  /// Parses `options` into the pass manager; on failure, `message` is an
  /// `error: ...` text. A bad option name or value fails here, before any
  /// IR is compiled.
  LogicalResult setUp(StringRef options, std::string &message) {
    std::string pipeline = "tile-to-applegpu{" + options.str() + "}";
    llvm::raw_string_ostream errors(message);
    errors << "error: ";
    if (succeeded(parsePassPipeline(pipeline, pm, errors))) {
      message.clear();
      return success();
    }
    if (!StringRef(message).ends_with("\n"))
      message += "\n";
    return failure();
  }

  /// Parses, lowers and translates one source.
  LogicalResult run(StringRef source, StringRef sourceName,
                    const TileMSLOutput &output) {
    MLIRContext *context = pm.getContext();
    // A copy with the NUL terminator MLIR's lexer expects.
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(
            source, sourceName.empty() ? "<source>" : sourceName),
        llvm::SMLoc());
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sourceMgr, context);
    if (!module)
      return failure();
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    tile::nameArgumentsFromSource(*module, buffer->getBufferIdentifier(),
                                  buffer->getBuffer());
    if (failed(pm.run(*module)))
      return failure();
    LogicalResult result = translate(*module, output);
    // Freed here, cheaply (see EraseInnermostFirst.h), not by ~OwningOpRef.
    tile::eraseInnermostFirst(*module, /*keepRoot=*/true);
    return result;
  }

  /// Off: only the input is verified (when it is parsed). What the passes
  /// produce is not verified again; tileCompileToMSL, tile-opt and the
  /// test suite verify after every pass.
  void verifyInputOnly() { pm.enableVerifier(false); }

  PassManager pm;
};
} // namespace

static Compiler *unwrapCompiler(TileCompiler compiler) {
  return static_cast<Compiler *>(compiler.ptr);
}

TileCompiler tileCompilerCreate(MlirContext context,
                                MlirStringRef pipelineOptions,
                                MlirStringCallback diagnostics,
                                void *userData) {
  tile::registerAllTilePasses();
  auto compiler = std::make_unique<Compiler>(unwrap(context));
  std::string message;
  if (failed(compiler->setUp(unwrap(pipelineOptions), message))) {
    deliver(diagnostics, message, userData);
    return TileCompiler{nullptr};
  }
  compiler->verifyInputOnly();
  return TileCompiler{compiler.release()};
}

MlirLogicalResult tileCompilerRun(TileCompiler compiler, MlirStringRef source,
                                  MlirStringRef sourceName,
                                  TileMSLOutput output) {
  Compiler *c = unwrapCompiler(compiler);
  if (!c) {
    deliver(output.diagnostics, "error: tileCompilerRun: no compiler\n",
            output.userData);
    return mlirLogicalResultFailure();
  }
  tile::capi::DiagnosticText text(c->pm.getContext());
  return text.report(c->run(unwrap(source), unwrap(sourceName), output),
                     output.diagnostics, output.userData);
}

void tileCompilerDestroy(TileCompiler compiler) {
  delete unwrapCompiler(compiler);
}

namespace {
/// What TileMSLTexts::storage points at: one copy per text.
struct TextStorage {
  std::string texts[3];
};
} // namespace

/// The callback that copies text `Slot` (0 MSL, 1 ABI, 2 diagnostics) into
/// the TileMSLTexts it is given.
template <int Slot>
static void collectText(MlirStringRef text, void *userData) {
  auto *texts = static_cast<TileMSLTexts *>(userData);
  if (!texts->storage)
    texts->storage = new TextStorage;
  std::string &copy = static_cast<TextStorage *>(texts->storage)->texts[Slot];
  copy.assign(text.data, text.length);
  MlirStringRef *fields[] = {&texts->msl, &texts->abi, &texts->diagnostics};
  *fields[Slot] = MlirStringRef{copy.data(), copy.size()};
}

TileMSLOutput tileMSLTextsOutput(TileMSLTexts *texts) {
  return TileMSLOutput{collectText<0>, collectText<1>, collectText<2>, texts};
}

void tileMSLTextsDestroy(TileMSLTexts *texts) {
  if (!texts)
    return;
  delete static_cast<TextStorage *>(texts->storage);
  *texts = TileMSLTexts{};
}

MlirLogicalResult tileCompileToMSL(MlirContext context, MlirStringRef source,
                                   MlirStringRef sourceName,
                                   MlirStringRef pipelineOptions,
                                   TileMSLOutput output) {
  tile::registerAllTilePasses();
  MLIRContext *ctx = unwrap(context);
  tile::capi::DiagnosticText text(ctx);
  Compiler compiler(ctx);
  std::string message;
  if (failed(compiler.setUp(unwrap(pipelineOptions), message))) {
    text.stream() << message;
    return text.report(failure(), output.diagnostics, output.userData);
  }
  return text.report(compiler.run(unwrap(source), unwrap(sourceName), output),
                     output.diagnostics, output.userData);
}
