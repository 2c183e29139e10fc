//===- LowerLayout.cpp - tile.convert_layout, tile.broadcast, tile.arange -===//
//
// A layout conversion goes through threadgroup memory: every element is
// written once, by one of the threads that hold it, and each thread reads
// the elements its new layout gives it, each distinct position once. A
// broadcast of a slice to its parent layout moves nothing: a slice is held
// per element of its parent already. tile.arange computes each element
// from its position.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

//===----------------------------------------------------------------------===//
// Where each held value is
//===----------------------------------------------------------------------===//

std::optional<int64_t> tile::conversion::sliceDim(RankedTensorType type) {
  if (auto slice =
          dyn_cast_if_present<applegpu::SliceLayoutAttr>(type.getEncoding()))
    return slice.getDim();
  return std::nullopt;
}

void tile::conversion::forEachHeld(
    KernelLowering &k, RankedTensorType type, TileForm form, Location loc,
    function_ref<void(int64_t index, int64_t key, const HeldElement &)> fn) {
  std::optional<int64_t> dim = sliceDim(type);
  RankedTensorType geometry = k.geometry(type);
  // The layout places each value (a slice: at its parent's row or column,
  // one of the copies owning the element); the form only says which layout
  // a tile held otherwise is read in.
  applegpu::LayoutAttrInterface layout;
  if (dim)
    layout = cast<applegpu::LayoutAttrInterface>(type.getEncoding());
  else if (form == TileForm::Slots)
    layout = k.slotLayout(type);
  else
    layout = k.fragmentsLayout(type);
  auto visit = [&](int64_t index, int64_t key,
                   ArrayRef<OpFoldResult> valueIndex) {
    LoweringIndexEmitter emitter(k, loc);
    FailureOr<applegpu::ElementPosition> el =
        layout.emitPosition(emitter, type.getShape(), valueIndex);
    assert(succeeded(el) && "slots and lane elements have positions");
    HeldElement h;
    h.held = el->held;
    if (dim) {
      h.position = el->row;
      h.writer = el->owner;
    } else if (geometry.getRank() == 2) {
      h.position = addIndex(
          k, mulIndex(k, el->row, k.index(geometry.getDimSize(1)), loc),
          el->col, loc);
      h.writer = el->held;
    } else {
      h.position = el->row;
      h.writer = el->held;
    }
    fn(index, key, h);
  };
  auto at = [&](int64_t i) -> OpFoldResult {
    return k.builder().getIndexAttr(i);
  };
  if (form == TileForm::Slots) {
    int64_t width = k.vectorWidth(type);
    for (int64_t s = 0, n = k.numSlots(type); s < n; ++s)
      visit(s, dim && *dim == 1 ? s / width : s, {at(s)});
    return;
  }
  auto [rows, cols] = k.fragmentGrid(type);
  for (int64_t fi = 0; fi < rows; ++fi)
    for (int64_t fj = 0; fj < cols; ++fj)
      for (int64_t e = 0; e < 2; ++e) {
        int64_t index = (fi * cols + fj) * 2 + e;
        int64_t key = !dim ? index : *dim == 1 ? fi : fj * 2 + e;
        visit(index, key, {at(fi), at(fj), at(e)});
      }
}

//===----------------------------------------------------------------------===//
// tile.convert_layout
//===----------------------------------------------------------------------===//

static bool movesNothing(Value input, RankedTensorType to) {
  auto from = cast<RankedTensorType>(input.getType());
  return from == to ||
         isa_and_nonnull<applegpu::UniformLayoutAttr>(from.getEncoding());
}

int64_t tile::conversion::scratchBytes(const KernelConfig &config,
                                       Operation &op) {
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    RankedTensorType to = convert.getType();
    // A conversion to a dot's view moves nothing itself (the dot stages).
    if (movesNothing(convert.getInput(), to) ||
        isa_and_nonnull<applegpu::ViewLayoutAttr>(to.getEncoding()))
      return 0;
    return to.getNumElements() * applegpu::mslElementBytes(to.getElementType());
  }
  if (auto dot = dyn_cast<DotOp>(op);
      dot && dot->hasAttr(TileDialect::getMatvecAttrName()))
    return matvecScratchBytes(dot, config);
  return reduceScratchBytes(config, op);
}

/// The threadgroup barrier that orders the accesses to scratch memory.
void tile::conversion::threadgroupBarrier(KernelLowering &k, Location loc) {
  applegpu::ThreadgroupBarrierOp::create(
      k.builder(), loc,
      applegpu::MemFlagsAttr::get(k.builder().getContext(),
                                  applegpu::MemFlags::mem_threadgroup));
}

