//===- MSLEmitter.h - applegpu IR to Metal Shading Language -----*- C++ -*-===//
//
// Prints applegpu kernels (func.func with `applegpu.kernel`) as MSL, with
// each kernel's ABI as a comment block and, on request, as JSON.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_MSL_MSLEMITTER_H
#define TILE_TARGET_MSL_MSLEMITTER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace tile::msl {

/// One kernel argument as the host binds it: `[[buffer(index)]]`.
struct ABIArgument {
  unsigned index = 0;
  std::string name;
  /// The source's name where the MSL's differs (a reserved word renamed by
  /// applegpu-prepare-for-emission), else empty.
  std::string sourceName;
  std::string mslType;     ///< e.g. "device const float*", "constant uint&"
  std::string elementType; ///< "float", "half", "bfloat", "int", "uint", ...
  std::string access;      ///< buffers: "read", "write", "read_write"
  bool isBuffer = false;
  bool isIndex = false; ///< an `index` scalar (passed as uint, used as int)
  /// Buffers: the byte alignment the kernel assumes for the buffer's start
  /// (the offset it is bound at): the element size, or the vector size
  /// where the kernel reads it with vector loads (16 for float4, 8 for
  /// half4/bfloat4).
  int64_t alignment = 0;
};

/// Index arithmetic in the emitted MSL is 32-bit `int`: a buffer may hold
/// at most this many elements, and an index argument (a size, a stride) may
/// be at most this value. It is 2^31 - 2^16: tile coordinates are computed
/// up to a tile past a bound (row + tile height) before they are masked, so
/// 2^16 of headroom stays below INT_MAX.
constexpr int64_t kMaxIndexValue = 2147418112;

/// Threadgroups per grid along one dimension: `constant`, or
/// ceildiv(value of scalar argument #argument, divisor).
struct ABIGridExtent {
  int64_t argument = -1; ///< the scalar argument's index, -1 for a constant
  std::string name;      ///< that argument's name
  int64_t divisor = 1;
  int64_t constant = 1;
};

/// What a host needs to launch a kernel.
struct KernelABI {
  std::string name;
  std::vector<ABIArgument> arguments;
  int64_t threadsPerThreadgroup[3] = {1, 1, 1};
  int64_t threadgroupMemoryBytes = 0;
  /// Threadgroups per grid, as expressions of the scalar arguments, when the
  /// conversion could derive them (`applegpu.grid`); empty otherwise.
  std::vector<std::string> grid;
  /// The same, structured (3 entries when `grid` has them).
  std::vector<ABIGridExtent> gridExtents;
  std::string target;
  std::string mslVersion; ///< the language version the kernel needs
  /// The builtin inputs the kernel takes after its bound arguments, in
  /// signature order, by attribute name ("thread_index_in_threadgroup",
  /// "threadgroup_position_in_grid", ...): what a host that calls the kernel
  /// function directly (the Metal emulator) must pass.
  std::vector<std::string> builtins;
};

/// Collects the ABI of `kernel`; fails with a located diagnostic when the
/// kernel's bindings are incomplete.
mlir::FailureOr<KernelABI> getKernelABI(mlir::func::FuncOp kernel);

/// Checks that `name` can be printed as an MSL identifier without clashing
/// with keywords, metal:: functions or the emitter's own names.
mlir::LogicalResult checkIdentifier(llvm::StringRef name, mlir::Operation *op,
                                    llvm::StringRef what);

/// The ABI as JSON (llvm::json), and as the comment block of the .metal.
llvm::json::Value toJSON(const KernelABI &abi);
void printABIComment(const KernelABI &abi, llvm::raw_ostream &os);

/// Translates every `applegpu.kernel` function in `op` (a module or one
/// function) to MSL. On failure nothing is written to `os` and the reason
/// is a located diagnostic. When `abiJson` is given, it receives
/// `{"kernels": [...]}` with the ABI of each kernel.
mlir::LogicalResult translateToMSL(mlir::Operation *op, llvm::raw_ostream &os,
                                   llvm::raw_ostream *abiJson = nullptr);

/// Registers `--mlir-to-msl` (and its `--msl-abi=<file>` option) with
/// mlir-translate style drivers.
void registerToMSLTranslation();

} // namespace tile::msl

#endif // TILE_TARGET_MSL_MSLEMITTER_H
