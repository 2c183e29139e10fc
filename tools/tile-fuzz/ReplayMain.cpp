//===- ReplayMain.cpp - tile-fuzz without libFuzzer -----------------------===//
//
// Runs the fuzz target once on each file named on the command line, so that
// inputs the fuzzer found (test/Fuzz) stay regression tests in builds
// without libFuzzer. Prints one line per file; a crash is the failure.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: tile-fuzz FILE...\n"
                    "  (built without libFuzzer: runs the fuzz target once on "
                    "each file)\n";
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    auto buffer = llvm::MemoryBuffer::getFile(argv[i]);
    if (!buffer) {
      llvm::errs() << "tile-fuzz: cannot read '" << argv[i]
                   << "': " << buffer.getError().message() << "\n";
      return 2;
    }
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*buffer)->getBufferStart()),
        (*buffer)->getBufferSize());
    llvm::outs() << "ran " << argv[i] << "\n";
  }
  return 0;
}
