//===- LowerReduce.cpp - tile.reduce --------------------------------------===//
//
// A reduction combines first what each thread holds, then across the lanes
// of a SIMD-group (simd_sum and friends, or a butterfly of
// simd_shuffle_xor), then, where a row or column spans several SIMD-groups,
// through threadgroup memory. Every thread ends up holding the result where
// the slice layout of its result says, or, for a scalar, every thread.
// Only elements of the tile take part: slots a thread does not hold are
// never combined with held ones (they form whole segments of their own or
// are left out explicitly), so the padding is never assumed to be the
// kind's identity.
//
//===----------------------------------------------------------------------===//

#include "KernelLowering.h"

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using namespace tile;
using namespace tile::conversion;

namespace {
/// How the rows of a distributed tile are reduced (see the file comment).
struct RowPlan {
  enum Kind { Segments, SimdGroups, Memory } kind;
  int64_t groupsPerRow; ///< Gc: groups of V elements in a row
  int64_t groups;       ///< G: groups in the tile
  int64_t entries;      ///< per row in threadgroup memory (Memory/SimdGroups)
};

/// The reduction along `dim` of `input` in this backend.
struct ReduceShape {
  int64_t rows, cols, dim; ///< a rank-1 tile is one row
};
} // namespace

static ReduceShape shapeOf(ReduceOp op) {
  auto type = cast<RankedTensorType>(op.getInput().getType());
  if (type.getRank() == 1)
    return {1, type.getDimSize(0), 1};
  return {type.getDimSize(0), type.getDimSize(1),
          static_cast<int64_t>(op.getDim())};
}

static RowPlan planRows(ReduceOp op) {
  ReduceShape s = shapeOf(op);
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t width = tileVectorWidth(type);
  RowPlan plan;
  plan.groupsPerRow = s.cols / width;
  plan.groups = s.rows * plan.groupsPerRow;
  if (32 % plan.groupsPerRow == 0) {
    plan.kind = RowPlan::Segments;
    plan.entries = 0;
  } else if (plan.groupsPerRow % 32 == 0) {
    plan.kind = RowPlan::SimdGroups;
    plan.entries = plan.groupsPerRow / 32;
  } else {
    plan.kind = RowPlan::Memory;
    plan.entries = plan.groupsPerRow;
  }
  return plan;
}

static bool isDistributed(ReduceOp op) {
  TileForm form = tileForm(cast<RankedTensorType>(op.getInput().getType()));
  return form == TileForm::Slots || form == TileForm::Uniform;
}

int64_t tile::conversion::reduceScratchBytes(const KernelConfig &config,
                                             Operation &op) {
  auto reduce = dyn_cast<ReduceOp>(op);
  if (!reduce)
    return 0;
  auto type = cast<RankedTensorType>(reduce.getInput().getType());
  int64_t bytes = applegpu::mslElementBytes(type.getElementType());
  int64_t threads = config.numThreads, width = tileVectorWidth(type);
  ReduceShape s = shapeOf(reduce);
  if (!isDistributed(reduce)) {
    int64_t across = s.dim == 1 ? config.simdgroupsN : config.simdgroupsM;
    int64_t kept = s.dim == 1 ? s.rows : s.cols;
    return across > 1 ? kept * across * bytes : 0;
  }
  if (s.dim == 0) {
    int64_t groupsPerRow = s.cols / width;
    if (groupsPerRow % threads == 0)
      return 0;
    if (threads % groupsPerRow == 0)
      return threads * width * bytes;
    // reduceColumnsByRounds: a round of groups and a row.
    return (threads + groupsPerRow) * width * bytes;
  }
  RowPlan plan = planRows(reduce);
  int64_t entries = 0;
  if (plan.kind == RowPlan::SimdGroups && plan.entries > 1)
    entries = plan.groups / 32;
  else if (plan.kind == RowPlan::Memory)
    entries = plan.groups;
  bool scalar = !isa<RankedTensorType>(reduce.getType());
  if (scalar && plan.kind == RowPlan::Segments && threads > plan.groupsPerRow)
    entries += 1;
  return entries * bytes;
}

//===----------------------------------------------------------------------===//
// Combining
//===----------------------------------------------------------------------===//

