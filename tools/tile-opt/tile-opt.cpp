//===- tile-opt.cpp - the tile-mlir optimizer driver ----------------------===//
//
// mlir-opt for tile kernels: the tile dialect and passes plus the upstream
// dialects and passes that users compose them with. One addition: before
// the pipeline runs, each kernel argument gets the name the source gives
// it (`%A`) as a NameLoc, so that the MSL and ABI produced downstream
// (`tile-opt --tile-to-applegpu | tile-translate --mlir-to-msl`) keep the
// source's names instead of arg0, arg1, ... and the printed IR writes them
// as the source did (`%A`, through --mlir-use-nameloc-as-prefix, on by
// default here), so that the next tool reads them again.
//
// Defaults that differ from mlir-opt: --help lists MLIR's and tile-mlir's
// options only (--help-hidden: all), and a failing pass reports one located
// line, without the kernel in generic form (--mlir-print-op-on-diagnostic).
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Support/SourceNames.h"
#include "tile/Support/ToolOptions.h"
#include "tile/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace tile::test {
void registerTestLayoutGeometryPass();
} // namespace tile::test

int main(int argc, char **argv) {
  tile::hideLLVMOptions();
  tile::quietDiagnosticsByDefault();
  tile::printNameLocsByDefault();
  tile::registerAllTilePasses();
  tile::test::registerTestLayoutGeometryPass();
  DialectRegistry registry;
  tile::registerTileDialects(registry);
  tile::addVersionPrinter();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "tile-mlir optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }

  // The source text outlives the run: the names pass reads it.
  std::string source = input->getBuffer().str();
  std::string sourceName = input->getBufferIdentifier().str();
  MlirOptMainConfig userPipeline = config;
  config.setPassPipelineSetupFn([&](PassManager &pm) -> LogicalResult {
    pm.addPass(tile::createSourceNamesPass(sourceName, source));
    return userPipeline.setupPassPipeline(pm);
  });
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
