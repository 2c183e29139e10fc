//===- LowerControlFlow.cpp - scf.for, scf.if and scalar code -------------===//
//
// Loops and branches are rebuilt with each tile they carry flattened into
// the values that hold it (fragments for accumulators, slots otherwise);
// scalar code (index arithmetic on program ids, bounds, ...) is copied.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// Where each source value of a loop or branch lives in the flattened list.
struct Flattening {
  SmallVector<std::pair<unsigned, unsigned>> ranges; ///< begin, size
  SmallVector<TileForm> forms;
  SmallVector<Type> types;
  /// Per source value: the cooperative tensor that holds it across the
  /// loop or branch (tensor ops), updated in place; null for the others.
  SmallVector<Value> handles;
  /// Per source value: the array a loop carries it in (not a loop value:
  /// the body's yield writes it); null for the others.
  SmallVector<Value> arrays;
};
} // namespace

/// The carried form of a source value: tiles as fragments or slots (never
/// uniform: the loop may change them), scalars as themselves.
static std::optional<TileForm> carriedForm(KernelLowering &k, Value v) {
  if (!isa<RankedTensorType>(v.getType()))
    return std::nullopt;
  TileForm form = k.formFor(v);
  if (form == TileForm::PerElement)
    return TileForm::Cooperative;
  return form == TileForm::Uniform ? TileForm::Slots : form;
}

/// `arrays`, when given, holds per source value the array carrying it (or
/// null): those values are not flattened.
static FailureOr<Flattening> flatten(KernelLowering &k, ValueRange sourceValues,
                                     ValueRange witnesses,
                                     SmallVectorImpl<Value> *values,
                                     Location loc,
                                     ArrayRef<Value> arrays = {}) {
  Flattening f;
  f.arrays.assign(arrays.begin(), arrays.end());
  f.arrays.resize(sourceValues.size());
  for (auto [i, v, witness] : llvm::enumerate(sourceValues, witnesses)) {
    unsigned begin = f.types.size();
    std::optional<TileForm> form = carriedForm(k, witness);
    if (f.arrays[i]) {
      f.forms.push_back(*form);
      f.ranges.push_back({begin, 0});
      continue;
    }
    if (!form) {
      f.types.push_back(v.getType());
      if (values)
        values->push_back(k.mapped(v));
      f.forms.push_back(TileForm::Uniform);
      f.ranges.push_back({begin, 1});
      continue;
    }
    if (*form == TileForm::Cooperative) {
      // Not a loop value: a cooperative tensor updated in place.
      f.forms.push_back(*form);
      f.ranges.push_back({begin, 0});
      continue;
    }
    auto type = cast<RankedTensorType>(v.getType());
    int64_t n = k.count(type, *form);
    Type element = type.getElementType();
    Type held = *form == TileForm::Fragments
                    ? Type(applegpu::SimdgroupMatrixType::get(element))
                    : element;
    f.types.append(n, held);
    f.forms.push_back(*form);
    f.ranges.push_back({begin, static_cast<unsigned>(n)});
    if (values) {
      FailureOr<TileValue> tile = k.get(v, *form, loc);
      if (failed(tile))
        return failure();
      values->append(tile->values.begin(), tile->values.end());
    }
  }
  return f;
}

/// Defines the source values `sourceValues` from the flattened `values`.
static void unflatten(KernelLowering &k, const Flattening &f,
                      ValueRange sourceValues, ValueRange values) {
  for (auto [i, v] : llvm::enumerate(sourceValues)) {
    auto [begin, size] = f.ranges[i];
    if (!isa<RankedTensorType>(v.getType())) {
      k.map(v, values[begin]);
      continue;
    }
    if (f.forms[i] == TileForm::Cooperative) {
      k.define(v, TileValue{TileForm::Cooperative, {f.handles[i]}});
      continue;
    }
    if (f.arrays[i]) {
      k.defineArray(v, f.forms[i], f.arrays[i]);
      continue;
    }
    k.define(v,
             TileValue{f.forms[i], llvm::to_vector(values.slice(begin, size))});
  }
}

/// The cooperative tensors that carry a loop's or branch's cooperative
/// values: for a loop, its initial values (updated in place when nothing
/// else reads them), for a branch new ones.
static LogicalResult makeHandles(KernelLowering &k, Flattening &f,
                                 ValueRange results, ValueRange inits,
                                 Location loc) {
  f.handles.assign(results.size(), Value());
  for (auto [i, result] : llvm::enumerate(results)) {
    if (f.forms[i] != TileForm::Cooperative)
      continue;
    FailureOr<Type> type = k.cooperativeTypeOf(result);
    if (failed(type))
      return failure();
    if (inits.empty()) {
      f.handles[i] =
          applegpu::CooperativeDestinationOp::create(k.builder(), loc, *type);
      continue;
    }
    FailureOr<Value> handle = materializeCooperative(
        k, inits[i], *type, /*inPlace=*/inits[i].hasOneUse(), loc);
    if (failed(handle))
      return failure();
    f.handles[i] = *handle;
  }
  return success();
}

