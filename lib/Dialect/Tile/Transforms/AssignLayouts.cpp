//===- AssignLayouts.cpp - the tile-assign-layouts pass -------------------===//
//
// Decides the layout of every tile of a kernel and writes it into the IR as
// the encoding of its tensor type (see Passes.td for the rules), inserting
// tile.convert_layout where a tile is used in another layout than its own.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/TargetBackend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace tile {
#define GEN_PASS_DEF_TILEASSIGNLAYOUTS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

static bool isTensor(Value v) { return isa<RankedTensorType>(v.getType()); }

/// Tiles are static tensors inside the kernel; tensor arguments are not
/// tiles (convert-tile-to-applegpu rejects them).
static bool isTile(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && type.hasStaticShape() &&
         (type.getRank() == 1 || type.getRank() == 2);
}

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// Ops applied element by element (arith, math, tile.epilogue) on tiles:
/// their tile results and operands share a layout.
static bool isElementwiseOnTiles(Operation *op) {
  if (isa<EpilogueOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         isTensor(op->getResult(0));
}

namespace {
/// Union-find over the tile values of a kernel.
class Ties {
public:
  Value find(Value v) {
    auto it = parent.find(v);
    if (it == parent.end() || it->second == v)
      return v;
    Value root = find(it->second);
    parent[v] = root;
    return root;
  }
  void join(Value a, Value b) {
    Value ra = find(a), rb = find(b);
    if (ra != rb)
      parent[ra] = rb;
  }

private:
  DenseMap<Value, Value> parent;
};

class Assigner {
public:
  /// `autoBackend`: the backend was chosen by backend=auto, which may fall
  /// back to simdgroup_matrix.
  Assigner(func::FuncOp kernel, bool tensorOps, bool autoBackend)
      : kernel(kernel), tensorOps(tensorOps), autoBackend(autoBackend) {}
  LogicalResult run();

private:
  LogicalResult chooseConfig();
  void chooseMatvecDots();
  LogicalResult fallBackIfMatmul2dCannotSplit();
  void findUniform();
  void tie();
  LogicalResult resolve();
  LogicalResult rewriteTypes();
  void insertConversions();
  Attribute distributed(RankedTensorType type) {
    return applegpu::DistributedLayoutAttr::get(
        kernel.getContext(), threads,
        applegpu::DistributedLayoutAttr::getDefaultVector(type.getShape()));
  }
  /// `l` when each element of a tile in it has exactly one holder
  /// (distributed or accumulator fragments), else the distributed layout:
  /// what the accesses at offsets need, so that each atomic runs once.
  Attribute singleHolder(Attribute l, RankedTensorType type) {
    if (isa_and_nonnull<applegpu::DistributedLayoutAttr,
                        applegpu::FragmentsLayoutAttr>(l))
      return l;
    return distributed(type);
  }
  /// The layout `user` needs operand `operand` in, or null for any.
  Attribute required(Operation *user, OpOperand &operand);

  /// The layout of accumulators: fragments, or cooperative tensors.
  Attribute accumulatorLayout();
  /// Loads that tensor-ops dots read through device tensor views.
  DenseSet<Value> findViewLoads();

  func::FuncOp kernel;
  bool tensorOps, autoBackend;
  int64_t threads = 32, simdgroupsM = 1, simdgroupsN = 1;
  llvm::SetVector<Value> values; ///< every tile value, in program order
  DenseSet<Value> uniform;
  Ties ties;
  DenseMap<Value, Attribute> rootLayout; ///< per tie root
  DenseMap<Value, Attribute> layout;     ///< per value, after resolve()
  /// Dots lanes compute without fragments (marked tile.matvec).
  llvm::SmallSetVector<Operation *, 4> matvecDots;
};
} // namespace

//===----------------------------------------------------------------------===//
// Small-M dots
//===----------------------------------------------------------------------===//

/// Threads of a kernel whose dots are all matvec dots and which sets no
/// tile.simdgroups: four SIMD-groups, as for the default 2x2 grid.
static constexpr int64_t kMatvecThreads = 128;

/// Whether lanes can compute `dot` on `threads` threads without
/// simdgroup_matrix fragments (convert-tile-to-applegpu's LowerMatvec.cpp):
/// float operands, at most 8 rows (an 8x8 fragment wastes 7/8 of every
/// multiply on a 1-row A), accumulator not laid out by hand otherwise, and
/// B (K x N, distributed in groups of V) split so that the threads sharing
/// columns can meet (applegpu::matvecColumnStride: any N / V on a
/// power-of-two thread count).
static bool isMatvecCandidate(DotOp dot, int64_t threads) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getType());
  if (!isa<FloatType>(a.getElementType()) ||
      !isa<FloatType>(b.getElementType()) ||
      !isa<FloatType>(c.getElementType()) || a.getDimSize(0) > 8)
    return false;
  Attribute given = applegpu::layoutOf(c);
  if (given && !isa<applegpu::DistributedLayoutAttr>(given))
    return false;
  int64_t columnGroups =
      b.getDimSize(1) /
      applegpu::DistributedLayoutAttr::getDefaultVector(b.getShape());
  return applegpu::matvecColumnStride(threads, columnGroups).has_value();
}

