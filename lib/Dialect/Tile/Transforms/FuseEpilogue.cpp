//===- FuseEpilogue.cpp - gather accumulator epilogues into tile.epilogue -===//
//
// For each dot accumulator, the elementwise arith/math ops that consume it
// (directly or through each other) are walked in block order; an op joins
// the epilogue only when each of its tile operands is accounted for (see
// the pass description in Passes.td). The joined ops are then copied into
// the body of one tile.epilogue as the same ops on scalars, and the
// original ops are erased. Nothing else is touched.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tile {
#define GEN_PASS_DEF_TILEFUSEEPILOGUE
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

/// A dot result, or the result of a loop whose body yields an accumulator
/// in that position.
static bool isAccumulator(Value v) {
  if (v.getDefiningOp<DotOp>())
    return true;
  auto result = dyn_cast<OpResult>(v);
  if (!result)
    return false;
  // Counted loops only: their results are what the body yields last.
  Operation *owner = result.getOwner();
  if (!isa<ForRangeOp, scf::ForOp>(owner))
    return false;
  auto loop = cast<LoopLikeOpInterface>(owner);
  ValueRange yielded = loop.getYieldedValues();
  return result.getResultNumber() < yielded.size() &&
         isAccumulator(yielded[result.getResultNumber()]);
}

/// An elementwise arith or math op without memory effects whose tiles all
/// have `shape`: each result element depends only on the operand elements
/// at the same position, so it can run per element.
static bool isElementwiseOnShape(Operation *op, ArrayRef<int64_t> shape) {
  StringRef dialect = op->getName().getDialectNamespace();
  if ((dialect != "arith" && dialect != "math") ||
      !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      !isMemoryEffectFree(op))
    return false;
  auto sameShape = [&](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getShape() == shape;
  };
  return llvm::all_of(op->getOperandTypes(), sameShape) &&
         llvm::all_of(op->getResultTypes(), sameShape);
}

static bool isSplatConstant(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  return constant && isa<SplatElementsAttr>(constant.getValue());
}

/// A tile the epilogue reads as an input, element by element: a bias
/// broadcast or a residual load of the accumulator's shape.
static bool isMemoryInput(Value v, ArrayRef<int64_t> shape) {
  if (v.getDefiningOp<BroadcastOp>())
    return true;
  auto load = v.getDefiningOp<LoadOp>();
  if (!load)
    return false;
  auto tile = dyn_cast<RankedTensorType>(load.getType());
  return tile && tile.getShape() == shape;
}

static std::string describe(Value v) {
  if (Operation *def = v.getDefiningOp())
    return "'" + def->getName().getStringRef().str() + "'";
  return "a block argument";
}

namespace {
/// One accumulator's epilogue under construction.
class EpilogueBuilder {
public:
  EpilogueBuilder(Value acc, bool report)
      : acc(acc), block(acc.getParentBlock()), report(report),
        shape(cast<RankedTensorType>(acc.getType()).getShape()) {}

  /// Gathers, builds and replaces; a no-op when nothing can be fused.
  void run();

private:
  /// Why `v`, an operand of a candidate op, cannot be taken, or "" when it
  /// can (possibly by pulling in the ops that compute it, which are added
  /// to `pulled`; `user` is the op that would use it).
  std::string accept(Value v, Operation *user,
                     SmallVectorImpl<Operation *> &pulled, unsigned depth);
  void gather();
  /// Sets `after` to the op the epilogue goes after; false when some ops
  /// had to be left out for that (then the caller tries again).
  bool placeOrShrink(Operation *&after);
  void build();
  void remark(Operation *op, const Twine &message) {
    if (report)
      op->emitRemark() << message;
  }

  Value acc;
  Block *block;
  bool report;
  ArrayRef<int64_t> shape;
  llvm::SetVector<Operation *> fused; ///< in block order
  /// Tiles computed outside the epilogue from takeable ones (see accept).
  llvm::SmallPtrSet<Value, 4> inputsComputedOutside;
};
} // namespace

std::string EpilogueBuilder::accept(Value v, Operation *user,
                                    SmallVectorImpl<Operation *> &pulled,
                                    unsigned depth) {
  if (v == acc || isAccumulator(v) || isSplatConstant(v) ||
      v.getDefiningOp<SplatOp>() || isMemoryInput(v, shape) ||
      inputsComputedOutside.contains(v))
    return "";
  Operation *def = v.getDefiningOp();
  if (def && fused.contains(def))
    return "";
  if (def && llvm::is_contained(pulled, def))
    return "";
  std::string what = describe(v);
  std::string notTakeable =
      what + ", which is not the accumulator, a splat, a tile.broadcast, a "
             "tile.load of the accumulator's shape or an elementwise op of "
             "those";
  // An elementwise op of takeable tiles (e.g. `residual * 2`) comes in
  // with the epilogue when only the epilogue uses it, else it stays and its
  // result is an input.
  if (!def || def->getBlock() != block || depth > 16 ||
      !isElementwiseOnShape(def, shape))
    return notTakeable;
  size_t mark = pulled.size();
  for (Value operand : def->getOperands())
    if (!accept(operand, def, pulled, depth + 1).empty()) {
      pulled.resize(mark);
      return notTakeable;
    }
  bool onlyHere = llvm::all_of(def->getUsers(), [&](Operation *other) {
    return other == user || fused.contains(other) ||
           llvm::is_contained(pulled, other);
  });
  if (!onlyHere) {
    pulled.resize(mark);
    inputsComputedOutside.insert(v);
    return "";
  }
  pulled.push_back(def);
  return "";
}

