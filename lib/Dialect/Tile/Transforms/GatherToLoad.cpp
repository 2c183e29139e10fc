//===- GatherToLoad.cpp - gathers and scatters that are rectangles --------===//
//
// A gather reads buffer[base + a*s0 + b*s1] at element (a, b) when its
// offsets are affine in the position (OffsetAnalysis). That is the address
// tile.load reads, (i + a)*s0 + (j + b)*s1, for any indices with
// i*s0 + j*s1 = base. The mask must then be tile.load's bounds: every
// condition of the conjunction a bound on the row index (c + a < m) or on
// the column index, which with the indices chosen is i + a < i - c + m.
// Indices are taken from the mask's row and column starts where the base
// splits that way, else from the terms of the base each stride divides.
// Whatever cannot be proved stays as it was.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Analysis/OffsetAnalysis.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/raw_ostream.h"

namespace tile {
#define GEN_PASS_DEF_TILEGATHERTOLOAD
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile

using namespace mlir;
using namespace tile;

namespace {
/// The operands of the tile.load or tile.store that replaces an access at
/// offsets, as polynomials (no bounds: every element is accessed).
struct Rectangle {
  SmallVector<IntPolynomial, 2> indices, strides, bounds;
};
} // namespace

using Indices = SmallVector<IntPolynomial, 2>;

/// With index[d] = start, the other index from what is left of `base`.
static std::optional<Indices> completeFrom(const IntPolynomial &base,
                                           ArrayRef<IntPolynomial> strides,
                                           size_t d,
                                           const IntPolynomial &start) {
  std::optional<IntPolynomial> used = start.mul(strides[d]);
  std::optional<IntPolynomial> rest = used ? base.sub(*used) : std::nullopt;
  if (!rest)
    return std::nullopt;
  Indices indices(strides.size());
  indices[d] = start;
  if (strides.size() == 1)
    return rest->isZero() ? std::optional(indices) : std::nullopt;
  size_t other = 1 - d;
  std::optional<IntPolynomial> quotient =
      rest->isZero() ? IntPolynomial() : rest->divideExactly(strides[other]);
  if (!quotient)
    return std::nullopt;
  indices[other] = *quotient;
  return indices;
}

/// Each term of `base` to a dimension whose stride divides it; a unit
/// stride divides everything, so it is tried last (rows * K + k keeps
/// rows * K on the rows).
static std::optional<Indices> splitTerms(const IntPolynomial &base,
                                         ArrayRef<IntPolynomial> strides) {
  size_t rank = strides.size();
  SmallVector<size_t, 2> order;
  for (size_t d = 0; d < rank; ++d)
    if (!strides[d].isConstant(1))
      order.push_back(d);
  for (size_t d = 0; d < rank; ++d)
    if (strides[d].isConstant(1))
      order.push_back(d);
  Indices indices(rank);
  for (const auto &[atoms, coeff] : base.getTerms()) {
    bool placed = false;
    for (size_t d : order) {
      std::optional<IntPolynomial> quotient =
          IntPolynomial::term(atoms, coeff).divideExactly(strides[d]);
      std::optional<IntPolynomial> sum =
          quotient ? indices[d].add(*quotient) : std::nullopt;
      if (!sum)
        continue;
      indices[d] = *sum;
      placed = true;
      break;
    }
    if (!placed)
      return std::nullopt;
  }
  return indices;
}

/// How much index arithmetic `indices` take: one per term and factor.
static size_t costOf(const Indices &indices) {
  size_t cost = 0;
  for (const IntPolynomial &index : indices)
    for (const auto &term : index.getTerms())
      cost += 1 + term.first.size();
  return cost;
}

/// The index along every dimension such that sum of index[d] * strides[d]
/// is `base`: from the mask's start along a dimension (`starts[d]`) and
/// what is left, or term by term; the cheapest of those that exist (with
/// both starts the natural split usually is).
static std::optional<Indices>
chooseIndices(const IntPolynomial &base, ArrayRef<IntPolynomial> strides,
              ArrayRef<std::optional<IntPolynomial>> starts) {
  SmallVector<Indices, 3> candidates;
  for (size_t d = 0; d < strides.size(); ++d)
    if (starts[d])
      if (std::optional<Indices> indices =
              completeFrom(base, strides, d, *starts[d]))
        candidates.push_back(*indices);
  if (std::optional<Indices> indices = splitTerms(base, strides))
    candidates.push_back(*indices);
  if (candidates.empty())
    return std::nullopt;
  return *llvm::min_element(candidates, [](const Indices &a, const Indices &b) {
    return costOf(a) < costOf(b);
  });
}

/// The rectangle an access at `offsets` under `mask` (may be null) is, or
/// failure with the reason in `whyNot`.
static FailureOr<Rectangle> rectangleOf(OffsetAnalysis &analysis, Value offsets,
                                        Value mask, std::string &whyNot) {
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(offsets.getType()).getShape();
  size_t rank = shape.size();
  std::optional<AffineTile> form = analysis.getAffine(offsets);
  if (!form) {
    whyNot = "the offsets are not affine in the element position";
    if (Operation *culprit = analysis.whyNotAffine(offsets)) {
      llvm::raw_string_ostream os(whyNot);
      os << " ('" << culprit->getName() << "' at " << culprit->getLoc() << ")";
    } else {
      whyNot += " (they depend on a block argument, e.g. a loop-carried tile)";
    }
    return failure();
  }
  // The mask's bound along each dimension, if any.
  SmallVector<std::optional<MaskBound>, 2> bounds(rank);
  bool bounded = false;
  if (mask) {
    std::optional<SmallVector<MaskBound, 2>> conjuncts =
        analysis.getMaskBounds(mask, whyNot);
    if (!conjuncts)
      return failure();
    for (MaskBound &bound : *conjuncts) {
      size_t dim = 0;
      while (dim < rank && !bound.lhs.isUnitAlong(dim))
        ++dim;
      if (dim == rank) {
        whyNot = "a condition of the mask does not bound the row or the "
                 "column index (a start plus the position along one "
                 "dimension)";
        return failure();
      }
      if (bounds[dim]) {
        whyNot = "the mask bounds dimension " + std::to_string(dim) + " twice";
        return failure();
      }
      bounds[dim] = bound;
      bounded = true;
    }
  }
  SmallVector<std::optional<IntPolynomial>, 2> starts;
  for (const std::optional<MaskBound> &bound : bounds)
    starts.push_back(bound ? std::optional(bound->lhs.base) : std::nullopt);
  std::optional<Indices> indices =
      chooseIndices(form->base, form->strides, starts);
  if (!indices) {
    whyNot = "the offsets' start " + analysis.print(form->base) +
             " does not split into indices times the strides";
    return failure();
  }
  Rectangle rectangle{*indices, form->strides, {}};
  if (!bounded)
    return rectangle;
  // index + x < bound' iff start + x < bound: bound' = index - start + bound.
  // A dimension the mask does not bound gets index + size (always true).
  for (size_t d = 0; d < rank; ++d) {
    std::optional<IntPolynomial> bound;
    if (bounds[d]) {
      std::optional<IntPolynomial> shift =
          (*indices)[d].sub(bounds[d]->lhs.base);
      bound = shift ? shift->add(bounds[d]->bound) : std::nullopt;
    } else {
      bound = (*indices)[d].add(IntPolynomial::constant(shape[d]));
    }
    if (!bound) {
      whyNot = "the bounds are too large to rewrite";
      return failure();
    }
    rectangle.bounds.push_back(*bound);
  }
  return rectangle;
}

/// The element of a splat constant tile, or null.
static TypedAttr splatElement(Value tile) {
  DenseElementsAttr dense;
  if (matchPattern(tile, m_Constant(&dense)) && dense.isSplat())
    return dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
  if (auto splat = tile.getDefiningOp<SplatOp>()) {
    Attribute scalar;
    if (matchPattern(splat.getInput(), m_Constant(&scalar)))
      return dyn_cast<TypedAttr>(scalar);
  }
  return {};
}

/// Whether `attr` is tile.load's default padding (+0 or integer 0).
static bool isDefaultPadding(TypedAttr attr) {
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isPosZero();
  auto i = dyn_cast<IntegerAttr>(attr);
  return i && i.getValue().isZero();
}

static std::string printFacts(const AxisFacts &facts) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto list = [&](ArrayRef<int64_t> values) {
    os << "[";
    llvm::interleaveComma(values, os, [&](int64_t v) {
      if (v == IntPolynomial::kUnboundedDivisor)
        os << "any";
      else
        os << v;
    });
    os << "]";
  };
  os << "contiguity ";
  list(facts.contiguity);
  os << ", divisibility ";
  list(facts.divisibility);
  os << ", constancy ";
  list(facts.constancy);
  return text;
}

