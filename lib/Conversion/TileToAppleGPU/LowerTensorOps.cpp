//===- LowerTensorOps.cpp - tile.dot on Metal 4 matmul2d ------------------===//
//
// Each SIMD group runs its own matmul2d (execution_simdgroup scope) on its
// m x n part of the accumulator, held in the destination cooperative
// tensor:
//
//   direct: both operands are tile.loads in the #applegpu.view layout; each
//     SIMD group makes tensor views of its rows of A and columns of B at
//     the loads' addresses, with extents clipped to the loads' bounds (K
//     dynamic: the last K tile reads only what is left), and skips the
//     matmul when its part, or K, is empty;
//   staged: the operands are written to threadgroup memory (like the
//     simdgroup backend does) and read through views made once at the top
//     of the kernel, with a static K when it is a multiple of 32 (else
//     dynamic: the views' K extent).
//
//===----------------------------------------------------------------------===//

#include "CooperativeSpills.h"
#include "KernelLowering.h"
#include "ThreadgroupPlan.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;
using applegpu::CooperativeTensorType;
using applegpu::TensorViewType;

/// A tile.load read through views: transposed when its unit stride runs
/// along the tile's rows (dimension 0 of the view is then the row index).
static bool isTransposedView(LoadOp load) {
  return !isConstantIntValue(load.getStrides()[1], 1);
}

Type tile::conversion::cooperativeTypeOf(Value tile,
                                         const KernelConfig &config) {
  // The dot the accumulator comes from: through elementwise ops,
  // epilogues, loops and branches.
  SmallVector<Value> work{tile};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
        if (arg.getArgNumber() > 0) {
          work.push_back(loop.getInitArgs()[arg.getArgNumber() - 1]);
          work.push_back(loop.getBody()->getTerminator()->getOperand(
              arg.getArgNumber() - 1));
        }
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (auto dot = dyn_cast<DotOp>(def))
      return matmulCooperativeType(dot, config);
    if (auto loop = dyn_cast<scf::ForOp>(def)) {
      unsigned i = cast<OpResult>(v).getResultNumber();
      work.push_back(loop.getBody()->getTerminator()->getOperand(i));
      work.push_back(loop.getInitArgs()[i]);
      continue;
    }
    if (auto branch = dyn_cast<scf::IfOp>(def)) {
      unsigned i = cast<OpResult>(v).getResultNumber();
      work.push_back(branch.thenYield().getOperand(i));
      if (!branch.getElseRegion().empty())
        work.push_back(branch.elseYield().getOperand(i));
      continue;
    }
    // Only through tiles in the cooperative layout: a tile converted from
    // another layout (a row reduction broadcast back, say) has no dot's
    // element order.
    for (Value operand : def->getOperands())
      if (isCooperative(operand.getType()))
        work.push_back(operand);
  }
  // Not computed by a dot (e.g. a loaded tile kept in the accumulator
  // layout): the kernel's first dot decides.
  DotOp first;
  tile.getParentRegion()->getParentOfType<func::FuncOp>().walk([&](DotOp dot) {
    if (!first)
      first = dot;
  });
  return first ? matmulCooperativeType(first, config) : Type();
}

FailureOr<Type> KernelLowering::cooperativeTypeOf(Value tile) {
  Type type = tile::conversion::cooperativeTypeOf(tile, config);
  if (!type)
    return emitError(tile.getLoc())
           << "a tile in the cooperative layout needs a tensor-ops tile.dot "
              "in the kernel, whose cooperative tensor type holds it";
  return type;
}

/// Whether a tensor-ops dot reads both operands through device tensor
/// views (both tile.loads in the #applegpu.view layout), staging nothing.
static bool readsThroughViews(DotOp dot) {
  auto isView = [](Value operand) {
    return operand.getDefiningOp<LoadOp>() &&
           tileForm(cast<RankedTensorType>(operand.getType())) ==
               TileForm::View;
  };
  return isView(dot.getA()) && isView(dot.getB());
}

/// Elements of the staged A and B (row-major, rows padded by 16 bytes)
/// and their leading dimensions.
static std::pair<int64_t, int64_t> stagedElements(DotOp dot, int64_t &lda,
                                                  int64_t &ldb) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  int64_t pad = 16 / (a.getElementType().getIntOrFloatBitWidth() / 8);
  int64_t m = a.getDimSize(0), kk = a.getDimSize(1), n = b.getDimSize(1);
  lda = kk + pad;
  ldb = n + pad;
  return {m * lda, kk * ldb};
}

