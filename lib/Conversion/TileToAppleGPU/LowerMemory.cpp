//===- LowerMemory.cpp - tile.load and tile.store -------------------------===//
//
// Each thread reads or writes the elements of the tile it holds, at the
// exact addresses of the op's indices and strides; `bounds` guard every
// access, so a masked element reads the padding and is never written.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <functional>

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// The addressing of one tile.load or tile.store in the new kernel.
struct Access {
  Value buffer;
  SmallVector<Value, 2> indices, strides, bounds;
  RankedTensorType tile;
};

} // namespace

template <typename OpTy>
static Access accessOf(KernelLowering &k, OpTy op, RankedTensorType tile) {
  Access a;
  a.buffer = k.mapped(op.getBuffer());
  a.tile = tile;
  for (Value v : op.getIndices())
    a.indices.push_back(k.mapped(v));
  for (Value v : op.getStrides())
    a.strides.push_back(k.mapped(v));
  if (a.strides.empty()) // rank 1 with the default unit stride
    a.strides.push_back(k.index(1));
  for (Value v : op.getBounds())
    a.bounds.push_back(k.mapped(v));
  return a;
}

/// The element at flattened position `e` of a tile.
static Element elementAt(KernelLowering &k, RankedTensorType tile, Value e,
                         Value held, Location loc) {
  Element el;
  el.held = held;
  if (tile.getRank() == 1) {
    el.row = e;
  } else {
    Value cols = k.index(tile.getDimSize(1));
    el.row = k.fold<arith::DivUIOp>(loc, e, cols);
    el.col = k.fold<arith::RemUIOp>(loc, e, cols);
  }
  return el;
}

/// The element the layout of `tile` (as the form reads it) places at value
/// index `index` of this thread.
static Element positionIn(KernelLowering &k,
                          applegpu::LayoutAttrInterface layout,
                          RankedTensorType tile, ArrayRef<OpFoldResult> index,
                          Location loc) {
  LoweringIndexEmitter emitter(k, loc);
  FailureOr<applegpu::ElementPosition> at =
      layout.emitPosition(emitter, k.geometry(tile).getShape(), index);
  // Slots and fragments layouts always have a position formula.
  assert(succeeded(at) && "a layout of slots or fragments places its values");
  return Element{at->row, at->col, at->held};
}

Element tile::conversion::slotElement(KernelLowering &k, RankedTensorType tile,
                                      int64_t slot, Location loc) {
  return positionIn(k, k.slotLayout(tile), tile,
                    {k.builder().getIndexAttr(slot)}, loc);
}

Element tile::conversion::slotElement(KernelLowering &k, RankedTensorType tile,
                                      Value slot, Location loc) {
  return positionIn(k, k.slotLayout(tile), tile, {slot}, loc);
}

Element tile::conversion::fragmentElement(KernelLowering &k,
                                          RankedTensorType tile, Value fi,
                                          Value fj, int64_t e, Location loc) {
  return positionIn(k, k.fragmentsLayout(tile), tile,
                    {fi, fj, k.builder().getIndexAttr(e)}, loc);
}

Element tile::conversion::fragmentElement(KernelLowering &k,
                                          RankedTensorType tile, int64_t fi,
                                          int64_t fj, int64_t e, Location loc) {
  return positionIn(k, k.fragmentsLayout(tile), tile,
                    {k.builder().getIndexAttr(fi), k.builder().getIndexAttr(fj),
                     k.builder().getIndexAttr(e)},
                    loc);
}

/// The buffer offset of an element and the condition under which it may
/// be touched (null: always). Without bounds (the interior path) the offset
/// is computed here; with bounds only the condition is, and `offsetAt`
/// gives the offset, to be computed where the condition holds: an element
/// past the bounds can lie far past the buffer, and `row * stride` for a
/// row past the last one can overflow the 32-bit index arithmetic.
namespace {
struct Address {
  Value row, col, ok, offset;
  Value offsetAt(KernelLowering &k, const Access &a, Location loc) const {
    if (offset)
      return offset;
    Value at = mulIndex(k, row, a.strides[0], loc);
    if (col)
      at = addIndex(k, at, mulIndex(k, col, a.strides[1], loc), loc);
    return at;
  }
};
} // namespace

