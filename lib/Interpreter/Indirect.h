//===- Indirect.h - gathers, scatters and atomics in the interpreter -*- C++
//-*-===//
//
// Internal to the interpreter: the accesses at tiles of element offsets
// (tile.gather, tile.scatter, tile.atomic_rmw, tile.atomic_cas).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_INTERPRETER_INDIRECT_H
#define TILE_LIB_INTERPRETER_INDIRECT_H

#include "Values.h"
#include "tile/Interpreter/TileInterpreter.h"

#include "llvm/ADT/DenseMap.h"

#include <array>

namespace tile::interp {

/// What the atomics of one launch have done to each element they updated,
/// across program instances: the bound of a float sum depends on every term
/// added in any order, not only on those of one program.
struct AtomicLedger {
  struct Entry {
    int64_t adds = 0;         ///< float additions so far
    double magnitude = 0;     ///< |initial value| + sum of |terms|
    double operandBounds = 0; ///< initial bound + the terms' bounds
  };
  /// Keyed by (buffer argument number, element offset).
  llvm::DenseMap<std::pair<unsigned, int64_t>, Entry> entries;
  /// How many atomic element operations of the whole launch touch each
  /// element (runKernel counts them in a first run on copies of the
  /// buffers): the old value an atomic returns is known only where it is
  /// the element's only one; elsewhere it depends on the order.
  llvm::DenseMap<std::pair<unsigned, int64_t>, int64_t> touches;
  /// Set during that first run: count, do not judge.
  bool counting = false;
};

/// Whether `kernel` has atomics (and runKernel counts their touches first).
bool hasAtomics(mlir::func::FuncOp kernel);

/// One buffer argument of the running program, for the accesses below.
struct BufferRef {
  const Argument &argument;
  unsigned number;                ///< the kernel argument number
  mlir::Type element;             ///< the memref's element type
  std::array<int64_t, 3> program; ///< the running program instance
};

/// Element `k` of a buffer as a double (integers sign-extended).
double readBufferElement(const Argument &buffer, mlir::Type type, int64_t k);
/// Writes `f` (floats) or `i` (integers) to element `k`.
void writeBufferElement(const Argument &buffer, mlir::Type type, int64_t k,
                        double f, int64_t i);

/// Operands that are absent are null.
mlir::LogicalResult evalGather(mlir::Operation *op, const BufferRef &buffer,
                               const RValue &offsets, const RValue *mask,
                               const RValue *other, RValue &result);
mlir::LogicalResult evalScatter(mlir::Operation *op, const BufferRef &buffer,
                                const RValue &value, const RValue &offsets,
                                const RValue *mask);
/// tile.atomic_rmw (`compare` null) or tile.atomic_cas.
mlir::LogicalResult evalAtomic(mlir::Operation *op, const BufferRef &buffer,
                               const RValue &offsets, const RValue *compare,
                               const RValue &value, const RValue *mask,
                               AtomicLedger &ledger, RValue &result);

} // namespace tile::interp

#endif // TILE_LIB_INTERPRETER_INDIRECT_H
