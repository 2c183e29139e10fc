//===- Passes.cpp - C API for the tile-mlir passes and pipelines ----------===//

#include "tile-c/Passes.h"

#include "Diagnostics.h"

#include "tile/InitTile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

void tileRegisterAllPasses(void) { tile::registerAllTilePasses(); }

/// Accepts "p1,p2" as well as "builtin.module(p1,p2)".
static llvm::StringRef stripModuleAnchor(llvm::StringRef pipeline) {
  llvm::StringRef body = pipeline.trim();
  if (body.consume_front("builtin.module(") && body.consume_back(")"))
    return body;
  return pipeline;
}

MlirLogicalResult tileRunPassPipeline(MlirModule module, MlirStringRef pipeline,
                                      MlirStringCallback diagnostics,
                                      void *userData) {
  tile::registerAllTilePasses();
  mlir::ModuleOp moduleOp = unwrap(module);
  mlir::MLIRContext *context = moduleOp.getContext();
  tile::capi::DiagnosticText text(context);
  mlir::PassManager pm(context, mlir::ModuleOp::getOperationName());
  if (mlir::failed(mlir::parsePassPipeline(stripModuleAnchor(unwrap(pipeline)),
                                           pm, text.stream()))) {
    text.stream() << "\n";
    return text.report(mlir::failure(), diagnostics, userData);
  }
  return text.report(pm.run(moduleOp), diagnostics, userData);
}