/// Picks the matvec dots once the thread count is known (none in a kernel
/// that sets tile.simdgroups). On the tensor-ops
/// backend they take precedence too (a 1-row matmul2d destination wastes
/// the unit as an 8x8 fragment does): a kernel whose dots are all matvec
/// dots runs on the simdgroup backend's lanes, with a remark; a kernel
/// mixing them with larger dots keeps matmul2d for all.
void Assigner::chooseMatvecDots() {
  // tile.simdgroups asks for a SIMD-group grid of fragments: kept.
  if (kernel->hasAttr(TileDialect::getSimdgroupsAttrName()))
    return;
  SmallVector<DotOp> dots;
  kernel.walk([&](DotOp dot) { dots.push_back(dot); });
  bool all = !dots.empty() && llvm::all_of(dots, [&](DotOp dot) {
    return isMatvecCandidate(dot, threads);
  });
  if (tensorOps) {
    bool handWritten = llvm::any_of(values, [](Value v) {
      return isa_and_nonnull<applegpu::CooperativeLayoutAttr,
                             applegpu::ViewLayoutAttr>(
          applegpu::rootLayout(applegpu::layoutOf(v.getType())));
    });
    if (!all || handWritten)
      return;
    dots.front().emitRemark()
        << "every dot of the kernel has at most 8 rows: lanes compute them "
           "(tile.matvec) instead of matmul2d, so the kernel uses the "
           "simdgroup backend's layouts";
    tensorOps = false;
  }
  for (DotOp dot : dots)
    if (isMatvecCandidate(dot, threads))
      matvecDots.insert(dot);
}

//===----------------------------------------------------------------------===//
// The kernel's configuration
//===----------------------------------------------------------------------===//

/// Whether each SIMD group's rows x cols part of an accumulator is a
/// destination Apple's matmul2d accepts (at least one of them a multiple
/// of 16, each 1, 2, 4 or a multiple of 8).
bool tile::isMatmul2dShape(int64_t rows, int64_t cols) {
  auto ok = [](int64_t d) {
    return d == 1 || d == 2 || d == 4 || (d > 0 && d % 8 == 0);
  };
  return ok(rows) && ok(cols) && (rows % 16 == 0 || cols % 16 == 0);
}