int64_t tile::conversion::matmulStagingBytes(DotOp dot) {
  if (readsThroughViews(dot))
    return 0;
  int64_t lda, ldb;
  auto [a, b] = stagedElements(dot, lda, ldb);
  Type element = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  return (a + b) * (element.getIntOrFloatBitWidth() / 8);
}

Type tile::conversion::matmulCooperativeType(DotOp dot,
                                             const KernelConfig &config) {
  MLIRContext *ctx = dot.getContext();
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto result = cast<RankedTensorType>(dot.getType());
  Type operand = a.getElementType();
  bool direct = readsThroughViews(dot);
  int64_t m = result.getDimSize(0) / config.simdgroupsM;
  int64_t n = result.getDimSize(1) / config.simdgroupsN;
  if (!isMatmul2dShape(m, n))
    return Type();
  // Staged operands have a static K, but third-party Metal 4 code reports
  // that a static k that is not a multiple of 32 computes wrong results on
  // macOS 26.1: such tiles take the dynamic K, which the staged views' K
  // extent (exactly the tile's K) gives.
  int64_t staticK = a.getDimSize(1);
  bool dynamicK = direct || staticK % 32 != 0;
  auto transposed = [&](Value v) {
    return direct && isTransposedView(v.getDefiningOp<LoadOp>());
  };
  auto op = applegpu::Matmul2dAttr::get(
      ctx, m, n, dynamicK ? applegpu::Matmul2dAttr::kDynamic : staticK,
      transposed(dot.getA()), transposed(dot.getB()),
      /*relaxedPrecision=*/operand.isF32(),
      applegpu::Matmul2dMode::multiply_accumulate, /*simdgroups=*/1);
  auto space = direct ? applegpu::AddressSpace::device
                      : applegpu::AddressSpace::threadgroup;
  auto view = TensorViewType::get(ctx, space, operand, {});
  return CooperativeTensorType::get(ctx, result.getElementType(), op, view,
                                    view);
}

/// The matmul2d of a dot and its operand view types.
static FailureOr<KernelLowering::Matmul> planMatmul(KernelLowering &k,
                                                    DotOp dot) {
  KernelLowering::Matmul plan;
  plan.cooperative = matmulCooperativeType(dot, k.kernelConfig());
  if (!plan.cooperative) {
    auto result = cast<RankedTensorType>(dot.getType());
    return dot.emitOpError()
           << "each SIMD group's " << result.getDimSize(0) / k.simdgroupsM()
           << "x" << result.getDimSize(1) / k.simdgroupsN()
           << " part of the accumulator is not a matmul2d destination Apple "
              "accepts (each of m, n 1, 2, 4 or a multiple of 8, one a "
              "multiple of 16)";
  }
  plan.staged = !readsThroughViews(dot);
  return plan;
}

