//===- Layouts.cpp - applegpu layout encodings ----------------------------===//

#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <numeric>

using namespace mlir;
using namespace tile::applegpu;

using EmitError = function_ref<InFlightDiagnostic()>;

static constexpr int64_t kSimdWidth = AppleGPUDialect::kSimdWidth;
static constexpr int64_t kMaxThreads =
    AppleGPUDialect::kMaxThreadsPerThreadgroup;

static LogicalResult verifyTileRank(ArrayRef<int64_t> shape,
                                    EmitError emitError, StringRef layout) {
  if (shape.size() != 1 && shape.size() != 2)
    return emitError() << "#applegpu." << layout
                       << " lays out tiles of rank 1 or 2, got rank "
                       << shape.size();
  if (ShapedType::isDynamicShape(shape))
    return emitError() << "#applegpu." << layout
                       << " needs a static tile shape";
  return success();
}

//===----------------------------------------------------------------------===//
// uniform
//===----------------------------------------------------------------------===//

LogicalResult UniformLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                                EmitError emitError) const {
  return verifyTileRank(shape, emitError, "uniform");
}

//===----------------------------------------------------------------------===//
// distributed
//===----------------------------------------------------------------------===//

LogicalResult DistributedLayoutAttr::verify(EmitError emitError,
                                            int64_t threads, int64_t vector) {
  if (threads < kSimdWidth || threads > kMaxThreads ||
      threads % kSimdWidth != 0)
    return emitError() << "#applegpu.distributed needs a multiple of "
                       << kSimdWidth << " threads, at most " << kMaxThreads
                       << ", got " << threads;
  if (vector != 1 && vector != 2 && vector != 4)
    return emitError() << "#applegpu.distributed groups 1, 2 or 4 elements, "
                          "got "
                       << vector;
  return success();
}

LogicalResult DistributedLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape,
                                                    Type,
                                                    EmitError emitError) const {
  if (failed(verifyTileRank(shape, emitError, "distributed")))
    return failure();
  if (shape.back() % getVector() != 0)
    return emitError() << "#applegpu.distributed groups of " << getVector()
                       << " elements do not divide the last dimension ("
                       << shape.back() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// fragments
//===----------------------------------------------------------------------===//

LogicalResult FragmentsLayoutAttr::verify(EmitError emitError, int64_t m,
                                          int64_t n) {
  // m * n compared without multiplying: huge m and n must not overflow
  // into an accepted grid.
  constexpr int64_t kMaxSimdgroups = kMaxThreads / kSimdWidth;
  if (m < 1 || n < 1 || m > kMaxSimdgroups || n > kMaxSimdgroups / m)
    return emitError() << "#applegpu.fragments needs a grid of 1 to "
                       << kMaxThreads / kSimdWidth << " SIMD-groups, got " << m
                       << "x" << n;
  return success();
}

LogicalResult FragmentsLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape,
                                                  Type element,
                                                  EmitError emitError) const {
  if (shape.size() != 2)
    return emitError() << "#applegpu.fragments lays out rank-2 tiles, got "
                          "rank "
                       << shape.size();
  if (ShapedType::isDynamicShape(shape))
    return emitError() << "#applegpu.fragments needs a static tile shape";
  int64_t rows = 8 * getSimdgroupsM(), cols = 8 * getSimdgroupsN();
  if (shape[0] % rows != 0 || shape[1] % cols != 0)
    return emitError() << "#applegpu.fragments over a " << getSimdgroupsM()
                       << "x" << getSimdgroupsN()
                       << " SIMD-group grid needs a tile whose shape is a "
                          "multiple of "
                       << rows << "x" << cols;
  (void)element;
  return success();
}

//===----------------------------------------------------------------------===//
// cooperative and view
//===----------------------------------------------------------------------===//

