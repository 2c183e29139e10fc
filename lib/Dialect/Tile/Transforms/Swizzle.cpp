//===- Swizzle.cpp - lower tile.swizzle to index arithmetic ---------------===//
//
// The mappings are those documented on tile.swizzle (TileOps.td). Every
// value is computed for every program, with selects choosing between the
// cases, so divisors are clamped to at least 1 where a case that is not
// taken could divide by zero.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/LaunchGrid.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Support/FoldWithConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tile {
#define GEN_PASS_DEF_TILESWIZZLE
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

namespace {
/// Index arithmetic at one insertion point, folded as it is built (x * 1,
/// x + 0, constant operands) and with one op per constant: the kernel's
/// own launch math stays small for the passes that follow.
struct IndexBuilder {
  IndexBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  OpBuilder &b;
  Location loc;
  llvm::SmallDenseMap<int64_t, Value> constants;

  Value c(int64_t v) {
    Value &slot = constants[v];
    if (!slot)
      slot = arith::ConstantIndexOp::create(b, loc, v);
    return slot;
  }
  template <typename OpTy, typename... Args> Value make(Args &&...args) {
    auto op = OpTy::create(b, loc, std::forward<Args>(args)...);
    return foldWithConstants(op, [&](TypedAttr attr) -> Value {
      auto integer = dyn_cast<IntegerAttr>(attr);
      if (integer && attr.getType().isIndex())
        return c(integer.getInt());
      return arith::ConstantOp::create(b, loc, attr);
    });
  }
  Value add(Value x, Value y) { return make<arith::AddIOp>(x, y); }
  Value sub(Value x, Value y) { return make<arith::SubIOp>(x, y); }
  Value mul(Value x, Value y) { return make<arith::MulIOp>(x, y); }
  Value div(Value x, Value y) { return make<arith::DivUIOp>(x, y); }
  Value rem(Value x, Value y) { return make<arith::RemUIOp>(x, y); }
  Value min(Value x, Value y) { return make<arith::MinSIOp>(x, y); }
  Value atLeast1(Value x) { return make<arith::MaxSIOp>(x, c(1)); }
  Value lt(Value x, Value y) {
    return make<arith::CmpIOp>(arith::CmpIPredicate::slt, x, y);
  }
  Value ult(Value x, Value y) {
    return make<arith::CmpIOp>(arith::CmpIPredicate::ult, x, y);
  }
  Value both(Value x, Value y) { return make<arith::AndIOp>(x, y); }
  Value select(Value cond, Value x, Value y) {
    // select(c, select(c, a, _), select(c, _, b)) is select(c, a, b), and
    // select(c, a, a) is a: the linear and diagonal mappings then need no
    // select on an id they return unchanged.
    if (auto inner = x.getDefiningOp<arith::SelectOp>();
        inner && inner.getCondition() == cond)
      x = inner.getTrueValue();
    if (auto inner = y.getDefiningOp<arith::SelectOp>();
        inner && inner.getCondition() == cond)
      y = inner.getFalseValue();
    if (x == y)
      return x;
    return make<arith::SelectOp>(cond, x, y);
  }
  Value shr(Value x, int64_t n) { return make<arith::ShRUIOp>(x, c(n)); }
  Value bit(Value x, int64_t n) { return make<arith::AndIOp>(shr(x, n), c(1)); }
};
} // namespace

