//===- KernelConfig.cpp - the kernel configuration read from layouts ------===//

#include "KernelConfig.h"

#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

SmallVector<std::pair<BlockArgument, BufferUse>>
tile::conversion::bufferUses(func::FuncOp kernel) {
  SmallVector<BufferUse> uses(kernel.getNumArguments());
  kernel.walk([&](MemoryEffectOpInterface op) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    op.getEffects(effects);
    llvm::SmallDenseSet<unsigned> touched;
    for (const MemoryEffects::EffectInstance &effect : effects) {
      auto arg = dyn_cast_if_present<BlockArgument>(effect.getValue());
      if (!arg || arg.getOwner()->getParentOp() != kernel)
        continue;
      BufferUse &use = uses[arg.getArgNumber()];
      use.read |= isa<MemoryEffects::Read>(effect.getEffect());
      use.written |= isa<MemoryEffects::Write>(effect.getEffect());
      if (touched.insert(arg.getArgNumber()).second)
        use.accesses += 1;
    }
  });
  SmallVector<std::pair<BlockArgument, BufferUse>> result;
  for (auto [arg, use] : llvm::zip(kernel.getArguments(), uses))
    if (use.accesses)
      result.push_back({arg, use});
  return result;
}

LogicalResult tile::conversion::checkUnmarkedKernels(Operation *root) {
  LogicalResult result = success();
  root->walk([&](func::FuncOp func) {
    if (func->hasAttr(TileDialect::getKernelAttrName()))
      return;
    Operation *tileOp = nullptr;
    func.walk([&](Operation *op) {
      if (!isa<TileDialect>(op->getDialect()))
        return WalkResult::advance();
      tileOp = op;
      return WalkResult::interrupt();
    });
    if (!tileOp)
      return;
    func.emitError() << "function '" << func.getSymName() << "' uses tile ops ("
                     << tileOp->getName()
                     << ") but is not a tile kernel: it lacks the '"
                     << TileDialect::getKernelAttrName()
                     << "' attribute (`attributes {tile.kernel}`)";
    result = failure();
  });
  return result;
}

FailureOr<KernelConfig>
tile::conversion::readKernelConfig(func::FuncOp kernel) {
  KernelConfig cfg;
  int64_t threads = 0;
  bool hasFragments = false;
  // The first disagreement in program order is reported, so the diagnostic
  // is the same every run.
  WalkResult walk = kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A matvec dot runs on lanes: no SIMD-group grid or fragments.
    if (isa<DotOp>(op) && !op->hasAttr(TileDialect::getMatvecAttrName()))
      cfg.hasDot = true;
    SmallVector<Value> tiles;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          tiles.push_back(arg);
    tiles.append(op->result_begin(), op->result_end());
    for (Value v : tiles) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      // Only tiles (static, rank 1 or 2) have layouts; the lowering
      // rejects ops on other tensors.
      if (!type || !type.hasStaticShape() ||
          (type.getRank() != 1 && type.getRank() != 2))
        continue;
      Attribute layout = type.getEncoding();
      if (!applegpu::isLayout(layout)) {
        emitError(v.getLoc())
            << "tile " << type
            << " has no applegpu layout encoding; run tile-assign-layouts "
               "first (the tile-to-applegpu pipeline does)";
        return WalkResult::interrupt();
      }
      Attribute root = applegpu::rootLayout(layout);
      auto geometry = cast<applegpu::LayoutAttrInterface>(layout);
      std::optional<std::pair<int64_t, int64_t>> grid =
          geometry.getSimdgroupGrid();
      if (isa<applegpu::CooperativeLayoutAttr, applegpu::ViewLayoutAttr>(root))
        cfg.tensorOps = true;
      if (grid) {
        if (hasFragments && (grid->first != cfg.simdgroupsM ||
                             grid->second != cfg.simdgroupsN)) {
          emitError(v.getLoc())
              << "layout " << layout << " uses another SIMD-group grid than "
              << cfg.simdgroupsM << "x" << cfg.simdgroupsN
              << ", the grid of an earlier tile of the kernel";
          return WalkResult::interrupt();
        }
        hasFragments = true;
        cfg.simdgroupsM = grid->first;
        cfg.simdgroupsN = grid->second;
      }
      int64_t t = geometry.getThreadCount();
      if (t && threads && t != threads) {
        emitError(v.getLoc()) << "layout " << layout << " needs " << t
                              << " threads, but an earlier tile of the "
                                 "kernel needs "
                              << threads;
        return WalkResult::interrupt();
      }
      if (t)
        threads = t;
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  cfg.hasDot |= hasFragments;
  if (threads) {
    cfg.numThreads = threads;
  } else if (auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
                 TileDialect::getSimdgroupsAttrName())) {
    cfg.numThreads = grid[0] * grid[1] * 32;
  }
  if (cfg.hasDot && !hasFragments) {
    // A dot whose accumulator is uniform everywhere still needs fragments.
    if (auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
            TileDialect::getSimdgroupsAttrName())) {
      cfg.simdgroupsM = grid[0];
      cfg.simdgroupsN = grid[1];
    }
  }
  if (cfg.hasDot && cfg.numThreads != cfg.simdgroupsM * cfg.simdgroupsN * 32)
    return kernel.emitOpError()
           << "has tile layouts for " << cfg.numThreads
           << " threads, but its accumulators are split over "
           << cfg.simdgroupsM << "x" << cfg.simdgroupsN << " SIMD-groups ("
           << cfg.simdgroupsM * cfg.simdgroupsN * 32 << " threads)";
  return cfg;
}