/// The documented default SIMD-group grid: 2x2, reduced to 1 along a
/// dimension whose 8x8 fragments (for tensor ops: whose matmul2d
/// destination) cannot be split in two.
static std::pair<int64_t, int64_t> defaultGrid(DotOp dot, bool tensorOps) {
  auto type = cast<RankedTensorType>(dot.getType());
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  if (tensorOps) {
    for (auto [wm, wn] : {std::pair<int64_t, int64_t>{2, 2}, {2, 1}, {1, 2}})
      if (rows % wm == 0 && cols % wn == 0 &&
          isMatmul2dShape(rows / wm, cols / wn))
        return {wm, wn};
    return {1, 1};
  }
  int64_t m = rows / 8, n = cols / 8;
  return {m % 2 == 0 ? 2 : 1, n % 2 == 0 ? 2 : 1};
}

Attribute Assigner::accumulatorLayout() {
  MLIRContext *ctx = kernel.getContext();
  if (tensorOps)
    return applegpu::CooperativeLayoutAttr::get(ctx, simdgroupsM, simdgroupsN);
  return applegpu::FragmentsLayoutAttr::get(ctx, simdgroupsM, simdgroupsN);
}

/// Whether the dot `user` runs in a loop that `def` is outside of and should
/// read `def`'s tile from threadgroup memory: a device view would be read on
/// every iteration (each SIMD-group its rows, again and again:
/// FlashAttention's Q in the key loop), where staging it once, after the
/// load, reads the device once. Only while both of the dot's operands,
/// which are then staged together, take at most half the threadgroup
/// memory; larger ones stay views.
static bool readInLoopOutside(Operation *def, Operation *user) {
  int64_t stagedBytes = 0;
  for (Value operand : user->getOperands().take_front(2)) {
    auto type = cast<RankedTensorType>(operand.getType());
    stagedBytes += type.getNumElements() *
                   llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  }
  if (stagedBytes > applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes / 2)
    return false;
  for (Operation *op = user->getParentOp(); op && op != def->getParentOp();
       op = op->getParentOp())
    if (isa<ForRangeOp, scf::ForOp, scf::WhileOp>(op) &&
        !op->isProperAncestor(def))
      return true;
  return false;
}

DenseSet<Value> Assigner::findViewLoads() {
  DenseSet<Value> stored, views;
  kernel.walk([&](StoreOp store) { stored.insert(store.getBuffer()); });
  kernel.walk([&](LoadOp load) {
    Value v = load.getResult();
    if (!isTile(v) || tensorType(v).getRank() != 2 || uniform.contains(v) ||
        stored.contains(load.getBuffer()) || v.use_empty())
      return;
    Attribute given = applegpu::layoutOf(v.getType());
    if (given && !isa<applegpu::ViewLayoutAttr>(given))
      return;
    if (auto pad = dyn_cast_if_present<FloatAttr>(load.getPaddingAttr());
        pad && !pad.getValue().isZero())
      return;
    auto strides = load.getStrides();
    if (!isConstantIntValue(strides[1], 1) &&
        !isConstantIntValue(strides[0], 1))
      return;
    for (OpOperand &use : v.getUses())
      if (!isa<DotOp>(use.getOwner()) || use.getOperandNumber() > 1 ||
          readInLoopOutside(load, use.getOwner()))
        return;
    views.insert(v);
  });
  // A dot reads both operands through views or stages both (one dynamic
  // K for both, or the staged tiles' K): drop views whose partner is not.
  for (bool changed = true; changed;) {
    changed = false;
    kernel.walk([&](DotOp dot) {
      bool a = views.contains(dot.getA()), b = views.contains(dot.getB());
      if (a != b) {
        views.erase(a ? dot.getA() : dot.getB());
        changed = true;
      }
    });
  }
  return views;
}

