//===- Driver.h - what tile-run's two input kinds share ---------*- C++ -*-===//
//
// tile-run.cpp runs tile kernels (.mlir) and owns the command line;
// RunMSL.cpp runs Metal source (.metal). These are the options and helpers
// both use.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_DRIVER_H
#define TILE_TOOLS_TILE_RUN_DRIVER_H

#include "Arguments.h"
#include "Emulate.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tile::run {

/// The category of tile-run's own options (the only ones --help lists).
extern llvm::cl::OptionCategory runOptions;

// Options defined in tile-run.cpp.
const std::string &inputPath();
const std::string &kernelNameOption();
const std::string &abiPath();
bool compareRequested();
bool statsRequested();
unsigned scheduleCount();
unsigned launchFlags();
std::string defaultCacheDir();

/// Bad usage: message and exit code 2.
[[noreturn]] void usageError(const llvm::Twine &message);
/// A fault or mismatch: message and exit code 1.
[[noreturn]] void fail(const llvm::Twine &message);

llvm::StringMap<ArgSpec> collectSpecs();
void checkSpecNames(const llvm::StringMap<ArgSpec> &specs,
                    llvm::ArrayRef<std::string> names);
/// What the kernel's ABI allows for one parameter (`max_value` of an index
/// scalar, `max_elements` of a buffer): the generated MSL's indices are
/// 32-bit ints. Unset: the type's own range.
struct ParamLimit {
  std::optional<int64_t> maxValue, maxElements;
  /// Scalars per buffer element (4 for `device float4*`): a buffer spec's
  /// count must be a multiple.
  unsigned lanes = 1;
  /// An MSL buffer of bytes (`device const char*`): llama.cpp passes every
  /// tensor so and casts it in the kernel, so a spec of any type binds.
  bool anyElement = false;
};
Binding makeBinding(const llvm::StringMap<ArgSpec> &specs, llvm::StringRef name,
                    bool isBuffer, std::optional<ElementType> element,
                    llvm::StringRef scalarType, ParamLimit limit = {});
std::vector<std::pair<size_t, std::string>>
outputsOf(const std::vector<Binding> &bindings);
void writeOutputs(const std::vector<Binding> &bindings,
                  llvm::ArrayRef<std::pair<size_t, std::string>> outputs);
const llvm::json::Object *findKernel(const llvm::json::Value &abi);
std::vector<Binding> bindingsFromABI(const llvm::json::Object &kernel,
                                     const llvm::StringMap<ArgSpec> &specs);
std::array<int64_t, 3>
launchGrid(std::optional<std::array<int64_t, 3>> requested,
           const llvm::json::Object &abi, llvm::ArrayRef<Binding> bindings);

/// --print NAME: each names a buffer of `bindings` (else a usage error);
/// after the run, their values are printed.
void checkPrintRequests(const std::vector<Binding> &bindings);
void printRequestedBuffers(const std::vector<Binding> &bindings);
/// A usage error when an option only MSL inputs take is given (tile
/// kernels: the compiled code fixes the threadgroup size, ...).
void refuseMSLOptions();

/// tile-run FILE.metal: runs Metal source on the emulator (RunMSL.cpp).
int runMSL(std::optional<std::array<int64_t, 3>> requestedGrid);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_DRIVER_H