/// Writes the yielded cooperative values into the carrying cooperative
/// tensors (nothing to do for one already held there).
static LogicalResult assignYielded(KernelLowering &k, const Flattening &f,
                                   scf::YieldOp yield) {
  DenseMap<Type, std::pair<SmallVector<Value>, SmallVector<Value>>> byType;
  SmallVector<Type> order;
  for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
    if (f.forms[i] != TileForm::Cooperative)
      continue;
    const TileValue &held = k.current(v);
    if (held.form == TileForm::Cooperative && held.values[0] == f.handles[i])
      continue;
    Type type = f.handles[i].getType();
    if (!byType.count(type))
      order.push_back(type);
    byType[type].first.push_back(v);
    byType[type].second.push_back(f.handles[i]);
  }
  for (Type type : order)
    if (failed(assignCooperative(k, byType[type].first, byType[type].second,
                                 yield.getLoc())))
      return failure();
  return success();
}

/// Writes the yielded tiles into the arrays the loop carries them in
/// (nothing for one already there). A yielded tile held in another carried
/// array is copied aside first, so no copy reads an array already written.
static LogicalResult assignCarriedArrays(KernelLowering &k, const Flattening &f,
                                         scf::YieldOp yield) {
  Location loc = yield.getLoc();
  SmallVector<Value> from(f.arrays.size());
  for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
    if (!f.arrays[i])
      continue;
    FailureOr<Value> array = k.getArray(v, f.forms[i], loc);
    if (failed(array))
      return failure();
    from[i] = *array;
  }
  for (auto [i, array] : llvm::enumerate(from))
    if (array && array != f.arrays[i] && llvm::is_contained(f.arrays, array)) {
      auto type = cast<MemRefType>(array.getType());
      Value aside =
          k.newArray(type.getElementType(), type.getNumElements(), loc);
      copyArray(k, array, aside, loc);
      array = aside;
    }
  for (auto [array, carried] : llvm::zip(from, f.arrays))
    if (array && array != carried)
      copyArray(k, array, carried, loc);
  return success();
}

/// `extra` values are yielded after the flattened source values.
static LogicalResult lowerYield(KernelLowering &k, scf::YieldOp yield,
                                ValueRange witnesses, const Flattening &f,
                                ValueRange extra = {}) {
  // The yield's copies of another dot's tiles are planned at the yield.
  Operation *parent = k.setCurrentOp(yield);
  llvm::scope_exit restore([&] { k.setCurrentOp(parent); });
  if (failed(assignYielded(k, f, yield)) ||
      failed(assignCarriedArrays(k, f, yield)))
    return failure();
  SmallVector<Value> values;
  if (failed(flatten(k, yield.getOperands(), witnesses, &values, yield.getLoc(),
                     f.arrays)))
    return failure();
  values.append(extra.begin(), extra.end());
  scf::YieldOp::create(k.builder(), yield.getLoc(), values);
  return success();
}

