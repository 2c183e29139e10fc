//===- Values.h - runtime values of the tile interpreter --------*- C++ -*-===//
//
// Internal to the interpreter. A value is a scalar (empty shape) or a tile;
// floats are kept as doubles rounded to their type after every operation
// (so f16 math behaves like f16 math), integers as int64 wrapped to their
// width.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_INTERPRETER_VALUES_H
#define TILE_LIB_INTERPRETER_VALUES_H

#include "tile/Interpreter/TileInterpreter.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <vector>

namespace tile::interp {

struct RValue {
  llvm::SmallVector<int64_t, 2> shape; ///< empty for a scalar
  bool isFloat = false;
  std::vector<double> f;  ///< elements of a float value
  std::vector<int64_t> i; ///< elements of an integer, index or i1 value
  /// Per element, how far a correct implementation's value may be from this
  /// one (ErrorBound.h); empty when every element must match exactly. For
  /// integers it is 0 or infinity (the value may differ, e.g. a comparison
  /// of floats that lie within their bounds of each other).
  std::vector<double> err;

  size_t size() const { return isFloat ? f.size() : i.size(); }
  /// Element `k` (a scalar's for any `k`, as operands broadcast).
  double fAt(size_t k) const { return f[shape.empty() ? 0 : k]; }
  int64_t iAt(size_t k) const { return i[shape.empty() ? 0 : k]; }
  /// The bound of element `k` (a scalar's for any `k`).
  double errAt(size_t k) const {
    if (err.empty())
      return 0;
    return err.size() == 1 ? err[0] : err[k];
  }
  /// Drops an all-zero `err`, so exact values stay cheap.
  void normalizeErr() {
    for (double e : err)
      if (e != 0)
        return;
    err.clear();
  }
  static RValue scalarFloat(double v) {
    RValue r;
    r.isFloat = true;
    r.f = {v};
    return r;
  }
  static RValue scalarInt(int64_t v) {
    RValue r;
    r.i = {v};
    return r;
  }
};

/// `v` rounded to the float type `type` (f64, f32, f16, bf16).
double roundTo(mlir::Type type, double v);
/// `v` wrapped to the width of the integer or index type `type`.
int64_t wrapTo(mlir::Type type, int64_t v);

/// Evaluates an elementwise arith or math op (on scalars or tiles, scalars
/// broadcast); fails with a diagnostic for ops it does not know.
mlir::LogicalResult evalElementwise(mlir::Operation *op,
                                    llvm::ArrayRef<const RValue *> operands,
                                    RValue &result);

} // namespace tile::interp

namespace tile {
class ReduceOp;
enum class CombiningKind : uint32_t;
namespace interp {
/// tile.reduce of `input` (see Reduce.cpp).
RValue evalReduce(ReduceOp op, const RValue &input);
/// `input`, a tile of `type`, reduced along `dim` with `kind` (what
/// tile.reduce does; also the SIMD-group reductions of thread-level code).
RValue reduceTile(CombiningKind kind, mlir::RankedTensorType type, int64_t dim,
                  const RValue &input);

/// Puts the kernel's scalar arguments into `env` (buffers are read through
/// `arguments` directly).
void bindScalarArguments(mlir::Block &entry, llvm::ArrayRef<Argument> arguments,
                         llvm::DenseMap<mlir::Value, RValue> &env);
/// Runs the ops of `block` with `run`; the terminator's operands end up in
/// `yielded`.
mlir::LogicalResult
runBlockWith(mlir::Block &block, const llvm::DenseMap<mlir::Value, RValue> &env,
             llvm::SmallVectorImpl<RValue> &yielded,
             llvm::function_ref<mlir::LogicalResult(mlir::Operation &)> run);

/// Runs program `id` of a kernel with thread-level ops, thread by thread
/// (ThreadLevel.cpp).
mlir::LogicalResult
runThreadLevelProgram(mlir::func::FuncOp kernel,
                      llvm::MutableArrayRef<Argument> arguments,
                      std::array<int64_t, 3> grid, std::array<int64_t, 3> id);
} // namespace interp
} // namespace tile

#endif // TILE_LIB_INTERPRETER_VALUES_H
