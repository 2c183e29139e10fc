//===- Passes.cpp - C API for the tile-mlir passes and pipelines ----------===//

#include "tile-c/Passes.h"

#include "tile/InitTile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
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

  std::string text;
  llvm::raw_string_ostream os(text);
  auto report = [&](mlir::LogicalResult result) {
    if (diagnostics && !text.empty())
      diagnostics(mlirStringRefCreate(text.data(), text.size()), userData);
    return wrap(result);
  };

  mlir::PassManager pm(context, mlir::ModuleOp::getOperationName());
  if (mlir::failed(mlir::parsePassPipeline(stripModuleAnchor(unwrap(pipeline)),
                                           pm, os))) {
    os << "\n";
    return report(mlir::failure());
  }

  // Collect every diagnostic as "loc: severity: message" lines, notes too.
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &diag) {
    auto print = [&](mlir::Diagnostic &d) {
      os << d.getLocation() << ": ";
      switch (d.getSeverity()) {
      case mlir::DiagnosticSeverity::Error: os << "error: "; break;
      case mlir::DiagnosticSeverity::Warning: os << "warning: "; break;
      case mlir::DiagnosticSeverity::Note: os << "note: "; break;
      case mlir::DiagnosticSeverity::Remark: os << "remark: "; break;
      }
      os << d << "\n";
    };
    print(diag);
    for (mlir::Diagnostic &note : diag.getNotes())
      print(note);
    return mlir::success();
  });
  return report(pm.run(moduleOp));
}