LogicalResult CooperativeLayoutAttr::verify(EmitError emitError, int64_t m,
                                            int64_t n) {
  constexpr int64_t kMaxSimdgroups = kMaxThreads / kSimdWidth;
  if (m < 1 || n < 1 || m > kMaxSimdgroups || n > kMaxSimdgroups / m)
    return emitError() << "#applegpu.cooperative needs a grid of 1 to "
                       << kMaxSimdgroups << " SIMD-groups, got " << m << "x"
                       << n;
  return success();
}

LogicalResult CooperativeLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape,
                                                    Type,
                                                    EmitError emitError) const {
  if (shape.size() != 2 || ShapedType::isDynamicShape(shape))
    return emitError() << "#applegpu.cooperative lays out static rank-2 "
                          "tiles";
  if (shape[0] % getSimdgroupsM() != 0 || shape[1] % getSimdgroupsN() != 0)
    return emitError() << "#applegpu.cooperative over a " << getSimdgroupsM()
                       << "x" << getSimdgroupsN()
                       << " SIMD-group grid needs a tile whose rows divide by "
                       << getSimdgroupsM() << " and columns by "
                       << getSimdgroupsN();
  return success();
}

LogicalResult ViewLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                             EmitError emitError) const {
  if (shape.size() != 2 || ShapedType::isDynamicShape(shape))
    return emitError() << "#applegpu.view lays out static rank-2 tiles "
                          "(dot operands)";
  return success();
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

LogicalResult SliceLayoutAttr::verify(EmitError emitError, int64_t dim,
                                      int64_t size, Attribute parent) {
  if (dim != 0 && dim != 1)
    return emitError() << "#applegpu.slice removes dimension 0 or 1 of a "
                          "rank-2 parent, got "
                       << dim;
  if (size < 1)
    return emitError() << "#applegpu.slice needs the parent's size along "
                          "the removed dimension, got "
                       << size;
  if (!isa_and_nonnull<DistributedLayoutAttr, FragmentsLayoutAttr,
                       CooperativeLayoutAttr>(parent))
    return emitError() << "#applegpu.slice needs a #applegpu.distributed, "
                          "#applegpu.fragments or #applegpu.cooperative "
                          "parent, got "
                       << parent;
  return success();
}

SmallVector<int64_t, 2>
SliceLayoutAttr::getParentShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t, 2> parent(shape);
  parent.insert(parent.begin() + getDim(), getSize());
  return parent;
}

LogicalResult SliceLayoutAttr::verifyEncoding(ArrayRef<int64_t> shape,
                                              Type element,
                                              EmitError emitError) const {
  if (shape.size() != 1)
    return emitError() << "#applegpu.slice lays out rank-1 tiles, got rank "
                       << shape.size();
  return cast<VerifiableTensorEncoding>(getParent())
      .verifyEncoding(getParentShape(shape), element, emitError);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool tile::applegpu::isLayout(Attribute attr) {
  return isa_and_nonnull<LayoutAttrInterface>(attr);
}

Attribute tile::applegpu::rootLayout(Attribute layout) {
  while (auto slice = dyn_cast_if_present<SliceLayoutAttr>(layout))
    layout = slice.getParent();
  return layout;
}

int64_t tile::applegpu::threadsOf(Attribute layout) {
  auto geometry = dyn_cast_if_present<LayoutAttrInterface>(layout);
  return geometry ? geometry.getThreadCount() : 0;
}

Attribute tile::applegpu::layoutOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getEncoding() : Attribute();
}

RankedTensorType tile::applegpu::withLayout(RankedTensorType type,
                                            Attribute layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

std::optional<int64_t>
tile::applegpu::matvecColumnStride(int64_t threads, int64_t columnGroups) {
  if (threads <= 0 || threads % 32 != 0 || columnGroups <= 0)
    return std::nullopt;
  int64_t stride = std::gcd(threads, columnGroups);
  if (stride < 32 && 32 % stride != 0)
    return std::nullopt;
  return stride;
}