namespace {
class Combiner {
public:
  Combiner(KernelLowering &k, ReduceOp op)
      : k(k), b(k.builder()), loc(op.getLoc()),
        // tile::CombiningKind numbers its cases as vector::CombiningKind.
        kind(static_cast<vector::CombiningKind>(
            static_cast<uint32_t>(op.getKind()))),
        element(
            cast<RankedTensorType>(op.getInput().getType()).getElementType()) {}

  Value combine(Value a, Value c) {
    return vector::makeArithReduction(b, loc, kind, a, c);
  }
  /// `held ? combine(acc, x) : acc`.
  Value combineIf(Value held, Value acc, Value x) {
    Value both = combine(acc, x);
    return held ? k.fold<arith::SelectOp>(loc, held, both, acc) : both;
  }

  /// The value of lane `lane ^ mask`.
  Value shuffleXor(Value v, int32_t mask) {
    Value moved = toSimdType(v);
    moved = applegpu::SimdShuffleXorOp::create(b, loc, moved.getType(), moved,
                                               mask);
    return fromSimdType(moved);
  }

  /// Combines `v` over lanes whose index differs only in the bits of
  /// `masks`.
  Value butterfly(Value v, ArrayRef<int32_t> masks) {
    for (int32_t mask : masks)
      v = combine(v, shuffleXor(v, mask));
    return v;
  }

  /// Combines `v` over the 32 lanes of the SIMD-group.
  Value overSimdgroup(Value v) {
    if (std::optional<applegpu::SimdReduction> f = simdFunction()) {
      Value simd = toSimdType(v);
      Value r =
          applegpu::SimdReduceOp::create(b, loc, simd.getType(), *f, simd);
      return fromSimdType(r);
    }
    return butterfly(v, {16, 8, 4, 2, 1});
  }

  /// Folds `count` entries of threadgroup memory `buffer[base + j * step]`.
  Value foldMemory(Value buffer, Value base, int64_t count, int64_t step) {
    auto at = [&](OpBuilder &builder, Value j) -> Value {
      Value offset = arith::AddIOp::create(
          builder, loc, base,
          arith::MulIOp::create(builder, loc, j, k.index(step)));
      return memref::LoadOp::create(builder, loc, buffer, offset);
    };
    Value acc = memref::LoadOp::create(b, loc, buffer, base);
    if (count <= 4) {
      for (int64_t j = 1; j < count; ++j)
        acc = combine(acc, at(b, k.index(j)));
      return acc;
    }
    auto loop = scf::ForOp::create(
        b, loc, k.index(1), k.index(count), k.index(1), ValueRange{acc},
        [&](OpBuilder &body, Location, Value j, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(body.getInsertionBlock(),
                              body.getInsertionPoint());
          Value next = combine(args[0], at(b, j));
          scf::YieldOp::create(b, loc, next);
        });
    return loop.getResult(0);
  }

