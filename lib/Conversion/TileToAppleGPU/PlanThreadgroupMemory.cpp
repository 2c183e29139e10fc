//===- PlanThreadgroupMemory.cpp - one threadgroup arena per kernel -------===//
//
// tile-plan-threadgroup-memory: every scratch buffer the lowering of a
// kernel will need, when it is live, and where it lives in the kernel's
// one threadgroup allocation (the arena).
//
// Buffers and live ranges, in program order (a pre-order numbering of the
// kernel's ops; an op with regions spans its body):
//  * the scratch of a layout conversion, a reduction or a staged tensor-ops
//    dot, and the copies an op makes of another dot's cooperative tiles
//    (CooperativeSpills.cpp), are live at the op only: the op writes them
//    after a barrier and reads them before it ends;
//  * except a conversion into the cooperative layout, whose buffer is read
//    wherever the tile, and what is computed from it, is used: it lives
//    until the last such use (at the level of the conversion's block);
//  * the staging buffers of the simdgroup dots of one operand element type
//    (one for A, one for B, shared by those dots) are live at each dot, and
//    across its whole loop for the dots of a pipelined loop that alternate
//    between two halves.
// Buffers are placed first-fit in the order they become live, at 16-byte
// aligned offsets, below every buffer they are live with at some point;
// buffers live at disjoint times may share bytes. Every user of shared
// bytes orders itself after their earlier readers: the conversion's and
// reductions' buffers are written after a barrier, and the plan marks the
// staging buffers whose bytes another buffer used before (`reused`), per
// dot, so that those dots start with one.
//
// The dot staging choice (DotStaging.cpp) is the best one whose packed
// total fits in 32 KiB.
//
//===----------------------------------------------------------------------===//

#include "CooperativeSpills.h"
#include "KernelLowering.h"
#include "ThreadgroupPlan.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace tile {
#define GEN_PASS_DEF_TILEPLANTHREADGROUPMEMORY
#include "tile/Conversion/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// Positions first and last (inclusive) in program order.
struct Interval {
  int64_t begin, end;
  bool overlaps(const Interval &o) const {
    return begin <= o.end && o.begin <= end;
  }
};

struct Buffer {
  /// Spill: the op's copies of another dot's cooperative tiles.
  enum Kind { Scratch, Spill, StagingA, StagingB } kind;
  Operation *owner; ///< the op (the first dot, for staging)
  int64_t bytes;
  SmallVector<Interval, 1> live;
  Type element = {}; ///< staging: the operand element type
  int64_t offset = 0;

  bool liveWith(const Buffer &o) const {
    for (const Interval &a : live)
      for (const Interval &b : o.live)
        if (a.overlaps(b))
          return true;
    return false;
  }
  bool sharesBytes(const Buffer &o) const {
    return offset < o.offset + o.bytes && o.offset < offset + bytes;
  }
};

/// Each op's span in a pre-order numbering of the kernel's ops.
class ProgramOrder {
public:
  explicit ProgramOrder(func::FuncOp kernel) {
    int64_t next = 0;
    number(kernel.getBody().front(), next);
    size = next;
  }
  Interval span(Operation *op) const { return spans.lookup(op); }
  /// The whole kernel, first op to last.
  Interval whole() const { return {0, std::max<int64_t>(0, size - 1)}; }
  /// Whether a loop runs both `a` and `b` (each iteration of it, that is:
  /// what `b` does in one iteration precedes `a` in the next).
  bool inOneLoop(const Interval &a, const Interval &b) const {
    auto inside = [](const Interval &loop, const Interval &x) {
      return loop.begin <= x.begin && x.end <= loop.end;
    };
    return llvm::any_of(loops, [&](const Interval &loop) {
      return inside(loop, a) && inside(loop, b);
    });
  }

private:
  void number(Block &block, int64_t &next) {
    for (Operation &op : block) {
      int64_t begin = next++;
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          number(inner, next);
      spans[&op] = {begin, next - 1};
      if (isa<LoopLikeOpInterface>(op))
        loops.push_back(spans[&op]);
    }
  }
  DenseMap<Operation *, Interval> spans;
  SmallVector<Interval> loops;
  int64_t size = 0;
};
} // namespace

/// Where the buffer of a conversion into the cooperative layout is read: at
/// every use of its result and of what is computed from it (the lowering
/// evaluates such tiles per element where they are used), up to the end of
/// the last user's ancestor in the conversion's block.
static Interval cooperativeLifetime(Operation *op, const ProgramOrder &order) {
  Interval live = order.span(op);
  live.end = live.begin;
  SmallVector<Value> work(op->getResults());
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (Operation *user : v.getUsers()) {
      if (Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user))
        live.end = std::max(live.end, order.span(ancestor).end);
      llvm::append_range(work, user->getResults());
      if (user->hasTrait<OpTrait::IsTerminator>())
        if (Operation *parent = user->getParentOp())
          llvm::append_range(work, parent->getResults());
    }
  }
  return live;
}

