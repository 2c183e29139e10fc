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
// the largest dot's step needs. tile-plan-threadgroup-memory
// (PlanThreadgroupMemory.cpp) picks the choice and places the buffers among
// the kernel's other threadgroup memory; the conversion reads its
// #applegpu.dot_staging attributes (setUpStaging).
//
// Barriers are what a staging step costs: a step stages, waits, multiplies
// and waits again (2 barriers) before the buffer may be rewritten, unless
// the steps alternate between two halves (1 barrier: see
// KernelLowering::Staging). The plan with the fewest barriers per
// execution of every dot that fits in 32 KiB, packed with the kernel's
// other threadgroup memory, wins; on a tie alternation, then padding, then
// fewer steps.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"
#include "ThreadgroupPlan.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

/// The largest multiple of 8 that divides `k` and is at most `cap` (8
/// divides every K: checked before).
static int64_t stepFor(int64_t k, int64_t cap) {
  for (int64_t step = std::min(k, cap) / 8 * 8; step > 8; step -= 8)
    if (k % step == 0)
      return step;
  return 8;
}

static int64_t padElements(Type element, bool pad) {
  return pad ? 16 / (element.getIntOrFloatBitWidth() / 8) : 0;
}

StepShape tile::conversion::stepShape(const StagedDot &d,
                                      const StagingChoice &choice) {
  int64_t padElems = padElements(d.element, choice.pad);
  StepShape s;
  s.kStep = stepFor(d.k, choice.kCap);
  s.lda = s.kStep + padElems;
  s.ldb = d.n + padElems;
  s.aElements = d.m * s.lda;
  s.bElements = s.kStep * s.ldb;
  return s;
}

bool tile::conversion::alternates(const StagedDot &d,
                                  const StagingChoice &choice) {
  return choice.alternating && d.pipelinedLoop;
}

/// Threadgroup barriers of one execution of every dot.
static int64_t barriers(ArrayRef<StagedDot> dots, const StagingChoice &choice) {
  int64_t count = 0;
  for (const StagedDot &d : dots)
    count += d.k / stepShape(d, choice).kStep * (alternates(d, choice) ? 1 : 2);
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

FailureOr<SmallVector<StagedDot>>
tile::conversion::stagedDots(func::FuncOp kernel, const KernelConfig &config) {
  SmallVector<StagedDot> dots;
  // Tensor-ops dots stage only what they cannot view (matmulStagingBytes).
  if (config.tensorOps)
    return dots;
  kernel.walk([&](DotOp dot) {
    if (dot->hasAttr(TileDialect::getMatvecAttrName()))
      return; // no staging (LowerMatvec.cpp)
    auto a = cast<RankedTensorType>(dot.getA().getType());
    auto b = cast<RankedTensorType>(dot.getB().getType());
    dots.push_back({dot, a.getElementType(), a.getDimSize(0), a.getDimSize(1),
                    b.getDimSize(1), pipelinedLoopOf(dot)});
  });
  for (StagedDot &d : dots)
    if (d.k % 8 != 0)
      return d.dot.emitOpError() << "K = " << d.k
                                 << " is not a multiple of 8, the fragment "
                                    "size of simdgroup_matrix";
  return dots;
}

SmallVector<StagingChoice>
tile::conversion::stagingChoices(ArrayRef<StagedDot> dots) {
  int64_t maxK = 8;
  bool anyPipelined = false;
  for (const StagedDot &d : dots) {
    maxK = std::max(maxK, d.k);
    anyPipelined |= static_cast<bool>(d.pipelinedLoop);
  }
  SmallVector<StagingChoice> choices;
  for (bool alternating : {true, false}) {
    if (alternating && !anyPipelined)
      continue;
    for (int64_t cap = maxK; cap >= 8; cap -= 8)
      for (bool pad : {true, false})
        choices.push_back({cap, pad, alternating});
  }
  auto key = [&](const StagingChoice &c) {
    return std::make_tuple(barriers(dots, c), !c.alternating, !c.pad, -c.kCap);
  };
  // The key tells every two choices apart: the order is deterministic.
  llvm::sort(choices, [&](const StagingChoice &a, const StagingChoice &b) {
    return key(a) < key(b);
  });
  return choices;
}

LogicalResult KernelLowering::setUpStaging() {
  // The plan (tile-plan-threadgroup-memory) chose how each dot stages.
  auto name = applegpu::AppleGPUDialect::getDotStagingAttrName();
  WalkResult walk = source.walk([&](DotOp dot) {
    // Matvec dots stage nothing (LowerMatvec.cpp).
    if (config.tensorOps || dot->hasAttr(TileDialect::getMatvecAttrName()))
      return WalkResult::advance();
    auto plan = dot->getAttrOfType<applegpu::DotStagingAttr>(name);
    if (!plan) {
      dot.emitOpError() << "has no " << name
                        << " attribute (run tile-plan-threadgroup-memory)";
      return WalkResult::interrupt();
    }
    auto a = cast<RankedTensorType>(dot.getA().getType());
    auto b = cast<RankedTensorType>(dot.getB().getType());
    Type element = a.getElementType();
    int64_t width = element.getIntOrFloatBitWidth() / 8;
    int64_t padElems = padElements(element, plan.getPad());
    Staging s;
    Operation *alternatingLoop = nullptr;
    s.a = arenaView(plan.getAOffset(), element, plan.getABytes() / width,
                    dot.getLoc());
    s.b = arenaView(plan.getBOffset(), element, plan.getBBytes() / width,
                    dot.getLoc());
    s.kStep = plan.getKStep();
    s.lda = s.kStep + padElems;
    s.ldb = b.getDimSize(1) + padElems;
    s.reused = plan.getReused();
    if (plan.getAlternating()) {
      scf::ForOp loop = pipelinedLoopOf(dot);
      if (!loop) {
        dot.emitOpError() << "alternates staging halves outside a pipelined "
                             "loop whose dots are all directly in it";
        return WalkResult::interrupt();
      }
      s.alternating = true;
      s.aHalf = plan.getABytes() / width / 2;
      s.bHalf = plan.getBBytes() / width / 2;
      alternatingLoop = loop;
    }
    kernelPlans.addStaging(dot, s, alternatingLoop, a.getDimSize(1) / s.kStep);
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void KernelPlans::addStaging(Operation *dot, const Staging &plan,
                             Operation *loop, int64_t steps) {
  stagings[dot] = plan;
  if (!plan.alternating)
    return;
  alternatingLoops[loop] += steps;
  if (plan.reused)
    reusedAlternatingLoops.insert(loop);
}

std::optional<int64_t> KernelPlans::alternatingSteps(Operation *loop) const {
  auto it = alternatingLoops.find(loop);
  if (it == alternatingLoops.end())
    return std::nullopt;
  return it->second;
}

FailureOr<std::pair<Value, Value>>
KernelLowering::nextStagingHalves(const Staging &plan, Location loc) {
  if (!plan.alternating)
    return std::make_pair(index(0), index(0));
  Alternation *alternation = kernelPlans.alternation();
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
    half = arith::SubIOp::create(builder(), loc, index(1), half);
  return std::make_pair(mulIndex(*this, half, index(plan.aHalf), loc),
                        mulIndex(*this, half, index(plan.bHalf), loc));
}