void EpilogueBuilder::gather() {
  llvm::SmallPtrSet<Operation *, 16> left; // touch the epilogue, not fused
  auto touches = [&](Operation &op) {
    return llvm::any_of(op.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return v == acc || (def && (fused.contains(def) || left.contains(def)));
    });
  };
  Operation *start = acc.getDefiningOp();
  for (Operation &op :
       llvm::make_range(std::next(start->getIterator()), block->end())) {
    // Ops in nested regions that use what the epilogue computes stay.
    op.walk([&](Operation *nested) {
      if (nested != &op && isElementwiseOnShape(nested, shape) &&
          touches(*nested))
        remark(nested, "left unfused: it is in a nested region, not in the "
                       "block of the accumulator");
    });
    if (!touches(op))
      continue;
    if (!isElementwiseOnShape(&op, shape)) {
      if (!isa<StoreOp>(op) && !op.hasTrait<OpTrait::IsTerminator>() &&
          !isa<EpilogueOp>(op))
        remark(&op, "left unfused: '" + op.getName().getStringRef() +
                        "' is not an elementwise arith or math op on tiles "
                        "of the accumulator's shape");
      continue;
    }
    SmallVector<Operation *> pulled;
    std::string why;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      Operation *def = operand.getDefiningOp();
      if (def && left.contains(def))
        why = "operand #" + std::to_string(i) + " is left unfused";
      else if (std::string problem = accept(operand, &op, pulled, 0);
               !problem.empty())
        why = "operand #" + std::to_string(i) + " is " + problem;
      if (!why.empty())
        break;
    }
    if (!why.empty()) {
      left.insert(&op);
      remark(&op, "left unfused: " + why);
      continue;
    }
    for (Operation *p : pulled)
      fused.insert(p);
    fused.insert(&op);
  }
  // Program order (pulled ops were added when their user was reached).
  SmallVector<Operation *> ordered(fused.begin(), fused.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  fused.clear();
  fused.insert(ordered.begin(), ordered.end());
}

/// The value whose definition an operand of an epilogue op needs: the
/// scalar of a tile.splat, nothing for a constant (copied into the body),
/// else the operand itself.
static Value neededDefinition(Value operand) {
  if (isSplatConstant(operand))
    return Value();
  if (auto splat = operand.getDefiningOp<SplatOp>())
    return splat.getInput();
  return operand;
}

bool EpilogueBuilder::placeOrShrink(Operation *&after) {
  // The epilogue goes right after the last definition it needs...
  after = acc.getDefiningOp();
  for (Operation *op : fused)
    for (Value v : op->getOperands()) {
      Value needed = neededDefinition(v);
      Operation *def = needed ? needed.getDefiningOp() : nullptr;
      if (!def || fused.contains(def))
        continue;
      if (Operation *inBlock = block->findAncestorOpInBlock(*def))
        if (after->isBeforeInBlock(inBlock))
          after = inBlock;
    }
  // ... which must precede every use of its results outside it. If one
  // does not (a result stored before a residual input is loaded), the ops
  // that need a definition from that use on stay out.
  for (Operation *op : fused)
    for (Operation *user : op->getUsers()) {
      if (fused.contains(user))
        continue;
      Operation *limit = block->findAncestorOpInBlock(*user);
      if (!limit || after->isBeforeInBlock(limit))
        continue;
      llvm::SetVector<Operation *> late;
      for (Operation *candidate : fused)
        for (Value v : candidate->getOperands()) {
          Value needed = neededDefinition(v);
          Operation *def = needed ? needed.getDefiningOp() : nullptr;
          Operation *inBlock =
              def ? block->findAncestorOpInBlock(*def) : nullptr;
          if (late.contains(def) || (inBlock && !fused.contains(def) &&
                                     !inBlock->isBeforeInBlock(limit)))
            late.insert(candidate);
        }
      if (late.empty()) // cannot happen: `after` is a needed definition
        late = fused;
      for (Operation *left : late) {
        remark(left, "left unfused: it needs a value defined after '" +
                         user->getName().getStringRef() +
                         "' uses a result of the epilogue");
        fused.remove(left);
      }
      return false;
    }
  return true;
}

