//===- TensorOps.cpp - Metal 4 tensor views, matmul2d, cooperative tensors ===//
//
// The verifiers enforce what Apple's MetalPerformancePrimitives headers
// enforce with static_asserts, so that IR the MSL printer accepts compiles.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace tile::applegpu;

using EmitError = function_ref<InFlightDiagnostic()>;

//===----------------------------------------------------------------------===//
// #applegpu.matmul2d
//===----------------------------------------------------------------------===//

/// Apple's rule for a destination dimension: 1, 2, 4 or a multiple of 8.
static bool isAcceptedDimension(int64_t d) {
  return d == 1 || d == 2 || d == 4 || (d > 0 && d % 8 == 0);
}

LogicalResult Matmul2dAttr::verify(EmitError emitError, int64_t m, int64_t n,
                                   int64_t k, bool, bool, bool, Matmul2dMode,
                                   int64_t simdgroups) {
  if (!isAcceptedDimension(m) || !isAcceptedDimension(n))
    return emitError() << "matmul2d destination " << m << "x" << n
                       << ": each of m and n must be 1, 2, 4 or a multiple "
                          "of 8";
  if (m % 16 != 0 && n % 16 != 0)
    return emitError() << "matmul2d destination " << m << "x" << n
                       << ": at least one of m and n must be a multiple of "
                          "16";
  if (k != kDynamic && k < 1)
    return emitError() << "matmul2d k must be positive or dynamic, got " << k;
  constexpr int64_t kMaxSimdgroups =
      AppleGPUDialect::kMaxThreadsPerThreadgroup / AppleGPUDialect::kSimdWidth;
  if (simdgroups < 1 || simdgroups > kMaxSimdgroups)
    return emitError() << "matmul2d scope of " << simdgroups
                       << " SIMD-groups; expected 1 to " << kMaxSimdgroups;
  return success();
}

Attribute Matmul2dAttr::parse(AsmParser &parser, Type) {
  int64_t m = 0, n = 0, k = kDynamic, simdgroups = 1;
  bool transposeLeft = false, transposeRight = false, relaxed = false;
  Matmul2dMode mode = Matmul2dMode::multiply;
  auto equalsInt = [&](StringRef key, int64_t &value) -> ParseResult {
    if (parser.parseKeyword(key) || parser.parseEqual() ||
        parser.parseInteger(value))
      return failure();
    return success();
  };
  if (parser.parseLess() || equalsInt("m", m) || parser.parseComma() ||
      equalsInt("n", n) || parser.parseComma() || parser.parseKeyword("k") ||
      parser.parseEqual())
    return {};
  if (failed(parser.parseOptionalKeyword("dynamic")) && parser.parseInteger(k))
    return {};
  if (parser.parseComma())
    return {};
  for (auto [word, flag] :
       {std::pair<StringRef, bool *>{"transpose_left", &transposeLeft},
        {"transpose_right", &transposeRight},
        {"relaxed_precision", &relaxed}})
    if (succeeded(parser.parseOptionalKeyword(word))) {
      *flag = true;
      if (parser.parseComma())
        return {};
    }
  StringRef modeWord;
  if (parser.parseKeyword("mode") || parser.parseEqual() ||
      parser.parseKeyword(&modeWord))
    return {};
  std::optional<Matmul2dMode> parsedMode = symbolizeMatmul2dMode(modeWord);
  if (!parsedMode) {
    parser.emitError(parser.getCurrentLocation())
        << "expected multiply or multiply_accumulate, got '" << modeWord << "'";
    return {};
  }
  mode = *parsedMode;
  if (parser.parseComma() || parser.parseKeyword("scope") ||
      parser.parseEqual())
    return {};
  if (succeeded(parser.parseOptionalKeyword("simdgroups"))) {
    if (parser.parseLess() || parser.parseInteger(simdgroups) ||
        parser.parseGreater())
      return {};
  } else if (parser.parseKeyword("simdgroup")) {
    return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), m, n, k, transposeLeft, transposeRight,
                    relaxed, mode, simdgroups);
}

void Matmul2dAttr::print(AsmPrinter &printer) const {
  printer << "<m = " << getM() << ", n = " << getN() << ", k = ";
  if (isDynamicK())
    printer << "dynamic";
  else
    printer << getK();
  if (getTransposeLeft())
    printer << ", transpose_left";
  if (getTransposeRight())
    printer << ", transpose_right";
  if (getRelaxedPrecision())
    printer << ", relaxed_precision";
  printer << ", mode = " << stringifyMatmul2dMode(getMode()) << ", scope = ";
  if (getSimdgroups() == 1)
    printer << "simdgroup";
  else
    printer << "simdgroups<" << getSimdgroups() << ">";
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !applegpu.tensor
//===----------------------------------------------------------------------===//

static bool isTensorElement(Type t) {
  return t.isF32() || t.isF16() || t.isBF16();
}

LogicalResult TensorViewType::verify(EmitError emitError, AddressSpace space,
                                     Type element, ArrayRef<int64_t> shape) {
  if (space == AddressSpace::constant)
    return emitError() << "tensor views are of device or threadgroup memory";
  if (!isTensorElement(element))
    return emitError() << "tensor view element type must be f32, f16 or "
                          "bf16, got "
                       << element;
  if (!shape.empty() && (shape.size() != 2 || shape[0] < 1 || shape[1] < 1))
    return emitError() << "a static tensor view shape has two positive "
                          "extents";
  return success();
}

Type TensorViewType::parse(AsmParser &parser) {
  StringRef spaceWord;
  Type element;
  SmallVector<int64_t> shape;
  if (parser.parseLess() || parser.parseKeyword(&spaceWord) ||
      parser.parseComma() || parser.parseType(element))
    return {};
  std::optional<AddressSpace> space = symbolizeAddressSpace(spaceWord);
  if (!space) {
    parser.emitError(parser.getNameLoc())
        << "expected device or threadgroup, got '" << spaceWord << "'";
    return {};
  }
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false))
    return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), *space, element,
                    ArrayRef<int64_t>(shape));
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << "<" << stringifyAddressSpace(getAddressSpace()) << ", "
          << getElementType();
  if (hasStaticShape())
    printer << ", " << getShape()[0] << "x" << getShape()[1];
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !applegpu.cooperative_tensor
//===----------------------------------------------------------------------===//