/// The buffers of the ops with scratch of their own, in program order.
static SmallVector<Buffer> scratchBuffers(func::FuncOp kernel,
                                          const KernelConfig &config,
                                          const ProgramOrder &order) {
  SmallVector<Buffer> buffers;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A tile.shared array's contents are the program's to manage (written
    // in one place, read after a tile.barrier anywhere else), so it owns
    // its bytes for the whole kernel.
    if (auto shared = dyn_cast<SharedOp>(op)) {
      MemRefType type = shared.getType();
      int64_t width =
          llvm::divideCeil(type.getElementType().getIntOrFloatBitWidth(), 8);
      buffers.push_back({Buffer::Scratch,
                         op,
                         type.getNumElements() * width,
                         {order.whole()}});
      return;
    }
    Interval at = order.span(op);
    at.end = at.begin;
    // Copies of another dot's cooperative tiles: written after a barrier
    // and read by the op (CooperativeSpills.cpp).
    if (int64_t spilled = cooperativeSpillBytes(config, *op))
      buffers.push_back({Buffer::Spill, op, spilled, {at}});
    int64_t bytes = scratchBytes(config, *op);
    if (auto dot = dyn_cast<DotOp>(op); dot && config.tensorOps)
      bytes = matmulStagingBytes(dot);
    if (!bytes)
      return;
    Interval live = at;
    if (auto convert = dyn_cast<ConvertLayoutOp>(op);
        convert && isCooperative(convert.getType()))
      live = cooperativeLifetime(op, order);
    buffers.push_back({Buffer::Scratch, op, bytes, {live}});
  });
  return buffers;
}

/// The shared staging buffers of `dots` under `choice`: per operand element
/// type (in first-use order), A's and B's, live at each of their dots.
static SmallVector<Buffer> stagingBuffers(ArrayRef<StagedDot> dots,
                                          const StagingChoice &choice,
                                          const ProgramOrder &order) {
  llvm::MapVector<Type, std::pair<Buffer, Buffer>> shared;
  for (const StagedDot &d : dots) {
    StepShape s = stepShape(d, choice);
    int64_t width = d.element.getIntOrFloatBitWidth() / 8;
    int64_t halves = alternates(d, choice) ? 2 : 1;
    auto [it, inserted] = shared.try_emplace(d.element);
    auto &[a, b] = it->second;
    if (inserted) {
      a = {Buffer::StagingA, d.dot, 0, {}, d.element};
      b = {Buffer::StagingB, d.dot, 0, {}, d.element};
    }
    Interval live = alternates(d, choice)
                        ? order.span(d.pipelinedLoop)
                        : order.span(const_cast<DotOp &>(d.dot).getOperation());
    if (!alternates(d, choice))
      live.end = live.begin;
    a.live.push_back(live);
    b.live.push_back(live);
    // The halves of one are as large as the largest dot's step needs.
    a.bytes = std::max(a.bytes, halves * s.aElements * width);
    b.bytes = std::max(b.bytes, halves * s.bElements * width);
  }
  SmallVector<Buffer> buffers;
  for (auto &[element, ab] : shared) {
    buffers.push_back(ab.first);
    buffers.push_back(ab.second);
  }
  return buffers;
}

/// Places `buffers` first-fit in the order they become live, at 16-byte
/// aligned offsets; returns the arena's size (the end of the last buffer:
/// a kernel with one small buffer takes no more than it did).
static int64_t pack(MutableArrayRef<Buffer> buffers) {
  auto order = llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(buffers[a].live.front().begin, a) <
           std::make_pair(buffers[b].live.front().begin, b);
  });
  int64_t total = 0;
  SmallVector<unsigned> placed;
  for (unsigned i : order) {
    Buffer &buffer = buffers[i];
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (unsigned j : placed)
      if (buffer.liveWith(buffers[j]))
        taken.push_back(
            {buffers[j].offset, buffers[j].offset + buffers[j].bytes});
    llvm::sort(taken);
    int64_t offset = 0;
    for (auto [begin, end] : taken) {
      if (offset + buffer.bytes <= begin)
        break;
      offset = std::max<int64_t>(offset, llvm::alignTo(end, 16));
    }
    buffer.offset = offset;
    total = std::max(total, offset + buffer.bytes);
    placed.push_back(i);
  }
  return total;
}