static Address address(KernelLowering &k, const Access &a, const Element &el,
                       Location loc) {
  Address at;
  at.ok = el.held;
  at.row = addIndex(k, a.indices[0], el.row, loc);
  if (a.bounds.empty())
    at.offset = mulIndex(k, at.row, a.strides[0], loc);
  if (a.tile.getRank() == 2) {
    at.col = addIndex(k, a.indices[1], el.col, loc);
    if (at.offset)
      at.offset =
          addIndex(k, at.offset, mulIndex(k, at.col, a.strides[1], loc), loc);
  }
  auto both = [&](Value c) {
    at.ok = at.ok ? k.fold<arith::AndIOp>(loc, at.ok, c) : c;
  };
  if (!a.bounds.empty()) {
    both(k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, at.row,
                               a.bounds[0]));
    if (at.col)
      both(k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, at.col,
                                 a.bounds[1]));
  }
  return at;
}

/// `ok ? buffer[offset()] : padding`, with the offset computed only where
/// `ok` holds (null `ok`: always).
static Value guardedLoad(KernelLowering &k, Value buffer, Value ok,
                         function_ref<Value()> offset, Value padding,
                         Location loc) {
  OpBuilder &b = k.builder();
  std::optional<int64_t> known = ok ? getConstantIntValue(ok) : 1;
  if (known)
    return *known ? memref::LoadOp::create(b, loc, buffer, offset()).getResult()
                  : padding;
  auto guarded = scf::IfOp::create(b, loc, padding.getType(), ok,
                                   /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(guarded.thenBlock());
  Value v = memref::LoadOp::create(b, loc, buffer, offset());
  scf::YieldOp::create(b, loc, v);
  b.setInsertionPointToStart(guarded.elseBlock());
  scf::YieldOp::create(b, loc, padding);
  return guarded.getResult(0);
}

/// `if (ok) buffer[offset()] = value`, likewise.
static void guardedStore(KernelLowering &k, Value value, Value buffer, Value ok,
                         function_ref<Value()> offset, Location loc) {
  OpBuilder &b = k.builder();
  std::optional<int64_t> known = ok ? getConstantIntValue(ok) : 1;
  if (known) {
    if (*known)
      memref::StoreOp::create(b, loc, value, buffer, offset());
    return;
  }
  auto guarded = scf::IfOp::create(b, loc, ok, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(guarded.thenBlock()->getTerminator());
  memref::StoreOp::create(b, loc, value, buffer, offset());
}

static Value loadElement(KernelLowering &k, const Access &a, const Element &el,
                         Value padding, Location loc) {
  Address at = address(k, a, el, loc);
  return guardedLoad(
      k, a.buffer, at.ok, [&] { return at.offsetAt(k, a, loc); }, padding, loc);
}

static void storeElement(KernelLowering &k, const Access &a, const Element &el,
                         Value value, Location loc) {
  Address at = address(k, a, el, loc);
  guardedStore(
      k, value, a.buffer, at.ok, [&] { return at.offsetAt(k, a, loc); }, loc);
}

/// Whether the whole tile lies inside its bounds: i_d + size_d <= bound_d
/// in every dimension. It depends only on values every thread of the
/// threadgroup shares, so both paths below are taken uniformly.
static Value insideBounds(KernelLowering &k, const Access &a, Location loc) {
  Value inside;
  for (auto [d, bound] : llvm::enumerate(a.bounds)) {
    Value end = addIndex(k, a.indices[d], k.index(a.tile.getDimSize(d)), loc);
    Value ok =
        k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::sle, end, bound);
    inside = inside ? k.fold<arith::AndIOp>(loc, inside, ok) : ok;
  }
  return inside;
}

using Emit = function_ref<SmallVector<Value>()>;
using EmitAccess = function_ref<SmallVector<Value>(const Access &)>;

/// `if (condition) then() else otherwise()`, merging the values of `types`
/// that both produce.
static SmallVector<Value> branch(KernelLowering &k, Value condition,
                                 TypeRange types, Emit then, Emit otherwise,
                                 Location loc) {
  // A condition known here (e.g. the alignment of constant offsets) keeps
  // only the side it selects.
  if (std::optional<int64_t> known = getConstantIntValue(condition))
    return *known ? then() : otherwise();
  OpBuilder &b = k.builder();
  auto op =
      scf::IfOp::create(b, loc, types, condition, /*withElseRegion=*/true);
  auto fill = [&](Block *block, Emit emit) {
    OpBuilder::InsertionGuard guard(b);
    if (block->empty()) {
      b.setInsertionPointToEnd(block);
      scf::YieldOp::create(b, loc, emit());
    } else {
      b.setInsertionPoint(block->getTerminator());
      (void)emit();
    }
  };
  fill(op.thenBlock(), then);
  fill(op.elseBlock(), otherwise);
  return SmallVector<Value>(op.getResults());
}

/// Emits `fast(access without bounds)` when the tile is inside its bounds
/// and `guarded(access)` otherwise; returns the values they produce.
static SmallVector<Value>
withInteriorFastPath(KernelLowering &k, const Access &a, TypeRange types,
                     EmitAccess fast, EmitAccess guarded, Location loc) {
  if (a.bounds.empty())
    return fast(a);
  Access unchecked = a;
  unchecked.bounds.clear();
  return branch(
      k, insideBounds(k, a, loc), types, [&] { return fast(unchecked); },
      [&] { return guarded(a); }, loc);
}

//===----------------------------------------------------------------------===//
// Vector loads
//===----------------------------------------------------------------------===//

/// A distributed tile held in groups of 4 along a unit-stride last
/// dimension, of 2- or 4-byte elements, can be read 4 elements at a time.
static bool canVectorize(KernelLowering &k, const Access &a) {
  unsigned bits = a.tile.getElementType().getIntOrFloatBitWidth();
  return k.vectorWidth(a.tile) == 4 && (bits == 16 || bits == 32) &&
         isConstantIntValue(a.strides.back(), 1);
}

/// Whether every group starts on a multiple of 4 elements, so that its
/// vector address is aligned: the last index and the row stride are
/// multiples of 4 (the same for the whole threadgroup).
static Value groupsAligned(KernelLowering &k, const Access &a, Location loc) {
  auto multipleOf4 = [&](Value v) -> Value {
    Value low = k.fold<arith::AndIOp>(loc, v, k.index(3));
    return k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, low,
                                 k.index(0));
  };
  Value aligned = multipleOf4(a.indices.back());
  if (a.tile.getRank() == 2)
    aligned = k.fold<arith::AndIOp>(loc, aligned, multipleOf4(a.strides[0]));
  return aligned;
}

