//===- ToolOptions.cpp - command-line defaults of the tile-mlir tools -----===//

#include "tile/Support/ToolOptions.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"

namespace cl = llvm::cl;

void tile::hideLLVMOptions() {
  // LLVM's generic options, in its "Generic Options" category.
  static const llvm::StringSet<> generic = {
      "help",    "help-list",     "help-hidden",       "help-list-hidden",
      "version", "print-options", "print-all-options", "color"};
  for (auto &entry : cl::getRegisteredOptions())
    if (!generic.contains(entry.first))
      entry.second->setHiddenFlag(cl::Hidden);
}

/// Changes the default of a boolean option registered by MLIR.
static void setBoolDefault(llvm::StringRef name, bool value) {
  cl::Option *option = cl::getRegisteredOptions().lookup(name);
  if (!option || option->getNumOccurrences() != 0)
    return;
  // MLIR registers these as cl::opt<bool>.
  static_cast<cl::opt<bool> *>(option)->setInitialValue(value);
}

void tile::quietDiagnosticsByDefault() {
  mlir::registerMLIRContextCLOptions();
  setBoolDefault("mlir-print-op-on-diagnostic", false);
}

void tile::printNameLocsByDefault() {
  mlir::registerAsmPrinterCLOptions();
  setBoolDefault("mlir-use-nameloc-as-prefix", true);
}
