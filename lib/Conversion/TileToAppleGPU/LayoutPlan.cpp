//===- LayoutPlan.cpp - how each tile of a kernel is held by threads ------===//

#include "LayoutPlan.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

static bool isTensor(Value v) { return isa<RankedTensorType>(v.getType()); }

/// Ops applied element by element (arith, math, tile.epilogue), on
/// tensors: their tile results and operands share a layout.
static bool isElementwiseOnTiles(Operation *op) {
  if (isa<EpilogueOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         isTensor(op->getResult(0));
}

/// Uniform tiles: known in program order (operands are defined first).
static bool isUniformDef(Operation *op,
                         const DenseMap<Value, TileLayout> &layouts) {
  if (isa<SplatOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  if (!isElementwiseOnTiles(op) && !isa<BroadcastOp>(op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value v) {
    if (!isTensor(v))
      return true;
    auto it = layouts.find(v);
    return it != layouts.end() && it->second == TileLayout::Uniform;
  });
}

/// Groups of values that must share a layout: an elementwise op with its
/// non-uniform tensor operands; loop inits, iter args, yields and results;
/// the results of an scf.if with the values its branches yield.
static void collectTies(func::FuncOp kernel,
                        const DenseMap<Value, TileLayout> &layouts,
                        SmallVectorImpl<SmallVector<Value>> &ties) {
  auto nonUniform = [&](Value v) {
    auto it = layouts.find(v);
    return isTensor(v) &&
           (it == layouts.end() || it->second != TileLayout::Uniform);
  };
  kernel.walk([&](Operation *op) {
    if (isElementwiseOnTiles(op) && nonUniform(op->getResult(0))) {
      SmallVector<Value> group(op->getResults());
      for (Value v : op->getOperands())
        if (nonUniform(v))
          group.push_back(v);
      ties.push_back(group);
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
        if (isTensor(loop.getResult(i)))
          ties.push_back({loop.getResult(i), loop.getRegionIterArgs()[i],
                          yield.getOperand(i), loop.getInitArgs()[i]});
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0, e = branch.getNumResults(); i < e; ++i) {
        if (!isTensor(branch.getResult(i)))
          continue;
        SmallVector<Value> group{branch.getResult(i),
                                 branch.thenYield().getOperand(i)};
        if (!branch.getElseRegion().empty())
          group.push_back(branch.elseYield().getOperand(i));
        ties.push_back(group);
      }
    }
  });
}

/// The documented default SIMD-group grid: 2x2, reduced to 1 along a
/// dimension whose 8x8 fragments cannot be split in two.
static std::pair<int64_t, int64_t> defaultGrid(DotOp dot) {
  auto type = cast<RankedTensorType>(dot.getType());
  int64_t m = type.getDimSize(0) / 8, n = type.getDimSize(1) / 8;
  return {m % 2 == 0 ? 2 : 1, n % 2 == 0 ? 2 : 1};
}

int64_t tile::conversion::distributedVectorWidth(RankedTensorType type) {
  return type.getDimSize(type.getRank() - 1) % 4 == 0 ? 4 : 1;
}

/// Kernels without a dot: a thread per group of elements (see
/// distributedVectorWidth) of the largest tile, a multiple of 32, at most
/// 256.
static int64_t threadsForTiles(func::FuncOp kernel) {
  int64_t largest = 1;
  kernel.walk([&](Operation *op) {
    for (Value v : op->getResults())
      if (auto type = dyn_cast<RankedTensorType>(v.getType()))
        if (type.hasStaticShape() && type.getRank() > 0)
          largest = std::max(largest, type.getNumElements() /
                                          distributedVectorWidth(type));
  });
  return std::min<int64_t>(256, llvm::alignTo(largest, 32));
}

FailureOr<LayoutPlan> LayoutPlan::build(func::FuncOp kernel) {
  LayoutPlan plan;

  // 1. Uniform tiles, in program order.
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->getNumResults() >= 1 && isTensor(op->getResult(0)) &&
        isUniformDef(op, plan.layouts))
      for (Value result : op->getResults())
        plan.layouts[result] = TileLayout::Uniform;
  });

  // 2. Accumulators: the dots' results and accumulators, and everything
  //    tied to them, to a fixed point.
  SmallVector<DotOp> dots;
  kernel.walk([&](DotOp dot) { dots.push_back(dot); });
  llvm::SmallPtrSet<Value, 16> acc;
  auto addAcc = [&](Value v) {
    auto it = plan.layouts.find(v);
    if (it != plan.layouts.end() && it->second == TileLayout::Uniform)
      return false;
    return acc.insert(v).second;
  };
  for (DotOp dot : dots) {
    addAcc(dot.getResult());
    addAcc(dot.getAcc());
  }
  SmallVector<SmallVector<Value>> ties;
  collectTies(kernel, plan.layouts, ties);
  for (bool changed = true; changed;) {
    changed = false;
    for (ArrayRef<Value> group : ties)
      if (llvm::any_of(group, [&](Value v) { return acc.contains(v); }))
        for (Value v : group)
          changed |= addAcc(v);
  }
  for (Value v : acc)
    plan.layouts[v] = TileLayout::Accumulator; // order does not matter here

  // 3. The configuration.
  plan.cfg.hasDot = !dots.empty();
  if (auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
          TileDialect::getSimdgroupsAttrName())) {
    plan.cfg.simdgroupsM = grid[0];
    plan.cfg.simdgroupsN = grid[1];
  } else if (!dots.empty()) {
    std::tie(plan.cfg.simdgroupsM, plan.cfg.simdgroupsN) = defaultGrid(dots[0]);
  }
  plan.cfg.numThreads =
      (plan.cfg.hasDot || kernel->hasAttr(TileDialect::getSimdgroupsAttrName()))
          ? plan.cfg.simdgroupsM * plan.cfg.simdgroupsN * 32
          : threadsForTiles(kernel);

  // 4. What the backend cannot lay out.
  for (DotOp dot : dots) {
    for (Value operand : {dot.getA(), dot.getB()})
      if (acc.contains(operand))
        return dot.emitOpError()
               << "operand computed from a dot accumulator (chained dots) "
                  "is not supported by the simdgroup backend";
    int64_t k = cast<RankedTensorType>(dot.getA().getType()).getDimSize(1);
    if (k % 8 != 0)
      return dot.emitOpError() << "K = " << k
                               << " is not a multiple of 8, the fragment "
                                  "size of simdgroup_matrix";
  }
  // Checked in a fixed order, so the diagnostic lands on the same op every
  // run (the set's order is not deterministic): the dots first, which the
  // shape comes from, then everything else in program order.
  SmallVector<Value> ordered;
  for (DotOp dot : dots)
    ordered.push_back(dot.getResult());
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          if (acc.contains(arg))
            ordered.push_back(arg);
    for (Value result : op->getResults())
      if (acc.contains(result))
        ordered.push_back(result);
  });
  for (Value v : ordered) {
    auto type = cast<RankedTensorType>(v.getType());
    int64_t rowsPer = plan.cfg.simdgroupsM * 8, colsPer = plan.cfg.simdgroupsN * 8;
    if (type.getRank() != 2 || type.getDimSize(0) % rowsPer != 0 ||
        type.getDimSize(1) % colsPer != 0) {
      Operation *where = v.getDefiningOp() ? v.getDefiningOp()
                                           : v.getParentBlock()->getParentOp();
      return where->emitOpError()
             << "accumulator tile " << type << " cannot be split into 8x8 "
             << "fragments over a " << plan.cfg.simdgroupsM << "x"
             << plan.cfg.simdgroupsN << " SIMD-group grid (its shape must "
             << "be a multiple of " << rowsPer << "x" << colsPer << ")";
    }
  }
  return plan;
}

TileLayout LayoutPlan::layoutOf(Value tensor) const {
  auto it = layouts.find(tensor);
  return it == layouts.end() ? TileLayout::Distributed : it->second;
}
