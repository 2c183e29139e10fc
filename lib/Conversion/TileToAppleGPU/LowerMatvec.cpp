//===- LowerMatvec.cpp - small-M tile.dot on lanes ------------------------===//
//
// A dot marked tile.matvec by tile-assign-layouts (at most 8 rows) is not
// split into 8x8 simdgroup_matrix fragments, which would waste 7/8 of
// every multiply on a 1-row A. Every thread multiplies the elements of B
// (K x N, distributed in groups of V) it already holds:
//
//   A (M x K) to threadgroup memory, row-major (nothing when uniform)
//   for each slot of B the thread holds, element (k, n):
//     partial[m][n's place] += A[m, k] * B[k, n]          (f32)
//   then, with Gc = N / V column groups per row and d = gcd(T, Gc) on T
//   threads (thread t's column groups are those congruent to t mod d, so
//   Gc / d of them, and the threads congruent mod d split K), either
//   - d < 32 (it divides 32): the lanes of a SIMD-group congruent mod d
//     meet by a butterfly of simd_shuffle_xor (masks d, ..., 16), and lanes
//     < d of each SIMD-group write one partial row per SIMD-group
//     (Gc dividing 32: d = Gc, each thread in one column group), or
//   - d >= 32: the T / d threads sharing columns (none when d = T: each
//     thread owns whole columns) each write a partial row, no shuffles;
//   barrier; each thread adds, for the accumulator elements it holds
//   (distributed), the partial rows and the accumulator.
//
// B is read once, from the registers its tile.load filled; no staging
// buffers (DotStaging.cpp skips these dots), two small scratch buffers.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/AppleGPU/IR/LayoutEncoding.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// How the threads of a matvec dot split B (see the file comment).
struct MatvecGeometry {
  int64_t rows, depth, cols; ///< M, K, N
  int64_t vector;            ///< V of B's groups
  int64_t columnGroups;      ///< Gc = N / V
  int64_t stride;            ///< d: threads congruent mod d share columns
  bool shuffle;              ///< d < 32: lanes sharing columns shuffle
  int64_t groupsPerThread;   ///< P = Gc / d column groups a thread holds
  int64_t partialSets;       ///< S: partial rows written to memory
};
} // namespace

/// How the threads of a matvec dot split B: from its types and the
/// kernel's thread count alone, so that the lowering and the threadgroup
/// memory plan (matvecScratchBytes) agree; nullopt when the threads that
/// share columns can meet neither by shuffles nor by partial rows.
static std::optional<MatvecGeometry> matvecGeometry(DotOp dot,
                                                    int64_t threads) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  MatvecGeometry g;
  g.rows = aType.getDimSize(0);
  g.depth = aType.getDimSize(1);
  g.cols = bType.getDimSize(1);
  applegpu::DistributedLayoutAttr bLayout = slotLayoutOf(bType, threads);
  g.vector = bLayout.getVectorWidth(bType.getShape());
  g.columnGroups = g.cols / g.vector;
  std::optional<int64_t> stride =
      applegpu::matvecColumnStride(threads, g.columnGroups);
  if (bLayout.getThreads() != threads || !stride)
    return std::nullopt;
  g.stride = *stride;
  g.shuffle = g.stride < 32;
  g.groupsPerThread = g.columnGroups / g.stride;
  g.partialSets = threads / (g.shuffle ? 32 : g.stride);
  return g;
}

static FailureOr<MatvecGeometry> matvecGeometry(KernelLowering &k, DotOp dot) {
  if (std::optional<MatvecGeometry> g = matvecGeometry(dot, k.numThreads()))
    return *g;
  return dot.emitOpError()
         << "is marked " << TileDialect::getMatvecAttrName() << " but its B "
         << "operand " << dot.getB().getType() << " on " << k.numThreads()
         << " threads shares columns between threads that can meet neither "
            "by SIMD-group shuffles nor by partial rows (gcd of the thread "
            "count and N / V must divide 32 or be at least 32)";
}

