//===- DotStaging.cpp - threadgroup memory for simdgroup dots -------------===//
//
// A simdgroup dot reads its operands as 8x8 fragments from threadgroup
// memory, so the threads first write (stage) the operand tiles they hold
// there. This file decides, once per kernel, how: how many K columns a
// staging step holds, whether rows are padded against bank conflicts, and
// whether the dots of a pipelined loop alternate between two buffers.
//
// A dot uses its staging memory only between its own barriers, so all dots
// of one operand element type share one A and one B buffer, as large as
// the largest dot's step needs.
//
// Barriers are what a staging step costs: a step stages, waits, multiplies
// and waits again (2 barriers) before the buffer may be rewritten, unless
// the steps alternate between two halves (1 barrier: see
// KernelLowering::Staging). The plan with the fewest barriers per
// execution of every dot that fits in 32 KiB, together with the kernel's
// other threadgroup memory, wins; on a tie alternation, then padding, then
// fewer steps.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// One simdgroup dot: its operand element type, its shape, and whether it
/// may alternate staging halves (it is in a pipelined loop).
struct DotShape {
  DotOp dot;
  Type element;
  int64_t m, k, n;
  scf::ForOp pipelinedLoop; ///< null when not pipelined
};

/// One way to stage every dot.
struct Plan {
  int64_t kCap;     ///< a step stages at most this many K columns
  bool pad;         ///< rows padded by 16 bytes
  bool alternating; ///< the pipelined dots alternate between two halves
};

/// Leading dimensions and element counts of one dot's staged step.
struct StepShape {
  int64_t kStep, lda, ldb, aElements, bElements;
};
} // namespace

/// The largest multiple of 8 that divides `k` and is at most `cap` (8
/// divides every K: checked before).
static int64_t stepFor(int64_t k, int64_t cap) {
  for (int64_t step = std::min(k, cap) / 8 * 8; step > 8; step -= 8)
    if (k % step == 0)
      return step;
  return 8;
}

static StepShape stepShape(const DotShape &d, const Plan &plan) {
  int64_t padElems =
      plan.pad ? 16 / (d.element.getIntOrFloatBitWidth() / 8) : 0;
  StepShape s;
  s.kStep = stepFor(d.k, plan.kCap);
  s.lda = s.kStep + padElems;
  s.ldb = d.n + padElems;
  s.aElements = d.m * s.lda;
  s.bElements = s.kStep * s.ldb;
  return s;
}

static bool alternates(const DotShape &d, const Plan &plan) {
  return plan.alternating && d.pipelinedLoop;
}

/// The shared buffers' element counts per element type, in first-use order
/// (for stable IR): A and B of one half, and whether there are two halves.
struct SharedBuffers {
  int64_t aElements = 0, bElements = 0;
  bool twoHalves = false;
};
static llvm::MapVector<Type, SharedBuffers>
sharedBuffers(ArrayRef<DotShape> dots, const Plan &plan) {
  llvm::MapVector<Type, SharedBuffers> sizes;
  for (const DotShape &d : dots) {
    StepShape s = stepShape(d, plan);
    SharedBuffers &shared = sizes[d.element];
    shared.aElements = std::max(shared.aElements, s.aElements);
    shared.bElements = std::max(shared.bElements, s.bElements);
    shared.twoHalves |= alternates(d, plan);
  }
  return sizes;
}

static int64_t stagingBytes(ArrayRef<DotShape> dots, const Plan &plan) {
  int64_t bytes = 0;
  for (auto &[element, shared] : sharedBuffers(dots, plan))
    bytes += (shared.aElements + shared.bElements) *
             (shared.twoHalves ? 2 : 1) * (element.getIntOrFloatBitWidth() / 8);
  return bytes;
}

/// Threadgroup barriers of one execution of every dot.
static int64_t barriers(ArrayRef<DotShape> dots, const Plan &plan) {
  int64_t count = 0;
  for (const DotShape &d : dots)
    count += d.k / stepShape(d, plan).kStep * (alternates(d, plan) ? 1 : 2);
  return count;
}

/// The pipelined loop whose staging steps a dot may alternate with: the
/// scf.for with tile.num_stages >= 2 it is directly in, provided that every
/// dot in that loop is directly in it too (a dot under an scf.if or an
/// inner loop would make the number of steps per iteration unknown).
static scf::ForOp pipelinedLoopOf(DotOp dot) {
  auto loop = dyn_cast_if_present<scf::ForOp>(dot->getParentOp());
  if (!loop)
    return {};
  auto stages =
      loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName());
  if (!stages || stages.getInt() < 2)
    return {};
  WalkResult nested = loop.getBody()->walk([&](DotOp inner) {
    return inner->getParentOp() == loop ? WalkResult::advance()
                                        : WalkResult::interrupt();
  });
  return nested.wasInterrupted() ? scf::ForOp() : loop;
}

