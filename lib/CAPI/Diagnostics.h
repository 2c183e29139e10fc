//===- Diagnostics.h - diagnostics of C API calls as text -------*- C++ -*-===//
//
// Internal to the C API. While alive, collects every diagnostic of a context
// as "loc: severity: message" lines (notes included) and hands the text to
// the caller's callback once, when there is any. Meanwhile the context does
// not attach the failing op in generic form to each diagnostic (a whole
// kernel, for a pass that fails at the function): the located line is what
// a caller shows.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CAPI_DIAGNOSTICS_H
#define TILE_LIB_CAPI_DIAGNOSTICS_H

#include "mlir-c/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tile::capi {

class DiagnosticText {
public:
  explicit DiagnosticText(mlir::MLIRContext *context)
      : os(text), handler(context,
                          [this](mlir::Diagnostic &diag) {
                            print(diag);
                            for (mlir::Diagnostic &note : diag.getNotes())
                              print(note);
                            return mlir::success();
                          }),
        context(context), printedOp(context->shouldPrintOpOnDiagnostic()) {
    context->printOpOnDiagnostic(false);
  }
  ~DiagnosticText() { context->printOpOnDiagnostic(printedOp); }
  DiagnosticText(const DiagnosticText &) = delete;
  DiagnosticText &operator=(const DiagnosticText &) = delete;

  /// Where text not from a diagnostic (a pipeline parse error) goes.
  llvm::raw_ostream &stream() { return os; }

  /// Hands the text to `callback` when there is any; returns `result`.
  MlirLogicalResult report(mlir::LogicalResult result,
                           MlirStringCallback callback, void *userData) {
    if (callback && !text.empty())
      callback(MlirStringRef{text.data(), text.size()}, userData);
    return MlirLogicalResult{mlir::succeeded(result) ? int8_t(1) : int8_t(0)};
  }

private:
  /// file:line:col as compilers print it, when the location has one.
  void printLocation(mlir::Location loc) {
    if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc)) {
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
      return;
    }
    if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
      return printLocation(name.getChildLoc());
    if (auto call = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
      return printLocation(call.getCallee());
    if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc);
        fused && !fused.getLocations().empty())
      return printLocation(fused.getLocations().front());
    os << loc;
  }

  void print(mlir::Diagnostic &d) {
    printLocation(d.getLocation());
    os << ": ";
    switch (d.getSeverity()) {
    case mlir::DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case mlir::DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    case mlir::DiagnosticSeverity::Note:
      os << "note: ";
      break;
    case mlir::DiagnosticSeverity::Remark:
      os << "remark: ";
      break;
    }
    os << d << "\n";
  }

  std::string text;
  llvm::raw_string_ostream os;
  mlir::ScopedDiagnosticHandler handler;
  mlir::MLIRContext *context;
  bool printedOp; ///< the context's setting, restored at the end
};

} // namespace tile::capi

#endif // TILE_LIB_CAPI_DIAGNOSTICS_H
