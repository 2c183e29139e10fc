//===- CooperativeSpills.cpp - copies of another dot's tiles --------------===//
//
// On the tensor-ops backend a tile in the cooperative layout is read per
// element of one cooperative tensor type (LowerCooperative.cpp). A tile it
// reads that another dot's cooperative tensor holds has an unknown element
// order there: the lowering first copies it to threadgroup memory,
// row-major (a spill), and reads it by position. Which tiles that is
// follows from the IR alone, so tile-plan-threadgroup-memory plans those
// copies like every other buffer: the walk over the tiles read is the
// lowering's, asked here of the IR instead of of what the lowering made.
//
//===----------------------------------------------------------------------===//

#include "CooperativeSpills.h"
#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

void tile::conversion::forEachCooperativeSource(
    ArrayRef<Value> tiles, HoldingOf holding,
    function_ref<bool(Value, const CooperativeHolding &)> visit) {
  SmallVector<Value> work(tiles);
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!isa<RankedTensorType>(v.getType()) || !seen.insert(v).second)
      continue;
    CooperativeHolding held = holding(v);
    if (visit(v, held))
      return;
    if (held.kind != CooperativeHolding::Computed)
      continue;
    if (Operation *def = v.getDefiningOp())
      work.append(def->operand_begin(), def->operand_end());
  }
}

SmallVector<Value>
tile::conversion::foreignCooperativeTiles(ArrayRef<Value> tiles, Type type,
                                          HoldingOf holding) {
  SmallVector<Value> foreign;
  forEachCooperativeSource(
      tiles, holding, [&](Value v, const CooperativeHolding &held) {
        if (held.kind == CooperativeHolding::Held && held.type != type)
          foreign.push_back(v);
        return false;
      });
  return foreign;
}

int64_t tile::conversion::spillBytes(RankedTensorType tile) {
  int64_t width = llvm::divideCeil(tile.getElementTypeBitWidth(), 8);
  return llvm::alignTo(tile.getNumElements() * width, 16);
}

/// Whether a loop or branch carries the tile value of type `type` in a
/// cooperative tensor (LowerControlFlow.cpp: tiles the lowering computes
/// per element).
static bool carriedCooperative(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  return tile && tileForm(tile) == TileForm::PerElement;
}

/// How the lowering will hold `v`, from the IR: what LowerTensorOps.cpp,
/// LowerControlFlow.cpp and LowerCooperative.cpp make of each op.
static CooperativeHolding plannedHolding(Value v, const KernelConfig &config) {
  using Kind = CooperativeHolding::Kind;
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return {};
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg.getArgNumber() > 0 && carriedCooperative(type))
      return {Kind::Held, cooperativeTypeOf(
                              loop.getResult(arg.getArgNumber() - 1), config)};
    return {};
  }
  Operation *def = v.getDefiningOp();
  if (auto dot = dyn_cast<DotOp>(def)) {
    if (dot->hasAttr(TileDialect::getMatvecAttrName()))
      return {};
    return {Kind::Held, matmulCooperativeType(dot, config)};
  }
  if (isa<scf::ForOp, scf::IfOp>(def)) {
    if (!carriedCooperative(type))
      return {};
    return {Kind::Held, cooperativeTypeOf(v, config)};
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
    // To a dot's view, or between cooperative layouts: the input as it is.
    Value input = convert.getInput();
    if (isa_and_nonnull<applegpu::ViewLayoutAttr>(applegpu::layoutOf(type)) ||
        (isCooperative(type) && isCooperative(input.getType())))
      return plannedHolding(input, config);
    // Otherwise in threadgroup memory (or uniform, or not cooperative).
    return {};
  }
  if (isCooperative(type))
    return {Kind::Computed};
  return {};
}

int64_t tile::conversion::cooperativeSpillBytes(const KernelConfig &config,
                                                Operation &op) {
  if (!config.tensorOps)
    return 0;
  auto holding = [&](Value v) { return plannedHolding(v, config); };
  int64_t bytes = 0;
  // One copy of each foreign tile per walk (the lowering's spillForeign).
  auto read = [&](ArrayRef<Value> tiles, Type type) {
    if (!type)
      return;
    for (Value tile : foreignCooperativeTiles(tiles, type, holding))
      bytes += spillBytes(cast<RankedTensorType>(tile.getType()));
  };
  llvm::TypeSwitch<Operation *>(&op)
      .Case([&](StoreOp store) {
        Value tile = store.getValue();
        if (isCooperative(tile.getType()))
          read({tile}, cooperativeTypeOf(tile, config));
      })
      .Case([&](ConvertLayoutOp convert) {
        // Out of the cooperative layout (to a distributed one).
        Value input = convert.getInput();
        Type to = convert.getType();
        if (isCooperative(input.getType()) && !isCooperative(to) &&
            !isa_and_nonnull<applegpu::ViewLayoutAttr>(applegpu::layoutOf(to)))
          read({input}, cooperativeTypeOf(input, config));
      })
      .Case([&](DotOp dot) {
        if (dot->hasAttr(TileDialect::getMatvecAttrName()))
          return;
        // The accumulator at the dot's elements; staged operands at their
        // own (nothing for an operand no cooperative tensor holds).
        read({dot.getAcc()}, matmulCooperativeType(dot, config));
        for (Value operand : {dot.getA(), dot.getB()})
          read({operand}, cooperativeTypeOf(operand, config));
      })
      .Case([&](scf::ForOp loop) {
        // Initial values, into the cooperative tensors that carry them.
        for (auto [init, result] :
             llvm::zip(loop.getInitArgs(), loop.getResults()))
          if (carriedCooperative(result.getType()))
            read({init}, cooperativeTypeOf(result, config));
      })
      .Case([&](scf::YieldOp yield) {
        // Yielded values, per cooperative tensor type of the carriers.
        Operation *parent = yield->getParentOp();
        if (!isa<scf::ForOp, scf::IfOp>(parent))
          return;
        llvm::MapVector<Type, SmallVector<Value>> byType;
        for (auto [value, result] :
             llvm::zip(yield.getOperands(), parent->getResults()))
          if (carriedCooperative(result.getType()))
            byType[cooperativeTypeOf(result, config)].push_back(value);
        for (auto &[type, tiles] : byType)
          read(tiles, type);
      });
  return bytes;
}