/// Reads the thread's groups of 4 with one vector load each into `array`
/// (no bounds: the caller checked them; a group the thread does not hold
/// reads the padding).
static void loadGroups(KernelLowering &k, const Access &a, Value padding,
                       Value array, Location loc) {
  OpBuilder &b = k.builder();
  Type element = a.tile.getElementType();
  auto vector = VectorType::get({4}, element);
  forEachIndex(k, k.numSlots(a.tile) / 4, loc, [&](Value round) {
    Value slot = mulIndex(k, round, k.index(4), loc);
    auto [e, held] = k.groupIndex(a.tile, round, loc);
    Element first = elementAt(k, a.tile, e, held, loc);
    Value offset = address(k, a, first, loc).offsetAt(k, a, loc);
    auto load = [&](OpBuilder &builder, Location l) -> Value {
      return vector::LoadOp::create(builder, l, vector, a.buffer,
                                    ValueRange{offset});
    };
    Value group;
    if (!first.held) {
      group = load(b, loc);
    } else {
      auto guarded = scf::IfOp::create(
          b, loc, first.held,
          [&](OpBuilder &then, Location l) {
            scf::YieldOp::create(then, l, load(then, l));
          },
          [&](OpBuilder &otherwise, Location l) {
            Value pad =
                vector::BroadcastOp::create(otherwise, l, vector, padding);
            scf::YieldOp::create(otherwise, l, pad);
          });
      group = guarded.getResult(0);
    }
    for (int64_t i = 0; i < 4; ++i)
      storeArray(k, vector::ExtractOp::create(b, loc, group, i), array,
                 addIndex(k, slot, k.index(i), loc), loc);
  });
}