LogicalResult Assigner::chooseConfig() {
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (&block != &kernel.getBody().front())
          for (Value arg : block.getArguments())
            if (isTile(arg))
              values.insert(arg);
    for (Value result : op->getResults())
      if (isTile(result))
        values.insert(result);
  });

  // Encodings written by hand fix the grid and the thread count.
  int64_t given = 0;
  for (Value v : values) {
    Attribute l = applegpu::layoutOf(v.getType());
    if (!l)
      continue;
    if (!applegpu::isLayout(l))
      return emitError(v.getLoc())
             << "tile type " << v.getType()
             << " has an encoding that is not an applegpu layout";
    auto geometry = cast<applegpu::LayoutAttrInterface>(l);
    if (auto grid = geometry.getSimdgroupGrid())
      std::tie(simdgroupsM, simdgroupsN) = *grid;
    int64_t t = geometry.getThreadCount();
    if (t && given && t != given)
      return emitError(v.getLoc())
             << "layout " << l << " needs " << t
             << " threads, but another tile of the kernel needs " << given;
    if (t)
      given = t;
  }

  SmallVector<DotOp> dots;
  kernel.walk([&](DotOp dot) { dots.push_back(dot); });
  auto grid = kernel->getAttrOfType<DenseI64ArrayAttr>(
      TileDialect::getSimdgroupsAttrName());
  bool hasFragments = llvm::any_of(values, [](Value v) {
    auto geometry = dyn_cast_if_present<applegpu::LayoutAttrInterface>(
        applegpu::layoutOf(v.getType()));
    return geometry && geometry.getSimdgroupGrid();
  });
  if (grid && !hasFragments) {
    simdgroupsM = grid[0];
    simdgroupsN = grid[1];
  } else if (!dots.empty() && !hasFragments &&
             llvm::all_of(dots, [](DotOp dot) {
               return isMatvecCandidate(dot, kMatvecThreads);
             })) {
    simdgroupsM = 1;
    simdgroupsN = kMatvecThreads / 32;
  } else if (!dots.empty() && !hasFragments) {
    std::tie(simdgroupsM, simdgroupsN) = defaultGrid(dots[0], tensorOps);
  }
  if (!dots.empty() || grid || hasFragments) {
    threads = simdgroupsM * simdgroupsN * 32;
  } else {
    // A thread per element (or group of 4) of the largest tile.
    int64_t largest = 1;
    for (Value v : values) {
      RankedTensorType type = tensorType(v);
      if (type.hasStaticShape() && type.getRank() > 0)
        largest = std::max(
            largest, type.getNumElements() /
                         applegpu::DistributedLayoutAttr::getDefaultVector(
                             type.getShape()));
    }
    threads = std::min<int64_t>(256, llvm::alignTo(largest, 32));
  }
  if (given && given != threads && (hasFragments || !dots.empty() || grid))
    return kernel.emitOpError()
           << "has tile layouts for " << given
           << " threads, but its SIMD-group grid " << simdgroupsM << "x"
           << simdgroupsN << " runs " << threads;
  if (given)
    threads = given;
  return success();
}

/// backend=auto on apple10: a kernel whose accumulators matmul2d cannot
/// take over its SIMD-group grid (an 8x8 dot, say) runs on simdgroup_matrix,
/// which apple10 has too, instead of being refused; a remark says so. Not
/// when the input already has tensor-ops layouts.
LogicalResult Assigner::fallBackIfMatmul2dCannotSplit() {
  if (!tensorOps || !autoBackend)
    return success();
  if (llvm::any_of(values, [](Value v) {
        return isa_and_nonnull<applegpu::CooperativeLayoutAttr,
                               applegpu::ViewLayoutAttr>(
            applegpu::rootLayout(applegpu::layoutOf(v.getType())));
      }))
    return success();
  DotOp dot = autoFallbackDot(kernel, simdgroupsM, simdgroupsN);
  if (!dot)
    return success();
  dot.emitRemark() << "backend=auto: accumulator tile " << dot.getType()
                   << " cannot be split over a " << simdgroupsM << "x"
                   << simdgroupsN
                   << " SIMD-group grid into matmul2d destinations, so the "
                      "kernel uses the simdgroup_matrix backend "
                      "(backend=tensorops makes this an error)";
  tensorOps = false;
  simdgroupsM = simdgroupsN = 1;
  threads = 32;
  return chooseConfig();
}