  KernelLowering &k;
  OpBuilder &b;
  Location loc;
  vector::CombiningKind kind;
  Type element;

private:
  /// MSL has simd_* reductions for these kinds and element types.
  std::optional<applegpu::SimdReduction> simdFunction() {
    bool f = element.isF32() || element.isF16();
    bool i = element.isSignlessInteger() && element.getIntOrFloatBitWidth() > 1;
    using K = vector::CombiningKind;
    using S = applegpu::SimdReduction;
    switch (kind) {
    case K::ADD:
      if (f || i)
        return S::sum;
      break;
    case K::MUL:
      if (f || i)
        return S::product;
      break;
    case K::MAXNUMF:
      if (f)
        return S::max;
      break;
    case K::MINNUMF:
      if (f)
        return S::min;
      break;
    case K::MAXSI:
      if (i)
        return S::max;
      break;
    case K::MINSI:
      if (i)
        return S::min;
      break;
    case K::AND:
      if (i)
        return S::AND;
      break;
    case K::OR:
      if (i)
        return S::OR;
      break;
    case K::XOR:
      if (i)
        return S::XOR;
      break;
    default:
      break;
    }
    return std::nullopt;
  }
  /// SIMD functions take f32, f16 and integers of 8 to 64 bits: bf16 goes
  /// through f32 (exactly), index and i1 through i32.
  Value toSimdType(Value v) {
    Type t = v.getType();
    if (t.isBF16())
      return k.fold<arith::ExtFOp>(loc, b.getF32Type(), v);
    if (t.isIndex())
      return k.fold<arith::IndexCastOp>(loc, b.getI32Type(), v);
    if (t.isInteger(1))
      return k.fold<arith::ExtUIOp>(loc, b.getI32Type(), v);
    return v;
  }
  Value fromSimdType(Value v) {
    if (element.isBF16())
      return k.fold<arith::TruncFOp>(loc, element, v);
    if (element.isIndex())
      return k.fold<arith::IndexCastOp>(loc, element, v);
    if (element.isInteger(1))
      return k.fold<arith::TruncIOp>(loc, element, v);
    return v;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Distributed tiles
//===----------------------------------------------------------------------===//

/// Rows of a distributed tile (a rank-1 tile is one row).
static LogicalResult reduceRows(KernelLowering &k, ReduceOp op,
                                const TileValue &held) {
  Combiner c(k, op);
  OpBuilder &b = k.builder();
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t width = k.vectorWidth(type), rounds = k.numSlots(type) / width;
  RowPlan plan = planRows(op);
  int64_t threads = k.numThreads();

  // Per thread: the groups of V elements, each within one row.
  SmallVector<Value> totals;
  for (int64_t q = 0; q < rounds; ++q) {
    Value p = held.values[q * width];
    for (int64_t v = 1; v < width; ++v)
      p = c.combine(p, held.values[q * width + v]);
    totals.push_back(p);
  }
  // Rows that lie within one SIMD-group: lanes of a row are aligned
  // segments of Gc lanes.
  if (plan.kind == RowPlan::Segments) {
    SmallVector<int32_t> masks;
    for (int64_t m = plan.groupsPerRow / 2; m >= 1; m /= 2)
      masks.push_back(static_cast<int32_t>(m));
    for (Value &t : totals)
      t = c.butterfly(t, masks);
  } else {
    if (plan.kind == RowPlan::SimdGroups)
      for (Value &t : totals)
        t = c.overSimdgroup(t);
    if (plan.kind == RowPlan::Memory || plan.entries > 1) {
      // Partials per group (or per SIMD-group) through threadgroup memory.
      int64_t per = plan.kind == RowPlan::Memory ? 1 : 32;
      FailureOr<Value> buffer =
          k.allocThreadgroup(c.element, plan.groups / per, loc);
      if (failed(buffer))
        return failure();
      threadgroupBarrier(k, loc);
      SmallVector<std::pair<Value, Value>> rowOf; // (group, held)
      for (int64_t q = 0; q < rounds; ++q) {
        auto [first, heldGroup] = k.slotIndex(type, q * width, loc);
        Value group = k.fold<arith::DivUIOp>(loc, first, k.index(width));
        rowOf.push_back({group, heldGroup});
        Value writer = heldGroup;
        if (per > 1) {
          Value lane =
              k.fold<arith::RemUIOp>(loc, k.threadIndex(), k.index(32));
          Value first32 = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, lane, k.index(0));
          writer =
              writer ? k.fold<arith::AndIOp>(loc, writer, first32) : first32;
        }
        Value slot =
            per > 1 ? k.fold<arith::DivUIOp>(loc, group, k.index(per)) : group;
        storeIfHeld(k, totals[q], *buffer, slot, writer, loc);
      }
      threadgroupBarrier(k, loc);
      for (int64_t q = 0; q < rounds; ++q) {
        auto [group, heldGroup] = rowOf[q];
        Value row =
            k.fold<arith::DivUIOp>(loc, group, k.index(plan.groupsPerRow));
        if (heldGroup)
          row = k.fold<arith::SelectOp>(loc, heldGroup, row, k.index(0));
        Value base = mulIndex(k, row, k.index(plan.entries), loc);
        totals[q] = c.foldMemory(*buffer, base, plan.entries, 1);
      }
    }
  }

  if (!isa<RankedTensorType>(op.getType())) {
    Value total = totals[0];
    if (plan.kind == RowPlan::Segments && threads > plan.groupsPerRow) {
      // Only the lanes of the first segment hold the total: thread 0 (which
      // holds the first group) hands it to everyone.
      FailureOr<Value> buffer = k.allocThreadgroup(c.element, 1, loc);
      if (failed(buffer))
        return failure();
      threadgroupBarrier(k, loc);
      Value first = k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                          k.threadIndex(), k.index(0));
      storeIfHeld(k, total, *buffer, k.index(0), first, loc);
      threadgroupBarrier(k, loc);
      total = memref::LoadOp::create(b, loc, *buffer, k.index(0));
    }
    k.map(op.getResult(), total);
    return success();
  }
  TileValue result{TileForm::Slots, {}};
  for (int64_t s = 0, n = k.numSlots(type); s < n; ++s)
    result.values.push_back(totals[s / width]);
  k.define(op.getResult(), std::move(result));
  return success();
}

/// Columns of a distributed tile whose row of Gc groups neither divides nor
/// is a multiple of the thread count T: the rounds of one thread hold
/// different columns. Column group cg is owned by thread cg mod T. Round by
/// round, every thread puts its group into threadgroup memory and each
/// owner folds the entries of its column groups (positions p = cg - qT mod
/// Gc, p + Gc, ... of round q), starting from the group it holds itself in
/// round cg / T (row 0). The owners then publish their totals and every
/// thread reads those of its slots' columns, which repeat every
/// Gc / gcd(T, Gc) rounds. Threadgroup memory: one round and one row, not
/// the whole tile.
static LogicalResult reduceColumnsByRounds(
    KernelLowering &k, ReduceOp op, const TileValue &held,
    llvm::function_ref<LogicalResult(ArrayRef<Value>, int64_t)> define) {
  Combiner c(k, op);
  OpBuilder &b = k.builder();
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t width = k.vectorWidth(type), rounds = k.numSlots(type) / width;
  int64_t threads = k.numThreads(), cols = type.getDimSize(1);
  int64_t groupsPerRow = cols / width;
  int64_t groups = type.getDimSize(0) * groupsPerRow;
  int64_t owned = llvm::divideCeil(groupsPerRow, threads);
  FailureOr<Value> stage = k.allocThreadgroup(c.element, threads * width, loc);
  if (failed(stage))
    return failure();
  FailureOr<Value> published =
      k.allocThreadgroup(c.element, groupsPerRow * width, loc);
  if (failed(published))
    return failure();

  // The thread's column groups tid + j * T, and whether each exists.
  SmallVector<Value> columnGroup, owner;
  for (int64_t j = 0; j < owned; ++j) {
    columnGroup.push_back(
        addIndex(k, k.threadIndex(), k.index(j * threads), loc));
    owner.push_back((j + 1) * threads <= groupsPerRow
                        ? Value()
                        : k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                                columnGroup[j],
                                                k.index(groupsPerRow)));
  }
  SmallVector<Value> acc(owned * width);
  for (int64_t q = 0; q < rounds; ++q) {
    threadgroupBarrier(k, loc);
    auto [first, heldGroup] = k.slotIndex(type, q * width, loc);
    (void)first;
    Value at = mulIndex(k, k.threadIndex(), k.index(width), loc);
    for (int64_t v = 0; v < width; ++v)
      storeIfHeld(k, held.values[q * width + v], *stage,
                  addIndex(k, at, k.index(v), loc), heldGroup, loc);
    threadgroupBarrier(k, loc);
    // Positions of round q: groups qT .. qT + T - 1 that exist.
    int64_t limit = std::min(threads, groups - q * threads);
    for (int64_t j = 0; j < owned && j <= q; ++j) {
      Value begin;
      if (q == j) {
        // Round j holds column group tid + jT itself, at position tid.
        for (int64_t v = 0; v < width; ++v)
          acc[j * width + v] = held.values[q * width + v];
        begin = addIndex(k, k.threadIndex(), k.index(groupsPerRow), loc);
      } else {
        int64_t shift = groupsPerRow - (q * threads) % groupsPerRow;
        begin = k.fold<arith::RemUIOp>(
            loc, addIndex(k, columnGroup[j], k.index(shift), loc),
            k.index(groupsPerRow));
      }
      auto loop = scf::ForOp::create(
          b, loc, begin, k.index(limit), k.index(groupsPerRow),
          ArrayRef<Value>(acc).slice(j * width, width),
          [&](OpBuilder &body, Location, Value position, ValueRange args) {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(body.getInsertionBlock(),
                                body.getInsertionPoint());
            Value base = mulIndex(k, position, k.index(width), loc);
            SmallVector<Value> next;
            for (int64_t v = 0; v < width; ++v) {
              Value x = memref::LoadOp::create(
                  b, loc, *stage, addIndex(k, base, k.index(v), loc));
              next.push_back(c.combine(args[v], x));
            }
            scf::YieldOp::create(b, loc, next);
          });
      for (int64_t v = 0; v < width; ++v)
        acc[j * width + v] = loop.getResult(v);
    }
  }
  for (int64_t j = 0; j < owned; ++j) {
    Value at = mulIndex(k, columnGroup[j], k.index(width), loc);
    for (int64_t v = 0; v < width; ++v)
      storeIfHeld(k, acc[j * width + v], *published,
                  addIndex(k, at, k.index(v), loc), owner[j], loc);
  }
  threadgroupBarrier(k, loc);
  int64_t period =
      std::min(rounds, groupsPerRow / std::gcd(threads, groupsPerRow));
  SmallVector<Value> totals;
  for (int64_t q = 0; q < period; ++q) {
    // A slot past the tile's end reads a column all the same.
    auto [first, heldGroup] = k.slotIndex(type, q * width, loc);
    (void)heldGroup;
    Value column = k.fold<arith::RemUIOp>(loc, first, k.index(cols));
    for (int64_t v = 0; v < width; ++v)
      totals.push_back(memref::LoadOp::create(
          b, loc, *published, addIndex(k, column, k.index(v), loc)));
  }
  return define(totals, period);
}

