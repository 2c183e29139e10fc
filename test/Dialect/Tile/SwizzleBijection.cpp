//===- SwizzleBijection.cpp - every swizzle is a bijection of every grid --===//
//
// For each pattern and block given on the command line, and every grid up to
// N x N: runs a kernel that records, for each program, which tile its
// tile.swizzle chose; the tiles must be a permutation of the grid. Checked
// twice: on tile.swizzle itself (the tile interpreter's semantics) and on
// the index arithmetic the tile-swizzle pass lowers it to; both must agree.
//
//   tile-swizzle-bijection N PATTERN:BLOCK [PATTERN:BLOCK ...]
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Interpreter/TileInterpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;

static std::string kernelText(llvm::StringRef pattern, llvm::StringRef block) {
  return (R"(
func.func @record(%out: memref<?xi32>) attributes {tile.kernel} {
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %gm = tile.num_programs x : index
  %m, %n = tile.swizzle %pm, %pn {pattern = ")" +
          pattern + "\", block = " + block + R"( : i64} : index
  %row = arith.muli %n, %gm : index
  %slot = arith.addi %m, %row : index
  %col = arith.muli %pn, %gm : index
  %launch = arith.addi %pm, %col : index
  %value = arith.index_cast %launch : index to i32
  %tile = tile.splat %value : i32 -> tensor<1xi32>
  tile.store %tile, %out[%slot] : tensor<1xi32>, memref<?xi32>
  return
}
)")
      .str();
}

/// Runs `kernel` on every grid up to n x n; returns the recorded tiles of
/// each grid, or an empty vector after printing why.
static bool runGrids(func::FuncOp kernel, int64_t n,
                     std::vector<std::vector<int32_t>> &results,
                     llvm::StringRef what) {
  for (int64_t gm = 1; gm <= n; ++gm)
    for (int64_t gn = 1; gn <= n; ++gn) {
      std::vector<int32_t> out(gm * gn, -1);
      tile::interp::Argument arg;
      arg.data = out.data();
      arg.numElements = static_cast<int64_t>(out.size());
      std::vector<tile::interp::Argument> args = {arg};
      if (failed(tile::interp::runKernel(kernel, args, {gm, gn, 1}))) {
        llvm::outs() << what << ": fails on the " << gm << "x" << gn
                     << " grid\n";
        return false;
      }
      std::vector<char> seen(out.size(), 0);
      for (int32_t v : out) {
        if (v < 0 || v >= static_cast<int32_t>(out.size()) || seen[v]) {
          llvm::outs() << what << ": not a bijection of the " << gm << "x" << gn
                       << " grid\n";
          return false;
        }
        seen[v] = 1;
      }
      results.push_back(std::move(out));
    }
  return true;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: tile-swizzle-bijection N PATTERN:BLOCK...\n";
    return 2;
  }
  int64_t n = std::atoi(argv[1]);
  DialectRegistry registry;
  tile::registerTileDialects(registry);
  tile::registerAllTilePasses();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  int failures = 0;
  for (int a = 2; a < argc; ++a) {
    auto [pattern, block] = llvm::StringRef(argv[a]).split(':');
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kernelText(pattern, block), &context);
    if (!module)
      return 2;
    auto kernel = *module->getOps<func::FuncOp>().begin();
    std::vector<std::vector<int32_t>> reference, lowered;
    bool ok =
        runGrids(kernel, n, reference, "tile.swizzle " + std::string(argv[a]));
    PassManager pm(&context);
    if (failed(parsePassPipeline("tile-swizzle", pm)) ||
        failed(pm.run(*module)))
      return 2;
    kernel = *module->getOps<func::FuncOp>().begin();
    ok = runGrids(kernel, n, lowered, "tile-swizzle " + std::string(argv[a])) &&
         ok;
    if (ok && reference != lowered) {
      llvm::outs() << argv[a] << ": the lowering and the op disagree\n";
      ok = false;
    }
    llvm::outs() << argv[a] << ": " << (ok ? "bijection" : "FAILED")
                 << " on every grid up to " << n << "x" << n << "\n";
    failures += !ok;
  }
  return failures ? 1 : 0;
}
