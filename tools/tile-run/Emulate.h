//===- Emulate.h - run MSL on the Metal emulator ----------------*- C++ -*-===//

#ifndef TILE_TOOLS_TILE_RUN_EMULATE_H
#define TILE_TOOLS_TILE_RUN_EMULATE_H

#include "Arguments.h"
#include "Progress.h"

#include "tile/Runtime/MetalEmulator.h"

#include "llvm/Support/JSON.h"

#include <array>
#include <string>
#include <vector>

namespace tile::run {

/// A kernel argument as the emulator binds it, in [[buffer]] order.
struct Binding {
  std::string name;
  /// Its [[buffer(index)]]: indices may have gaps (buffers 0, 2, 5), so a
  /// binding's position in the list is not its index (bindingAtIndex).
  int64_t index = -1;
  bool isBuffer = false;
  bool written = false; ///< buffers the kernel writes (from the ABI)
  ElementType element = ElementType::F32;
  /// Raw bytes (@FILE.bin) of a type tile-run cannot read (a struct):
  /// printed as bytes, written only as .bin.
  bool untyped = false;
  std::vector<unsigned char> data; ///< buffer bytes, or the scalar's bytes
  double scalarFloat = 0;          ///< a float scalar's value (after rounding)
  int64_t scalarInt = 0;           ///< an integer or index scalar's value
  /// `--arg p={M=3,N=4}`: a struct's fields by name, written into `data`
  /// once the compiled kernel gives the layout (fillStructFields).
  std::vector<std::pair<std::string, std::string>> fields;
  bool fromFields = false;
};

/// The binding of [[buffer(index)]], or null.
const Binding *bindingAtIndex(llvm::ArrayRef<Binding> bindings, int64_t index);

/// Makes the bytes of each binding given as struct fields, with the field
/// types, offsets and sizeof taken from the compiled kernel; exits with a
/// usage error for an unknown field, a value out of a field's range or a
/// field of a type it cannot write.
void fillStructFields(const TmeModule *module, std::vector<Binding> &bindings);

/// What a hand-written Metal kernel may need beyond its ABI.
struct LaunchExtras {
  /// Function constants by name (or index) and value text.
  std::vector<std::pair<std::string, std::string>> functionConstants;
  /// Sizes in bytes of [[threadgroup(n)]] parameters, by index n.
  std::vector<std::pair<unsigned, size_t>> threadgroupBuffers;
  /// dispatchThreads: threads in the grid (the last threadgroups partial);
  /// all 0: whole threadgroups (`grid` threadgroups).
  std::array<unsigned, 3> threadsPerGrid = {0, 0, 0};
  /// Overrides the ABI's threads_per_threadgroup when non-zero.
  std::array<unsigned, 3> threadsPerThreadgroup = {0, 0, 0};
  /// Per binding: the binding whose buffer it shares, or -1.
  std::vector<int> aliasOf;
  /// The file compiler errors name (the .metal path); empty: KERNEL.metal.
  std::string sourceName;
};

/// How emulate() shows progress (tile-run's --progress; default Auto).
void setProgressMode(ProgressMode mode);

/// Compiles `msl` and runs `kernel` (one entry of the ABI's "kernels") on
/// the emulator over `grid`, under `schedules` thread orders; buffers are
/// updated in place. Returns false with `error` set on any fault.
bool emulate(const std::string &msl, const llvm::json::Object &kernel,
             std::vector<Binding> &bindings, std::array<int64_t, 3> grid,
             unsigned schedules, unsigned flags, const std::string &cacheDir,
             TmeStats &stats, std::string &error,
             const LaunchExtras &extras = {});

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_EMULATE_H