LogicalResult KernelLowering::setUpStaging() {
  SmallVector<DotShape> dots;
  // Tensor-ops dots stage only what they cannot view (setUpTensorOps).
  if (!config.tensorOps)
    source.walk([&](DotOp dot) {
      if (dot->hasAttr(TileDialect::getMatvecAttrName()))
        return; // no staging (LowerMatvec.cpp)
      auto a = cast<RankedTensorType>(dot.getA().getType());
      auto b = cast<RankedTensorType>(dot.getB().getType());
      dots.push_back({dot, a.getElementType(), a.getDimSize(0),
                      a.getDimSize(1), b.getDimSize(1), pipelinedLoopOf(dot)});
    });
  for (DotShape &d : dots)
    if (d.k % 8 != 0)
      return d.dot.emitOpError() << "K = " << d.k
                                 << " is not a multiple of 8, the fragment "
                                    "size of simdgroup_matrix";

  // Layout conversions, reductions and staged tensor-ops operands use
  // threadgroup memory too.
  int64_t others = 0;
  Operation *firstUser = dots.empty() ? nullptr : dots.front().dot.getOperation();
  source.walk([&](Operation *op) {
    int64_t bytes = scratchBytes(*this, *op);
    if (bytes && !firstUser)
      firstUser = op;
    others += bytes;
  });
  for (auto &[op, plan] : matmuls) {
    if (!plan.staged)
      continue;
    auto memref = [](Value v) { return cast<MemRefType>(v.getType()); };
    int64_t width =
        memref(plan.buffers.a).getElementType().getIntOrFloatBitWidth() / 8;
    others += (memref(plan.buffers.a).getNumElements() +
               memref(plan.buffers.b).getNumElements()) *
              width;
    if (!firstUser)
      firstUser = op;
  }

  constexpr int64_t limit =
      applegpu::AppleGPUDialect::kMaxThreadgroupMemoryBytes;
  int64_t maxK = 8;
  bool anyPipelined = false;
  for (const DotShape &d : dots) {
    maxK = std::max(maxK, d.k);
    anyPipelined |= static_cast<bool>(d.pipelinedLoop);
  }
  auto fits = [&](const Plan &plan) {
    return others + stagingBytes(dots, plan) <= limit;
  };
  std::optional<Plan> best;
  auto better = [&](const Plan &a, const Plan &b) {
    auto key = [&](const Plan &p) {
      return std::make_tuple(barriers(dots, p), !p.alternating, !p.pad,
                             -p.kCap);
    };
    return key(a) < key(b);
  };
  for (bool alternating : {true, false}) {
    if (alternating && !anyPipelined)
      continue;
    for (int64_t cap = maxK; cap >= 8; cap -= 8)
      for (bool pad : {true, false}) {
        Plan plan{cap, pad, alternating};
        if (fits(plan) && (!best || better(plan, *best)))
          best = plan;
      }
  }
  if (!best) {
    Plan smallest{8, false, false};
    InFlightDiagnostic diag = firstUser->emitOpError();
    diag << "needs " << others + stagingBytes(dots, smallest)
         << " bytes of threadgroup memory to stage the operands of the "
            "kernel's dots, its layout conversions and its reductions, ";
    if (maxK > 8)
      diag << "even with the dots' operands staged 8 columns of K at a time "
              "(K sub-steps), ";
    return diag << "more than the " << limit
                << " an Apple GPU threadgroup has; use smaller tiles";
  }

  // Say what became of each pipelined loop whose dots do not alternate.
  if (anyPipelined && !best->alternating) {
    Plan wanted{maxK, false, true};
    llvm::SetVector<Operation *> loops;
    for (const DotShape &d : dots)
      if (d.pipelinedLoop)
        loops.insert(d.pipelinedLoop);
    for (Operation *loop : loops)
      emitRemark(loop->getLoc())
          << "num_stages = "
          << loop->getAttrOfType<IntegerAttr>(TileDialect::getNumStagesAttrName())
                 .getInt()
          << ": two staging buffers for the dots of this loop would need "
          << others + stagingBytes(dots, wanted)
          << " bytes of threadgroup memory, more than the " << limit
          << " a threadgroup has; the dots stage their operands in one "
             "buffer, with a barrier before and after each multiply (the "
             "loads the loop issues ahead are not affected)";
  }

  llvm::DenseMap<Type, std::pair<Value, Value>> buffers;
  llvm::MapVector<Type, SharedBuffers> shared = sharedBuffers(dots, *best);
  for (auto &[element, sizes] : shared) {
    Type type = element;
    Location loc = llvm::find_if(dots, [&](const DotShape &d) {
                     return d.element == type;
                   })->dot.getLoc();
    int64_t halves = sizes.twoHalves ? 2 : 1;
    buffers[element] = {allocThreadgroup(element, halves * sizes.aElements, loc),
                        allocThreadgroup(element, halves * sizes.bElements, loc)};
  }
  for (const DotShape &d : dots) {
    StepShape s = stepShape(d, *best);
    auto [a, b] = buffers[d.element];
    Staging plan{a, b, s.lda, s.ldb};
    plan.kStep = s.kStep;
    if (alternates(d, *best)) {
      plan.alternating = true;
      plan.aHalf = shared[d.element].aElements;
      plan.bHalf = shared[d.element].bElements;
      alternatingLoops[d.pipelinedLoop] += d.k / s.kStep;
    }
    staging[d.dot] = plan;
  }
  return success();
}

FailureOr<std::pair<Value, Value>>
KernelLowering::nextStagingHalves(const Staging &plan, Location loc) {
  if (!plan.alternating)
    return std::make_pair(index(0), index(0));
  if (!alternation)
    return emitError(loc) << "internal error: a dot alternating staging "
                             "buffers outside its pipelined loop";
  int64_t step = alternation->step++;
  if (!alternation->parity) {
    int64_t half = step % 2;
    return std::make_pair(index(half * plan.aHalf), index(half * plan.bHalf));
  }
  // Odd steps per iteration: step j of iteration i uses half (i + j) mod 2.
  Value half = alternation->parity;
  if (step % 2 == 1)
    half = arith::SubIOp::create(builder, loc, index(1), half);
  return std::make_pair(mulIndex(*this, half, index(plan.aHalf), loc),
                        mulIndex(*this, half, index(plan.bHalf), loc));
}
