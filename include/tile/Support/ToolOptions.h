//===- ToolOptions.h - command-line defaults of the tile-mlir tools -*- C++
//-*-===//
//
// What the drivers (tile-opt, tile-run, tile-translate) change in the
// command line that LLVM and MLIR give them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_TOOLOPTIONS_H
#define TILE_SUPPORT_TOOLOPTIONS_H

namespace tile {

/// Hides from --help every option registered so far except LLVM's generic
/// ones (--help, --version, ...). Called first thing in main, it hides what
/// libLLVM registers for its backends and passes (AArch64, SPIR-V,
/// sanitizers, ...), which a tile-mlir tool never uses; MLIR's options and
/// the tool's own, registered later, stay listed. --help-hidden shows all.
void hideLLVMOptions();

/// Makes MLIR's `--mlir-print-op-on-diagnostic` default to false: a failing
/// pass reports one located line instead of the whole kernel in generic
/// form. `--mlir-print-op-on-diagnostic` brings the dump back. Registers
/// MLIR's context options if needed.
void quietDiagnosticsByDefault();

/// Makes MLIR's `--mlir-use-nameloc-as-prefix` default to true, so that
/// kernel arguments named by a NameLoc (the source's `%A`) print as `%A`
/// and the names survive a print/parse round trip. Registers MLIR's printer
/// options if needed.
void printNameLocsByDefault();

} // namespace tile

#endif // TILE_SUPPORT_TOOLOPTIONS_H
