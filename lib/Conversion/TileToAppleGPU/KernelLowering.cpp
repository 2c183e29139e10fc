//===- KernelLowering.cpp - one tile kernel to applegpu -------------------===//

#include "KernelLowering.h"
#include "CooperativeSpills.h"
#include "ThreadgroupPlan.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Support/FoldWithConstants.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Iterators.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

//===----------------------------------------------------------------------===//
// Geometry and forms
//===----------------------------------------------------------------------===//

RankedTensorType tile::conversion::tileGeometry(RankedTensorType type) {
  auto slice =
      dyn_cast_if_present<applegpu::SliceLayoutAttr>(type.getEncoding());
  if (!slice)
    return type;
  return RankedTensorType::get(slice.getParentShape(type.getShape()),
                               type.getElementType(), slice.getParent());
}

int64_t tile::conversion::tileVectorWidth(RankedTensorType type) {
  type = tileGeometry(type);
  if (auto d = dyn_cast_if_present<applegpu::DistributedLayoutAttr>(
          type.getEncoding()))
    return d.getVectorWidth(type.getShape());
  return applegpu::DistributedLayoutAttr::getDefaultVector(type.getShape());
}

applegpu::DistributedLayoutAttr
KernelLowering::slotLayout(RankedTensorType type) const {
  return slotLayoutOf(type, numThreads());
}

applegpu::DistributedLayoutAttr
tile::conversion::slotLayoutOf(RankedTensorType type, int64_t threads) {
  type = tileGeometry(type);
  if (auto d = dyn_cast_if_present<applegpu::DistributedLayoutAttr>(
          type.getEncoding()))
    return d;
  // A tile held otherwise (a splat stored slot by slot) is dealt as
  // tile-assign-layouts would distribute it.
  return applegpu::DistributedLayoutAttr::get(
      type.getContext(), threads,
      applegpu::DistributedLayoutAttr::getDefaultVector(type.getShape()));
}

applegpu::FragmentsLayoutAttr
KernelLowering::fragmentsLayout(RankedTensorType type) const {
  type = geometry(type);
  if (auto f = dyn_cast_if_present<applegpu::FragmentsLayoutAttr>(
          type.getEncoding()))
    return f;
  // A uniform tile spread into lanes takes the kernel's grid.
  return applegpu::FragmentsLayoutAttr::get(type.getContext(), simdgroupsM(),
                                            simdgroupsN());
}

int64_t KernelLowering::vectorWidth(RankedTensorType type) const {
  return slotLayout(type).getVectorWidth(geometry(type).getShape());
}

bool KernelLowering::hasPartialSlots(RankedTensorType type) const {
  return slotLayout(type).hasPartialRound(geometry(type).getShape());
}

int64_t KernelLowering::numSlots(RankedTensorType type) const {
  return *slotLayout(type).getValuesPerThread(geometry(type).getShape());
}

std::pair<Value, Value> KernelLowering::slotIndex(RankedTensorType type,
                                                  int64_t slot, Location loc) {
  LoweringIndexEmitter emitter(*this, loc);
  return slotLayout(type).emitSlotOffset(emitter, geometry(type).getShape(),
                                         builder().getIndexAttr(slot));
}

std::pair<Value, Value> KernelLowering::groupIndex(RankedTensorType type,
                                                   Value round, Location loc) {
  LoweringIndexEmitter emitter(*this, loc);
  return slotLayout(type).emitGroupOffset(emitter, geometry(type).getShape(),
                                          round);
}

std::pair<Value, Value> KernelLowering::slotIndex(RankedTensorType type,
                                                  Value slot, Location loc) {
  LoweringIndexEmitter emitter(*this, loc);
  return slotLayout(type).emitSlotOffset(emitter, geometry(type).getShape(),
                                         slot);
}

std::pair<int64_t, int64_t>
KernelLowering::fragmentGrid(RankedTensorType type) const {
  return fragmentsLayout(type).getFragmentGrid(geometry(type).getShape());
}

TileForm KernelLowering::elementForm(Value tile) const {
  TileForm form = formFor(tile);
  return form == TileForm::Fragments ? TileForm::LaneElements : form;
}