/// The dots of a pipelined loop (tile.num_stages >= 2) may alternate
/// between two staging halves (DotStaging.cpp decides): staging step j of
/// iteration i uses half (i * steps + j) mod 2. With an odd number of steps
/// per iteration that depends on the iteration, so the loop carries its
/// parity (an extra index value, 0 or 1, after the source's values).
LogicalResult tile::conversion::lowerFor(KernelLowering &k, scf::ForOp loop) {
  Location loc = loop.getLoc();
  std::optional<int64_t> alternating = k.plans().alternatingSteps(loop);
  bool carriesParity = alternating && *alternating % 2 == 1;
  // Readers of buffers that share the staging halves' bytes are done before
  // the first step writes a half.
  if (k.plans().reusesAlternatingLoop(loop))
    threadgroupBarrier(k, loc);
  // Tiles are carried in arrays: the initial value's own when the loop is
  // its last reader, else a copy.
  SmallVector<Value> arrays;
  for (auto [init, result] : llvm::zip(loop.getInitArgs(), loop.getResults())) {
    std::optional<TileForm> form = carriedForm(k, result);
    if (!form || *form == TileForm::Cooperative) {
      arrays.push_back(Value());
      continue;
    }
    FailureOr<Value> array = k.getArrayToUpdate(init, *form, loop, loc);
    if (failed(array))
      return failure();
    arrays.push_back(*array);
  }
  SmallVector<Value> inits;
  FailureOr<Flattening> f =
      flatten(k, loop.getInitArgs(), loop.getResults(), &inits, loc, arrays);
  if (failed(f) ||
      failed(makeHandles(k, *f, loop.getResults(), loop.getInitArgs(), loc)))
    return failure();
  if (carriesParity)
    inits.push_back(k.index(0));
  auto newLoop = scf::ForOp::create(
      k.builder(), loc, k.mapped(loop.getLowerBound()),
      k.mapped(loop.getUpperBound()), k.mapped(loop.getStep()), inits);
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    newLoop->setAttr(attr.getName(), attr.getValue());
  // A loop of the program is unrolled by Metal's compiler only on request
  // (tile.unroll: the program's, or tile-unroll's for a remainder loop);
  // the conversion's own loops are, so that their arrays become registers.
  newLoop->setAttr(
      applegpu::AppleGPUDialect::getUnrollAttrName(),
      k.builder().getBoolAttr(loop->hasAttr(TileDialect::getUnrollAttrName())));
  {
    OpBuilder::InsertionGuard guard(k.builder());
    Block *body = newLoop.getBody();
    if (!body->empty())
      body->getTerminator()->erase();
    k.builder().setInsertionPointToEnd(body);
    k.map(loop.getInductionVar(), newLoop.getInductionVar());
    unflatten(k, *f, loop.getRegionIterArgs(), newLoop.getRegionIterArgs());
    // The body of an alternating loop counts its own staging steps.
    std::optional<KernelLowering::Alternation> outer;
    if (alternating)
      outer = k.plans().swapAlternation(KernelLowering::Alternation{
          carriesParity ? newLoop.getRegionIterArgs().back() : Value(), 0});
    if (failed(k.lowerBlock(*loop.getBody())))
      return failure();
    SmallVector<Value> extra;
    if (carriesParity)
      extra.push_back(k.fold<arith::SubIOp>(loc, k.index(1),
                                            k.plans().alternation()->parity));
    if (alternating)
      k.plans().swapAlternation(outer);
    if (failed(lowerYield(k,
                          cast<scf::YieldOp>(loop.getBody()->getTerminator()),
                          loop.getResults(), *f, extra)))
      return failure();
  }
  // The last steps left their halves without a trailing barrier: one here
  // lets any later staging rewrite them.
  if (alternating)
    threadgroupBarrier(k, loc);
  unflatten(k, *f, loop.getResults(), newLoop.getResults());
  return success();
}

LogicalResult tile::conversion::lowerIf(KernelLowering &k, scf::IfOp branch) {
  Location loc = branch.getLoc();
  FailureOr<Flattening> f =
      flatten(k, branch.getResults(), branch.getResults(), nullptr, loc);
  if (failed(f) ||
      failed(makeHandles(k, *f, branch.getResults(), ValueRange(), loc)))
    return failure();
  bool hasElse = !branch.getElseRegion().empty();
  auto newIf = scf::IfOp::create(k.builder(), loc, f->types,
                                 k.mapped(branch.getCondition()), hasElse);
  auto lowerRegion = [&](Region &from, Region &to) -> LogicalResult {
    OpBuilder::InsertionGuard guard(k.builder());
    Block *block = &to.front();
    if (!block->empty())
      block->getTerminator()->erase();
    k.builder().setInsertionPointToEnd(block);
    Block &source = from.front();
    if (failed(k.lowerBlock(source)))
      return failure();
    return lowerYield(k, cast<scf::YieldOp>(source.getTerminator()),
                      branch.getResults(), *f);
  };
  if (failed(lowerRegion(branch.getThenRegion(), newIf.getThenRegion())))
    return failure();
  if (hasElse &&
      failed(lowerRegion(branch.getElseRegion(), newIf.getElseRegion())))
    return failure();
  unflatten(k, *f, branch.getResults(), newIf.getResults());
  return success();
}

/// Scalar ops of the ordinary dialects are copied as they are.
bool tile::conversion::isCopyableScalarOp(Operation &op) {
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  return op.getNumRegions() == 0 &&
         isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) &&
         llvm::none_of(op.getOperandTypes(), isTensor) &&
         llvm::none_of(op.getResultTypes(), isTensor);
}

LogicalResult tile::conversion::lowerScalarOp(KernelLowering &k,
                                              Operation &op) {
  // Constants go to the top of the kernel, one per value.
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto value = cast<TypedAttr>(constant.getValue());
    std::optional<int64_t> i = getConstantIntValue(constant.getResult());
    k.map(constant.getResult(),
          constant.getType().isIndex() && i
              ? k.index(*i)
              : k.scalar(constant.getType(), value, constant.getLoc()));
    return success();
  }
  Operation *copy = k.builder().clone(op);
  for (OpOperand &operand : copy->getOpOperands())
    operand.set(k.mapped(operand.get()));
  if (copy->getNumResults() == 1) {
    k.map(op.getResult(0), k.foldCreated(copy));
    return success();
  }
  for (auto [from, to] : llvm::zip(op.getResults(), copy->getResults()))
    k.map(from, to);
  return success();
}

LogicalResult tile::conversion::lowerForRange(KernelLowering &, ForRangeOp op) {
  return op.emitOpError() << "must be lowered to scf.for first "
                             "(tile-for-range-to-scf, part of the "
                             "tile-to-applegpu pipeline)";
}