/// A device-memory barrier before an access to a buffer the kernel both
/// loads and stores: a load sees what other threads of the program stored
/// before it, and a store does not overwrite what they have yet to load.
void tile::conversion::orderAccess(KernelLowering &k, Value buffer,
                                   Location loc) {
  if (k.plans().isStoredAndLoaded(buffer))
    applegpu::ThreadgroupBarrierOp::create(
        k.builder(), loc,
        applegpu::MemFlagsAttr::get(k.builder().getContext(),
                                    applegpu::MemFlags::mem_device));
}

/// The padding of a load as an attribute of the element type (default 0).
static TypedAttr paddingOf(KernelLowering &k, LoadOp op, Type element) {
  TypedAttr pad = op.getPaddingAttr()
                      ? op.getPaddingAttr()
                      : cast<TypedAttr>(k.builder().getZeroAttr(element));
  if (auto f = dyn_cast<FloatAttr>(pad))
    return FloatAttr::get(element, f.getValueAsDouble());
  if (auto i = dyn_cast<IntegerAttr>(pad))
    return IntegerAttr::get(element, i.getInt());
  return pad;
}

Value tile::conversion::loadTileElement(KernelLowering &k, Operation *load,
                                        Value row, Value col, Location loc) {
  auto op = cast<LoadOp>(load);
  auto tile = cast<RankedTensorType>(op.getType());
  Access a = accessOf(k, op, tile);
  Type element = tile.getElementType();
  Value padding = a.bounds.empty()
                      ? Value()
                      : k.scalar(element, paddingOf(k, op, element), loc);
  Element el;
  el.row = row;
  el.col = col;
  return loadElement(k, a, el, padding, loc);
}

void tile::conversion::storeTileElement(KernelLowering &k, Operation *store,
                                        Value value, Value row, Value col,
                                        Location loc) {
  auto op = cast<StoreOp>(store);
  Access a = accessOf(k, op, cast<RankedTensorType>(op.getValue().getType()));
  Element el;
  el.row = row;
  el.col = col;
  storeElement(k, a, el, value, loc);
}

