//===- MSLTypes.cpp - MLIR types as MSL type names ------------------------===//

#include "MSLTypes.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

FailureOr<std::string> tile::msl::scalarTypeName(Type type, Location loc) {
  if (type.isF32())
    return std::string("float");
  if (type.isF16())
    return std::string("half");
  if (type.isBF16())
    return std::string("bfloat");
  if (type.isIndex())
    return std::string("int");
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 1:
      return std::string("bool");
    case 8:
      return std::string("char");
    case 16:
      return std::string("short");
    case 32:
      return std::string("int");
    case 64:
      return std::string("long");
    default:
      break;
    }
  }
  return emitError(loc) << "type " << type << " has no MSL equivalent";
}

FailureOr<std::string> tile::msl::abiScalarTypeName(Type type, Location loc) {
  if (type.isIndex())
    return std::string("uint");
  return scalarTypeName(type, loc);
}

FailureOr<std::string> tile::msl::valueTypeName(Type type, Location loc) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    int64_t n = vector.getRank() == 1 ? vector.getDimSize(0) : 0;
    if (n < 2 || n > 4 || vector.isScalable())
      return emitError(loc) << "vector type " << type
                            << " has no MSL equivalent (1-D, 2 to 4 lanes)";
    FailureOr<std::string> element =
        scalarTypeName(vector.getElementType(), loc);
    if (failed(element))
      return failure();
    return *element + std::to_string(n);
  }
  if (auto matrix = dyn_cast<applegpu::SimdgroupMatrixType>(type)) {
    FailureOr<std::string> element =
        scalarTypeName(matrix.getElementType(), loc);
    if (failed(element))
      return failure();
    return "simdgroup_matrix<" + *element + ", 8, 8>";
  }
  if (isa<applegpu::CooperativeTensorType, applegpu::TensorViewType>(type))
    return emitError(loc)
           << "a " << type
           << " cannot be a loop or branch value in MSL: tensor views and "
              "cooperative tensors are declared once where they are made "
              "(and cooperative tensors updated in place)";
  return scalarTypeName(type, loc);
}

std::string tile::msl::unsignedTypeName(Type type) {
  unsigned width = type.isIndex() ? 32 : type.getIntOrFloatBitWidth();
  switch (width) {
  case 8:
    return "uchar";
  case 16:
    return "ushort";
  case 64:
    return "ulong";
  default:
    return "uint";
  }
}
