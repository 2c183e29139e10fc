//===- KernelPlans.h - what the lowering of a kernel reads ------*- C++ -*-===//
//
// Internal to convert-tile-to-applegpu: the plans the lowering reads while
// it writes a kernel (dot staging, tensor-ops matmuls, ordered buffers)
// and the kernel's threadgroup arena, whose regions the plan of
// tile-plan-threadgroup-memory gives out.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELPLANS_H
#define TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELPLANS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <optional>
#include <tuple>

namespace tile::conversion {

/// The plans the lowering reads while it writes the kernel, set up before
/// it lowers the body: each dot's staging (DotStaging.cpp) or matmul
/// (LowerTensorOps.cpp), the loops whose dots alternate staging halves,
/// and the buffers that need ordered access.
class KernelPlans {
public:
  /// Staging buffers of a simdgroup dot. It stages `kStep` columns of A
  /// and rows of B at a time: all of K when they fit in threadgroup
  /// memory, else in K sub-steps (each: stage, barrier, multiply, barrier).
  struct Staging {
    mlir::Value a, b;
    int64_t lda, ldb;
    int64_t kStep = 0;
    /// The dot is in a software-pipelined loop (tile.num_stages >= 2) and
    /// its buffers hold two halves, of `aHalf` and `bHalf` elements, that
    /// successive staging steps use in turn: a step writes the half that
    /// the step before last read, and every thread has passed the previous
    /// step's barrier after that read, so the trailing barrier is not
    /// needed (see KernelLowering::nextStagingHalves).
    bool alternating = false;
    int64_t aHalf = 0, bHalf = 0;
    /// Other buffers share these bytes at other times: the dot's first
    /// staging step is preceded by a barrier (an alternating loop by one
    /// before the loop), so that their readers are done.
    bool reused = false;
  };
  /// While the body of an alternating loop is lowered: how many staging
  /// steps of this iteration were emitted, and the iteration's parity (an
  /// index, 0 or 1, carried by the loop) when a step's half depends on it
  /// (an odd number of steps per iteration); null otherwise.
  struct Alternation {
    mlir::Value parity;
    int64_t step = 0;
  };
  /// How a tensor-ops dot runs: its matmul2d and cooperative tensor type,
  /// and for staged operands the threadgroup buffers and each SIMD group's
  /// views of them.
  struct Matmul {
    mlir::Type cooperative; ///< applegpu::CooperativeTensorType
    bool staged = false;
    Staging buffers;
    mlir::Value viewA, viewB;
  };

  /// The staging of the simdgroup dot `dot`.
  const Staging &staging(mlir::Operation *dot) const {
    return stagings.find(dot)->second;
  }
  /// Records `dot`'s staging; an alternating one adds its steps to the
  /// steps per iteration of its pipelined loop `loop`.
  void addStaging(mlir::Operation *dot, const Staging &plan,
                  mlir::Operation *loop, int64_t steps);
  /// Staging steps per iteration of the pipelined loop `loop` whose dots
  /// alternate between two staging halves; nullopt for other loops.
  std::optional<int64_t> alternatingSteps(mlir::Operation *loop) const;
  /// Whether other buffers reuse the staging bytes of alternating `loop`.
  bool reusesAlternatingLoop(mlir::Operation *loop) const {
    return reusedAlternatingLoops.contains(loop);
  }
  /// The alternation of the loop body being lowered (null outside one),
  /// and its replacement (restored by the caller after the body).
  Alternation *alternation() {
    return currentAlternation ? &*currentAlternation : nullptr;
  }
  std::optional<Alternation> swapAlternation(std::optional<Alternation> a) {
    std::swap(a, currentAlternation);
    return a;
  }

  /// The matmul of the tensor-ops dot `dot`, or null.
  const Matmul *matmul(mlir::Operation *dot) const {
    auto it = matmuls.find(dot);
    return it == matmuls.end() ? nullptr : &it->second;
  }
  void addMatmul(mlir::Operation *dot, const Matmul &plan) {
    matmuls[dot] = plan;
  }

  /// Finds the buffers `kernel` both stores to and loads from.
  void findStoredAndLoaded(mlir::func::FuncOp kernel);
  /// Whether the kernel both stores to and loads from `buffer`: every load
  /// and store of one is preceded by a device-memory barrier, so that a
  /// load sees what the other threads of the program stored before it and
  /// a store does not overwrite what they have yet to load (the tile
  /// semantics is sequential within a program).
  bool isStoredAndLoaded(mlir::Value buffer) const {
    return storedAndLoaded.contains(buffer);
  }

  //===--- The threadgroup arena -----------------------------------------===//

  /// The regions of the plan an op's buffers are carved from: its
  /// #applegpu.scratch, and its applegpu.cooperative_spill.
  enum class ArenaRegion { Scratch, Spill };
  /// The kernel's one threadgroup allocation (null until a buffer is first
  /// asked for).
  mlir::Value arena() const { return arenaAllocation; }
  void setArena(mlir::Value allocation) { arenaAllocation = allocation; }
  /// The view of `elements` elements of `element` at byte `offset` of the
  /// arena made so far, or null (one view per offset and type).
  mlir::Value arenaView(int64_t offset, mlir::Type element,
                        int64_t elements) const {
    return arenaViews.lookup({offset, element, elements});
  }
  void addArenaView(int64_t offset, mlir::Type element, int64_t elements,
                    mlir::Value view) {
    arenaViews[{offset, element, elements}] = view;
  }
  /// Where the next buffer of `bytes` bytes goes in `owner`'s region
  /// `region`: the bytes given out so far, rounded up to `align`, which
  /// are given out with it.
  int64_t carve(mlir::Operation *owner, ArenaRegion region, int64_t align,
                int64_t bytes) {
    int64_t &used = carved[{owner, static_cast<unsigned>(region)}];
    int64_t at = llvm::alignTo(used, align);
    used = at + bytes;
    return at;
  }

private:
  llvm::DenseMap<mlir::Operation *, Staging> stagings;
  llvm::DenseMap<mlir::Operation *, int64_t> alternatingLoops;
  llvm::DenseSet<mlir::Operation *> reusedAlternatingLoops;
  std::optional<Alternation> currentAlternation;
  llvm::DenseMap<mlir::Operation *, Matmul> matmuls;
  llvm::DenseSet<mlir::Value> storedAndLoaded;
  mlir::Value arenaAllocation;
  llvm::DenseMap<std::tuple<int64_t, mlir::Type, int64_t>, mlir::Value>
      arenaViews;
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>, int64_t> carved;
};

} // namespace tile::conversion

#endif // TILE_LIB_CONVERSION_TILETOAPPLEGPU_KERNELPLANS_H
