//===- tile-lsp-server.cpp - a language server for tile kernels -----------===//
//
// MLIR's language server with the dialects tile-opt accepts: editors get
// diagnostics, hovers, go-to-definition and completion in tile IR files.
//
// MLIR's server main names itself `mlir-lsp-server 0.0.0` in the reply to
// `initialize` (serverInfo), with no way to change it. Its output goes
// through a pipe to a thread that rewrites that one field to tile-mlir's
// name and version and passes every other message through unchanged
// (re-framed with its Content-Length header).
//
//===----------------------------------------------------------------------===//

#include "tile/InitTile.h"
#include "tile/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <string>
#include <thread>
#include <unistd.h>

/// The `initialize` reply names tile-lsp-server and tile-mlir's version.
static std::string renameServer(std::string body) {
  size_t info = body.find("\"serverInfo\"");
  if (info == std::string::npos)
    return body;
  auto replaceAfter = [&](llvm::StringRef from, llvm::StringRef to) {
    size_t at = body.find(from.str(), info);
    if (at != std::string::npos)
      body.replace(at, from.size(), to.str());
  };
  replaceAfter("\"mlir-lsp-server\"", "\"tile-lsp-server\"");
  replaceAfter("\"0.0.0\"", "\"" TILE_MLIR_VERSION "\"");
  return body;
}

static void writeAll(int fd, llvm::StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n <= 0)
      return;
    data = data.drop_front(n);
  }
}

/// Copies LSP messages from `in` to `out` until `in` closes, renaming the
/// server in the `initialize` reply. Text that is not a framed message is
/// copied as it is.
static void relay(int in, int out) {
  std::string pending;
  char chunk[65536];
  const llvm::StringRef header = "Content-Length: ";
  for (;;) {
    ssize_t n = ::read(in, chunk, sizeof(chunk));
    if (n <= 0)
      break;
    pending.append(chunk, n);
    for (;;) {
      llvm::StringRef text = pending;
      size_t end = text.find("\r\n\r\n");
      if (!text.starts_with(header) || end == llvm::StringRef::npos)
        break;
      size_t length;
      if (text.slice(header.size(), end).trim().getAsInteger(10, length)) {
        writeAll(out, text); // not a message we understand
        pending.clear();
        break;
      }
      size_t bodyStart = end + 4;
      if (text.size() < bodyStart + length)
        break;
      std::string body = renameServer(text.substr(bodyStart, length).str());
      writeAll(out, "Content-Length: " + std::to_string(body.size()) +
                        "\r\n\r\n" + body);
      pending.erase(0, bodyStart + length);
    }
    if (!pending.empty() && !llvm::StringRef(pending).starts_with(
                                header.take_front(pending.size()))) {
      writeAll(out, pending);
      pending.clear();
    }
  }
  writeAll(out, pending);
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tile::registerTileDialects(registry);
  tile::addVersionPrinter();
  // --version and --help print and exit inside the server main: no relay.
  for (int i = 1; i < argc; ++i)
    if (llvm::StringRef(argv[i]).ltrim('-').starts_with("help") ||
        llvm::StringRef(argv[i]).ltrim('-') == "version")
      return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));

  int fds[2];
  int realStdout = ::dup(STDOUT_FILENO);
  if (realStdout < 0 || ::pipe(fds) != 0 || ::dup2(fds[1], STDOUT_FILENO) < 0) {
    std::perror("tile-lsp-server");
    return 1;
  }
  ::close(fds[1]);
  std::thread relayThread(relay, fds[0], realStdout);
  bool failed = mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
  llvm::outs().flush();
  std::fflush(stdout);
  // Closing the pipe's last write end lets the relay finish.
  ::dup2(realStdout, STDOUT_FILENO);
  relayThread.join();
  return failed;
}
