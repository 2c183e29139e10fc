//===- AppleGPUDialect.cpp - applegpu dialect, types and kernel ABI -------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUDialect.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile::applegpu;

#include "tile/Dialect/AppleGPU/IR/AppleGPUEnums.cpp.inc"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/AppleGPU/IR/AppleGPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/AppleGPU/IR/AppleGPUOpsTypes.cpp.inc"

void AppleGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/Dialect/AppleGPU/IR/AppleGPUOpsTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/AppleGPU/IR/AppleGPUAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Address spaces
//===----------------------------------------------------------------------===//

AddressSpace tile::applegpu::getAddressSpace(MemRefType type) {
  if (auto space = dyn_cast_or_null<AddressSpaceAttr>(type.getMemorySpace()))
    return space.getValue();
  return AddressSpace::device;
}

MemRefType tile::applegpu::withAddressSpace(MemRefType type,
                                            AddressSpace space) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(),
                         AddressSpaceAttr::get(type.getContext(), space));
}

//===----------------------------------------------------------------------===//
// SimdgroupMatrixType: !applegpu.simdgroup_matrix<8x8xf32>
//===----------------------------------------------------------------------===//

Type SimdgroupMatrixType::parse(AsmParser &parser) {
  SmallVector<int64_t, 2> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  if (shape.size() != 2) {
    parser.emitError(loc) << "expected a 2-D shape like 8x8xf32";
    return {};
  }
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape[0], shape[1], elementType);
}

void SimdgroupMatrixType::print(AsmPrinter &printer) const {
  printer << "<" << getRows() << "x" << getCols() << "x" << getElementType()
          << ">";
}

LogicalResult
SimdgroupMatrixType::verify(function_ref<InFlightDiagnostic()> emitError,
                            int64_t rows, int64_t cols, Type elementType) {
  if (rows != 8 || cols != 8)
    return emitError() << "simdgroup_matrix must be 8x8, got " << rows << "x"
                       << cols;
  if (!elementType.isF32() && !elementType.isF16() && !elementType.isBF16())
    return emitError() << "simdgroup_matrix element type must be f32, f16 or "
                          "bf16, got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel ABI attributes
//===----------------------------------------------------------------------===//

static LogicalResult verifyThreadsPerThreadgroup(Operation *op,
                                                 NamedAttribute attr) {
  auto threads = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
  if (!threads || threads.size() != 3)
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be array<i32: X, Y, Z>";
  int64_t total = 1;
  for (int32_t t : threads.asArrayRef()) {
    if (t <= 0)
      return op->emitError()
             << "'" << attr.getName().getValue() << "' must be positive";
    total *= t;
  }
  if (total > AppleGPUDialect::kMaxThreadsPerThreadgroup)
    return op->emitError() << "kernel needs " << total
                           << " threads per threadgroup, more than "
                           << AppleGPUDialect::kMaxThreadsPerThreadgroup;
  if (total % AppleGPUDialect::kSimdWidth != 0)
    return op->emitError() << "kernel runs " << total
                           << " threads per threadgroup, not a multiple of "
                              "the SIMD width "
                           << AppleGPUDialect::kSimdWidth;
  return success();
}

/// Checks the whole-kernel rules: bindings, threadgroup memory, threads.
static LogicalResult verifyKernel(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitError() << "'applegpu.kernel' is only valid on a function";
  if (!func.getResultTypes().empty())
    return op->emitError() << "an applegpu kernel must not return values";
  if (!op->hasAttr(AppleGPUDialect::getThreadsPerThreadgroupAttrName()))
    return op->emitError()
           << "an applegpu kernel needs '"
           << AppleGPUDialect::getThreadsPerThreadgroupAttrName() << "'";
  llvm::SmallSet<int64_t, 8> used;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto binding = func.getArgAttrOfType<IntegerAttr>(
        i, AppleGPUDialect::getBufferAttrName());
    if (!binding)
      return op->emitError()
             << "kernel argument #" << i << " has no '"
             << AppleGPUDialect::getBufferAttrName() << "' binding";
    if (!used.insert(binding.getInt()).second)
      return op->emitError()
             << "kernel arguments share [[buffer(" << binding.getInt() << ")]]";
  }
  int64_t bytes = 0;
  op->walk([&](AllocThreadgroupOp alloc) { bytes += alloc.getSizeInBytes(); });
  if (bytes > AppleGPUDialect::kMaxThreadgroupMemoryBytes)
    return op->emitError() << "kernel uses " << bytes
                           << " bytes of threadgroup memory, more than "
                           << AppleGPUDialect::kMaxThreadgroupMemoryBytes;
  return success();
}