/// Whether another buffer used bytes of `buffer` before its use at `at`:
/// one live earlier in program order, or later in a loop that runs both.
static bool usedBefore(const Buffer &buffer, const Interval &at,
                       ArrayRef<Buffer> buffers, const ProgramOrder &order) {
  for (const Buffer &other : buffers) {
    if (&other == &buffer || !buffer.sharesBytes(other))
      continue;
    for (const Interval &y : other.live)
      if (y.begin < at.begin || order.inOneLoop(at, y))
        return true;
  }
  return false;
}

static StringRef describe(const Buffer &buffer) {
  switch (buffer.kind) {
  case Buffer::StagingA:
    return "to stage the A operands of the dots";
  case Buffer::StagingB:
    return "to stage the B operands of the dots";
  case Buffer::Spill:
    return "to copy another dot's cooperative tiles read here";
  case Buffer::Scratch:
    break;
  }
  if (isa<DotOp>(buffer.owner))
    return "to stage this dot's operands";
  if (isa<ReduceOp>(buffer.owner))
    return "for this reduction";
  if (isa<SharedOp>(buffer.owner))
    return "for this tile.shared array";
  return "for this layout conversion";
}

/// The error when even the smallest plan needs more than 32 KiB: at the op
/// where the most bytes are live at once, with a note at each of them.
static LogicalResult reportPeak(func::FuncOp kernel, ArrayRef<Buffer> buffers,
                                int64_t total, int64_t limit, bool subSteps,
                                const ProgramOrder &order) {
  int64_t peak = 0;
  Operation *peakOp = kernel;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == kernel)
      return;
    int64_t position = order.span(op).begin, live = 0;
    for (const Buffer &b : buffers)
      if (b.liveWith({Buffer::Scratch, nullptr, 0, {{position, position}}}))
        live += b.bytes;
    if (live > peak) {
      peak = live;
      peakOp = op;
    }
  });
  int64_t position = order.span(peakOp).begin;
  auto liveAtPeak = [&](const Buffer &b) {
    return b.liveWith({Buffer::Scratch, nullptr, 0, {{position, position}}});
  };
  // Sub-steps are worth naming only when staging is part of the peak.
  subSteps &= llvm::any_of(buffers, [&](const Buffer &b) {
    return (b.kind == Buffer::StagingA || b.kind == Buffer::StagingB) &&
           liveAtPeak(b);
  });
  InFlightDiagnostic diag = peakOp->emitOpError();
  diag << "needs " << total << " bytes of threadgroup memory";
  if (subSteps)
    diag << ", even with the dots' operands staged 8 columns of K at a time "
            "(K sub-steps)";
  diag << ", more than the " << limit;
  diag << (limit == applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes
               ? " an Apple GPU threadgroup has"
               : " the plan may use (max-bytes)");
  diag << "; " << peak << " bytes are live at once here; use smaller tiles";
  for (const Buffer &b : buffers)
    if (liveAtPeak(b))
      diag.attachNote(b.owner->getLoc()) << b.bytes << " bytes " << describe(b);
  return diag;
}

/// The remark at each pipelined loop whose dots do not alternate.
static void remarkNotAlternating(ArrayRef<StagedDot> dots, int64_t wanted,
                                 int64_t limit) {
  llvm::SetVector<Operation *> loops;
  for (const StagedDot &d : dots)
    if (d.pipelinedLoop)
      loops.insert(d.pipelinedLoop);
  for (Operation *loop : loops)
    emitRemark(loop->getLoc())
        << "num_stages = "
        << loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName())
               .getInt()
        << ": two staging buffers for the dots of this loop would need "
        << wanted << " bytes of threadgroup memory, more than the " << limit
        << (limit == applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes
                ? " a threadgroup has"
                : " the plan may use (max-bytes)")
        << "; the dots stage their operands in one "
           "buffer, with a barrier before and after each multiply (the "
           "loads the loop issues ahead are not affected)";
}

bool tile::conversion::hasThreadgroupMemoryPlan(func::FuncOp kernel) {
  return kernel->hasAttr(
      applegpu::AppleGPUDialect::getThreadgroupMemoryAttrName());
}