LogicalResult KernelLowering::setUpTensorOps() {
  SmallVector<DotOp> dots;
  source.walk([&](DotOp dot) { dots.push_back(dot); });
  for (DotOp dot : dots) {
    FailureOr<Matmul> plan = planMatmul(*this, dot);
    if (failed(plan))
      return failure();
    if (plan->staged) {
      // Row-major tiles padded by 16 bytes; each SIMD group's views of
      // its rows of A and columns of B are made once, here.
      Location loc = dot.getLoc();
      auto aType = cast<RankedTensorType>(dot.getA().getType());
      Type element = aType.getElementType();
      int64_t kk = aType.getDimSize(1);
      Staging &s = plan->buffers;
      auto [aElements, bElements] = stagedElements(dot, s.lda, s.ldb);
      // The dot's region of the plan (tile-plan-threadgroup-memory).
      FailureOr<Value> a = scratchBuffer(dot, element, aElements, loc);
      FailureOr<Value> b = scratchBuffer(dot, element, bElements, loc);
      if (failed(a) || failed(b))
        return failure();
      s.a = *a;
      s.b = *b;
      auto type = cast<CooperativeTensorType>(plan->cooperative);
      auto [row, col] = simdgroupOrigin(cast<RankedTensorType>(dot.getType()));
      // A: extents (K, m) strides (1, lda); B: extents (n, K) strides (1, ldb).
      plan->viewA = applegpu::MakeTensorOp::create(
          builder(), loc, type.getLeft(), s.a,
          mulIndex(*this, row, index(s.lda), loc), index(kk),
          index(type.getOp().getM()), index(1), index(s.lda));
      plan->viewB = applegpu::MakeTensorOp::create(
          builder(), loc, type.getRight(), s.b, col, index(type.getOp().getN()),
          index(kk), index(1), index(s.ldb));
    }
    kernelPlans.addMatmul(dot, *plan);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The dot
//===----------------------------------------------------------------------===//

/// max(0, min(bound - origin, size)) as a signed index, or `size` without
/// a bound.
static Value clippedExtent(KernelLowering &k, Value bound, Value origin,
                           int64_t size, Location loc) {
  if (!bound)
    return k.index(size);
  Value left = k.fold<arith::SubIOp>(loc, bound, origin);
  Value upper = k.fold<arith::MinSIOp>(loc, left, k.index(size));
  return k.fold<arith::MaxSIOp>(loc, upper, k.index(0));
}

/// Runs `body` under `if (every extent > 0)`, or unguarded when every
/// extent is a constant (a full extent, without bounds). Apple's examples
/// skip a matmul2d or a store whose view is empty; the condition is uniform
/// per SIMD group, the scope of the ops inside.
static void ifNonEmpty(KernelLowering &k, ArrayRef<Value> extents, Location loc,
                       llvm::function_ref<void()> body) {
  Value nonEmpty;
  for (Value e : extents) {
    if (getConstantIntValue(e))
      continue;
    Value positive =
        k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, e, k.index(0));
    nonEmpty =
        nonEmpty ? k.fold<arith::AndIOp>(loc, nonEmpty, positive) : positive;
  }
  if (!nonEmpty)
    return body();
  auto guard =
      scf::IfOp::create(k.builder(), loc, nonEmpty, /*withElse=*/false);
  OpBuilder::InsertionGuard g(k.builder());
  k.builder().setInsertionPointToStart(guard.thenBlock());
  body();
}

/// `min(origin, bound)` (`origin` without a bound): where a view's offset
/// is computed. A SIMD group's view past the bound has extent 0 and is never
/// read, but `row * ld` for its row could still overflow the 32-bit index
/// arithmetic near the index limit; clamped, it stays inside the buffer.
static Value clampedOrigin(KernelLowering &k, Value bound, Value origin,
                           Location loc) {
  return bound ? k.fold<arith::MinSIOp>(loc, origin, bound) : origin;
}

namespace {
/// A SIMD group's view of a loaded operand: `outer` runs along the rows
/// of A (columns of B), `inner` along K.
struct OperandView {
  Value buffer, offset, outerExtent, kExtent, ld;
  bool transposed;
};
} // namespace

/// The part of a loaded operand tile starting `outerOffset` rows (A) or
/// columns (B) into the tile, `outerSize` long.
static OperandView operandView(KernelLowering &k, LoadOp load, bool isA,
                               Value outerOffset, int64_t outerSize,
                               Location loc) {
  auto tile = cast<RankedTensorType>(load.getType());
  int outer = isA ? 0 : 1, inner = isA ? 1 : 0;
  auto mapped = [&](ValueRange r, int d) { return k.mapped(r[d]); };
  Value i = mapped(load.getIndices(), 0), j = mapped(load.getIndices(), 1);
  Value s0 = mapped(load.getStrides(), 0), s1 = mapped(load.getStrides(), 1);
  Value outerStart =
      addIndex(k, mapped(load.getIndices(), outer), outerOffset, loc);
  Value rowStart = isA ? outerStart : i, colStart = isA ? j : outerStart;
  OperandView v;
  v.buffer = k.mapped(load.getBuffer());
  bool bounded = !load.getBounds().empty();
  Value rowBound = bounded ? mapped(load.getBounds(), 0) : Value();
  Value colBound = bounded ? mapped(load.getBounds(), 1) : Value();
  v.offset = addIndex(
      k, mulIndex(k, clampedOrigin(k, rowBound, rowStart, loc), s0, loc),
      mulIndex(k, clampedOrigin(k, colBound, colStart, loc), s1, loc), loc);
  v.outerExtent =
      clippedExtent(k, bounded ? mapped(load.getBounds(), outer) : Value(),
                    outerStart, outerSize, loc);
  v.kExtent = clippedExtent(
      k, bounded ? mapped(load.getBounds(), inner) : Value(),
      mapped(load.getIndices(), inner), tile.getDimSize(inner), loc);
  v.transposed = isTransposedView(load);
  // The stride of the non-unit dimension.
  v.ld = v.transposed ? s1 : s0;
  return v;
}

static Value makeView(KernelLowering &k, Type type, const OperandView &v,
                      Value kExtent, bool isA, Location loc) {
  // Apple's order: A is (K, M) and B is (N, K) unless transposed.
  bool kFirst = isA != v.transposed;
  Value e0 = kFirst ? kExtent : v.outerExtent;
  Value e1 = kFirst ? v.outerExtent : kExtent;
  return applegpu::MakeTensorOp::create(k.builder(), loc, type, v.buffer,
                                        v.offset, e0, e1, k.index(1), v.ld);
}

/// Writes a dot operand tile, row-major with leading dimension `ld`, to
/// threadgroup memory.
static LogicalResult stageOperand(KernelLowering &k, Value tile, Value buffer,
                                  int64_t ld, Location loc) {
  auto type = cast<RankedTensorType>(tile.getType());
  int64_t cols = type.getDimSize(1);
  const TileValue &held = k.current(tile);
  if (held.form == TileForm::Cooperative || held.form == TileForm::PerElement) {
    // Another dot's accumulator (chained dots): each thread writes its
    // cooperative elements.
    FailureOr<Type> coop = k.cooperativeTypeOf(tile);
    if (failed(coop))
      return failure();
    FailureOr<Value> handle = materializeCooperative(k, tile, *coop,
                                                     /*inPlace=*/false, loc);
    if (failed(handle))
      return failure();
    LogicalResult status = success();
    Type element = type.getElementType();
    forEachCooperativeElement(
        k, *handle, type, loc,
        [&](Value i, Value row, Value col) -> LogicalResult {
          Value x = applegpu::CooperativeGetOp::create(
              k.builder(), loc,
              cast<CooperativeTensorType>(*coop).getElementType(), *handle, i);
          if (x.getType() != element)
            x = k.fold<arith::TruncFOp>(loc, element, x);
          Value offset =
              addIndex(k, mulIndex(k, row, k.index(ld), loc), col, loc);
          storeIfHeld(k, x, buffer, offset, Value(), loc);
          return success();
        },
        status);
    return status;
  }
  if (held.form == TileForm::View)
    return emitError(loc) << "internal error: a viewed operand is staged";
  TileForm form = held.form == TileForm::Uniform     ? TileForm::Slots
                  : held.form == TileForm::Fragments ? TileForm::LaneElements
                                                     : held.form;
  FailureOr<TileValue> values = k.get(tile, form, loc);
  if (failed(values))
    return failure();
  forEachHeld(
      k, type, form, loc, [&](int64_t index, int64_t, const HeldElement &h) {
        Value row = k.fold<arith::DivUIOp>(loc, h.position, k.index(cols));
        Value col = k.fold<arith::RemUIOp>(loc, h.position, k.index(cols));
        Value offset =
            addIndex(k, mulIndex(k, row, k.index(ld), loc), col, loc);
        storeIfHeld(k, values->values[index], buffer, offset, h.writer, loc);
      });
  return success();
}

LogicalResult tile::conversion::lowerTensorOpsDot(KernelLowering &k,
                                                  DotOp dot) {
  Location loc = dot.getLoc();
  OpBuilder &b = k.builder();
  const KernelLowering::Matmul &plan = *k.plans().matmul(dot);
  auto type = cast<CooperativeTensorType>(plan.cooperative);
  auto resultType = cast<RankedTensorType>(dot.getType());
  FailureOr<Value> acc = materializeCooperative(
      k, dot.getAcc(), type, /*inPlace=*/dot.getAcc().hasOneUse(), loc);
  if (failed(acc))
    return failure();

  if (plan.staged) {
    // Earlier readers of the buffers are done; the writes are complete
    // before the matmul reads them.
    threadgroupBarrier(k, loc);
    if (failed(stageOperand(k, dot.getA(), plan.buffers.a, plan.buffers.lda,
                            loc)) ||
        failed(
            stageOperand(k, dot.getB(), plan.buffers.b, plan.buffers.ldb, loc)))
      return failure();
    threadgroupBarrier(k, loc);
    applegpu::Matmul2dOp::create(b, loc, plan.viewA, plan.viewB, *acc,
                                 type.getOp());
  } else {
    auto [rowOffset, colOffset] = k.simdgroupOrigin(resultType);
    OperandView a = operandView(k, dot.getA().getDefiningOp<LoadOp>(), true,
                                rowOffset, type.getOp().getM(), loc);
    OperandView bv = operandView(k, dot.getB().getDefiningOp<LoadOp>(), false,
                                 colOffset, type.getOp().getN(), loc);
    // Past either operand's K bound the products are 0: both views end at
    // the nearer one, so that the two K extents agree.
    Value kExtent = a.kExtent == bv.kExtent
                        ? a.kExtent
                        : k.fold<arith::MinSIOp>(loc, a.kExtent, bv.kExtent);
    ifNonEmpty(k, {a.outerExtent, bv.outerExtent, kExtent}, loc, [&] {
      Value left = makeView(k, type.getLeft(), a, kExtent, true, loc);
      Value right = makeView(k, type.getRight(), bv, kExtent, false, loc);
      applegpu::Matmul2dOp::create(k.builder(), loc, left, right, *acc,
                                   type.getOp());
    });
  }
  k.define(dot.getResult(), TileValue{TileForm::Cooperative, {*acc}});
  return success();
}

/// A tile.store of a cooperative tensor as it is: one cooperative store
/// per SIMD group into a view clipped to the bounds. Returns false when
/// the store needs the per-element path.
static bool storeWhole(KernelLowering &k, StoreOp store, Location loc) {
  const TileValue &held = k.current(store.getValue());
  auto tile = cast<RankedTensorType>(store.getValue().getType());
  auto buffer = cast<MemRefType>(store.getBuffer().getType());
  if (held.form != TileForm::Cooperative ||
      buffer.getElementType() != tile.getElementType() ||
      !isConstantIntValue(store.getStrides()[1], 1))
    return false;
  Value handle = held.values[0];
  auto type = cast<CooperativeTensorType>(handle.getType());
  OpBuilder &b = k.builder();
  auto [rowOffset, colOffset] = k.simdgroupOrigin(tile);
  Value row = addIndex(k, k.mapped(store.getIndices()[0]), rowOffset, loc);
  Value col = addIndex(k, k.mapped(store.getIndices()[1]), colOffset, loc);
  Value ld = k.mapped(store.getStrides()[0]);
  bool bounded = !store.getBounds().empty();
  Value rows =
      clippedExtent(k, bounded ? k.mapped(store.getBounds()[0]) : Value(), row,
                    type.getOp().getM(), loc);
  Value cols =
      clippedExtent(k, bounded ? k.mapped(store.getBounds()[1]) : Value(), col,
                    type.getOp().getN(), loc);
  auto viewType =
      TensorViewType::get(b.getContext(), applegpu::AddressSpace::device,
                          tile.getElementType(), {});
  Value rowAt = clampedOrigin(
      k, bounded ? k.mapped(store.getBounds()[0]) : Value(), row, loc);
  Value colAt = clampedOrigin(
      k, bounded ? k.mapped(store.getBounds()[1]) : Value(), col, loc);
  Value offset = addIndex(k, mulIndex(k, rowAt, ld, loc), colAt, loc);
  ifNonEmpty(k, {rows, cols}, loc, [&] {
    Value view = applegpu::MakeTensorOp::create(
        b, loc, viewType, k.mapped(store.getBuffer()), offset, cols, rows,
        k.index(1), ld);
    applegpu::CooperativeStoreOp::create(b, loc, handle, view);
  });
  return true;
}

LogicalResult tile::conversion::lowerCooperativeStore(KernelLowering &k,
                                                      StoreOp store) {
  Location loc = store.getLoc();
  orderAccess(k, store.getBuffer(), loc);
  if (storeWhole(k, store, loc))
    return success();
  Value tile = store.getValue();
  FailureOr<Type> coop = k.cooperativeTypeOf(tile);
  if (failed(coop))
    return failure();
  // Any cooperative tensor of the type gives the positions.
  Value positions = findCooperativeHandle(k, tile, *coop);
  return assignCooperativeToMemory(k, tile, positions, store, loc);
}

LogicalResult tile::conversion::lowerViewLoad(KernelLowering &k, LoadOp load) {
  // Read by the dots that use it, through tensor views.
  k.define(load.getResult(), TileValue{TileForm::View, {}});
  return success();
}