/// The (i, j) cell of the b x b curve at position t.
static std::pair<Value, Value> curveCell(IndexBuilder &e, StringRef pattern,
                                         int64_t block, Value t) {
  if (pattern == "hilbert") {
    // The 4x4 Hilbert curve, 2 bits per cell packed into constants of 8
    // cells each (so that they fit the 32-bit int index becomes in MSL).
    static const int cells[16][2] = {
        {0, 0}, {0, 1}, {1, 1}, {1, 0}, {2, 0}, {3, 0}, {3, 1}, {2, 1},
        {2, 2}, {3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {0, 2}, {0, 3}};
    int64_t is[2] = {0, 0}, js[2] = {0, 0};
    for (int k = 0; k < 16; ++k) {
      is[k / 8] |= int64_t(cells[k][0]) << (2 * (k % 8));
      js[k / 8] |= int64_t(cells[k][1]) << (2 * (k % 8));
    }
    Value firstHalf = e.lt(t, e.c(8));
    Value shift = e.mul(e.rem(t, e.c(8)), e.c(2));
    auto pick = [&](const int64_t table[2]) {
      Value packed = e.select(firstHalf, e.c(table[0]), e.c(table[1]));
      return e.make<arith::AndIOp>(e.make<arith::ShRUIOp>(packed, shift),
                                   e.c(3));
    };
    return {pick(is), pick(js)};
  }
  // Z-order: i from the even bits of t, j from the odd bits.
  Value i = e.c(0), j = e.c(0);
  for (int64_t k = 0; (int64_t(1) << k) < block; ++k) {
    i = e.add(i, e.mul(e.bit(t, 2 * k), e.c(int64_t(1) << k)));
    j = e.add(j, e.mul(e.bit(t, 2 * k + 1), e.c(int64_t(1) << k)));
  }
  return {i, j};
}

/// (m, n) for program (pm, pn) of a gm x gn grid.
static std::pair<Value, Value> swizzle(IndexBuilder &e, StringRef pattern,
                                       int64_t block, Value pm, Value pn,
                                       Value gm, Value gn) {
  if (pattern == "linear")
    return {pm, pn};
  if (pattern == "diagonal")
    return {pm, e.rem(e.add(pn, pm), gn)};
  Value launch = e.add(pm, e.mul(gm, pn));
  if (pattern == "grouped") {
    Value groupSize = e.mul(e.c(block), gn);
    Value first = e.mul(e.div(launch, groupSize), e.c(block));
    Value rows = e.min(e.sub(gm, first), e.c(block));
    Value r = e.rem(launch, groupSize);
    return {e.add(first, e.rem(r, rows)), e.div(r, rows)};
  }
  // morton / hilbert: whole squares first, then the edge tiles.
  Value b = e.c(block);
  Value gm2 = e.sub(gm, e.rem(gm, b)), gn2 = e.sub(gn, e.rem(gn, b));
  Value squares = e.mul(gm2, gn2);
  Value q = e.div(launch, e.c(block * block));
  Value t = e.rem(launch, e.c(block * block));
  Value squaresPerColumn = e.atLeast1(e.div(gm2, b));
  auto [i, j] = curveCell(e, pattern, block, t);
  Value inM = e.add(e.mul(e.rem(q, squaresPerColumn), b), i);
  Value inN = e.add(e.mul(e.div(q, squaresPerColumn), b), j);
  // Edge tiles: the columns n >= gn2 (x fastest), then the rows m >= gm2.
  Value r = e.sub(launch, squares);
  Value rightCount = e.mul(gm, e.sub(gn, gn2));
  Value gmSafe = e.atLeast1(gm);
  Value rightM = e.rem(r, gmSafe), rightN = e.add(gn2, e.div(r, gmSafe));
  Value r2 = e.sub(r, rightCount);
  Value bottomRows = e.atLeast1(e.sub(gm, gm2));
  Value bottomM = e.add(gm2, e.rem(r2, bottomRows));
  Value bottomN = e.div(r2, bottomRows);
  Value inRight = e.lt(r, rightCount);
  Value edgeM = e.select(inRight, rightM, bottomM);
  Value edgeN = e.select(inRight, rightN, bottomN);
  Value inSquares = e.lt(launch, squares);
  return {e.select(inSquares, inM, edgeM), e.select(inSquares, inN, edgeN)};
}

static void lowerSwizzle(SwizzleOp op, IRRewriter &rewriter) {
  Operation *before = op->getPrevNode(), *after = op->getNextNode();
  rewriter.setInsertionPoint(op);
  IndexBuilder e{rewriter, op.getLoc()};
  Value gm = NumProgramsOp::create(rewriter, op.getLoc(),
                                   rewriter.getIndexType(), Dim::x);
  Value gn = NumProgramsOp::create(rewriter, op.getLoc(),
                                   rewriter.getIndexType(), Dim::y);
  // Ids outside the grid (operands that are not this instance's program
  // ids) are returned unchanged; the mapping runs on (0, 0) for them, so no
  // division sees a divisor of 0.
  Value pm = op.getPidM(), pn = op.getPidN();
  Value inGrid = e.both(e.ult(pm, gm), e.ult(pn, gn));
  auto [m, n] = swizzle(e, op.getPattern(), op.getEffectiveBlock(),
                        e.select(inGrid, pm, e.c(0)),
                        e.select(inGrid, pn, e.c(0)), gm, gn);
  rewriter.replaceOp(
      op, ValueRange{e.select(inGrid, m, pm), e.select(inGrid, n, pn)});
  // What the folds left unused (no canonicalizer runs after this pass in
  // the tile-to-applegpu pipeline), users before the values they read.
  for (Operation *made = after->getPrevNode(); made && made != before;) {
    Operation *previous = made->getPrevNode();
    if (isOpTriviallyDead(made))
      rewriter.eraseOp(made);
    made = previous;
  }
}

/// Puts a tile.swizzle on the program ids of a 2-D kernel that has none.
static void addDefaultSwizzle(func::FuncOp kernel, StringRef pattern,
                              int64_t block, IRRewriter &rewriter) {
  bool hasSwizzle = false;
  SmallVector<ProgramIdOp> xs, ys;
  kernel.walk([&](Operation *op) {
    hasSwizzle |= isa<SwizzleOp>(op);
    if (auto id = dyn_cast<ProgramIdOp>(op)) {
      if (id.getDim() == Dim::x)
        xs.push_back(id);
      else if (id.getDim() == Dim::y)
        ys.push_back(id);
    }
  });
  if (hasSwizzle || xs.empty() || ys.empty())
    return;
  Location loc = kernel.getLoc();
  rewriter.setInsertionPointToStart(&kernel.getBody().front());
  Value pm =
      ProgramIdOp::create(rewriter, loc, rewriter.getIndexType(), Dim::x);
  Value pn =
      ProgramIdOp::create(rewriter, loc, rewriter.getIndexType(), Dim::y);
  auto swizzle = SwizzleOp::create(
      rewriter, loc, rewriter.getIndexType(), rewriter.getIndexType(), pm, pn,
      rewriter.getStringAttr(pattern),
      block > 0 ? rewriter.getI64IntegerAttr(block) : IntegerAttr());
  for (ProgramIdOp id : xs)
    rewriter.replaceOp(id, swizzle.getM());
  for (ProgramIdOp id : ys)
    rewriter.replaceOp(id, swizzle.getN());
}

namespace {
struct TileSwizzlePass : tile::impl::TileSwizzleBase<TileSwizzlePass> {
  using TileSwizzleBase::TileSwizzleBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    if (defaultPattern != "none") {
      if (!llvm::is_contained(SwizzleOp::getPatternNames(), defaultPattern)) {
        getOperation()->emitError()
            << "tile-swizzle: unknown default-pattern '" << defaultPattern
            << "'; expected linear, diagonal, morton, grouped, hilbert or none";
        return signalPassFailure();
      }
      SmallVector<func::FuncOp> kernels;
      getOperation()->walk([&](func::FuncOp f) {
        if (f->hasAttr(TileDialect::getKernelAttrName()))
          kernels.push_back(f);
      });
      for (func::FuncOp kernel : kernels)
        addDefaultSwizzle(kernel, defaultPattern, defaultBlock, rewriter);
      // The new swizzles are checked like the user's.
      bool bad = false;
      getOperation()->walk([&](SwizzleOp op) { bad |= failed(op.verify()); });
      if (bad)
        return signalPassFailure();
    }
    // The lowered swizzle hides the program ids the launch grid is read
    // from: record it first.
    getOperation()->walk([&](func::FuncOp f) {
      if (!f->hasAttr(TileDialect::getKernelAttrName()))
        return;
      if (f.walk([](SwizzleOp) {
             return WalkResult::interrupt();
           }).wasInterrupted())
        recordLaunchGrid(f);
    });
    SmallVector<SwizzleOp> swizzles;
    getOperation()->walk([&](SwizzleOp op) { swizzles.push_back(op); });
    for (SwizzleOp op : swizzles)
      lowerSwizzle(op, rewriter);
  }
};
} // namespace