LogicalResult tile::conversion::lowerLoad(KernelLowering &k, LoadOp op) {
  Location loc = op.getLoc();
  orderAccess(k, op.getBuffer(), loc);
  auto tile = cast<RankedTensorType>(op.getType());
  Access a = accessOf(k, op, tile);
  Type element = tile.getElementType();
  TypedAttr pad = paddingOf(k, op, element);
  TileForm form = k.formFor(op.getResult());
  bool distributed = form == TileForm::Slots || form == TileForm::Uniform;
  // Padding is read by masked elements and by slots a thread does not hold
  // (at the end of a distributed tile).
  bool partial = distributed && k.hasPartialSlots(tile);
  Value padding =
      a.bounds.empty() && !partial ? Value() : k.scalar(element, pad, loc);

  TileForm held = distributed ? TileForm::Slots : TileForm::LaneElements;
  Value array = k.newTileArray(tile, held, loc);
  auto scalarLoads = [&](const Access &access) {
    if (distributed) {
      forEachIndex(k, k.numSlots(tile), loc, [&](Value s) {
        Value v =
            loadElement(k, access, slotElement(k, tile, s, loc), padding, loc);
        storeArray(k, v, array, s, loc);
      });
      return SmallVector<Value>();
    }
    // An accumulator-shaped operand (e.g. a residual) is read straight into
    // the lanes that hold the matching accumulator elements.
    auto [rows, cols] = k.fragmentGrid(tile);
    forEachFragment(k, rows, cols, loc, [&](Value fi, Value fj, Value f) {
      Value first = mulIndex(k, f, k.index(2), loc);
      for (int64_t e = 0; e < 2; ++e) {
        Value v = loadElement(
            k, access, fragmentElement(k, tile, fi, fj, e, loc), padding, loc);
        storeArray(k, v, array, addIndex(k, first, k.index(e), loc), loc);
      }
    });
    return SmallVector<Value>();
  };
  // In bounds, groups of 4 go with vector loads when their addresses are
  // aligned, else element by element without guards.
  auto fastLoads = [&](const Access &unchecked) {
    if (!distributed || !canVectorize(k, unchecked))
      return scalarLoads(unchecked);
    return branch(
        k, groupsAligned(k, unchecked, loc), {},
        [&] {
          loadGroups(k, unchecked, padding, array, loc);
          return SmallVector<Value>();
        },
        [&] { return scalarLoads(unchecked); }, loc);
  };
  withInteriorFastPath(k, a, {}, fastLoads, scalarLoads, loc);
  k.defineArray(op.getResult(), held, array);
  return success();
}

