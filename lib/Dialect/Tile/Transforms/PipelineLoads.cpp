//===- PipelineLoads.cpp - read the next K tiles ahead --------------------===//
//
// tile-pipeline-loads: in a loop with tile.num_stages = N >= 2, each
// tile.load whose address depends on the loop only through its induction
// variable is issued N - 1 iterations ahead. The loop carries the tiles
// loaded for the next N - 1 iterations; the load in the body reads the one
// N - 1 iterations later, so on a GPU its device-memory latency overlaps
// the work of N - 1 iterations (for a K loop: the current tile's staging
// and MMAs). A prologue before the loop loads the first N - 1 tiles.
//
//   %r = scf.for %k = %lb to %ub step %s iter_args(%acc = %z) {
//     %a = tile.load %A[%row, %k] ... bounds [%M, %ub]
//     %d = tile.dot %a, ...
//   } {tile.num_stages = 2}
// becomes
//   %a0 = tile.load %A[%row, %lb] ... bounds [%M, %ub]
//   %r:2 = scf.for %k = %lb to %ub step %s iter_args(%acc = %z, %a = %a0) {
//     %k1 = arith.addi %k, %s
//     %next = tile.load %A[%row, %k1] ... bounds [%M, %ub]
//     %d = tile.dot %a, ...
//     scf.yield %d, %next
//   } {tile.loads_pipelined, tile.num_stages = 2}
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tile {
#define GEN_PASS_DEF_TILEPIPELINELOADS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

/// Set on a loop whose loads were pipelined, so that running the pass
/// again changes nothing.
static constexpr llvm::StringLiteral kPipelinedAttr =
    TileDialect::getLoadsPipelinedAttrName();

namespace {
/// The loads of one loop that can be read ahead, and how to rebuild their
/// addresses for another iteration.
class LoopPipeliner {
public:
  LoopPipeliner(scf::ForOp loop, const llvm::DenseSet<Value> &storedBuffers)
      : loop(loop), storedBuffers(storedBuffers) {}

  /// The loads directly in the body that may move to an earlier
  /// iteration.
  SmallVector<LoadOp> candidates() {
    SmallVector<LoadOp> loads;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto load = dyn_cast<LoadOp>(op);
      if (load && isCandidate(load))
        loads.push_back(load);
    }
    return loads;
  }

  /// The tile `load` reads at iteration `iv` (a value at the builder's
  /// insertion point): its address computation cloned with the induction
  /// variable replaced. Guarded by `iv < ub` unless the load's bounds mask
  /// every element of an iteration past the end (see needsGuard).
  Value loadAt(OpBuilder &b, LoadOp load, Value iv) {
    Location loc = load.getLoc();
    if (!needsGuard(load))
      return cloneAt(b, load, iv);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, iv,
                                          loop.getUpperBound());
    Type type = load.getType();
    auto guarded = scf::IfOp::create(b, loc, TypeRange{type}, inRange,
                                     /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(guarded.thenBlock());
      scf::YieldOp::create(b, loc, cloneAt(b, load, iv));
      // Past the end: the value is never used.
      b.setInsertionPointToStart(guarded.elseBlock());
      Value zeros = arith::ConstantOp::create(
          b, loc, type, cast<TypedAttr>(b.getZeroAttr(type)));
      scf::YieldOp::create(b, loc, zeros);
    }
    return guarded.getResult(0);
  }

private:
  bool isCandidate(LoadOp load) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type || storedBuffers.contains(load.getBuffer()))
      return false;
    // Tiles the backend holds in registers, distributed over the threads
    // (a tensor-ops dot reads #applegpu.view operands from device memory
    // itself; accumulator-shaped and cooperative loads are read where they
    // are used).
    Attribute layout = type.getEncoding();
    if (layout && !isa<applegpu::DistributedLayoutAttr>(layout))
      return false;
    return llvm::all_of(load->getOperands(),
                        [&](Value v) { return isAddressable(v); });
  }

  /// Whether `v` can be computed for another iteration: defined outside
  /// the loop, the induction variable, or pure scalar arithmetic in the
  /// body on such values.
  bool isAddressable(Value v) {
    if (v == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(v))
      return true;
    auto it = addressable.find(v);
    if (it != addressable.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    bool ok = def && def->getBlock() == loop.getBody() &&
              def->getNumRegions() == 0 && isPure(def) &&
              llvm::none_of(def->getResultTypes(),
                            [](Type t) { return isa<ShapedType>(t); }) &&
              llvm::all_of(def->getOperands(), [&](Value operand) {
                return isAddressable(operand);
              });
    addressable[v] = ok;
    return ok;
  }

  /// A load needs no guard when one of its dimensions is indexed by the
  /// induction variable itself and bounded by the loop's upper bound: at
  /// an iteration past the end every element is masked and reads no
  /// memory.
  bool needsGuard(LoadOp load) {
    for (auto [index, bound] : llvm::zip(load.getIndices(), load.getBounds()))
      if (index == loop.getInductionVar() && bound == loop.getUpperBound())
        return false;
    return true;
  }

  Value cloneAt(OpBuilder &b, LoadOp load, Value iv) {
    IRMapping map;
    map.map(loop.getInductionVar(), iv);
    std::function<Value(Value)> at = [&](Value v) -> Value {
      if (Value known = map.lookupOrNull(v))
        return known;
      if (loop.isDefinedOutsideOfLoop(v))
        return v;
      Operation *def = v.getDefiningOp();
      for (Value operand : def->getOperands())
        (void)at(operand);
      b.clone(*def, map);
      return map.lookup(v);
    };
    for (Value operand : load->getOperands())
      (void)at(operand);
    return b.clone(*load, map)->getResult(0);
  }

  scf::ForOp loop;
  const llvm::DenseSet<Value> &storedBuffers;
  llvm::DenseMap<Value, bool> addressable;
};
} // namespace

