//===- TileArrays.cpp - tiles held in thread-private arrays ---------------===//
//
// A thread holds its part of a tile (its slots, fragments or lane
// elements) in a private array, and the code that works on the tile is a
// loop over that array with constant bounds. The Metal compiler unrolls
// such loops and keeps the arrays in registers, so the kernel we emit
// stays the size of the source kernel whatever the tile size.
//
// An array is written once, by the op that defines its tile, except where
// a later op updates it in place: only the tile's last reader may (its
// only use, in the block that defines it, so once per definition), which
// keeps every array a plain value for the code that reads it.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

void tile::conversion::forEachIndex(KernelLowering &k, int64_t upper,
                                    Location loc,
                                    function_ref<void(Value)> body,
                                    int64_t step) {
  if (upper <= 0)
    return;
  if (upper <= step) {
    body(k.index(0));
    return;
  }
  auto loop = scf::ForOp::create(k.builder(), loc, k.index(0), k.index(upper),
                                 k.index(step));
  OpBuilder::InsertionGuard guard(k.builder());
  k.builder().setInsertionPoint(loop.getBody()->getTerminator());
  body(loop.getInductionVar());
}

void tile::conversion::forEachFragment(
    KernelLowering &k, int64_t rows, int64_t cols, Location loc,
    function_ref<void(Value, Value, Value)> body) {
  forEachIndex(k, rows, loc, [&](Value fi) {
    forEachIndex(k, cols, loc, [&](Value fj) {
      Value f = addIndex(k, mulIndex(k, fi, k.index(cols), loc), fj, loc);
      body(fi, fj, f);
    });
  });
}

Value tile::conversion::loadArray(KernelLowering &k, Value array, Value index,
                                  Location loc) {
  return memref::LoadOp::create(k.builder(), loc, array, index);
}

void tile::conversion::storeArray(KernelLowering &k, Value value, Value array,
                                  Value index, Location loc) {
  memref::StoreOp::create(k.builder(), loc, value, array, index);
}

void tile::conversion::copyArray(KernelLowering &k, Value from, Value to,
                                 Location loc) {
  int64_t n = cast<MemRefType>(to.getType()).getNumElements();
  forEachIndex(k, n, loc, [&](Value i) {
    storeArray(k, loadArray(k, from, i, loc), to, i, loc);
  });
}

//===----------------------------------------------------------------------===//
// Arrays of tiles
//===----------------------------------------------------------------------===//

Value KernelLowering::newArray(Type element, int64_t n, Location loc) {
  return memref::AllocaOp::create(builder(), loc,
                                  MemRefType::get({n}, element));
}

Value KernelLowering::newTileArray(RankedTensorType type, TileForm form,
                                   Location loc) {
  Type element = type.getElementType();
  if (form == TileForm::Fragments)
    element = applegpu::SimdgroupMatrixType::get(element);
  return newArray(element, count(type, form), loc);
}

FailureOr<Value> KernelLowering::getArray(Value tile, TileForm want,
                                          Location loc) {
  const TileValue *held = valueMap.find(tile);
  if (!held)
    return emitError(loc) << "internal error: tile used before it is lowered";
  TileValue have = *held;
  auto type = cast<RankedTensorType>(tile.getType());
  if (have.array && have.form == want)
    return have.array;
  Type element = type.getElementType();
  Value out = newTileArray(type, want, loc);

  if (have.form == TileForm::Uniform) {
    Value s = have.values[0];
    if (want == TileForm::Fragments)
      s = applegpu::SimdgroupFillOp::create(
          builder(), loc, applegpu::SimdgroupMatrixType::get(element), s);
    forEachIndex(*this, count(type, want), loc,
                 [&](Value i) { storeArray(*this, s, out, i, loc); });
    return out;
  }
  if (!have.array) {
    // Held as values (layout conversions and reductions make those).
    FailureOr<TileValue> values = get(tile, want, loc);
    if (failed(values))
      return failure();
    for (auto [i, v] : llvm::enumerate(values->values))
      storeArray(*this, v, out, index(i), loc);
    return out;
  }
  auto [rows, cols] = fragmentGrid(type);
  if (have.form == TileForm::Fragments && want == TileForm::LaneElements) {
    forEachIndex(*this, rows * cols, loc, [&](Value f) {
      Value m = loadArray(*this, have.array, f, loc);
      Value first = mulIndex(*this, f, index(2), loc);
      for (int32_t e = 0; e < 2; ++e)
        storeArray(*this,
                   applegpu::SimdgroupGetElementOp::create(builder(), loc,
                                                           element, m, e),
                   out, addIndex(*this, first, index(e), loc), loc);
    });
    return out;
  }
  if (have.form == TileForm::LaneElements && want == TileForm::Fragments) {
    auto matrix = applegpu::SimdgroupMatrixType::get(element);
    Value zero = scalar(element, builder().getZeroAttr(element), loc);
    Value blank =
        applegpu::SimdgroupFillOp::create(builder(), loc, matrix, zero);
    forEachIndex(*this, rows * cols, loc, [&](Value f) {
      Value first = mulIndex(*this, f, index(2), loc);
      Value m = blank;
      for (int32_t e = 0; e < 2; ++e)
        m = applegpu::SimdgroupSetElementOp::create(
            builder(), loc, matrix,
            loadArray(*this, have.array, addIndex(*this, first, index(e), loc),
                      loc),
            m, e);
      storeArray(*this, m, out, f, loc);
    });
    return out;
  }
  return layoutMismatch(type, loc);
}

