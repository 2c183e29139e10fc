//===- Outputs.cpp - tile-run --out: buffers written after the run -------===//

#include "Driver.h"
#include "Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace tile::run {

static void writeRawFile(llvm::StringRef file, const Binding &b) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file, ec, llvm::sys::fs::OF_None);
  if (!ec)
    os.write(reinterpret_cast<const char *>(b.data.data()), b.data.size());
  if (ec || os.has_error())
    fail("--out " + b.name + ": cannot write '" + file + "'");
}

void writeOutputs(const std::vector<Binding> &bindings,
                  llvm::ArrayRef<std::pair<size_t, std::string>> outputs) {
  for (const auto &[index, file] : outputs) {
    const Binding &b = bindings[index];
    if (llvm::StringRef(file).ends_with(".bin")) {
      writeRawFile(file, b);
      continue;
    }
    if (b.untyped)
      fail("--out " + b.name +
           ": its elements are of a type tile-run cannot "
           "read; write its bytes with --out " +
           b.name + "=FILE.bin");
    if (llvm::Error error = writeNpy(file, b.element, b.data.data(),
                                     b.data.size() / elementBytes(b.element)))
      fail("--out " + b.name + ": " + llvm::toString(std::move(error)));
  }
}

} // namespace tile::run