int64_t KernelLowering::count(RankedTensorType type, TileForm form) const {
  switch (form) {
  case TileForm::Uniform:
    return 1;
  case TileForm::Slots:
    return numSlots(type);
  case TileForm::Fragments: {
    // One simdgroup_matrix per fragment.
    auto [rows, cols] = fragmentGrid(type);
    return rows * cols;
  }
  case TileForm::LaneElements:
    return *fragmentsLayout(type).getValuesPerThread(geometry(type).getShape());
  case TileForm::Cooperative:
    return 1;
  case TileForm::PerElement:
  case TileForm::View:
    return 0;
  }
  llvm_unreachable("all forms handled");
}

TileForm tile::conversion::tileForm(RankedTensorType type) {
  Attribute layout = type.getEncoding();
  if (isa_and_nonnull<applegpu::UniformLayoutAttr>(layout))
    return TileForm::Uniform;
  Attribute root = applegpu::rootLayout(layout);
  if (isa_and_nonnull<applegpu::CooperativeLayoutAttr>(root))
    return TileForm::PerElement;
  if (isa_and_nonnull<applegpu::ViewLayoutAttr>(root))
    return TileForm::View;
  if (isa_and_nonnull<applegpu::FragmentsLayoutAttr>(root)) {
    // Matrices hold floats; anything else (e.g. a mask), and slices, stay
    // per lane.
    bool matrix = root == layout && isa<FloatType>(type.getElementType());
    return matrix ? TileForm::Fragments : TileForm::LaneElements;
  }
  return TileForm::Slots;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

void LoweringBuilder::startKernel(Block *entry) {
  entryBlock = entry;
  builder.setInsertionPointToStart(entry);
  topInsertion = arith::ConstantIndexOp::create(builder, kernelLoc, 0);
  indexConstants[0] = topInsertion->getResult(0);
  builder.setInsertionPointAfter(topInsertion);
}

Value LoweringBuilder::index(int64_t value) {
  Value &slot = indexConstants[value];
  if (!slot) {
    OpBuilder top = atTop();
    slot = arith::ConstantIndexOp::create(top, kernelLoc, value);
  }
  return slot;
}

Value LoweringBuilder::scalar(Type type, TypedAttr value, Location loc) {
  // Made once, at the top, as the canonicalizer would hoist and unique it:
  // the pipeline runs none after the conversion.
  Value &slot = scalarConstants[value];
  if (!slot) {
    OpBuilder top = atTop();
    slot = arith::ConstantOp::create(top, loc, type, value);
  }
  return slot;
}

Value LoweringBuilder::foldCreated(Operation *op) {
  return foldWithConstants(op, [&](TypedAttr attr) -> Value {
    // Scalars only: a vector constant keeps the op that builds it.
    Type type = attr.getType();
    if (!type.isIntOrIndexOrFloat())
      return {};
    auto integer = dyn_cast<IntegerAttr>(attr);
    return type.isIndex() && integer ? index(integer.getInt())
                                     : scalar(type, attr, op->getLoc());
  });
}

Value tile::conversion::addIndex(KernelLowering &k, Value a, Value b,
                                 Location loc) {
  // Folded here, as the canonicalizer would: the pipeline runs none after
  // the conversion.
  std::optional<int64_t> x = getConstantIntValue(a), y = getConstantIntValue(b);
  if (x && y)
    return k.index(*x + *y);
  if (y == 0)
    return a;
  if (x == 0)
    return b;
  return arith::AddIOp::create(k.builder(), loc, a, b);
}

Value tile::conversion::mulIndex(KernelLowering &k, Value a, Value b,
                                 Location loc) {
  std::optional<int64_t> x = getConstantIntValue(a), y = getConstantIntValue(b);
  if (x && y)
    return k.index(*x * *y);
  if (x == 0 || y == 0)
    return k.index(0);
  if (y == 1)
    return a;
  if (x == 1)
    return b;
  return arith::MulIOp::create(k.builder(), loc, a, b);
}

void tile::conversion::storeIfHeld(KernelLowering &k, Value value, Value buffer,
                                   Value offset, Value held, Location loc) {
  std::optional<int64_t> known = held ? getConstantIntValue(held) : 1;
  if (known) {
    if (*known)
      memref::StoreOp::create(k.builder(), loc, value, buffer, offset);
    return;
  }
  scf::IfOp::create(k.builder(), loc, held, [&](OpBuilder &then, Location l) {
    memref::StoreOp::create(then, l, value, buffer, offset);
    scf::YieldOp::create(then, l);
  });
}

static MemRefType threadgroupBuffer(Type element, int64_t elements) {
  return MemRefType::get(
      {elements}, element, MemRefLayoutAttrInterface{},
      applegpu::AddressSpaceAttr::get(element.getContext(),
                                      applegpu::AddressSpace::threadgroup));
}

Value KernelLowering::arenaView(int64_t offset, Type element, int64_t elements,
                                Location loc) {
  if (Value view = kernelPlans.arenaView(offset, element, elements))
    return view;
  OpBuilder top = b.atTop();
  if (!kernelPlans.arena()) {
    // Its size is the plan's total, which the kernel carries.
    auto total = source->getAttrOfType<IntegerAttr>(
        applegpu::AppleGPUDialect::getThreadgroupMemoryAttrName());
    OpBuilder first(b.entry(), b.entry()->begin());
    kernelPlans.setArena(applegpu::AllocThreadgroupOp::create(
        first, source.getLoc(),
        threadgroupBuffer(first.getI8Type(), total ? total.getInt() : 0)));
  }
  Value view = applegpu::ThreadgroupViewOp::create(
      top, loc, threadgroupBuffer(element, elements), kernelPlans.arena(),
      top.getI64IntegerAttr(offset));
  kernelPlans.addArenaView(offset, element, elements, view);
  return view;
}

FailureOr<Value> KernelLowering::scratchBuffer(Operation *owner, Type element,
                                               int64_t elements, Location loc) {
  auto region = owner ? owner->getAttrOfType<applegpu::ScratchAttr>(
                            applegpu::AppleGPUDialect::getScratchAttrName())
                      : applegpu::ScratchAttr();
  int64_t width = applegpu::mslElementBytes(element);
  int64_t at = kernelPlans.carve(owner, KernelPlans::ArenaRegion::Scratch,
                                 width, elements * width);
  if (!region || at + elements * width > region.getBytes())
    return unplannedScratch(owner, elements * width, loc);
  return arenaView(region.getOffset() + at, element, elements, loc);
}

FailureOr<Value> KernelLowering::spillBuffer(RankedTensorType tile,
                                             Location loc) {
  auto region = currentOp ? currentOp->getAttrOfType<applegpu::ScratchAttr>(
                                applegpu::AppleGPUDialect::getSpillAttrName())
                          : applegpu::ScratchAttr();
  // Copies are 16-byte aligned, one after the other (spillBytes).
  int64_t bytes = spillBytes(tile);
  int64_t at =
      kernelPlans.carve(currentOp, KernelPlans::ArenaRegion::Spill, 16, bytes);
  if (!region || at + bytes > region.getBytes())
    return unplannedScratch(currentOp, bytes, loc);
  return arenaView(region.getOffset() + at, tile.getElementType(),
                   tile.getNumElements(), loc);
}

LogicalResult KernelLowering::unplannedScratch(Operation *owner, int64_t bytes,
                                               Location loc) {
  // Every threadgroup byte is planned (tile-plan-threadgroup-memory): a
  // buffer the plan does not foresee is a bug of the plan, not memory to
  // allocate aside, which the 32 KiB check would not see.
  InFlightDiagnostic diag = emitError(loc)
                            << "internal error: " << bytes
                            << " bytes of threadgroup memory that the plan "
                               "(tile-plan-threadgroup-memory) does not hold";
  if (owner && owner->getLoc() != loc)
    diag.attachNote(owner->getLoc()) << "for this op";
  return diag;
}

FailureOr<TileValue> KernelLowering::get(Value tile, TileForm want,
                                         Location loc) {
  const TileValue *held = valueMap.find(tile);
  if (!held)
    return emitError(loc) << "internal error: tile used before it is lowered";
  auto type = cast<RankedTensorType>(tile.getType());
  TileValue have = *held;
  if (have.array) {
    // Code that works value by value reads the whole array.
    for (int64_t i = 0, n = count(type, have.form); i < n; ++i)
      have.values.push_back(loadArray(*this, have.array, index(i), loc));
    have.array = Value();
  }
  if (have.form == want)
    return have;
  Type element = type.getElementType();
  int64_t n = count(type, want);
  TileValue result{want, {}};

  if (have.form == TileForm::Uniform) {
    Value s = have.values[0];
    for (int64_t i = 0; i < n; ++i) {
      if (want == TileForm::Fragments) {
        // One fill is enough: fragments are values.
        if (i == 0)
          result.values.push_back(applegpu::SimdgroupFillOp::create(
              builder(), loc, applegpu::SimdgroupMatrixType::get(element), s));
        else
          result.values.push_back(result.values[0]);
      } else {
        result.values.push_back(s);
      }
    }
    return result;
  }
  if (have.form == TileForm::Fragments && want == TileForm::LaneElements) {
    for (Value fragment : have.values)
      for (int32_t e = 0; e < 2; ++e)
        result.values.push_back(applegpu::SimdgroupGetElementOp::create(
            builder(), loc, element, fragment, e));
    return result;
  }
  if (have.form == TileForm::LaneElements && want == TileForm::Fragments) {
    auto matrix = applegpu::SimdgroupMatrixType::get(element);
    Value zero = scalar(element, builder().getZeroAttr(element), loc);
    for (int64_t f = 0, e = have.values.size() / 2; f < e; ++f) {
      Value m = applegpu::SimdgroupFillOp::create(builder(), loc, matrix, zero);
      for (int32_t i = 0; i < 2; ++i)
        m = applegpu::SimdgroupSetElementOp::create(
            builder(), loc, matrix, have.values[2 * f + i], m, i);
      result.values.push_back(m);
    }
    return result;
  }
  return layoutMismatch(type, loc);
}

InFlightDiagnostic tile::conversion::layoutMismatch(RankedTensorType type,
                                                    Location loc) {
  return emitError(loc)
         << "a tile distributed over threads is used where an accumulator "
            "tile split over SIMD groups is needed (or the reverse); the "
            "simdgroup backend cannot move "
         << type << " between these layouts";
}

void KernelPlans::findStoredAndLoaded(func::FuncOp kernel) {
  for (auto [buffer, use] : bufferUses(kernel))
    if (use.accesses > 1 && use.read && use.written)
      storedAndLoaded.insert(buffer);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(lowerOp(op)))
      return failure();
  return success();
}

