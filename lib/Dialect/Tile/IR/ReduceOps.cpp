//===- ReduceOps.cpp - tile.reduce and tile.arange ------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tile;

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

bool tile::isFloatCombiningKind(CombiningKind kind) {
  switch (kind) {
  case CombiningKind::MAXIMUMF:
  case CombiningKind::MINIMUMF:
  case CombiningKind::MAXNUMF:
  case CombiningKind::MINNUMF:
    return true;
  default:
    return false;
  }
}

bool tile::isIntegerCombiningKind(CombiningKind kind) {
  return kind != CombiningKind::ADD && kind != CombiningKind::MUL &&
         !isFloatCombiningKind(kind);
}

LogicalResult ReduceOp::verify() {
  auto input = cast<RankedTensorType>(getInput().getType());
  if ((input.getRank() != 1 && input.getRank() != 2) || !input.hasStaticShape())
    return emitOpError() << "input must be a rank-1 or rank-2 tile with a "
                            "static shape, got "
                         << input;
  int64_t dim = getDim();
  if (dim >= input.getRank())
    return emitOpError() << "dim " << dim << " is out of range for a rank-"
                         << input.getRank() << " tile";
  Type element = input.getElementType();
  CombiningKind kind = getKind();
  if (isFloatCombiningKind(kind) && !isa<FloatType>(element))
    return emitOpError() << "kind '" << stringifyCombiningKind(kind)
                         << "' needs float elements, got " << element;
  if (isIntegerCombiningKind(kind) && !element.isSignlessIntOrIndex())
    return emitOpError() << "kind '" << stringifyCombiningKind(kind)
                         << "' needs signless integer or index elements, got "
                         << element;
  if (!isa<FloatType>(element) && !element.isSignlessIntOrIndex())
    return emitOpError() << "cannot reduce elements of type " << element;
  Type result = getResult().getType();
  if (input.getRank() == 1) {
    if (result != element)
      return emitOpError() << "a rank-1 tile reduces to a scalar of its "
                              "element type "
                           << element << ", got " << result;
    return success();
  }
  auto vector = dyn_cast<RankedTensorType>(result);
  int64_t kept = input.getDimSize(1 - dim);
  if (!vector || vector.getRank() != 1 || vector.getDimSize(0) != kept ||
      vector.getElementType() != element)
    return emitOpError() << "reducing dim " << dim << " of " << input
                         << " gives a rank-1 tile of " << kept << " x "
                         << element << ", got " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// ArangeOp
//===----------------------------------------------------------------------===//

LogicalResult ArangeOp::verify() {
  RankedTensorType type = getType();
  if (type.getRank() != 1 || !type.hasStaticShape())
    return emitOpError() << "result must be a rank-1 tile with a static "
                            "shape, got "
                         << type;
  Type element = type.getElementType();
  if (auto integer = dyn_cast<IntegerType>(element)) {
    unsigned width = integer.getWidth();
    if (width < 64 && type.getDimSize(0) - 1 > (int64_t(1) << (width - 1)) - 1)
      return emitOpError() << type.getDimSize(0) - 1
                           << " does not fit in the element type " << element;
  }
  return success();
}