FailureOr<Value> tile::conversion::writeToMemory(KernelLowering &k, Value tile,
                                                 Location loc) {
  auto from = cast<RankedTensorType>(tile.getType());
  TileForm fromForm = k.elementForm(tile);
  FailureOr<TileValue> held = k.get(tile, fromForm, loc);
  if (failed(held))
    return failure();
  FailureOr<Value> buffer =
      k.allocThreadgroup(from.getElementType(), from.getNumElements(), loc);
  if (failed(buffer))
    return failure();
  // Earlier readers of the buffer (a conversion in a loop) are done before
  // it is written, and it is complete before it is read.
  threadgroupBarrier(k, loc);
  // Copies of a slice's element share a key; only the first copy can be
  // the writer (the other coordinate is 0 there), so only it is stored.
  DenseSet<int64_t> written;
  forEachHeld(k, from, fromForm, loc,
              [&](int64_t index, int64_t key, const HeldElement &h) {
                if (written.insert(key).second)
                  storeIfHeld(k, held->values[index], *buffer, h.position,
                              h.writer, loc);
              });
  threadgroupBarrier(k, loc);
  return *buffer;
}

TileValue tile::conversion::readFromMemory(KernelLowering &k, Value buffer,
                                           RankedTensorType to, TileForm form,
                                           Location loc) {
  OpBuilder &b = k.builder();
  TileValue result{form, {}};
  DenseMap<int64_t, Value> readByKey;
  forEachHeld(
      k, to, form, loc, [&](int64_t, int64_t key, const HeldElement &h) {
        Value &value = readByKey[key];
        if (!value) {
          // A position the thread does not hold reads element 0.
          Value position = h.position;
          if (h.held)
            position =
                k.fold<arith::SelectOp>(loc, h.held, position, k.index(0));
          value = memref::LoadOp::create(b, loc, buffer, position);
        }
        result.values.push_back(value);
      });
  return result;
}

FailureOr<TileValue> tile::conversion::moveThroughMemory(KernelLowering &k,
                                                         Value tile,
                                                         RankedTensorType to,
                                                         Location loc) {
  FailureOr<Value> buffer = writeToMemory(k, tile, loc);
  if (failed(buffer))
    return failure();
  TileForm toForm =
      isa<applegpu::FragmentsLayoutAttr>(applegpu::rootLayout(to.getEncoding()))
          ? TileForm::LaneElements
          : TileForm::Slots;
  return readFromMemory(k, *buffer, to, toForm, loc);
}

LogicalResult tile::conversion::lowerConvert(KernelLowering &k,
                                             ConvertLayoutOp op) {
  Location loc = op.getLoc();
  RankedTensorType to = op.getType();
  if (movesNothing(op.getInput(), to)) {
    k.define(op.getResult(), k.current(op.getInput()));
    return success();
  }
  if (isa_and_nonnull<applegpu::UniformLayoutAttr>(to.getEncoding()))
    return op.emitOpError()
           << "cannot make a tile uniform: its elements may differ";
  FailureOr<TileValue> moved = moveThroughMemory(k, op.getInput(), to, loc);
  if (failed(moved))
    return failure();
  k.define(op.getResult(), std::move(*moved));
  return success();
}

//===----------------------------------------------------------------------===//
// tile.broadcast and tile.arange
//===----------------------------------------------------------------------===//

LogicalResult tile::conversion::lowerBroadcast(KernelLowering &k,
                                               BroadcastOp op) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  auto result = cast<RankedTensorType>(op.getType());
  const TileValue &held = k.current(op.getInput());
  if (held.form == TileForm::Uniform) {
    k.define(op.getResult(), held);
    return success();
  }
  auto slice =
      dyn_cast_if_present<applegpu::SliceLayoutAttr>(input.getEncoding());
  if (!slice || slice.getParent() != result.getEncoding() ||
      slice.getDim() != 1 - static_cast<int64_t>(op.getDim()))
    return op.emitOpError()
           << "needs its input in the layout #applegpu.slice<dim = "
           << 1 - op.getDim() << ", ...> of its result's layout "
           << result.getEncoding() << " (tile-assign-layouts converts it)";
  k.define(op.getResult(), held);
  return success();
}

LogicalResult tile::conversion::lowerArange(KernelLowering &k, ArangeOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = op.getType();
  TileForm form = k.formFor(op.getResult());
  if (form == TileForm::Uniform)
    return op.emitOpError() << "cannot be uniform: its elements differ";
  TileValue result{form, {}};
  Type element = type.getElementType();
  forEachHeld(k, type, form, loc, [&](int64_t, int64_t, const HeldElement &h) {
    Value v = h.position;
    if (!element.isIndex())
      v = k.fold<arith::IndexCastOp>(loc, element, v);
    result.values.push_back(v);
  });
  k.define(op.getResult(), std::move(result));
  return success();
}