/// The one place that chooses how an op is lowered: a case per op type,
/// and the backend's variant chosen inside the case. To support a new op,
/// add its case here and its function to KernelLowering.h.
LogicalResult KernelLowering::lowerOp(Operation &op) {
  Operation *outer = currentOp;
  currentOp = &op;
  llvm::scope_exit restore([&] { currentOp = outer; });
  // The tensor-ops backend computes a cooperative-layout tile where it is
  // used, per cooperative element, whatever op made it (lowerPerElement
  // refuses the ops it cannot redo there).
  bool perElement = config.tensorOps && producesCooperativeTile(op);
  auto unsupported = [&](Operation *other) -> LogicalResult {
    return other->emitOpError()
           << "is not supported by the "
           << (config.tensorOps ? "tensor-ops" : "simdgroup")
           << " backend of convert-tile-to-applegpu";
  };
  auto isTile = [](Value v) { return isa<RankedTensorType>(v.getType()); };
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      // The grid.
      .Case([&](ProgramIdOp o) { return lowerProgramId(*this, o); })
      .Case([&](NumProgramsOp o) { return lowerNumPrograms(*this, o); })
      .Case([&](SwizzleOp o) { return lowerSwizzle(*this, o); })
      // Memory.
      .Case([&](LoadOp o) {
        if (!isTile(o.getResult()))
          return lowerScalarLoad(*this, o);
        if (config.tensorOps && formFor(o.getResult()) == TileForm::View)
          return lowerViewLoad(*this, o);
        return perElement ? lowerPerElement(*this, op) : lowerLoad(*this, o);
      })
      .Case([&](StoreOp o) {
        Value tile = o.getValue();
        if (!isTile(tile))
          return lowerScalarStore(*this, o);
        if (config.tensorOps &&
            isa_and_nonnull<applegpu::CooperativeLayoutAttr>(
                applegpu::layoutOf(tile.getType())))
          return lowerCooperativeStore(*this, o);
        return lowerStore(*this, o);
      })
      .Case([&](GatherOp o) {
        return perElement ? lowerPerElement(*this, op) : lowerGather(*this, o);
      })
      .Case([&](ScatterOp o) { return lowerScatter(*this, o); })
      .Case([&](AtomicRMWOp o) {
        return perElement ? lowerPerElement(*this, op)
                          : lowerAtomicRMW(*this, o);
      })
      .Case([&](AtomicCASOp o) {
        return perElement ? lowerPerElement(*this, op)
                          : lowerAtomicCAS(*this, o);
      })
      // Dots and epilogues.
      .Case([&](DotOp o) {
        if (o->hasAttr(TileDialect::getMatvecAttrName()))
          return lowerMatvecDot(*this, o);
        return config.tensorOps ? lowerTensorOpsDot(*this, o)
                                : lowerSimdgroupDot(*this, o);
      })
      .Case([&](EpilogueOp o) {
        return perElement ? lowerPerElement(*this, op)
                          : lowerEpilogue(*this, o);
      })
      // Making tiles, moving them between layouts, reducing them.
      .Case([&](SplatOp o) { return lowerSplat(*this, o); })
      .Case([&](arith::ConstantOp o) {
        if (isTile(o.getResult()))
          return lowerConstant(*this, o);
        return isCopyableScalarOp(op) ? lowerScalarOp(*this, op)
                                      : unsupported(&op);
      })
      .Case([&](BroadcastOp o) {
        return perElement ? lowerPerElement(*this, op)
                          : lowerBroadcast(*this, o);
      })
      .Case([&](ArangeOp o) {
        return perElement ? lowerPerElement(*this, op) : lowerArange(*this, o);
      })
      .Case([&](ConvertLayoutOp o) {
        if (config.tensorOps && convertsThroughCooperative(o))
          return lowerCooperativeConvert(*this, o);
        return lowerConvert(*this, o);
      })
      .Case([&](ReduceOp o) {
        return perElement ? lowerPerElement(*this, op) : lowerReduce(*this, o);
      })
      // Thread-level code: what one thread runs.
      .Case([&](ThreadIdOp o) { return lowerThreadId(*this, o); })
      .Case([&](SimdLaneIdOp o) { return lowerSimdLaneId(*this, o); })
      .Case([&](SimdGroupIdOp o) { return lowerSimdGroupId(*this, o); })
      .Case([&](SharedOp o) { return lowerShared(*this, o); })
      .Case([&](ThreadLoadOp o) { return lowerThreadLoad(*this, o); })
      .Case([&](ThreadStoreOp o) { return lowerThreadStore(*this, o); })
      .Case([&](BarrierOp o) { return lowerBarrier(*this, o); })
      .Case([&](SimdReduceOp o) { return lowerSimdReduce(*this, o); })
      .Case([&](SimdShuffleXorOp o) { return lowerSimdShuffleXor(*this, o); })
      // Control flow.
      .Case([&](scf::ForOp o) { return lowerFor(*this, o); })
      .Case([&](scf::IfOp o) { return lowerIf(*this, o); })
      .Case([&](ForRangeOp o) {
        return perElement ? lowerPerElement(*this, op)
                          : lowerForRange(*this, o);
      })
      // arith and math, by trait: elementwise on tiles (per element of
      // the tile), copied as they are on scalars.
      .Default([&](Operation *other) {
        if (perElement)
          return lowerPerElement(*this, *other);
        if (other->hasTrait<OpTrait::Elementwise>() &&
            other->getNumResults() == 1 && isTile(other->getResult(0)))
          return lowerElementwise(*this, *other);
        if (isCopyableScalarOp(*other))
          return lowerScalarOp(*this, *other);
        return unsupported(other);
      });
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::setUpThreadCoordinates(Location loc) {
  OpBuilder &ob = builder();
  coords.threadIndex =
      applegpu::ThreadIndexInThreadgroupOp::create(ob, loc, ob.getIndexType());
  if (!config.hasDot)
    return success();
  Value sg = applegpu::SimdgroupIndexInThreadgroupOp::create(ob, loc,
                                                             ob.getIndexType());
  Value lane =
      applegpu::ThreadIndexInSimdgroupOp::create(ob, loc, ob.getIndexType());
  Value wn = index(simdgroupsN());
  coords.simdgroupRow = fold<arith::DivUIOp>(loc, sg, wn);
  coords.simdgroupCol = fold<arith::RemUIOp>(loc, sg, wn);
  LoweringIndexEmitter emitter(*this, loc);
  std::tie(coords.laneRow, coords.laneCol) =
      applegpu::FragmentsLayoutAttr::emitLanePosition(emitter, lane);
  lastCoordinate = coords.laneCol.getDefiningOp();
  return success();
}

std::pair<Value, Value> KernelLowering::simdgroupOrigin(RankedTensorType type) {
  type = geometry(type);
  return simdgroupOrigin(type.getDimSize(0) / simdgroupsM(),
                         type.getDimSize(1) / simdgroupsN());
}

std::pair<Value, Value> KernelLowering::simdgroupOrigin(int64_t rows,
                                                        int64_t cols) {
  auto [it, inserted] = origins.try_emplace({rows, cols});
  if (inserted) {
    OpBuilder::InsertionGuard guard(builder());
    builder().setInsertionPointAfter(lastCoordinate);
    Location loc = source.getLoc();
    it->second = {mulIndex(*this, coords.simdgroupRow, index(rows), loc),
                  mulIndex(*this, coords.simdgroupCol, index(cols), loc)};
    for (Value v : {it->second.first, it->second.second})
      if (Operation *def = v.getDefiningOp();
          def && def->getBlock() == b.entry() &&
          lastCoordinate->isBeforeInBlock(def))
        lastCoordinate = def;
  }
  return it->second;
}

//===----------------------------------------------------------------------===//
// Layout index arithmetic
//===----------------------------------------------------------------------===//

LoweringIndexEmitter::LoweringIndexEmitter(KernelLowering &k, Location loc)
    : applegpu::LayoutIndexEmitter(k.coordinates()), k(k), loc(loc) {}

Value LoweringIndexEmitter::constant(int64_t value) { return k.index(value); }
Value LoweringIndexEmitter::add(Value a, Value b) {
  return addIndex(k, a, b, loc);
}
Value LoweringIndexEmitter::mul(Value a, Value b) {
  return mulIndex(k, a, b, loc);
}
Value LoweringIndexEmitter::divUI(Value a, Value b) {
  return k.fold<arith::DivUIOp>(loc, a, b);
}
Value LoweringIndexEmitter::remUI(Value a, Value b) {
  return k.fold<arith::RemUIOp>(loc, a, b);
}
Value LoweringIndexEmitter::andI(Value a, Value b) {
  return k.fold<arith::AndIOp>(loc, a, b);
}
Value LoweringIndexEmitter::lessThan(Value a, Value b) {
  return k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, a, b);
}
Value LoweringIndexEmitter::equal(Value a, Value b) {
  return k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, a, b);
}
std::pair<Value, Value> LoweringIndexEmitter::simdgroupOrigin(int64_t rows,
                                                              int64_t cols) {
  return k.simdgroupOrigin(rows, cols);
}