/// Columns of a distributed tile.
static LogicalResult reduceColumns(KernelLowering &k, ReduceOp op,
                                   const TileValue &held) {
  Combiner c(k, op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t width = k.vectorWidth(type), rounds = k.numSlots(type) / width;
  int64_t threads = k.numThreads(), rows = type.getDimSize(0);
  int64_t groupsPerRow = type.getDimSize(1) / width;
  // Each slot (round q, element v) holds the total of its column; the
  // totals repeat every `period` rounds.
  auto define = [&](ArrayRef<Value> totals, int64_t period) {
    TileValue result{TileForm::Slots, {}};
    for (int64_t q = 0; q < rounds; ++q)
      for (int64_t v = 0; v < width; ++v)
        result.values.push_back(totals[(q % period) * width + v]);
    k.define(op.getResult(), std::move(result));
    return success();
  };

  if (groupsPerRow % threads == 0) {
    // A row spans whole rounds: round q holds column group
    // (q mod P) * T + tid, so each column is within one thread.
    int64_t period = groupsPerRow / threads;
    SmallVector<Value> totals(period * width);
    for (int64_t q = 0; q < rounds; ++q)
      for (int64_t v = 0; v < width; ++v) {
        Value &t = totals[(q % period) * width + v];
        Value x = held.values[q * width + v];
        t = t ? c.combine(t, x) : x;
      }
    return define(totals, period);
  }
  if (threads % groupsPerRow != 0)
    return reduceColumnsByRounds(k, op, held, define);

  // Every round of a thread holds the same column group tid mod Gc: fold
  // the thread's held rounds, then the threads that share the column
  // through threadgroup memory.
  SmallVector<Value> partial(width);
  for (int64_t q = 0; q < rounds; ++q) {
    auto [first, heldGroup] = k.slotIndex(type, q * width, loc);
    (void)first;
    for (int64_t v = 0; v < width; ++v) {
      Value x = held.values[q * width + v];
      partial[v] = q == 0 ? x : c.combineIf(heldGroup, partial[v], x);
    }
  }
  FailureOr<Value> buffer = k.allocThreadgroup(c.element, threads * width, loc);
  if (failed(buffer))
    return failure();
  threadgroupBarrier(k, loc);
  auto [first, heldFirst] = k.slotIndex(type, 0, loc);
  (void)first;
  for (int64_t v = 0; v < width; ++v) {
    Value at = addIndex(k, mulIndex(k, k.threadIndex(), k.index(width), loc),
                        k.index(v), loc);
    storeIfHeld(k, partial[v], *buffer, at, heldFirst, loc);
  }
  threadgroupBarrier(k, loc);
  Value columnGroup =
      k.fold<arith::RemUIOp>(loc, k.threadIndex(), k.index(groupsPerRow));
  int64_t sharers = std::min(threads / groupsPerRow, rows);
  SmallVector<Value> totals;
  for (int64_t v = 0; v < width; ++v) {
    Value base = addIndex(k, mulIndex(k, columnGroup, k.index(width), loc),
                          k.index(v), loc);
    totals.push_back(
        c.foldMemory(*buffer, base, sharers, groupsPerRow * width));
  }
  return define(totals, 1);
}

//===----------------------------------------------------------------------===//
// Accumulator fragments
//===----------------------------------------------------------------------===//

/// Rows (dim 1) or columns (dim 0) of an accumulator, in registers: lanes
/// that share a row differ in lane bits 0 and 3, lanes that share a column
/// in bits 1, 2 and 4 (the simdgroup_matrix lane layout); SIMD-groups that
/// share them meet in threadgroup memory.
static LogicalResult reduceFragments(KernelLowering &k, ReduceOp op,
                                     const TileValue &held) {
  Combiner c(k, op);
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t rows, cols;
  std::tie(rows, cols) = k.fragmentGrid(type);
  bool byRow = op.getDim() == 1;
  auto at = [&](int64_t fi, int64_t fj, int64_t e) {
    return held.values[(fi * cols + fj) * 2 + e];
  };
  // Per lane: key fi for rows, fj * 2 + e for columns.
  SmallVector<Value> totals;
  if (byRow) {
    for (int64_t fi = 0; fi < rows; ++fi) {
      Value t = at(fi, 0, 0);
      for (int64_t fj = 0; fj < cols; ++fj)
        for (int64_t e = fj == 0 ? 1 : 0; e < 2; ++e)
          t = c.combine(t, at(fi, fj, e));
      totals.push_back(c.butterfly(t, {1, 8}));
    }
  } else {
    for (int64_t fj = 0; fj < cols; ++fj)
      for (int64_t e = 0; e < 2; ++e) {
        Value t = at(0, fj, e);
        for (int64_t fi = 1; fi < rows; ++fi)
          t = c.combine(t, at(fi, fj, e));
        totals.push_back(c.butterfly(t, {2, 4, 16}));
      }
  }
  int64_t across = byRow ? k.simdgroupsN() : k.simdgroupsM();
  if (across > 1) {
    int64_t kept = type.getDimSize(byRow ? 0 : 1);
    FailureOr<Value> buffer = k.allocThreadgroup(c.element, kept * across, loc);
    if (failed(buffer))
      return failure();
    threadgroupBarrier(k, loc);
    Value mine =
        byRow ? k.coordinates().simdgroupCol : k.coordinates().simdgroupRow;
    Value other = byRow ? k.coordinates().laneCol : k.coordinates().laneRow;
    Value writer =
        k.fold<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, other, k.index(0));
    SmallVector<Value> positions;
    for (auto [key, t] : llvm::enumerate(totals)) {
      int64_t fi = byRow ? key : 0, fj = byRow ? 0 : key / 2;
      int64_t e = byRow ? 0 : key % 2;
      Element el = fragmentElement(k, type, fi, fj, e, loc);
      Value position = byRow ? el.row : el.col;
      positions.push_back(position);
      Value slot =
          addIndex(k, mulIndex(k, position, k.index(across), loc), mine, loc);
      storeIfHeld(k, t, *buffer, slot, writer, loc);
    }
    threadgroupBarrier(k, loc);
    for (auto [t, position] : llvm::zip(totals, positions))
      t = c.foldMemory(*buffer, mulIndex(k, position, k.index(across), loc),
                       across, 1);
  }
  TileValue result{TileForm::LaneElements, {}};
  for (int64_t fi = 0; fi < rows; ++fi)
    for (int64_t fj = 0; fj < cols; ++fj)
      for (int64_t e = 0; e < 2; ++e)
        result.values.push_back(totals[byRow ? fi : fj * 2 + e]);
  k.define(op.getResult(), std::move(result));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry
//===----------------------------------------------------------------------===//

LogicalResult tile::conversion::lowerReduce(KernelLowering &k, ReduceOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  TileForm form = k.formFor(op.getInput());
  if (form == TileForm::Fragments || form == TileForm::LaneElements) {
    if (sliceDim(type))
      return op.emitOpError() << "reduces a slice-layout tile; convert it to "
                                 "#applegpu.distributed first";
    FailureOr<TileValue> held =
        k.get(op.getInput(), TileForm::LaneElements, loc);
    if (failed(held))
      return failure();
    return reduceFragments(k, op, *held);
  }
  if (sliceDim(type))
    return op.emitOpError() << "reduces a slice-layout tile; convert it to "
                               "#applegpu.distributed first";
  FailureOr<TileValue> held = k.get(op.getInput(), TileForm::Slots, loc);
  if (failed(held))
    return failure();
  if (type.getRank() == 2 && op.getDim() == 0)
    return reduceColumns(k, op, *held);
  return reduceRows(k, op, *held);
}
