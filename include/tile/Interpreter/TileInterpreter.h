//===- TileInterpreter.h - reference semantics of tile kernels --*- C++ -*-===//
//
// Evaluates a tile kernel on host buffers, one program instance after the
// other. It shares no code with the lowerings: it is the meaning of the tile
// dialect, and the code generated for Apple GPUs is checked against it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_INTERPRETER_TILEINTERPRETER_H
#define TILE_INTERPRETER_TILEINTERPRETER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <cstdint>

namespace tile::interp {

/// One kernel argument. Buffers point at host memory holding `numElements`
/// elements of the memref's element type (f32, f16 as _Float16, bf16 as
/// __bf16, or an integer type of its width); scalars carry their value.
struct Argument {
  void *data = nullptr;    ///< buffers
  int64_t numElements = 0; ///< buffers
  int64_t intValue = 0;    ///< index and integer scalars
  double floatValue = 0.0; ///< float scalars
  /// Optional, buffers: `numElements` doubles, zero on entry (the inputs are
  /// exact). On return each element the kernel stored holds a bound on how
  /// far a correct implementation's value may be from the reference's:
  /// rounding in another order or precision, math functions within their
  /// ulp limits, propagated through every op from the loads to the store
  /// (infinity where the bound is unknown, e.g. after a comparison that may
  /// flip). See docs/architecture.md, "Comparing against the reference".
  double *errorBound = nullptr;
};

/// How the reference models what a backend is allowed to do.
struct RunOptions {
  /// Operands of f32 x f32 dots are truncated toward zero to 10 explicit
  /// mantissa bits before they are multiplied: what a matmul2d with
  /// relaxed_precision may do on M5 (TF32-like), and what the Metal
  /// emulator does, so that its results can be compared tightly.
  bool relaxedF32Dots = false;
};

/// Runs `kernel` for every program instance of `grid` (x fastest).
/// `arguments` has one entry per kernel argument. Fails with a located
/// diagnostic on an op it does not know or on an access outside a buffer
/// that `bounds` do not mask (the kernel broke its promise).
mlir::LogicalResult runKernel(mlir::func::FuncOp kernel,
                              llvm::MutableArrayRef<Argument> arguments,
                              std::array<int64_t, 3> grid,
                              const RunOptions &options = {});

} // namespace tile::interp

#endif // TILE_INTERPRETER_TILEINTERPRETER_H