bool KernelLowering::mayUpdateInPlace(Value tile, Operation *user) const {
  const TileValue *held = valueMap.find(tile);
  if (!held || !held->array)
    return false;
  Block *defined = isa<BlockArgument>(tile)
                       ? cast<BlockArgument>(tile).getOwner()
                       : tile.getDefiningOp()->getBlock();
  return tile.hasOneUse() && user->getBlock() == defined &&
         valueMap.owns(tile, held->array);
}

FailureOr<Value> KernelLowering::getArrayToUpdate(Value tile, TileForm want,
                                                  Operation *user,
                                                  Location loc) {
  if (!isLowered(tile))
    return emitError(loc) << "internal error: tile used before it is lowered";
  const TileValue &have = current(tile);
  bool own = have.array && have.form == want;
  FailureOr<Value> array = getArray(tile, want, loc);
  if (failed(array) || !own || mayUpdateInPlace(tile, user))
    return array;
  Value copy =
      newArray(cast<MemRefType>(array->getType()).getElementType(),
               cast<MemRefType>(array->getType()).getNumElements(), loc);
  copyArray(*this, *array, copy, loc);
  return copy;
}

//===----------------------------------------------------------------------===//
// Element-by-element loops
//===----------------------------------------------------------------------===//

FailureOr<ElementLoop> ElementLoop::make(KernelLowering &k, ValueRange operands,
                                         TileForm form, Location loc) {
  ElementLoop loop;
  loop.form = form;
  for (Value v : operands) {
    loop.sources.push_back(v);
    loop.reused.push_back(false);
    if (!isa<RankedTensorType>(v.getType())) {
      loop.scalars.push_back(k.mapped(v));
      loop.arrays.push_back(Value());
      continue;
    }
    if (form == TileForm::Uniform || k.isUniform(v)) {
      FailureOr<TileValue> held = k.get(v, TileForm::Uniform, loc);
      if (failed(held))
        return failure();
      loop.scalars.push_back(held->values[0]);
      loop.arrays.push_back(Value());
      continue;
    }
    FailureOr<Value> array = k.getArray(v, form, loc);
    if (failed(array))
      return failure();
    loop.scalars.push_back(Value());
    loop.arrays.push_back(*array);
  }
  return loop;
}

Value ElementLoop::outputFor(KernelLowering &k, RankedTensorType type,
                             Operation *user, Location loc) {
  for (auto [i, array] : llvm::enumerate(arrays)) {
    if (!array || reused[i] ||
        cast<MemRefType>(array.getType()).getElementType() !=
            type.getElementType())
      continue;
    // A converted copy is this op's own; the operand's array only when
    // this op is its last reader.
    bool temporary = k.current(sources[i]).array != array;
    if (!temporary && !k.mayUpdateInPlace(sources[i], user))
      continue;
    reused[i] = true;
    return array;
  }
  return k.newTileArray(type, form, loc);
}

void ElementLoop::run(KernelLowering &k, RankedTensorType type, Location loc,
                      function_ref<void(ArrayRef<Value>, Value)> body) {
  int64_t n = form == TileForm::Uniform ? 1 : k.count(type, form);
  forEachIndex(k, n, loc, [&](Value i) {
    SmallVector<Value> values;
    for (auto [scalar, array] : llvm::zip(scalars, arrays))
      values.push_back(scalar ? scalar : loadArray(k, array, i, loc));
    body(values, i);
  });
}