/// Accumulator fragments inside the bounds, with unit column stride, go
/// out with simdgroup_store (a collective; the condition is the same for
/// the whole threadgroup); everything else element by element.
static LogicalResult storeFragments(KernelLowering &k, StoreOp op,
                                    const Access &a, Value frags) {
  Location loc = op.getLoc();
  OpBuilder &b = k.builder();
  RankedTensorType tile = a.tile;
  int64_t rows, cols;
  std::tie(rows, cols) = k.fragmentGrid(tile);
  auto storeGuarded = [&]() {
    forEachFragment(k, rows, cols, loc, [&](Value fi, Value fj, Value f) {
      Value m = loadArray(k, frags, f, loc);
      for (int64_t e = 0; e < 2; ++e) {
        Value x = applegpu::SimdgroupGetElementOp::create(
            b, loc, tile.getElementType(), m, e);
        storeElement(k, a, fragmentElement(k, tile, fi, fj, e, loc), x, loc);
      }
    });
  };
  if (!isConstantIntValue(a.strides[1], 1)) {
    storeGuarded();
    return success();
  }
  auto storeFast = [&]() {
    auto [rowOrigin, colOrigin] = k.simdgroupOrigin(tile);
    Value rowBase = addIndex(k, a.indices[0], rowOrigin, loc);
    Value colBase = addIndex(k, a.indices[1], colOrigin, loc);
    forEachFragment(k, rows, cols, loc, [&](Value fi, Value fj, Value f) {
      Value row = addIndex(k, rowBase, mulIndex(k, fi, k.index(8), loc), loc);
      Value col = addIndex(k, colBase, mulIndex(k, fj, k.index(8), loc), loc);
      Value offset = addIndex(k, mulIndex(k, row, a.strides[0], loc), col, loc);
      applegpu::SimdgroupStoreOp::create(b, loc, loadArray(k, frags, f, loc),
                                         a.buffer, offset, a.strides[0]);
    });
  };
  if (a.bounds.empty()) {
    storeFast();
    return success();
  }
  Value inside = insideBounds(k, a, loc);
  if (std::optional<int64_t> known = getConstantIntValue(inside)) {
    *known ? storeFast() : storeGuarded();
    return success();
  }
  auto branch = scf::IfOp::create(b, loc, inside, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  storeFast();
  b.setInsertionPointToStart(branch.elseBlock());
  storeGuarded();
  return success();
}

LogicalResult tile::conversion::lowerStore(KernelLowering &k, StoreOp op) {
  Location loc = op.getLoc();
  orderAccess(k, op.getBuffer(), loc);
  auto tile = cast<RankedTensorType>(op.getValue().getType());
  Access a = accessOf(k, op, tile);
  TileForm form = k.formFor(op.getValue());
  // A splat is stored from its one scalar, slot by slot.
  Value uniform, array;
  if (k.isUniform(op.getValue())) {
    FailureOr<TileValue> held = k.get(op.getValue(), TileForm::Uniform, loc);
    if (failed(held))
      return failure();
    uniform = held->values[0];
    form = TileForm::Slots;
  } else {
    if (form == TileForm::Uniform)
      form = TileForm::Slots;
    FailureOr<Value> got = k.getArray(op.getValue(), form, loc);
    if (failed(got))
      return failure();
    array = *got;
  }
  if (form == TileForm::Fragments)
    return storeFragments(k, op, a, array);
  auto element = [&](Value i) {
    return uniform ? uniform : loadArray(k, array, i, loc);
  };
  auto stores = [&](const Access &access) {
    if (form == TileForm::LaneElements) {
      auto [rows, cols] = k.fragmentGrid(tile);
      forEachFragment(k, rows, cols, loc, [&](Value fi, Value fj, Value f) {
        Value first = mulIndex(k, f, k.index(2), loc);
        for (int64_t e = 0; e < 2; ++e)
          storeElement(k, access, fragmentElement(k, tile, fi, fj, e, loc),
                       element(addIndex(k, first, k.index(e), loc)), loc);
      });
      return SmallVector<Value>();
    }
    forEachIndex(k, k.numSlots(tile), loc, [&](Value s) {
      storeElement(k, access, slotElement(k, tile, s, loc), element(s), loc);
    });
    return SmallVector<Value>();
  };
  withInteriorFastPath(k, a, {}, stores, stores, loc);
  return success();
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// Whether a scalar access is inside its bound (null: no bound), and its
/// offset, to be computed where that holds (see Address).
template <typename OpTy>
static std::pair<Value, std::function<Value()>> scalarAddress(KernelLowering &k,
                                                              OpTy op) {
  Location loc = op.getLoc();
  Value index = k.mapped(op.getIndices()[0]);
  Value stride =
      op.getStrides().empty() ? Value() : k.mapped(op.getStrides()[0]);
  Value ok;
  if (op.getBounds().empty()) {
    Value offset = stride ? mulIndex(k, index, stride, loc) : index;
    return {ok, [offset] { return offset; }};
  }
  ok = k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, index,
                             k.mapped(op.getBounds()[0]));
  return {ok, [&k, index, stride, loc] {
            return stride ? mulIndex(k, index, stride, loc) : index;
          }};
}

/// Every thread reads the element (the same value for all).
LogicalResult tile::conversion::lowerScalarLoad(KernelLowering &k, LoadOp op) {
  Location loc = op.getLoc();
  orderAccess(k, op.getBuffer(), loc);
  Type type = op.getType();
  auto [ok, offset] = scalarAddress(k, op);
  Value padding = ok ? k.scalar(type, paddingOf(k, op, type), loc) : Value();
  k.map(op.getResult(),
        guardedLoad(k, k.mapped(op.getBuffer()), ok, offset, padding, loc));
  return success();
}

/// One store per program: thread 0 writes.
LogicalResult tile::conversion::lowerScalarStore(KernelLowering &k,
                                                 StoreOp op) {
  Location loc = op.getLoc();
  orderAccess(k, op.getBuffer(), loc);
  auto [ok, offset] = scalarAddress(k, op);
  Value writer = k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                       k.threadIndex(), k.index(0));
  if (ok)
    writer = k.fold<arith::AndIOp>(loc, writer, ok);
  guardedStore(k, k.mapped(op.getValue()), k.mapped(op.getBuffer()), writer,
               offset, loc);
  return success();
}