LogicalResult AppleGPUDialect::verifyOperationAttribute(Operation *op,
                                                        NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getKernelAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    return verifyKernel(op);
  }
  if (name == getThreadsPerThreadgroupAttrName())
    return verifyThreadsPerThreadgroup(op, attr);
  if (name == getGridAttrName()) {
    auto grid = dyn_cast<ArrayAttr>(attr.getValue());
    if (!grid || grid.size() != 3 ||
        !llvm::all_of(grid, [](Attribute a) { return isa<StringAttr>(a); }))
      return op->emitError()
             << "'" << name << "' must be an array of 3 strings";
    return success();
  }
  if (name == getTargetAttrName()) {
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target ||
        !llvm::is_contained({"apple7", "apple8", "apple9", "apple10"},
                            target.getValue()))
      return op->emitError() << "'" << name
                             << "' must be one of \"apple7\", \"apple8\", "
                                "\"apple9\", \"apple10\"";
    return success();
  }
  if (name == getThreadgroupMemoryAttrName()) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!bytes || bytes.getInt() < 0 ||
        bytes.getInt() > kMaxThreadgroupMemoryBytes)
      return op->emitError() << "'" << name << "' must be an integer from 0 to "
                             << kMaxThreadgroupMemoryBytes;
    return success();
  }
  if (name == getUnrollAttrName()) {
    // By name: the dialect does not depend on scf.
    if (!isa<BoolAttr>(attr.getValue()) ||
        op->getName().getStringRef() != "scf.for")
      return op->emitError()
             << "'" << name << "' must be a bool attribute on an scf.for";
    return success();
  }
  if (name == getScratchAttrName() || name == getSpillAttrName()) {
    if (!isa<ScratchAttr>(attr.getValue()))
      return op->emitError()
             << "'" << name << "' must be an #applegpu.scratch attribute";
    return success();
  }
  if (name == getDotStagingAttrName()) {
    if (!isa<DotStagingAttr>(attr.getValue()))
      return op->emitError()
             << "'" << name << "' must be an #applegpu.dot_staging attribute";
    return success();
  }
  return op->emitError() << "unknown applegpu attribute '" << name << "'";
}

/// Byte ranges of the threadgroup arena (see tile-plan-threadgroup-memory).
static LogicalResult
verifyArenaRange(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                 int64_t offset, int64_t bytes) {
  if (offset < 0 || bytes <= 0 || offset % 16 != 0 ||
      offset + bytes > AppleGPUDialect::kMaxThreadgroupMemoryBytes)
    return emitError() << what << " must be a non-empty range at a 16-byte "
                       << "aligned offset within "
                       << AppleGPUDialect::kMaxThreadgroupMemoryBytes
                       << " bytes, got offset " << offset << " and " << bytes
                       << " bytes";
  return success();
}

LogicalResult ScratchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t offset, int64_t bytes, bool) {
  return verifyArenaRange(emitError, "scratch", offset, bytes);
}

LogicalResult
DotStagingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t kStep, bool, bool, int64_t aOffset,
                       int64_t aBytes, int64_t bOffset, int64_t bBytes, bool) {
  if (kStep <= 0 || kStep % 8 != 0)
    return emitError() << "k_step must be a positive multiple of 8, got "
                       << kStep;
  if (failed(
          verifyArenaRange(emitError, "A's staging buffer", aOffset, aBytes)) ||
      failed(
          verifyArenaRange(emitError, "B's staging buffer", bOffset, bBytes)))
    return failure();
  if (aOffset < bOffset + bBytes && bOffset < aOffset + aBytes)
    return emitError() << "A's and B's staging buffers overlap";
  return success();
}

LogicalResult AppleGPUDialect::verifyRegionArgAttribute(Operation *op,
                                                        unsigned regionIndex,
                                                        unsigned argIndex,
                                                        NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  // A function's argument types come from its signature: a declaration has
  // no body, and the function verifier only later checks that an entry block
  // matches the signature, so the block's arguments may not exist yet.
  Type argType;
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (regionIndex == 0 && argIndex < function.getNumArguments())
      argType = function.getArgumentTypes()[argIndex];
  } else if (regionIndex < op->getNumRegions() &&
             !op->getRegion(regionIndex).empty() &&
             argIndex < op->getRegion(regionIndex).getNumArguments()) {
    argType = op->getRegion(regionIndex).getArgument(argIndex).getType();
  }
  if (!argType)
    return op->emitError() << "'" << name << "' is attached to argument #"
                           << argIndex << ", which does not exist";
  if (name == getBufferAttrName()) {
    auto index = dyn_cast<IntegerAttr>(attr.getValue());
    if (!index || index.getInt() < 0 || index.getInt() >= kMaxBufferBindings)
      return op->emitError()
             << "'" << name << "' of argument #" << argIndex
             << " must be an integer in [0, " << kMaxBufferBindings << ")";
    if (auto memref = dyn_cast<MemRefType>(argType)) {
      if (memref.getRank() != 1 ||
          getAddressSpace(memref) != AddressSpace::device)
        return op->emitError() << "buffer argument #" << argIndex
                               << " must be a 1-D memref in device memory";
    } else if (!isa<IndexType, IntegerType, FloatType>(argType)) {
      return op->emitError() << "argument #" << argIndex << " of type "
                             << argType << " cannot be bound to a buffer";
    }
    return success();
  }
  if (name == getAccessAttrName()) {
    auto access = dyn_cast<StringAttr>(attr.getValue());
    if (!access ||
        !llvm::is_contained({"read", "write", "read_write"}, access.getValue()))
      return op->emitError() << "'" << name << "' of argument #" << argIndex
                             << " must be \"read\", \"write\" or "
                                "\"read_write\"";
    if (!isa<MemRefType>(argType))
      return op->emitError() << "'" << name << "' is only valid on buffers";
    return success();
  }
  if (name == getNameAttrName() || name == getSourceNameAttrName()) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' of argument #" << argIndex
                             << " must be a string";
    return success();
  }
  return op->emitError() << "unknown applegpu argument attribute '" << name
                         << "'";
}