int64_t tile::conversion::matvecScratchBytes(DotOp dot,
                                             const KernelConfig &config) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  // A's copy (none when uniform), then the f32 partial rows, carved after
  // it at a 4-byte boundary (KernelLowering::scratchBuffer).
  int64_t bytes = 0;
  if (!isa_and_nonnull<applegpu::UniformLayoutAttr>(aType.getEncoding()))
    bytes =
        llvm::alignTo(aType.getNumElements() *
                          llvm::divideCeil(aType.getElementTypeBitWidth(), 8),
                      4);
  // Without a geometry the lowering reports the dot and allocates nothing.
  std::optional<MatvecGeometry> g = matvecGeometry(dot, config.numThreads);
  if (!g)
    return bytes;
  return bytes + g->partialSets * g->rows * g->cols * 4;
}

/// Runs `body` under `held` (an i1; null: always).
static void ifHeld(KernelLowering &k, Value held, Location loc,
                   function_ref<void()> body) {
  if (!held)
    return body();
  auto branch = scf::IfOp::create(k.builder(), loc, held,
                                  /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(k.builder());
  k.builder().setInsertionPoint(branch.thenBlock()->getTerminator());
  body();
}

LogicalResult tile::conversion::lowerMatvecDot(KernelLowering &k, DotOp dot) {
  Location loc = dot.getLoc();
  OpBuilder &b = k.builder();
  FailureOr<MatvecGeometry> geometry = matvecGeometry(k, dot);
  if (failed(geometry))
    return failure();
  const MatvecGeometry &g = *geometry;
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  Type f32 = b.getF32Type();
  auto widen = [&](Value v) -> Value {
    return v.getType() == f32 ? v : k.fold<arith::ExtFOp>(loc, f32, v);
  };
  // Each operand: its scalar when uniform, else its array (B, the
  // accumulator) or threadgroup copy (A).
  auto uniformValue = [&](Value tile) -> FailureOr<Value> {
    FailureOr<TileValue> held = k.get(tile, TileForm::Uniform, loc);
    if (failed(held))
      return failure();
    return widen(held->values[0]);
  };
  Value aScalar, aMemory, bScalar, bSlots, accScalar, accSlots;
  for (auto [tile, scalar, array] :
       {std::tuple<Value, Value *, Value *>{dot.getA(), &aScalar, &aMemory},
        {dot.getB(), &bScalar, &bSlots},
        {dot.getAcc(), &accScalar, &accSlots}}) {
    FailureOr<Value> v = k.isUniform(tile) ? uniformValue(tile)
                         : tile == dot.getA()
                             ? writeToMemory(k, tile, loc)
                             : k.getArray(tile, TileForm::Slots, loc);
    if (failed(v))
      return failure();
    (k.isUniform(tile) ? *scalar : *array) = *v;
  }

  // Partial sums of the thread's B elements, per row of A and distinct
  // column the thread holds.
  int64_t perRow = g.groupsPerThread * g.vector;
  Value zero = k.scalar(f32, b.getF32FloatAttr(0), loc);
  Value partial = k.newArray(f32, g.rows * perRow, loc);
  forEachIndex(k, g.rows * perRow, loc,
               [&](Value i) { storeArray(k, zero, partial, i, loc); });
  Value vec = k.index(g.vector);
  forEachIndex(k, k.numSlots(bType), loc, [&](Value s) {
    auto [e, held] = k.slotIndex(bType, s, loc);
    Value kRow = k.fold<arith::DivUIOp>(loc, e, k.index(g.cols));
    // Column group c of the element is the thread's (c / d)-th: 0 when it
    // has one, its round mod P when it owns whole columns (d = T), else
    // from the element's column.
    Value ownIndex =
        g.groupsPerThread == 1 ? k.index(0)
        : g.stride == k.numThreads()
            ? k.fold<arith::RemUIOp>(loc, k.fold<arith::DivUIOp>(loc, s, vec),
                                     k.index(g.groupsPerThread))
            : k.fold<arith::DivUIOp>(
                  loc, k.fold<arith::RemUIOp>(loc, e, k.index(g.cols)),
                  k.index(g.vector * g.stride));
    Value place = addIndex(k, mulIndex(k, ownIndex, vec, loc),
                           k.fold<arith::RemUIOp>(loc, s, vec), loc);
    ifHeld(k, held, loc, [&] {
      Value bv = bSlots ? widen(loadArray(k, bSlots, s, loc)) : bScalar;
      forEachIndex(k, g.rows, loc, [&](Value m) {
        Value av = aScalar;
        if (aMemory)
          av = widen(memref::LoadOp::create(
              b, loc, aMemory,
              addIndex(k, mulIndex(k, m, k.index(g.depth), loc), kRow, loc)));
        Value at =
            addIndex(k, mulIndex(k, m, k.index(perRow), loc), place, loc);
        Value old = loadArray(k, partial, at, loc);
        // arith, not math.fma: the pass does not load the math dialect.
        Value product = arith::MulFOp::create(b, loc, av, bv).getResult();
        Value sum = arith::AddFOp::create(b, loc, old, product).getResult();
        storeArray(k, sum, partial, at, loc);
      });
    });
  });

  // Lanes sharing columns split K: sum them within the SIMD-group.
  if (g.shuffle)
    forEachIndex(k, g.rows * perRow, loc, [&](Value i) {
      Value v = loadArray(k, partial, i, loc);
      for (int32_t mask = g.stride; mask < 32; mask *= 2) {
        Value other = applegpu::SimdShuffleXorOp::create(b, loc, f32, v, mask)
                          .getResult();
        v = arith::AddFOp::create(b, loc, v, other).getResult();
      }
      storeArray(k, v, partial, i, loc);
    });

  // Partial rows meet in threadgroup memory. Its readers of the previous
  // iteration (in a loop) passed A's barriers since; without those, one
  // barrier orders them.
  FailureOr<Value> sums =
      k.allocThreadgroup(f32, g.partialSets * g.rows * g.cols, loc);
  if (failed(sums))
    return failure();
  if (!aMemory)
    threadgroupBarrier(k, loc);
  // Lanes < d write their SIMD-group's sums (shuffles), or every thread
  // its own; the thread's column groups are `firstGroup` + j * d.
  Value tid = k.threadIndex();
  Value writer;
  if (g.shuffle)
    writer = k.fold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ult,
        k.fold<arith::RemUIOp>(loc, tid, k.index(32)), k.index(g.stride));
  Value set =
      g.partialSets > 1
          ? k.fold<arith::DivUIOp>(loc, tid, k.index(g.shuffle ? 32 : g.stride))
          : k.index(0);
  Value firstGroup = g.stride == k.numThreads()
                         ? tid
                         : k.fold<arith::RemUIOp>(loc, tid, k.index(g.stride));
  Value setBase = mulIndex(k, set, k.index(g.rows * g.cols), loc);
  forEachIndex(k, g.rows, loc, [&](Value m) {
    forEachIndex(k, perRow, loc, [&](Value q) {
      Value group = addIndex(k,
                             mulIndex(k, k.fold<arith::DivUIOp>(loc, q, vec),
                                      k.index(g.stride), loc),
                             firstGroup, loc);
      Value col = addIndex(k, mulIndex(k, group, vec, loc),
                           k.fold<arith::RemUIOp>(loc, q, vec), loc);
      Value offset = addIndex(
          k, setBase,
          addIndex(k, mulIndex(k, m, k.index(g.cols), loc), col, loc), loc);
      Value v = loadArray(
          k, partial, addIndex(k, mulIndex(k, m, k.index(perRow), loc), q, loc),
          loc);
      storeIfHeld(k, v, *sums, offset, writer, loc);
    });
  });
  threadgroupBarrier(k, loc);

  // The accumulator elements this thread holds: acc + the partial rows.
  Value result = k.newTileArray(cType, TileForm::Slots, loc);
  Type element = cType.getElementType();
  forEachIndex(k, k.numSlots(cType), loc, [&](Value s) {
    auto [e, held] = k.slotIndex(cType, s, loc);
    // A slot the thread does not hold reads element 0.
    Value position =
        held ? k.fold<arith::SelectOp>(loc, held, e, k.index(0)) : e;
    Value total = accSlots ? widen(loadArray(k, accSlots, s, loc)) : accScalar;
    for (int64_t j = 0; j < g.partialSets; ++j) {
      Value at = addIndex(k, k.index(j * g.rows * g.cols), position, loc);
      Value partialSum = memref::LoadOp::create(b, loc, *sums, at).getResult();
      total = arith::AddFOp::create(b, loc, total, partialSum).getResult();
    }
    if (element != f32)
      total = k.fold<arith::TruncFOp>(loc, element, total);
    storeArray(k, total, result, s, loc);
  });
  k.defineArray(dot.getResult(), TileForm::Slots, result);
  return success();
}
