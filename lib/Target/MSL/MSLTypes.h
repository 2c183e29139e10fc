//===- MSLTypes.h - MLIR types as MSL type names ----------------*- C++ -*-===//
//
// Internal to the MSL translation. `index` is a 32-bit signed `int` inside a
// kernel (so that signed comparisons keep their meaning) and a `uint` in the
// kernel ABI.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_TARGET_MSL_MSLTYPES_H
#define TILE_LIB_TARGET_MSL_MSLTYPES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <string>

namespace tile::msl {

/// The MSL name of a scalar type inside a kernel, or a located error.
mlir::FailureOr<std::string> scalarTypeName(mlir::Type type,
                                            mlir::Location loc);

/// The MSL name of a scalar kernel argument type (`index` is `uint`).
mlir::FailureOr<std::string> abiScalarTypeName(mlir::Type type,
                                               mlir::Location loc);

/// The MSL name of any value type the emitter declares: scalars and
/// `simdgroup_matrix<T, 8, 8>`.
mlir::FailureOr<std::string> valueTypeName(mlir::Type type, mlir::Location loc);

/// The unsigned type of the same width as an integer MSL type ("int" ->
/// "uint"), for unsigned arithmetic and comparisons.
std::string unsignedTypeName(mlir::Type type);

} // namespace tile::msl

#endif // TILE_LIB_TARGET_MSL_MSLTYPES_H