void EpilogueBuilder::build() {
  Operation *after = nullptr;
  while (!placeOrShrink(after))
    if (fused.empty())
      return;

  // Inputs (tiles read per element) and the values the body uses from
  // above (the scalars of tile.splat), in order of first use.
  llvm::SetVector<Value> inputs, captured;
  if (llvm::any_of(fused, [&](Operation *op) {
        return llvm::is_contained(op->getOperands(), acc);
      }))
    inputs.insert(acc); // first, when the epilogue still reads it
  for (Operation *op : fused)
    for (Value v : op->getOperands()) {
      Value needed = neededDefinition(v);
      if (!needed || fused.contains(v.getDefiningOp()))
        continue;
      (needed == v ? inputs : captured).insert(needed);
    }
  SmallVector<Value> outputs;
  for (Operation *op : fused)
    if (llvm::any_of(op->getUsers(),
                     [&](Operation *u) { return !fused.contains(u); }))
      outputs.push_back(op->getResult(0));
  // Dead ops are left for DCE: an epilogue needs a result.
  if (outputs.empty()) {
    for (Operation *op : fused)
      remark(op, "left unfused: nothing uses its result");
    return;
  }

  SmallVector<Location> locs;
  for (Operation *op : fused)
    locs.push_back(op->getLoc());
  Location loc = FusedLoc::get(acc.getContext(), locs);
  OpBuilder b(after->getContext());
  b.setInsertionPointAfter(after);
  SmallVector<Type> resultTypes;
  for (Value out : outputs)
    resultTypes.push_back(out.getType());
  auto epilogue = EpilogueOp::create(b, loc, resultTypes, inputs.getArrayRef());
  Block *body = b.createBlock(&epilogue.getBody());
  IRMapping map;
  for (Value in : inputs)
    map.map(in, body->addArgument(
                    cast<RankedTensorType>(in.getType()).getElementType(),
                    in.getLoc()));
  for (Operation *op : fused)
    for (Value v : op->getOperands()) {
      if (map.contains(v))
        continue;
      if (auto splat = v.getDefiningOp<SplatOp>()) {
        map.map(v, splat.getInput());
      } else if (auto constant = v.getDefiningOp<arith::ConstantOp>()) {
        auto value = cast<SplatElementsAttr>(constant.getValue());
        map.map(v, arith::ConstantOp::create(b, constant.getLoc(),
                                             value.getSplatValue<TypedAttr>()));
      }
    }
  for (Operation *op : fused) {
    Operation *scalar = b.clone(*op, map);
    for (OpResult r : scalar->getResults())
      r.setType(cast<RankedTensorType>(r.getType()).getElementType());
  }
  SmallVector<Value> yielded;
  for (Value out : outputs)
    yielded.push_back(map.lookup(out));
  YieldOp::create(b, loc, yielded);

  for (auto [out, result] : llvm::zip(outputs, epilogue.getResults()))
    out.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !fused.contains(use.getOwner());
    });
  llvm::SetVector<Operation *> leaves;
  for (Operation *op : fused)
    for (Value v : op->getOperands())
      if (v.getDefiningOp<SplatOp>() || isSplatConstant(v))
        leaves.insert(v.getDefiningOp());
  std::string names;
  for (Operation *op : fused)
    names += (names.empty() ? "" : ", ") + op->getName().getStringRef().str();
  for (Operation *op : llvm::reverse(fused))
    op->erase();
  for (Operation *leaf : leaves)
    if (leaf->use_empty())
      leaf->erase();

  if (report) {
    auto count = [](size_t n, StringRef what) {
      return std::to_string(n) + " " + what.str() + (n == 1 ? "" : "s");
    };
    InFlightDiagnostic diag = epilogue.emitRemark()
                              << "fused "
                              << count(fused.size(), "elementwise op")
                              << " into a tile.epilogue (" << names << ") with "
                              << count(inputs.size(), "input tile");
    if (!captured.empty())
      diag << " and " << count(captured.size(), "scalar");
  }
}

void EpilogueBuilder::run() {
  if (!acc.getDefiningOp())
    return;
  gather();
  if (!fused.empty())
    build();
}

namespace {
struct TileFuseEpilogue
    : public tile::impl::TileFuseEpilogueBase<TileFuseEpilogue> {
  using TileFuseEpilogueBase::TileFuseEpilogueBase;

  void runOnOperation() override {
    // The accumulators first (fusion erases ops, never these).
    SmallVector<Value> accumulators;
    getOperation()->walk([&](Operation *op) {
      for (Value result : op->getResults())
        if (isa<RankedTensorType>(result.getType()) && isAccumulator(result))
          accumulators.push_back(result);
    });
    for (Value acc : accumulators)
      EpilogueBuilder(acc, report).run();
  }
};
} // namespace
