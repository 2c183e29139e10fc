//===- Target.cpp - C API from tile IR to MSL -----------------------------===//

#include "tile-c/Target.h"

#include "Diagnostics.h"
#include "tile/InitTile.h"
#include "tile/Support/SourceNames.h"
#include "tile/Target/MSL/MSLEmitter.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
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
  if (failed(tile::msl::translateToMSL(module, mslStream, &abiStream)))
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

MlirLogicalResult tileCompileToMSL(MlirContext context, MlirStringRef source,
                                   MlirStringRef sourceName,
                                   MlirStringRef pipelineOptions,
                                   TileMSLOutput output) {
  tile::registerAllTilePasses();
  MLIRContext *ctx = unwrap(context);
  tile::capi::DiagnosticText text(ctx);
  auto done = [&](LogicalResult result) {
    return text.report(result, output.diagnostics, output.userData);
  };

  // A copy with the NUL terminator MLIR's lexer expects.
  llvm::StringRef name = unwrap(sourceName);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source),
                                           name.empty() ? "<source>" : name),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, ctx);
  if (!module)
    return done(failure());
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  tile::nameArgumentsFromSource(*module, buffer->getBufferIdentifier(),
                                buffer->getBuffer());

  PassManager pm(ctx, ModuleOp::getOperationName());
  std::string pipeline =
      "tile-to-applegpu{" + unwrap(pipelineOptions).str() + "}";
  if (failed(parsePassPipeline(pipeline, pm, text.stream()))) {
    text.stream() << "\n";
    return done(failure());
  }
  if (failed(pm.run(*module)))
    return done(failure());
  return done(translate(*module, output));
}
