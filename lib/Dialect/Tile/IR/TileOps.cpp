//===- TileOps.cpp - tile dialect memory, compute and swizzle ops ---------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;

#include "tile/Dialect/Tile/IR/TileEnums.cpp.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared tile rules
//===----------------------------------------------------------------------===//

/// A tile is a tensor of rank 1 or 2 with a static shape.
static LogicalResult verifyTileType(Operation *op, RankedTensorType type,
                                    StringRef what) {
  if (type.getRank() != 1 && type.getRank() != 2)
    return op->emitOpError()
           << what << " must have rank 1 or 2, got rank " << type.getRank();
  if (!type.hasStaticShape())
    return op->emitOpError()
           << what << " must have a static shape, got " << type;
  return success();
}

/// The addressing rules shared by tile.load and tile.store.
static LogicalResult verifyTileAccess(Operation *op, RankedTensorType tile,
                                      MemRefType buffer, size_t numIndices,
                                      size_t numStrides, size_t numBounds) {
  if (failed(verifyTileType(op, tile, "tile")))
    return failure();
  size_t rank = tile.getRank();
  if (numIndices != rank)
    return op->emitOpError() << "expects " << rank << " indices for a rank-"
                             << rank << " tile, got " << numIndices;
  // A rank-1 access may leave its unit stride implicit.
  bool stridesOk = numStrides == rank || (rank == 1 && numStrides == 0);
  if (!stridesOk)
    return op->emitOpError() << "expects " << rank << " strides for a rank-"
                             << rank << " tile, got " << numStrides;
  if (numBounds != 0 && numBounds != rank)
    return op->emitOpError()
           << "expects " << rank << " bounds (or none) for a rank-" << rank
           << " tile, got " << numBounds;
  if (tile.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "tile element type " << tile.getElementType()
           << " does not match buffer element type " << buffer.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

/// The scalar forms of tile.load and tile.store: one element of a buffer,
/// rank-1 addressing.
static LogicalResult verifyScalarAccess(Operation *op, Type scalar,
                                        MemRefType buffer, size_t numIndices,
                                        size_t numStrides, size_t numBounds) {
  if (numIndices != 1 || numStrides > 1 || numBounds > 1)
    return op->emitOpError()
           << "with a scalar expects 1 index and at most 1 stride and 1 "
              "bound, got "
           << numIndices << ", " << numStrides << " and " << numBounds;
  if (scalar != buffer.getElementType())
    return op->emitOpError()
           << "scalar type " << scalar << " does not match buffer element type "
           << buffer.getElementType();
  return success();
}

LogicalResult LoadOp::verify() {
  Type resultType = getResult().getType();
  auto tile = dyn_cast<RankedTensorType>(resultType);
  if (failed(tile ? verifyTileAccess(*this, tile, getBuffer().getType(),
                                     getIndices().size(), getStrides().size(),
                                     getBounds().size())
                  : verifyScalarAccess(*this, resultType, getBuffer().getType(),
                                       getIndices().size(), getStrides().size(),
                                       getBounds().size())))
    return failure();
  std::optional<TypedAttr> padding = getPadding();
  if (!padding)
    return success();
  Type elementType = getElementTypeOrSelf(resultType);
  bool kindOk = isa<FloatType>(elementType) ? isa<FloatAttr>(*padding)
                                            : isa<IntegerAttr>(*padding);
  if (!kindOk)
    return emitOpError() << "padding " << *padding
                         << " cannot be converted to the element type "
                         << elementType;
  return success();
}

LogicalResult StoreOp::verify() {
  Type valueType = getValue().getType();
  if (auto tile = dyn_cast<RankedTensorType>(valueType))
    return verifyTileAccess(*this, tile, getBuffer().getType(),
                            getIndices().size(), getStrides().size(),
                            getBounds().size());
  return verifyScalarAccess(*this, valueType, getBuffer().getType(),
                            getIndices().size(), getStrides().size(),
                            getBounds().size());
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto aType = cast<RankedTensorType>(getA().getType());
  auto bType = cast<RankedTensorType>(getB().getType());
  auto accType = cast<RankedTensorType>(getAcc().getType());
  for (auto [type, what] :
       {std::pair{aType, "lhs"}, {bType, "rhs"}, {accType, "accumulator"}}) {
    if (failed(verifyTileType(*this, type, what)))
      return failure();
    if (type.getRank() != 2)
      return emitOpError() << what << " must be a rank-2 tile, got " << type;
  }
  int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
  int64_t n = bType.getDimSize(1);
  if (bType.getDimSize(0) != k)
    return emitOpError() << "contraction mismatch: lhs is " << m << "x" << k
                         << " but rhs is " << bType.getDimSize(0) << "x" << n;
  if (accType.getDimSize(0) != m || accType.getDimSize(1) != n)
    return emitOpError() << "accumulator must be " << m << "x" << n << ", got "
                         << accType.getDimSize(0) << "x"
                         << accType.getDimSize(1);

  Type operand = aType.getElementType();
  if (!operand.isF32() && !operand.isF16() && !operand.isBF16())
    return emitOpError() << "operand element type must be f32, f16 or bf16, "
                            "got "
                         << operand;
  if (bType.getElementType() != operand)
    return emitOpError() << "operand element types differ: " << operand
                         << " and " << bType.getElementType();
  Type acc = accType.getElementType();
  if (!acc.isF32() && !(acc.isF16() && operand.isF16()))
    return emitOpError() << "accumulator element type must be f32 (or f16 "
                            "with f16 operands), got "
                         << acc << " with " << operand << " operands";
  return success();
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  auto type = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyTileType(*this, type, "result")))
    return failure();
  if (type.getElementType() != getInput().getType())
    return emitOpError() << "scalar type " << getInput().getType()
                         << " does not match the tile element type "
                         << type.getElementType();
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  // A splat of a constant is a dense constant; arith folds the rest.
  Attribute input = adaptor.getInput();
  if (!input || !isa<IntegerAttr, FloatAttr>(input))
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(getType()), input);
}