//===----------------------------------------------------------------------===//
// Uniform tiles and ties
//===----------------------------------------------------------------------===//

void Assigner::findUniform() {
  auto isUniform = [&](Value v) { return uniform.contains(v); };
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->getNumResults() != 1 || !isTensor(op->getResult(0)))
      return;
    Value result = op->getResult(0);
    if (Attribute given = applegpu::layoutOf(result.getType())) {
      if (isa<applegpu::UniformLayoutAttr>(given))
        uniform.insert(result);
      return;
    }
    bool yes = false;
    if (isa<SplatOp>(op))
      yes = true;
    else if (auto constant = dyn_cast<arith::ConstantOp>(op))
      yes = isa<SplatElementsAttr>(constant.getValue());
    else if (isElementwiseOnTiles(op) || isa<BroadcastOp>(op))
      yes = llvm::all_of(op->getOperands(),
                         [&](Value v) { return !isTensor(v) || isUniform(v); });
    if (yes)
      uniform.insert(result);
  });
}

void Assigner::tie() {
  auto nonUniform = [&](Value v) { return isTile(v) && !uniform.contains(v); };
  auto join = [&](Value a, Value b) {
    if (nonUniform(a) && nonUniform(b))
      ties.join(a, b);
  };
  kernel.walk([&](Operation *op) {
    if (isElementwiseOnTiles(op) && nonUniform(op->getResult(0))) {
      for (Value v : op->getResults())
        join(op->getResult(0), v);
      for (Value v : op->getOperands())
        join(op->getResult(0), v);
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i) {
        join(loop.getResult(i), loop.getRegionIterArgs()[i]);
        join(loop.getResult(i), yield.getOperand(i));
        join(loop.getResult(i), loop.getInitArgs()[i]);
      }
    }
    if (auto loop = dyn_cast<ForRangeOp>(op)) {
      Operation *yield = loop.getBody()->getTerminator();
      for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i) {
        join(loop.getResult(i), loop.getRegionIterArgs()[i]);
        join(loop.getResult(i), yield->getOperand(i));
        join(loop.getResult(i), loop.getInitArgs()[i]);
      }
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0, e = branch.getNumResults(); i < e; ++i) {
        join(branch.getResult(i), branch.thenYield().getOperand(i));
        if (!branch.getElseRegion().empty())
          join(branch.getResult(i), branch.elseYield().getOperand(i));
      }
    }
  });
  // Loop values are never uniform: an iteration may change them.
}

//===----------------------------------------------------------------------===//
// Choosing a layout per group
//===----------------------------------------------------------------------===//