static std::string printRectangle(OffsetAnalysis &analysis,
                                  const Rectangle &r) {
  auto list = [&](ArrayRef<IntPolynomial> polys) {
    std::string text = "[";
    for (auto [i, p] : llvm::enumerate(polys))
      text += (i ? ", " : "") + analysis.print(p);
    return text + "]";
  };
  std::string text = list(r.indices) + " strides " + list(r.strides);
  if (!r.bounds.empty())
    text += " bounds " + list(r.bounds);
  return text;
}

namespace {
struct TileGatherToLoadPass
    : tile::impl::TileGatherToLoadBase<TileGatherToLoadPass> {
  using TileGatherToLoadBase::TileGatherToLoadBase;

  /// The operands of the tile.load or tile.store replacing an access.
  struct Addressing {
    SmallVector<Value, 2> indices, strides, bounds;
  };

  /// The rectangle `op` accesses, or failure after a remark saying why.
  FailureOr<Rectangle> rectangleFor(Operation *op, Value offsets, Value mask) {
    std::string why;
    FailureOr<Rectangle> r = rectangleOf(*analysis, offsets, mask, why);
    if (failed(r))
      leave(op, offsets, why);
    return r;
  }

  void leave(Operation *op, Value offsets, StringRef why) {
    if (report)
      op->emitRemark() << "left as " << op->getName() << ": " << why << "; "
                       << printFacts(analysis->getFacts(offsets));
  }

  /// Remarks on the rewrite of `op` and emits the addressing of `r` before
  /// it.
  Addressing rewriting(Operation *op, Value offsets, const Rectangle &r) {
    if (report)
      op->emitRemark() << "rewritten to "
                       << (isa<GatherOp>(op) ? "tile.load" : "tile.store")
                       << " " << printRectangle(*analysis, r) << "; "
                       << printFacts(analysis->getFacts(offsets));
    OpBuilder b(op);
    Addressing addressing;
    auto build = [&](ArrayRef<IntPolynomial> polys,
                     SmallVectorImpl<Value> &out) {
      for (const IntPolynomial &p : polys)
        out.push_back(analysis->materialize(p, b, op->getLoc()));
    };
    build(r.indices, addressing.indices);
    build(r.strides, addressing.strides);
    build(r.bounds, addressing.bounds);
    return addressing;
  }

  /// Replaces `gather` by a tile.load when it reads a rectangle; returns
  /// whether it did (the gather then has no uses).
  bool rewrite(GatherOp gather) {
    FailureOr<Rectangle> r =
        rectangleFor(gather, gather.getOffsets(), gather.getMask());
    if (failed(r))
      return false;
    // Elements outside the bounds read `other`: it must be one value.
    TypedAttr padding;
    if (!r->bounds.empty() && gather.getOther()) {
      padding = splatElement(gather.getOther());
      if (!padding) {
        leave(
            gather, gather.getOffsets(),
            "`other` is not a splat constant (tile.load pads with one value)");
        return false;
      }
      if (isDefaultPadding(padding))
        padding = {};
    }
    Addressing a = rewriting(gather, gather.getOffsets(), *r);
    OpBuilder b(gather);
    auto load =
        LoadOp::create(b, gather.getLoc(), gather.getType(), gather.getBuffer(),
                       a.indices, a.strides, a.bounds, padding);
    gather.getResult().replaceAllUsesWith(load.getResult());
    return true;
  }

  bool rewrite(ScatterOp scatter) {
    FailureOr<Rectangle> r =
        rectangleFor(scatter, scatter.getOffsets(), scatter.getMask());
    if (failed(r))
      return false;
    Addressing a = rewriting(scatter, scatter.getOffsets(), *r);
    OpBuilder b(scatter);
    StoreOp::create(b, scatter.getLoc(), scatter.getValue(),
                    scatter.getBuffer(), a.indices, a.strides, a.bounds);
    return true;
  }

  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<GatherOp, ScatterOp>(op))
        accesses.push_back(op);
    });
    OffsetAnalysis offsets;
    analysis = &offsets;
    // Rewritten ops are erased only at the end: the analysis caches values
    // by address, which a new op could otherwise reuse.
    SmallVector<Operation *> rewritten;
    for (Operation *op : accesses) {
      bool done = isa<GatherOp>(op) ? rewrite(cast<GatherOp>(op))
                                    : rewrite(cast<ScatterOp>(op));
      if (done)
        rewritten.push_back(op);
    }
    for (Operation *op : rewritten)
      op->erase();
    analysis = nullptr;
  }

  OffsetAnalysis *analysis = nullptr;
};
} // namespace