/// `lb + j * step` at the builder's insertion point.
static Value iterationValue(OpBuilder &b, Location loc, Value base, Value step,
                            int64_t j) {
  if (j == 0)
    return base;
  Value offset =
      j == 1 ? step
             : arith::MulIOp::create(b, loc, step,
                                     arith::ConstantIndexOp::create(b, loc, j));
  return arith::AddIOp::create(b, loc, base, offset);
}

/// The values each thread holds of the tiles `loads` read, as their layouts
/// answer; nothing when one has no layout (the pass may run before
/// tile-assign-layouts) or one whose count is not known.
static std::optional<int64_t> valuesPerThread(ArrayRef<LoadOp> loads) {
  int64_t total = 0;
  for (LoadOp load : loads) {
    auto type = cast<RankedTensorType>(load.getType());
    auto layout =
        dyn_cast_if_present<applegpu::LayoutAttrInterface>(type.getEncoding());
    std::optional<int64_t> values =
        layout ? layout.getValuesPerThread(type.getShape()) : std::nullopt;
    if (!values)
      return std::nullopt;
    total += *values;
  }
  return total;
}

static void pipelineLoop(scf::ForOp loop,
                         const llvm::DenseSet<Value> &storedBuffers,
                         int64_t maxDistance) {
  int64_t stages =
      loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName())
          .getInt();
  loop->setAttr(kPipelinedAttr, UnitAttr::get(loop.getContext()));
  LoopPipeliner pipeliner(loop, storedBuffers);
  SmallVector<LoadOp> loads = pipeliner.candidates();
  if (loads.empty()) {
    emitRemark(loop.getLoc())
        << "num_stages = " << stages
        << ": no tile.load of this loop can be read ahead (each "
           "depends on values the loop carries, reads a buffer "
           "the kernel writes, or is read by the dot from "
           "device memory)";
    return;
  }
  int64_t distance = std::min(stages - 1, maxDistance);
  if (distance < stages - 1) {
    InFlightDiagnostic remark =
        emitRemark(loop.getLoc())
        << "num_stages = " << stages << ": loads are read " << distance
        << (distance == 1 ? " iteration" : " iterations") << " ahead, not "
        << stages - 1
        << " (max-distance: each iteration ahead holds another copy of the "
           "loop's tiles in registers";
    if (std::optional<int64_t> values = valuesPerThread(loads))
      remark << ": " << *values << " values per thread";
    remark << ")";
  }
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  // Prologue: the tiles of the first `distance` iterations.
  SmallVector<Value> prologue;
  for (LoadOp load : loads)
    for (int64_t j = 0; j < distance; ++j)
      prologue.push_back(pipeliner.loadAt(
          b, load,
          iterationValue(b, loc, loop.getLowerBound(), loop.getStep(), j)));
  // In the body, where each load was: the tile `distance` iterations on.
  SmallVector<Value> nexts;
  for (LoadOp load : loads) {
    OpBuilder at(load);
    nexts.push_back(pipeliner.loadAt(at, load,
                                     iterationValue(at, load.getLoc(),
                                                    loop.getInductionVar(),
                                                    loop.getStep(), distance)));
  }

  // The same loop, carrying per load the tiles of iterations i .. i +
  // distance - 1: iteration i uses the first.
  IRRewriter rewriter(b);
  auto carried = [&](OpBuilder &, Location, ArrayRef<BlockArgument> windows) {
    SmallVector<Value> yielded;
    for (auto [n, load] : llvm::enumerate(loads)) {
      ArrayRef<BlockArgument> tiles = windows.slice(n * distance, distance);
      load.getResult().replaceAllUsesWith(tiles.front());
      yielded.append(tiles.begin() + 1, tiles.end());
      yielded.push_back(nexts[n]);
      load.erase();
    }
    return yielded;
  };
  (void)loop.replaceWithAdditionalYields(
      rewriter, prologue, /*replaceInitOperandUsesInLoop=*/false, carried);
}

namespace {
struct TilePipelineLoadsPass
    : tile::impl::TilePipelineLoadsBase<TilePipelineLoadsPass> {
  using TilePipelineLoadsBase::TilePipelineLoadsBase;

  void runOnOperation() override {
    if (maxDistance < 1) {
      emitError(getOperation()->getLoc())
          << "tile-pipeline-loads: max-distance must be at least 1, got "
          << static_cast<int64_t>(maxDistance);
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      auto stages =
          loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName());
      if (stages && stages.getInt() >= 2 && !loop->hasAttr(kPipelinedAttr))
        loops.push_back(loop);
    });
    // Reordering a load before a store to the same buffer could read an
    // old value: only buffers the kernel never writes are read ahead. The
    // stored buffers of each kernel are found once (pipelining adds no
    // store).
    llvm::DenseMap<Operation *, llvm::DenseSet<Value>> storedIn;
    for (scf::ForOp loop : loops) {
      Operation *scope = loop->getParentOfType<func::FuncOp>();
      if (!scope)
        scope = getOperation();
      auto [it, inserted] = storedIn.try_emplace(scope);
      llvm::DenseSet<Value> &stored = it->second;
      if (inserted)
        scope->walk([&](StoreOp store) { stored.insert(store.getBuffer()); });
      pipelineLoop(loop, stored, maxDistance);
    }
  }
};
} // namespace