LogicalResult tile::conversion::planThreadgroupMemory(
    func::FuncOp kernel, const KernelConfig &config, int64_t limit) {
  FailureOr<SmallVector<StagedDot>> dots = stagedDots(kernel, config);
  if (failed(dots))
    return failure();
  ProgramOrder order(kernel);
  SmallVector<Buffer> scratch = scratchBuffers(kernel, config, order);
  // The best staging whose packed total fits (without dots: the one plan).
  SmallVector<StagingChoice> choices = stagingChoices(*dots);
  if (dots->empty())
    choices = {StagingChoice{8, false, false}};
  auto packWith = [&](const StagingChoice &choice,
                      SmallVector<Buffer> &buffers) {
    buffers = scratch;
    llvm::append_range(buffers, stagingBuffers(*dots, choice, order));
    return pack(buffers);
  };
  std::optional<StagingChoice> best;
  SmallVector<Buffer> buffers;
  int64_t total = 0;
  for (const StagingChoice &choice : choices) {
    total = packWith(choice, buffers);
    if (total <= limit) {
      best = choice;
      break;
    }
  }
  if (!best) {
    int64_t maxK = 8;
    for (const StagedDot &d : *dots)
      maxK = std::max(maxK, d.k);
    total = packWith(StagingChoice{8, false, false}, buffers);
    return reportPeak(kernel, buffers, total, limit, maxK > 8, order);
  }
  bool anyPipelined = llvm::any_of(
      *dots, [](const StagedDot &d) { return bool(d.pipelinedLoop); });
  if (anyPipelined && !best->alternating) {
    int64_t maxK = 8;
    for (const StagedDot &d : *dots)
      maxK = std::max(maxK, d.k);
    SmallVector<Buffer> wanted;
    remarkNotAlternating(*dots, packWith({maxK, false, true}, wanted), limit);
  }

  // The plan, as attributes.
  MLIRContext *ctx = kernel.getContext();
  Builder b(ctx);
  kernel->setAttr(applegpu::AppleGPUDialect::getThreadgroupMemoryAttrName(),
                  b.getI64IntegerAttr(total));
  DenseMap<Type, std::pair<const Buffer *, const Buffer *>> staging;
  for (const Buffer &buffer : buffers) {
    if (buffer.kind == Buffer::Scratch || buffer.kind == Buffer::Spill)
      buffer.owner->setAttr(
          buffer.kind == Buffer::Scratch
              ? applegpu::AppleGPUDialect::getScratchAttrName()
              : applegpu::AppleGPUDialect::getSpillAttrName(),
          applegpu::ScratchAttr::get(
              ctx, buffer.offset, buffer.bytes,
              usedBefore(buffer, buffer.live.front(), buffers, order)));
    else if (buffer.kind == Buffer::StagingA)
      staging[buffer.element].first = &buffer;
    else
      staging[buffer.element].second = &buffer;
  }
  for (const StagedDot &d : *dots) {
    auto [a, bBuffer] = staging.lookup(d.element);
    // Each dot asks for the bytes at its own use (the staging buffers of a
    // type are shared by its dots).
    Interval at = alternates(d, *best)
                      ? order.span(d.pipelinedLoop)
                      : order.span(const_cast<DotOp &>(d.dot).getOperation());
    bool reused = usedBefore(*a, at, buffers, order) ||
                  usedBefore(*bBuffer, at, buffers, order);
    d.dot->setAttr(
        applegpu::AppleGPUDialect::getDotStagingAttrName(),
        applegpu::DotStagingAttr::get(ctx, stepShape(d, *best).kStep, best->pad,
                                      alternates(d, *best), a->offset, a->bytes,
                                      bBuffer->offset, bBuffer->bytes, reused));
  }
  return success();
}

namespace {
struct PlanThreadgroupMemoryPass
    : tile::impl::TilePlanThreadgroupMemoryBase<PlanThreadgroupMemoryPass> {
  using TilePlanThreadgroupMemoryBase::TilePlanThreadgroupMemoryBase;
  void runOnOperation() override {
    constexpr int64_t hardLimit =
        applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes;
    if (maxBytes <= 0 || maxBytes > hardLimit) {
      getOperation().emitError()
          << "tile-plan-threadgroup-memory: max-bytes must be from 1 to "
          << hardLimit << ", got " << static_cast<int64_t>(maxBytes);
      return signalPassFailure();
    }
    for (func::FuncOp kernel : tileKernels(getOperation())) {
      // A kernel whose layouts say nothing consistent is left to
      // convert-tile-to-applegpu, which reports it after the checks that
      // come first (the signature).
      std::optional<KernelConfig> config;
      {
        ScopedDiagnosticHandler quiet(&getContext(),
                                      [](Diagnostic &) { return success(); });
        if (FailureOr<KernelConfig> read = readKernelConfig(kernel);
            succeeded(read))
          config = *read;
      }
      if (config && failed(planThreadgroupMemory(kernel, *config, maxBytes)))
        return signalPassFailure();
    }
  }
};
} // namespace
