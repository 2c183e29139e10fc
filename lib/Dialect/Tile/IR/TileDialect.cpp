//===- TileDialect.cpp - tile dialect registration and attributes ---------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/InliningUtils.h"
#include "tile/Support/Identifier.h"

using namespace mlir;
using namespace tile;

#include "tile/Dialect/Tile/IR/TileOpsDialect.cpp.inc"

namespace {
/// Every tile op may be inlined: none depends on the function it is in (a
/// helper's tile.program_id means the same inside the kernel that calls it),
/// so the upstream inliner can merge helper functions into kernels.
struct TileInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TileDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
  addInterfaces<TileInlinerInterface>();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // Folded tiles (e.g. a splat of a constant) are ordinary arith constants.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// Apple GPUs run at most 1024 threads per threadgroup, 32 per SIMD group.
static constexpr int64_t kMaxThreadsPerThreadgroup = 1024;
static constexpr int64_t kSimdWidth = 32;

static LogicalResult verifyKernelAttr(Operation *op, NamedAttribute attr) {
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be a unit attribute";
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' is only valid on a function";
  if (!func.getResultTypes().empty())
    return op->emitError() << "a tile kernel must not return values";
  if (func.isExternal())
    return op->emitError() << "a tile kernel needs a body";
  return verifyThreadLevelKernel(op);
}

static LogicalResult verifySimdgroupsAttr(Operation *op, NamedAttribute attr) {
  auto grid = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!grid || grid.size() != 2)
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be array<i64: WM, WN>";
  if (!op->hasAttr(TileDialect::getKernelAttrName()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' is only valid on a 'tile.kernel' function";
  int64_t wm = grid[0], wn = grid[1];
  if (wm <= 0 || wn <= 0)
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be positive, got " << wm << "x" << wn;
  if (wm * wn * kSimdWidth > kMaxThreadsPerThreadgroup)
    return op->emitError() << "'" << attr.getName().getValue() << "' = " << wm
                           << "x" << wn << " needs " << wm * wn * kSimdWidth
                           << " threads per threadgroup, more than "
                           << kMaxThreadsPerThreadgroup;
  return success();
}

bool TileDialect::isKnownTarget(StringRef target) {
  return llvm::is_contained({"apple7", "apple8", "apple9", "apple10"}, target);
}

static LogicalResult verifyTargetAttr(Operation *op, NamedAttribute attr) {
  auto name = dyn_cast<StringAttr>(attr.getValue());
  if (!name || !TileDialect::isKnownTarget(name.getValue()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be one of \"apple7\", \"apple8\", "
                              "\"apple9\", \"apple10\"";
  if (!isa<ModuleOp>(op) && !op->hasAttr(TileDialect::getKernelAttrName()))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' is only valid on a module or a 'tile.kernel' "
                              "function";
  return success();
}

static LogicalResult verifyNumStagesAttr(Operation *op, NamedAttribute attr) {
  auto stages = dyn_cast<IntegerAttr>(attr.getValue());
  if (!stages || stages.getInt() < 1)
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' must be an integer of at least 1";
  if (!isa<LoopLikeOpInterface>(op))
    return op->emitError() << "'" << attr.getName().getValue()
                           << "' is only valid on a loop";
  return success();
}

static LogicalResult verifyLaunchGridAttr(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto grid = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!grid || grid.size() != 6)
    return op->emitError() << "'" << name
                           << "' must be an array<i64> of 3 (argument, "
                              "divisor) pairs";
  auto kernel = dyn_cast<FunctionOpInterface>(op);
  if (!kernel || !kernel->hasAttr(TileDialect::getKernelAttrName()))
    return op->emitError() << "'" << name << "' is only valid on a tile kernel";
  for (int d = 0; d < 3; ++d) {
    int64_t arg = grid[2 * d], divisor = grid[2 * d + 1];
    if (arg == -1 && divisor == 1)
      continue;
    if (arg < 0 || arg >= static_cast<int64_t>(kernel.getNumArguments()) ||
        !kernel.getArgumentTypes()[arg].isIntOrIndex() || divisor < 1)
      return op->emitError()
             << "'" << name << "' dimension " << d
             << " must name an integer kernel argument and a positive "
                "divisor, or be (-1, 1)";
  }
  return success();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getKernelAttrName())
    return verifyKernelAttr(op, attr);
  if (name == getSimdgroupsAttrName())
    return verifySimdgroupsAttr(op, attr);
  if (name == getTargetAttrName())
    return verifyTargetAttr(op, attr);
  if (name == getNumStagesAttrName())
    return verifyNumStagesAttr(op, attr);
  if (name == getLaunchGridAttrName())
    return verifyLaunchGridAttr(op, attr);
  if (name == getLoadsPipelinedAttrName() || name == getUnrollAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<LoopLikeOpInterface>(op))
      return op->emitError()
             << "'" << name << "' must be a unit attribute on a loop";
    return success();
  }
  if (name == getMatvecAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<DotOp>(op))
      return op->emitError()
             << "'" << name << "' must be a unit attribute on a tile.dot";
    return success();
  }
  return op->emitError() << "unknown tile dialect attribute '" << name << "'";
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != getArgNameAttrName())
    return op->emitError() << "unknown tile dialect argument attribute '"
                           << name << "'";
  auto value = dyn_cast<StringAttr>(attr.getValue());
  if (!value || !isIdentifier(value.getValue()))
    return op->emitError() << "'" << name << "' of argument #" << argIndex
                           << " must be a string holding an identifier";
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    for (unsigned other = 0; other < argIndex; ++other)
      if (function.getArgAttrOfType<StringAttr>(other, name) == value)
        return op->emitError()
               << "arguments #" << other << " and #" << argIndex
               << " are both named '" << value.getValue() << "'";
  return success();
}
