//===- tile-translate.cpp - tile-mlir translations ------------------------===//
//
// mlir-translate for tile-mlir: `--mlir-to-msl` prints applegpu kernels as
// Metal Shading Language (`--msl-abi=<file>` adds their ABI as JSON).
// As in tile-opt, --help lists MLIR's and our options only, and an error
// is one located line (--mlir-print-op-on-diagnostic adds the op).
//
//===----------------------------------------------------------------------===//

#include "tile/Support/ToolOptions.h"
#include "tile/Target/MSL/MSLEmitter.h"
#include "tile/Version.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  tile::hideLLVMOptions();
  tile::quietDiagnosticsByDefault();
  tile::msl::registerToMSLTranslation();
  tile::addVersionPrinter();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "tile-mlir translation driver\n"));
}