/// Apple's supported (left, right) -> destination element types, or an
/// explanation.
static std::string checkMatmulTypes(Type left, Type right, Type dest) {
  std::string problem;
  llvm::raw_string_ostream os(problem);
  if ((left.isF16() && right.isBF16()) || (left.isBF16() && right.isF16())) {
    os << "half and bfloat operands cannot be mixed";
    return problem;
  }
  if (left != right) {
    os << "operand element types " << left << " and " << right << " differ";
    return problem;
  }
  bool ok = dest.isF32() || (dest == left && !left.isF32());
  if (!ok)
    os << "a matmul2d of " << left << " operands gives f32"
       << (left.isF32() ? "" : " or the operand type") << ", not " << dest;
  return problem;
}

LogicalResult CooperativeTensorType::verify(EmitError emitError, Type element,
                                            Matmul2dAttr, TensorViewType left,
                                            TensorViewType right) {
  std::string problem =
      checkMatmulTypes(left.getElementType(), right.getElementType(), element);
  if (!problem.empty())
    return emitError() << "cooperative tensor: " << problem;
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorOp::verify() {
  auto buffer = cast<MemRefType>(getBuffer().getType());
  TensorViewType result = getType();
  if (result.hasStaticShape())
    return emitOpError() << "makes a view with runtime extents; use "
                            "applegpu.tensor_slice with sizes for static "
                            "ones";
  if (buffer.getElementType() != result.getElementType())
    return emitOpError() << "view element type " << result.getElementType()
                         << " differs from the buffer's "
                         << buffer.getElementType();
  if (getAddressSpace(buffer) != result.getAddressSpace())
    return emitOpError() << "view of "
                         << stringifyAddressSpace(result.getAddressSpace())
                         << " memory made from a "
                         << stringifyAddressSpace(getAddressSpace(buffer))
                         << " buffer";
  return success();
}

LogicalResult TensorSliceOp::verify() {
  TensorViewType source = getSource().getType(), result = getType();
  if (source.getAddressSpace() != result.getAddressSpace() ||
      source.getElementType() != result.getElementType())
    return emitOpError() << "slice type " << result
                         << " differs from its source's " << source
                         << " in address space or element type";
  if (!getSizes()) {
    if (result != source)
      return emitOpError() << "a slice without sizes has its source's type";
    return success();
  }
  ArrayRef<int64_t> sizes = *getSizes();
  if (sizes.size() != 2 || sizes[0] < 1 || sizes[1] < 1)
    return emitOpError() << "sizes are two positive extents";
  if (result.getShape() != sizes)
    return emitOpError() << "result shape must be the sizes " << sizes[0] << "x"
                         << sizes[1];
  return success();
}

LogicalResult CooperativeFillOp::verify() {
  if (getValue().getType() != getTensor().getType().getElementType())
    return emitOpError() << "fills a cooperative tensor of "
                         << getTensor().getType().getElementType() << " with a "
                         << getValue().getType();
  return success();
}

LogicalResult Matmul2dOp::verify() {
  TensorViewType left = getLeft().getType(), right = getRight().getType();
  Type destElement;
  if (auto c = dyn_cast<CooperativeTensorType>(getDestination().getType())) {
    if (c.getOp() != getOp())
      return emitOpError() << "runs " << getOp()
                           << " on a cooperative tensor made for " << c.getOp();
    if (c.getLeft() != left || c.getRight() != right)
      return emitOpError() << "operand types " << left << ", " << right
                           << " must match the cooperative tensor types "
                           << c.getLeft() << ", " << c.getRight();
    destElement = c.getElementType();
  } else {
    destElement =
        cast<TensorViewType>(getDestination().getType()).getElementType();
  }
  std::string problem = checkMatmulTypes(left.getElementType(),
                                         right.getElementType(), destElement);
  if (!problem.empty())
    return emitOpError() << problem;
  return success();
}

static LogicalResult checkElement(Operation *op, Type value,
                                  CooperativeTensorType tensor) {
  if (value != tensor.getElementType())
    return op->emitOpError() << "element type " << value
                             << " differs from the cooperative tensor's "
                             << tensor.getElementType();
  return success();
}

LogicalResult CooperativeGetOp::verify() {
  return checkElement(*this, getType(), getTensor().getType());
}

LogicalResult CooperativeSetOp::verify() {
  return checkElement(*this, getValue().getType(), getTensor().getType());
}

LogicalResult CooperativeLoadOp::verify() {
  return checkElement(*this, getSource().getType().getElementType(),
                      getTensor().getType());
}

LogicalResult CooperativeStoreOp::verify() {
  return checkElement(*this, getDest().getType().getElementType(),
                      getTensor().getType());
}
