//===- LayoutAttrInterface.h - what a tile layout answers -------*- C++ -*-===//
//
// The attribute interface of the applegpu layout encodings
// (LayoutAttrInterface.td) and what its index emission is given: the
// thread's coordinates and a builder of index arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_H
#define TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace tile::applegpu {

/// Where a value a thread holds lies in its tile.
struct ElementPosition {
  mlir::Value row;  ///< index; the element's position for a rank-1 tile
  mlir::Value col;  ///< index; null for a rank-1 tile
  mlir::Value held; ///< i1: the thread holds it; null when it always does
  /// i1: this value is the one copy chosen to stand for its element when
  /// several values hold it (a slice); null when it is `held`.
  mlir::Value owner;
};

/// The coordinates of the calling thread, computed once per kernel.
struct ThreadCoordinates {
  mlir::Value threadIndex; ///< in the threadgroup
  /// The thread's SIMD-group in the WM x WN grid: row s / WN, column
  /// s mod WN (null in a kernel without SIMD-group layouts).
  mlir::Value simdgroupRow, simdgroupCol;
  /// The lane's row and first column in an 8x8 fragment
  /// (FragmentsLayoutAttr::emitLanePosition).
  mlir::Value laneRow, laneCol;
};

/// Builds the index arithmetic a layout emits: index constants and
/// operations on index values, and the i1 tests of `held`. A lowering
/// implements it to place constants and thread-invariant values where it
/// wants them and to fold as it goes; FoldingIndexEmitter is the plain
/// version.
class LayoutIndexEmitter {
public:
  explicit LayoutIndexEmitter(ThreadCoordinates coordinates)
      : coords(coordinates) {}
  virtual ~LayoutIndexEmitter();

  const ThreadCoordinates &coordinates() const { return coords; }

  virtual mlir::Value constant(int64_t value) = 0;
  virtual mlir::Value add(mlir::Value a, mlir::Value b) = 0;
  virtual mlir::Value mul(mlir::Value a, mlir::Value b) = 0;
  virtual mlir::Value divUI(mlir::Value a, mlir::Value b) = 0;
  virtual mlir::Value remUI(mlir::Value a, mlir::Value b) = 0;
  /// Bitwise and, of index or i1 values.
  virtual mlir::Value andI(mlir::Value a, mlir::Value b) = 0;
  virtual mlir::Value lessThan(mlir::Value a, mlir::Value b) = 0; ///< ult
  virtual mlir::Value equal(mlir::Value a, mlir::Value b) = 0;

  /// The first row and column of the calling thread's SIMD-group's block
  /// when a tile is cut into blocks of `blockRows` x `blockCols`: the
  /// SIMD-group coordinates times the block shape. A lowering may compute
  /// it once per kernel.
  virtual std::pair<mlir::Value, mlir::Value>
  simdgroupOrigin(int64_t blockRows, int64_t blockCols);

  /// `index` as a value: a constant when it is static.
  mlir::Value valueOf(mlir::OpFoldResult index);

private:
  ThreadCoordinates coords;
};

/// A LayoutIndexEmitter that creates arith ops at a builder's insertion
/// point, folded when their operands are constants.
class FoldingIndexEmitter : public LayoutIndexEmitter {
public:
  FoldingIndexEmitter(mlir::OpBuilder &builder, mlir::Location loc,
                      ThreadCoordinates coordinates)
      : LayoutIndexEmitter(coordinates), builder(builder), loc(loc) {}

  mlir::Value constant(int64_t value) override;
  mlir::Value add(mlir::Value a, mlir::Value b) override;
  mlir::Value mul(mlir::Value a, mlir::Value b) override;
  mlir::Value divUI(mlir::Value a, mlir::Value b) override;
  mlir::Value remUI(mlir::Value a, mlir::Value b) override;
  mlir::Value andI(mlir::Value a, mlir::Value b) override;
  mlir::Value lessThan(mlir::Value a, mlir::Value b) override;
  mlir::Value equal(mlir::Value a, mlir::Value b) override;

private:
  mlir::OpBuilder &builder;
  mlir::Location loc;
};

} // namespace tile::applegpu

#include "tile/Dialect/AppleGPU/IR/LayoutAttrInterface.h.inc"

#endif // TILE_DIALECT_APPLEGPU_IR_LAYOUTATTRINTERFACE_H
