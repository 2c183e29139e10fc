//===- LowerCooperative.cpp - tiles in the cooperative layout -------------===//
//
// A tile in the #applegpu.cooperative layout is held, per SIMD group, in
// cooperative tensors whose element order is Apple's secret. Only a dot's
// accumulator is materialized as a cooperative tensor; elementwise math,
// epilogues, loads and broadcasts in that layout are computed where they
// are used (a store, a dot's accumulator, a loop value, a conversion), in a
// loop over the thread's valid cooperative elements, at the row and column
// the cooperative tensor gives for each: element-wise work never assumes a
// layout.
//
//===----------------------------------------------------------------------===//

#include "CooperativeSpills.h"
#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;
using applegpu::CooperativeTensorType;

bool tile::conversion::isCooperative(Type type) {
  return isa_and_nonnull<applegpu::CooperativeLayoutAttr>(
      applegpu::rootLayout(applegpu::layoutOf(type)));
}

void tile::conversion::forEachCooperativeElement(
    KernelLowering &k, Value handle, RankedTensorType tile, Location loc,
    function_ref<LogicalResult(Value, Value, Value)> body,
    LogicalResult &status) {
  OpBuilder &b = k.builder();
  auto [rowOrigin, colOrigin] = k.simdgroupOrigin(tile);
  Value capacity =
      applegpu::CooperativeCapacityOp::create(b, loc, b.getIndexType(), handle);
  auto loop = scf::ForOp::create(b, loc, k.index(0), capacity, k.index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value i = loop.getInductionVar();
  Value valid =
      applegpu::CooperativeIsValidOp::create(b, loc, b.getI1Type(), handle, i);
  auto ifValid = scf::IfOp::create(b, loc, valid, /*withElse=*/false);
  b.setInsertionPoint(ifValid.thenBlock()->getTerminator());
  auto position = applegpu::CooperativePositionOp::create(
      b, loc, b.getIndexType(), b.getIndexType(), handle, i);
  Value row = addIndex(k, rowOrigin, position.getRow(), loc);
  Value col = addIndex(k, colOrigin, position.getColumn(), loc);
  if (failed(body(i, row, col)))
    status = failure();
}

//===----------------------------------------------------------------------===//
// Computing an element
//===----------------------------------------------------------------------===//

namespace {
/// Threadgroup copies (row-major, by tile position) of cooperative tiles
/// held in cooperative tensors of another type than the one being
/// iterated: another dot's element order is unknown, so its elements are
/// read by position from memory.
using Spills = DenseMap<Value, Value>;

/// One cooperative element being computed: its index in the thread's
/// cooperative tensors (of type `type`) and its position in the tile.
struct Site {
  Site(Value index, Value row, Value col, Type type, const Spills &spills)
      : index(index), row(row), col(col), type(type), spills(spills) {}
  Value index, row, col;
  Type type;
  const Spills &spills;
  DenseMap<Value, Value> memo;
};
} // namespace

/// The element of `tile` at the site's position in a row-major threadgroup
/// copy (a slice: by its position along the parent).
static Value readAtSite(KernelLowering &k, Site &site, Value buffer,
                        RankedTensorType type, Location loc) {
  Value position;
  if (type.getRank() == 2) {
    position =
        addIndex(k, mulIndex(k, site.row, k.index(type.getDimSize(1)), loc),
                 site.col, loc);
  } else {
    std::optional<int64_t> dim = sliceDim(type);
    position = dim && *dim == 0 ? site.col : site.row;
  }
  return memref::LoadOp::create(k.builder(), loc, buffer, position);
}

static FailureOr<Value> evaluate(KernelLowering &k, Site &site, Value tile);

static FailureOr<Value> evaluateOp(KernelLowering &k, Site &site, Value tile) {
  OpBuilder &b = k.builder();
  Location loc = tile.getLoc();
  Operation *def = tile.getDefiningOp();
  auto type = cast<RankedTensorType>(tile.getType());
  auto operandAt = [&](Value v) -> FailureOr<Value> {
    if (!isa<RankedTensorType>(v.getType()))
      return k.mapped(v);
    return evaluate(k, site, v);
  };
  if (auto load = dyn_cast_if_present<LoadOp>(def)) {
    Value row = site.row, col = site.col;
    if (type.getRank() == 1) {
      std::optional<int64_t> dim = sliceDim(type);
      row = dim && *dim == 0 ? site.col : site.row;
      col = Value();
    }
    return loadTileElement(k, load, row, col, loc);
  }
  if (auto broadcast = dyn_cast_if_present<BroadcastOp>(def))
    return evaluate(k, site, broadcast.getInput());
  // An arange broadcast into the cooperative layout (a causal mask's key
  // and query positions): the element is its position along the slice.
  if (isa_and_present<ArangeOp>(def)) {
    std::optional<int64_t> dim = sliceDim(type);
    Value position = dim && *dim == 0 ? site.col : site.row;
    if (type.getElementType().isIndex())
      return position;
    return k.fold<arith::IndexCastOp>(loc, type.getElementType(), position);
  }
  // A cooperative tile passed on as a dot operand (#applegpu.view).
  if (auto convert = dyn_cast_if_present<ConvertLayoutOp>(def))
    return evaluate(k, site, convert.getInput());
  if (auto epilogue = dyn_cast_if_present<EpilogueOp>(def)) {
    IRMapping map;
    Block &body = epilogue.getBody().front();
    for (auto [arg, input] :
         llvm::zip(body.getArguments(), epilogue.getInputs())) {
      FailureOr<Value> x = evaluate(k, site, input);
      if (failed(x))
        return failure();
      map.map(arg, *x);
    }
    for (Operation &inner : body.without_terminator()) {
      for (Value v : inner.getOperands())
        if (v.getParentRegion() != &epilogue.getBody() && !map.contains(v))
          map.map(v, k.mapped(v));
      b.clone(inner, map);
    }
    for (auto [result, value] :
         llvm::zip(epilogue.getResults(), body.getTerminator()->getOperands()))
      site.memo[result] = map.lookupOrDefault(value);
    return site.memo[tile];
  }
  if (def && def->hasTrait<OpTrait::Elementwise>() &&
      def->getNumResults() == 1) {
    OperationState state(loc, def->getName());
    for (Value v : def->getOperands()) {
      FailureOr<Value> x = operandAt(v);
      if (failed(x))
        return failure();
      state.addOperands(*x);
    }
    state.addTypes(type.getElementType());
    state.addAttributes(def->getAttrs());
    return b.create(state)->getResult(0);
  }
  return emitError(loc) << "the tensor-ops backend cannot compute "
                        << (def ? def->getName().getStringRef()
                                : StringRef("this value"))
                        << " element by element in the cooperative layout";
}

static FailureOr<Value> evaluate(KernelLowering &k, Site &site, Value tile) {
  if (Value known = site.memo.lookup(tile))
    return known;
  Location loc = tile.getLoc();
  const TileValue &held = k.current(tile);
  auto type = cast<RankedTensorType>(tile.getType());
  Value result;
  switch (held.form) {
  case TileForm::Uniform:
    result = held.values[0];
    break;
  case TileForm::Cooperative: {
    Value handle = held.values[0];
    if (handle.getType() == site.type) {
      result = applegpu::CooperativeGetOp::create(
          k.builder(), loc, type.getElementType(), handle, site.index);
      break;
    }
    Value copy = site.spills.lookup(tile);
    if (!copy)
      return emitError(loc)
             << "internal error: a cooperative tile of type "
             << handle.getType() << " is read at the elements "
             << "of one of type " << site.type << " without a threadgroup copy";
    result = readAtSite(k, site, copy, type, loc);
    break;
  }
  case TileForm::PerElement: {
    if (held.values.empty()) {
      FailureOr<Value> x = evaluateOp(k, site, tile);
      if (failed(x))
        return failure();
      result = *x;
      break;
    }
    // Held in threadgroup memory, row-major.
    result = readAtSite(k, site, held.values[0], type, loc);
    break;
  }
  default:
    return emitError(loc) << "internal error: a tile outside the cooperative "
                             "layout is read per cooperative element";
  }
  site.memo[tile] = result;
  return result;
}

/// How the lowering holds `v` (see CooperativeHolding).
static CooperativeHolding loweredHolding(KernelLowering &k, Value v) {
  if (!k.isLowered(v))
    return {};
  const TileValue &held = k.current(v);
  if (held.form == TileForm::Cooperative)
    return {CooperativeHolding::Held, held.values[0].getType()};
  if (held.form == TileForm::PerElement && held.values.empty())
    return {CooperativeHolding::Computed};
  return {};
}

Value tile::conversion::findCooperativeHandle(KernelLowering &k, Value tile,
                                              Type type) {
  Value found;
  forEachCooperativeSource(
      {tile}, [&](Value v) { return loweredHolding(k, v); },
      [&](Value v, const CooperativeHolding &held) {
        if (held.kind == CooperativeHolding::Held && held.type == type)
          found = k.current(v).values[0];
        return bool(found);
      });
  if (found)
    return found;
  return applegpu::CooperativeDestinationOp::create(k.builder(), tile.getLoc(),
                                                    type);
}

static FailureOr<Spills> spillForeign(KernelLowering &k, ArrayRef<Value> tiles,
                                      Type type, Location loc);

/// Writes the rank-2 cooperative-layout tile `tile` to `buffer`, row-major,
/// each thread its elements at the positions of the cooperative tensor
/// `positions`; complete when this returns.
static LogicalResult spillCooperative(KernelLowering &k, Value tile,
                                      Value positions, Value buffer,
                                      Location loc) {
  auto type = cast<RankedTensorType>(tile.getType());
  FailureOr<Spills> spills = spillForeign(k, {tile}, positions.getType(), loc);
  if (failed(spills))
    return failure();
  threadgroupBarrier(k, loc);
  LogicalResult status = success();
  forEachCooperativeElement(
      k, positions, type, loc,
      [&](Value i, Value row, Value col) -> LogicalResult {
        Site site(i, row, col, positions.getType(), *spills);
        FailureOr<Value> x = evaluate(k, site, tile);
        if (failed(x))
          return failure();
        Value offset = addIndex(
            k, mulIndex(k, row, k.index(type.getDimSize(1)), loc), col, loc);
        memref::StoreOp::create(k.builder(), loc, *x, buffer, offset);
        return success();
      },
      status);
  if (failed(status))
    return failure();
  threadgroupBarrier(k, loc);
  return success();
}

/// Threadgroup copies of the tiles held in cooperative tensors of another
/// type than `type` that reading `tiles` at the elements of `type` needs
/// (two dots' accumulators combined), made before the loop over elements,
/// each in the op's planned region for such copies (CooperativeSpills.cpp
/// sizes it with the same walk).
static FailureOr<Spills> spillForeign(KernelLowering &k, ArrayRef<Value> tiles,
                                      Type type, Location loc) {
  Spills spills;
  for (Value tile : foreignCooperativeTiles(
           tiles, type, [&](Value v) { return loweredHolding(k, v); })) {
    auto tileType = cast<RankedTensorType>(tile.getType());
    FailureOr<Value> copy = k.spillBuffer(tileType, loc);
    if (failed(copy) || failed(spillCooperative(
                            k, tile, k.current(tile).values[0], *copy, loc)))
      return failure();
    spills[tile] = *copy;
  }
  return spills;
}

//===----------------------------------------------------------------------===//
// Materializing
//===----------------------------------------------------------------------===//

LogicalResult tile::conversion::assignCooperative(KernelLowering &k,
                                                  ArrayRef<Value> tiles,
                                                  ArrayRef<Value> into,
                                                  Location loc) {
  if (tiles.empty())
    return success();
  auto type = cast<RankedTensorType>(tiles[0].getType());
  FailureOr<Spills> spills = spillForeign(k, tiles, into[0].getType(), loc);
  if (failed(spills))
    return failure();
  LogicalResult status = success();
  forEachCooperativeElement(
      k, into[0], type, loc,
      [&](Value i, Value row, Value col) -> LogicalResult {
        Site site(i, row, col, into[0].getType(), *spills);
        SmallVector<Value> values;
        for (Value tile : tiles) {
          FailureOr<Value> x = evaluate(k, site, tile);
          if (failed(x))
            return failure();
          values.push_back(*x);
        }
        for (auto [x, handle] : llvm::zip(values, into)) {
          // A narrower float tile (attention's P rounded to f16 for the
          // second dot) is held in the dot's f32 cooperative type; widening
          // is exact, and its reader rounds back to the tile's type.
          Type element =
              cast<CooperativeTensorType>(handle.getType()).getElementType();
          if (x.getType() != element && isa<FloatType>(x.getType()) &&
              isa<FloatType>(element) &&
              x.getType().getIntOrFloatBitWidth() <
                  element.getIntOrFloatBitWidth())
            x = k.fold<arith::ExtFOp>(loc, element, x);
          applegpu::CooperativeSetOp::create(k.builder(), loc, x, handle, i);
        }
        return success();
      },
      status);
  return status;
}

FailureOr<Value> tile::conversion::materializeCooperative(KernelLowering &k,
                                                          Value tile, Type type,
                                                          bool inPlace,
                                                          Location loc) {
  const TileValue &held = k.current(tile);
  if (held.form == TileForm::Cooperative && inPlace &&
      held.values[0].getType() == type)
    return held.values[0];
  Value fresh =
      applegpu::CooperativeDestinationOp::create(k.builder(), loc, type);
  if (held.form == TileForm::Uniform) {
    Value value = held.values[0];
    Type element = cast<CooperativeTensorType>(type).getElementType();
    if (value.getType() != element)
      return emitError(loc)
             << "a " << value.getType()
             << " accumulator value in a cooperative tensor of " << element;
    applegpu::CooperativeFillOp::create(k.builder(), loc, fresh, value);
    return fresh;
  }
  if (failed(assignCooperative(k, {tile}, {fresh}, loc)))
    return failure();
  return fresh;
}

LogicalResult tile::conversion::assignCooperativeToMemory(KernelLowering &k,
                                                          Value tile,
                                                          Value positions,
                                                          Operation *store,
                                                          Location loc) {
  FailureOr<Spills> spills = spillForeign(k, {tile}, positions.getType(), loc);
  if (failed(spills))
    return failure();
  LogicalResult status = success();
  forEachCooperativeElement(
      k, positions, cast<RankedTensorType>(tile.getType()), loc,
      [&](Value i, Value row, Value col) -> LogicalResult {
        Site site(i, row, col, positions.getType(), *spills);
        FailureOr<Value> x = evaluate(k, site, tile);
        if (failed(x))
          return failure();
        storeTileElement(k, store, *x, row, col, loc);
        return success();
      },
      status);
  return status;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// A conversion into the cooperative layout: the tile is written to
/// threadgroup memory by the threads that hold it, and read per element.
static LogicalResult convertToCooperative(KernelLowering &k,
                                          ConvertLayoutOp op) {
  Location loc = op.getLoc();
  Value input = op.getInput();
  const TileValue &held = k.current(input);
  if (held.form == TileForm::Uniform) {
    k.define(op.getResult(), held);
    return success();
  }
  FailureOr<Value> buffer = writeToMemory(k, input, loc);
  if (failed(buffer))
    return failure();
  k.define(op.getResult(), TileValue{TileForm::PerElement, {*buffer}});
  return success();
}

/// A conversion out of the cooperative layout (to a distributed tile):
/// each thread writes its cooperative elements to threadgroup memory, then
/// reads what the new layout gives it.
static LogicalResult convertFromCooperative(KernelLowering &k,
                                            ConvertLayoutOp op) {
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto from = cast<RankedTensorType>(input.getType());
  if (from.getRank() != 2)
    return op.emitOpError() << "the tensor-ops backend converts only rank-2 "
                               "cooperative tiles to other layouts";
  FailureOr<Type> coop = k.cooperativeTypeOf(input);
  if (failed(coop))
    return failure();
  Value positions = findCooperativeHandle(k, input, *coop);
  // The conversion's own region of the plan (its #applegpu.scratch).
  FailureOr<Value> buffer =
      k.allocThreadgroup(from.getElementType(), from.getNumElements(), loc);
  if (failed(buffer) ||
      failed(spillCooperative(k, input, positions, *buffer, loc)))
    return failure();
  RankedTensorType to = op.getType();
  TileForm toForm = k.formFor(op.getResult());
  if (toForm != TileForm::Slots)
    return op.emitOpError() << "the tensor-ops backend converts cooperative "
                               "tiles only to distributed layouts";
  k.define(op.getResult(), readFromMemory(k, *buffer, to, toForm, loc));
  return success();
}

bool tile::conversion::convertsThroughCooperative(ConvertLayoutOp convert) {
  Type to = convert.getType();
  return isa_and_nonnull<applegpu::ViewLayoutAttr>(applegpu::layoutOf(to)) ||
         isCooperative(to) || isCooperative(convert.getInput().getType());
}

LogicalResult
tile::conversion::lowerCooperativeConvert(KernelLowering &k,
                                          ConvertLayoutOp convert) {
  Type to = convert.getType();
  bool fromCooperative = isCooperative(convert.getInput().getType());
  if (isa_and_nonnull<applegpu::ViewLayoutAttr>(applegpu::layoutOf(to))) {
    // Read by a dot, which stages it.
    k.define(convert.getResult(), k.current(convert.getInput()));
    return success();
  }
  if (isCooperative(to) && !fromCooperative)
    return convertToCooperative(k, convert);
  if (fromCooperative && !isCooperative(to))
    return convertFromCooperative(k, convert);
  // Both cooperative: the same elements at the same positions.
  k.define(convert.getResult(), k.current(convert.getInput()));
  return success();
}

bool tile::conversion::producesCooperativeTile(Operation &op) {
  return op.getNumResults() >= 1 && isCooperative(op.getResult(0).getType());
}

LogicalResult tile::conversion::lowerPerElement(KernelLowering &k,
                                                Operation &op) {
  if (auto load = dyn_cast<LoadOp>(op);
      load && k.plans().isStoredAndLoaded(load.getBuffer()))
    return op.emitOpError()
           << "reads a tile in the cooperative layout from a buffer the "
              "kernel also writes; the tensor-ops backend reads such tiles "
              "where they are used, which could see a later store";
  if (!isa<LoadOp, BroadcastOp, EpilogueOp, ArangeOp>(op) &&
      !op.hasTrait<OpTrait::Elementwise>())
    return op.emitOpError() << "is not supported on cooperative-layout "
                               "tiles by the tensor-ops backend";
  for (Value result : op.getResults()) {
    // Elementwise math on uniform operands only stays uniform.
    k.define(result, TileValue{TileForm::PerElement, {}});
  }
  return success();
}