FailureOr<func::FuncOp> KernelLowering::run(StringRef target) {
  Location loc = source.getLoc();
  OpBuilder outer(source);
  auto kernel = func::FuncOp::create(outer, loc, source.getSymName(),
                                     source.getFunctionType());
  b.startKernel(kernel.addEntryBlock());

  for (auto [from, to] :
       llvm::zip(source.getArguments(), kernel.getArguments()))
    map(from, to);
  kernelPlans.findStoredAndLoaded(source);
  auto fail = [&]() -> FailureOr<func::FuncOp> {
    kernel.erase();
    return failure();
  };
  // The plan of tile-plan-threadgroup-memory, made here when that pass did
  // not run.
  if (!hasThreadgroupMemoryPlan(source) &&
      failed(planThreadgroupMemory(source, config)))
    return fail();
  if (failed(setUpThreadCoordinates(loc)) ||
      (config.tensorOps && failed(setUpTensorOps())) ||
      failed(setUpStaging()) || failed(lowerBlock(source.getBody().front())))
    return fail();
  func::ReturnOp::create(builder(), loc);
  (void)target;
  eraseDeadOps(kernel);
  return kernel;
}

/// What the lowering made but nothing reads (thread coordinates a kernel
/// does not need, constants of folded ops): one backward walk, users before
/// the values they read, instead of a canonicalizer run.
void KernelLowering::eraseDeadOps(func::FuncOp kernel) {
  kernel.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
    // Ops without results are kept for what they do (a store, a barrier,
    // a loop); asking their memory effects would only cost time.
    if (op->getNumResults() != 0 && isOpTriviallyDead(op))
      op->erase();
  });
}