LogicalResult Assigner::resolve() {
  MLIRContext *ctx = kernel.getContext();
  // 1. Encodings in the input decide their group.
  for (Value v : values) {
    Attribute given = applegpu::layoutOf(v.getType());
    if (!given || uniform.contains(v))
      continue;
    Attribute &chosen = rootLayout[ties.find(v)];
    if (chosen && chosen != given)
      return emitError(v.getLoc())
             << "tile layout " << given << " conflicts with " << chosen
             << ", the layout of a value it is tied to (an operand or "
                "result of the same elementwise op, loop or branch)";
    chosen = given;
  }
  // 2. Accumulators: fragments (cooperative tensors), then those of
  //    matvec dots distributed, unless tied to the others'.
  Attribute fragments = accumulatorLayout();
  for (bool matvec : {false, true})
    kernel.walk([&](DotOp dot) {
      if (matvecDots.contains(dot) != matvec)
        return;
      for (Value v : {dot.getResult(), dot.getAcc()}) {
        if (uniform.contains(v))
          continue;
        Attribute &chosen = rootLayout[ties.find(v)];
        if (!chosen)
          chosen = matvec ? distributed(tensorType(v)) : fragments;
      }
    });
  // 3. Rank-2 groups left are distributed; then reduction results, whose
  //    slices need their operand's layout, in program order.
  auto layoutOfValue = [&](Value v) -> Attribute {
    if (uniform.contains(v))
      return applegpu::UniformLayoutAttr::get(ctx);
    Attribute &chosen = rootLayout[ties.find(v)];
    if (!chosen && tensorType(v).getRank() == 2)
      chosen = distributed(tensorType(v));
    return chosen;
  };
  for (Value v : values)
    if (tensorType(v).getRank() == 2)
      (void)layoutOfValue(v);
  // Each reduction produces the slice of its own input's layout; the first
  // one decides its group's layout, the others are converted if needed.
  DenseMap<Value, Attribute> reduced;
  kernel.walk([&](ReduceOp reduce) {
    if (!isTile(reduce.getResult()))
      return;
    Attribute parent = layoutOfValue(reduce.getInput());
    // Cooperative tiles are reduced from a distributed copy.
    if (isa<applegpu::UniformLayoutAttr, applegpu::CooperativeLayoutAttr>(
            parent))
      parent = distributed(tensorType(reduce.getInput()));
    int64_t dim = reduce.getDim();
    Attribute slice = applegpu::SliceLayoutAttr::get(
        ctx, dim, tensorType(reduce.getInput()).getDimSize(dim), parent);
    Attribute given = applegpu::layoutOf(reduce.getType());
    reduced[reduce.getResult()] = given ? given : slice;
    Attribute &chosen = rootLayout[ties.find(reduce.getResult())];
    if (!chosen)
      chosen = slice;
  });
  for (Value v : values) {
    Attribute l = layoutOfValue(v);
    if (!l)
      l = rootLayout[ties.find(v)] = distributed(tensorType(v));
    // A load reads distributed tiles (or accumulator-shaped ones straight
    // into the lanes); tied to a slice, it is converted after the load.
    // (A cooperative slice is read where it is used, per element.)
    if (isa<applegpu::SliceLayoutAttr>(l) && v.getDefiningOp<LoadOp>() &&
        !applegpu::layoutOf(v.getType()) &&
        !isa<applegpu::CooperativeLayoutAttr>(applegpu::rootLayout(l)))
      l = distributed(tensorType(v));
    if (Attribute own = reduced.lookup(v))
      l = own;
    layout[v] = l;
  }
  if (tensorOps)
    for (Value v : findViewLoads())
      layout[v] = applegpu::ViewLayoutAttr::get(ctx);
  // Gathers and atomics produce their tile where they touch memory.
  kernel.walk([&](Operation *op) {
    if (isa<GatherOp, AtomicRMWOp, AtomicCASOp>(op))
      layout[op->getResult(0)] =
          singleHolder(layout[op->getResult(0)], tensorType(op->getResult(0)));
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Writing the layouts
//===----------------------------------------------------------------------===//

LogicalResult Assigner::rewriteTypes() {
  // Checked in a fixed order, so the diagnostic lands on the same op every
  // run: the dots first, which the accumulator shape comes from, then
  // everything else in program order.
  SmallVector<Value> ordered;
  kernel.walk([&](DotOp dot) { ordered.push_back(dot.getResult()); });
  ordered.append(values.begin(), values.end());
  DenseSet<Value> done;
  for (Value v : ordered) {
    if (!done.insert(v).second)
      continue;
    RankedTensorType type = tensorType(v);
    Attribute l = layout.lookup(v);
    if (auto c = dyn_cast<applegpu::CooperativeLayoutAttr>(l)) {
      int64_t wm = c.getSimdgroupsM(), wn = c.getSimdgroupsN();
      if (type.getRank() != 2 || type.getDimSize(0) % wm != 0 ||
          type.getDimSize(1) % wn != 0 ||
          !isMatmul2dShape(type.getDimSize(0) / wm, type.getDimSize(1) / wn)) {
        Operation *where = v.getDefiningOp()
                               ? v.getDefiningOp()
                               : v.getParentBlock()->getParentOp();
        return where->emitOpError()
               << "accumulator tile " << type << " cannot be split over a "
               << wm << "x" << wn
               << " SIMD-group grid into matmul2d destinations: each part "
                  "must be a whole number of rows and columns, each 1, 2, "
                  "4 or a multiple of 8, at least one a multiple of 16 "
                  "(Apple's rule)";
      }
    }
    if (auto f = dyn_cast<applegpu::FragmentsLayoutAttr>(l)) {
      int64_t rows = 8 * f.getSimdgroupsM(), cols = 8 * f.getSimdgroupsN();
      if (type.getRank() != 2 || type.getDimSize(0) % rows != 0 ||
          type.getDimSize(1) % cols != 0) {
        Operation *where = v.getDefiningOp()
                               ? v.getDefiningOp()
                               : v.getParentBlock()->getParentOp();
        return where->emitOpError()
               << "accumulator tile " << type << " cannot be split into 8x8 "
               << "fragments over a " << f.getSimdgroupsM() << "x"
               << f.getSimdgroupsN() << " SIMD-group grid (its shape must "
               << "be a multiple of " << rows << "x" << cols << ")";
      }
    }
    auto encoding = cast<VerifiableTensorEncoding>(l);
    if (failed(encoding.verifyEncoding(type.getShape(), type.getElementType(),
                                       [&] { return emitError(v.getLoc()); })))
      return failure();
    v.setType(applegpu::withLayout(type, l));
  }
  // Constants carry their type twice: in the attribute too.
  kernel.walk([&](arith::ConstantOp constant) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (dense && dense.getType() != constant.getType())
      constant.setValueAttr(
          dense.reshape(cast<ShapedType>(constant.getType())));
  });
  return success();
}

Attribute Assigner::required(Operation *user, OpOperand &operand) {
  Value v = operand.get();
  unsigned i = operand.getOperandNumber();
  auto typeLayout = [](Value x) { return applegpu::layoutOf(x.getType()); };
  if (isElementwiseOnTiles(user))
    return typeLayout(user->getResult(0));
  // The operands of an access at offsets are held where its result is (for
  // a scatter: where its value is, if each element has one holder there).
  if (isa<GatherOp, AtomicRMWOp, AtomicCASOp>(user))
    return typeLayout(user->getResult(0));
  if (auto scatter = dyn_cast<ScatterOp>(user))
    return singleHolder(typeLayout(scatter.getValue()),
                        tensorType(scatter.getValue()));
  if (auto loop = dyn_cast<scf::ForOp>(user)) {
    if (i < 3)
      return {};
    return typeLayout(loop.getResult(i - 3));
  }
  if (auto loop = dyn_cast<ForRangeOp>(user)) {
    unsigned firstInit = user->getNumOperands() - loop.getNumResults();
    return i < firstInit ? Attribute()
                         : typeLayout(loop.getResult(i - firstInit));
  }
  if (isa<scf::YieldOp, YieldOp>(user) && user->getParentOp()->getNumResults())
    if (!isa<EpilogueOp>(user->getParentOp()))
      return typeLayout(user->getParentOp()->getResult(i));
  if (auto dot = dyn_cast<DotOp>(user)) {
    if (v == dot.getAcc() && i == 2)
      return typeLayout(dot.getResult());
    Attribute l = typeLayout(v);
    if (tensorOps)
      return applegpu::ViewLayoutAttr::get(user->getContext());
    return isa<applegpu::DistributedLayoutAttr, applegpu::UniformLayoutAttr>(l)
               ? l
               : distributed(tensorType(v));
  }
  if (isa<StoreOp>(user) || isa<ReduceOp>(user)) {
    Attribute l = typeLayout(v);
    if (isa<applegpu::CooperativeLayoutAttr>(l) && isa<StoreOp>(user))
      return l;
    return isa<applegpu::DistributedLayoutAttr, applegpu::FragmentsLayoutAttr>(
               l)
               ? l
               : distributed(tensorType(v));
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(user)) {
    Attribute result = typeLayout(broadcast.getResult());
    if (isa<applegpu::UniformLayoutAttr>(result))
      return result;
    int64_t dim = 1 - broadcast.getDim();
    return applegpu::SliceLayoutAttr::get(
        user->getContext(), dim,
        tensorType(broadcast.getResult()).getDimSize(dim), result);
  }
  return {};
}

void Assigner::insertConversions() {
  // One conversion per value and layout, right after the value's definition.
  // Tiles made from scalars (splats, aranges, splat constants) are made
  // again in the wanted layout instead, as the canonicalizer would; the
  // originals left without users are erased below.
  DenseMap<std::pair<Value, Attribute>, Value> made;
  llvm::SetVector<Operation *> remade;
  OpBuilder b(kernel.getContext());
  auto convert = [&](Value v, Attribute to) {
    Value &c = made[{v, to}];
    if (c)
      return c;
    Operation *def = v.getDefiningOp();
    if (def)
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    RankedTensorType type = applegpu::withLayout(tensorType(v), to);
    if ((c = rematerializeInLayout(b, v.getLoc(), v, type))) {
      remade.insert(def);
      return c;
    }
    c = ConvertLayoutOp::create(b, v.getLoc(), type, v);
    return c;
  };
  SmallVector<Operation *> users;
  kernel.walk([&](Operation *op) { users.push_back(op); });
  for (Operation *user : users)
    for (OpOperand &operand : user->getOpOperands()) {
      if (!isTile(operand.get()) || !values.contains(operand.get()))
        continue;
      Attribute want = required(user, operand);
      if (want && want != applegpu::layoutOf(operand.get().getType()))
        operand.set(convert(operand.get(), want));
    }
  // The last step of the assigner: `values` is not read after this.
  for (Operation *def : remade)
    if (def->use_empty())
      def->erase();
}

LogicalResult Assigner::run() {
  if (failed(chooseConfig()))
    return failure();
  chooseMatvecDots();
  if (failed(fallBackIfMatmul2dCannotSplit()))
    return failure();
  findUniform();
  tie();
  if (failed(resolve()) || failed(rewriteTypes()))
    return failure();
  insertConversions();
  // The choice, visible in the IR: a matvec dot whose accumulator is
  // distributed (not tied to a fragments one).
  for (Operation *dot : matvecDots)
    if (isa_and_nonnull<applegpu::DistributedLayoutAttr>(
            applegpu::layoutOf(dot->getResult(0).getType())))
      dot->setAttr(TileDialect::getMatvecAttrName(),
                   UnitAttr::get(kernel.getContext()));
  return success();
}

namespace {
struct TileAssignLayoutsPass
    : tile::impl::TileAssignLayoutsBase<TileAssignLayoutsPass> {
  using TileAssignLayoutsBase::TileAssignLayoutsBase;

  void runOnOperation() override {
    if (failed(checkTargetOption(getOperation(), target)))
      return signalPassFailure();
    if (failed(checkBackendOption(getOperation(), backend)))
      return signalPassFailure();
    for (func::FuncOp kernel : tileKernels(getOperation())) {
      // A kernel taking tensors is not a tile kernel Metal can run;
      // convert-tile-to-applegpu says so.
      if (llvm::any_of(kernel.getArgumentTypes(),
                       [](Type t) { return isa<TensorType>(t); }))
        continue;
      std::string chosen = kernelTarget(kernel, target);
      if (failed(Assigner(kernel, choosesTensorOps(chosen, backend),
                          /*autoBackend=*/backend == "auto")
                     .run()))
        return signalPassFailure();
    }
  }
};
} // namespace