//===----------------------------------------------------------------------===//
// SwizzleOp
//===----------------------------------------------------------------------===//

ArrayRef<StringLiteral> SwizzleOp::getPatternNames() {
  static constexpr StringLiteral names[] = {"linear", "diagonal", "morton",
                                            "grouped", "hilbert"};
  return names;
}

int64_t SwizzleOp::getEffectiveBlock() {
  if (std::optional<int64_t> block = getBlock())
    return *block;
  StringRef pattern = getPattern();
  if (pattern == "morton")
    return 2;
  if (pattern == "hilbert")
    return 4;
  return 1;
}

LogicalResult SwizzleOp::verify() {
  StringRef pattern = getPattern();
  if (!llvm::is_contained(getPatternNames(), pattern)) {
    InFlightDiagnostic diag = emitOpError() << "unknown swizzle pattern '"
                                            << pattern << "'; expected one of";
    llvm::interleave(
        getPatternNames(), [&](StringRef n) { diag << " '" << n << "'"; },
        [&] { diag << ","; });
    return diag;
  }
  int64_t block = getEffectiveBlock();
  if ((pattern == "linear" || pattern == "diagonal") && block != 1)
    return emitOpError() << "pattern '" << pattern
                         << "' takes no block (or block = 1), got " << block;
  if (pattern == "morton" && (block < 2 || !llvm::isPowerOf2_64(block)))
    return emitOpError() << "pattern 'morton' needs a block that is a power "
                            "of 2 and at least 2, got "
                         << block;
  if (pattern == "grouped" && block < 1)
    return emitOpError() << "pattern 'grouped' needs a block of at least 1, "
                            "got "
                         << block;
  if (pattern == "hilbert" && block != 4)
    return emitOpError() << "pattern 'hilbert' works on 4x4 panels: block "
                            "must be 4, got "
                         << block;
  return success();
}
