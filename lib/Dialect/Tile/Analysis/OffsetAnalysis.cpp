//===- OffsetAnalysis.cpp - integer tiles affine in the position ----------===//
//
// A demand-driven walk up the use-def chains of an integer tile. Ops whose
// result is affine in the element position when their operands are
// (arange, splat, broadcast, constants, add, sub, multiplication by a
// uniform tile, sign-preserving casts) combine the operands' forms, and a
// tile a tile.for_range advances by a loop-invariant step is its start plus
// the iterations done times the step; any other op (remsi, divsi, a load)
// makes the tile unknown, and the op is remembered so a report can say why.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Analysis/OffsetAnalysis.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace tile;

/// Offsets come from short chains; a deeper walk is not worth its cost and
/// bounds the recursion on hostile input.
static constexpr unsigned kMaxDepth = 64;
/// A rectangle has at most one bound per dimension; a few more conjuncts
/// are allowed so that the pass can say which ones it cannot use.
static constexpr size_t kMaxMaskBounds = 4;

//===----------------------------------------------------------------------===//
// AffineTile
//===----------------------------------------------------------------------===//

bool AffineTile::isUniform() const {
  return llvm::all_of(strides,
                      [](const IntPolynomial &s) { return s.isZero(); });
}

bool AffineTile::isUnitAlong(unsigned dim) const {
  for (auto [d, stride] : llvm::enumerate(strides))
    if (!stride.isConstant(d == dim ? 1 : 0))
      return false;
  return dim < strides.size();
}

/// lhs + rhs (sign = 1) or lhs - rhs (sign = -1), stride by stride.
static std::optional<AffineTile> combine(const AffineTile &lhs,
                                         const AffineTile &rhs, int sign) {
  auto op = [&](const IntPolynomial &x, const IntPolynomial &y) {
    return sign > 0 ? x.add(y) : x.sub(y);
  };
  std::optional<IntPolynomial> base = op(lhs.base, rhs.base);
  if (!base || lhs.strides.size() != rhs.strides.size())
    return std::nullopt;
  AffineTile result{*base, {}};
  for (auto [x, y] : llvm::zip_equal(lhs.strides, rhs.strides)) {
    std::optional<IntPolynomial> stride = op(x, y);
    if (!stride)
      return std::nullopt;
    result.strides.push_back(*stride);
  }
  return result;
}

/// `tile * factor` for a position-independent factor.
static std::optional<AffineTile> scale(const AffineTile &tile,
                                       const IntPolynomial &factor) {
  std::optional<IntPolynomial> base = tile.base.mul(factor);
  if (!base)
    return std::nullopt;
  AffineTile result{*base, {}};
  for (const IntPolynomial &s : tile.strides) {
    std::optional<IntPolynomial> stride = s.mul(factor);
    if (!stride)
      return std::nullopt;
    result.strides.push_back(*stride);
  }
  return result;
}

/// A rank-1 form as a rank-2 one whose `dim` runs along the vector.
static AffineTile broadcastForm(const AffineTile &vector, int64_t dim) {
  AffineTile result{vector.base, {IntPolynomial(), IntPolynomial()}};
  result.strides[dim] = vector.strides[0];
  return result;
}

static AffineTile uniformForm(IntPolynomial base, int64_t rank) {
  return AffineTile{std::move(base),
                    SmallVector<IntPolynomial, 2>(rank, IntPolynomial())};
}

//===----------------------------------------------------------------------===//
// Affine forms
//===----------------------------------------------------------------------===//

unsigned OffsetAnalysis::atomId(Value atom) {
  auto [it, inserted] = atomIds.try_emplace(atom, atoms.size());
  if (inserted)
    atoms.push_back(atom);
  return it->second;
}

std::optional<AffineTile> OffsetAnalysis::getAffine(Value value) {
  return analyze(value, 0).affine;
}

Operation *OffsetAnalysis::whyNotAffine(Value value) {
  return analyze(value, 0).culprit;
}

OffsetAnalysis::Entry OffsetAnalysis::analyze(Value value, unsigned depth) {
  if (auto it = cache.find(value); it != cache.end())
    return it->second;
  Entry entry = compute(value, depth);
  cache.insert_or_assign(value, entry);
  return entry;
}

IntPolynomial OffsetAnalysis::scalarOf(Value value, unsigned depth) {
  Operation *op = value.getDefiningOp();
  IntPolynomial asAtom = IntPolynomial::atom(atomId(value));
  if (!op || depth > kMaxDepth)
    return asAtom;
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      if (integer.getValue().getSignificantBits() <= 64)
        return IntPolynomial::constant(integer.getValue().getSExtValue());
    return asAtom;
  }
  // Value-preserving casts (under the no-wrap assumption).
  if (isa<arith::IndexCastOp, arith::ExtSIOp>(op))
    return analyze(op->getOperand(0), depth + 1).affine->base;
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
    return asAtom;
  IntPolynomial lhs = analyze(op->getOperand(0), depth + 1).affine->base;
  IntPolynomial rhs = analyze(op->getOperand(1), depth + 1).affine->base;
  std::optional<IntPolynomial> result = isa<arith::AddIOp>(op)   ? lhs.add(rhs)
                                        : isa<arith::SubIOp>(op) ? lhs.sub(rhs)
                                                                 : lhs.mul(rhs);
  // Too large to be an offset's: an opaque value.
  return result ? *result : asAtom;
}

/// Whether `poly`'s atoms are all defined outside `region`.
static bool definedOutside(const IntPolynomial &poly, ArrayRef<Value> atoms,
                           Region &region) {
  for (const auto &term : poly.getTerms())
    for (unsigned id : term.first)
      if (region.isAncestor(Value(atoms[id]).getParentRegion()))
        return false;
  return true;
}

OffsetAnalysis::Entry OffsetAnalysis::computeCarried(BlockArgument arg,
                                                     ForRangeOp loop,
                                                     unsigned depth) {
  Entry unknown{std::nullopt, nullptr};
  unsigned index = arg.getArgNumber() - 1;
  Value next = loop.getYield()->getOperand(index);
  auto add = next.getDefiningOp<arith::AddIOp>();
  if (!add)
    return unknown;
  Value increment = add.getLhs() == arg   ? add.getRhs()
                    : add.getRhs() == arg ? add.getLhs()
                                          : Value();
  if (!increment)
    return unknown;
  // Until known: an increment computed from the tile itself is unknown.
  cache.insert_or_assign(arg, unknown);
  std::optional<AffineTile> start =
      analyze(loop.getInitArgs()[index], depth + 1).affine;
  std::optional<AffineTile> step = analyze(increment, depth + 1).affine;
  if (!start || !step || !step->isUniform() ||
      !definedOutside(step->base, atoms, loop.getRegion()))
    return unknown;
  // The n-th iteration (iv = lb + n * loopStep) sees start + n * step, and
  // n * step = (iv - lb) * (step / loopStep) when the division is exact.
  IntPolynomial loopStep = scalarOf(loop.getStep(), depth + 1);
  std::optional<IntPolynomial> perUnit = step->base.divideExactly(loopStep);
  std::optional<IntPolynomial> count =
      scalarOf(loop.getInductionVar(), depth + 1)
          .sub(scalarOf(loop.getLowerBound(), depth + 1));
  std::optional<IntPolynomial> advance =
      perUnit && count ? count->mul(*perUnit) : std::nullopt;
  std::optional<IntPolynomial> base =
      advance ? start->base.add(*advance) : std::nullopt;
  if (!base)
    return unknown;
  return Entry{AffineTile{*base, start->strides}, nullptr};
}

OffsetAnalysis::Entry OffsetAnalysis::compute(Value value, unsigned depth) {
  Type type = value.getType();
  if (type.isIntOrIndex())
    return Entry{AffineTile{scalarOf(value, depth), {}}, nullptr};
  // A tile a counted loop carries, advanced by the same step each time.
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (auto loop = dyn_cast<ForRangeOp>(arg.getOwner()->getParentOp()))
      if (arg.getArgNumber() > 0 && isa<RankedTensorType>(type) &&
          depth <= kMaxDepth)
        return computeCarried(arg, loop, depth);
  Operation *op = value.getDefiningOp();
  Entry unknown{std::nullopt, op};
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!op || !tile || !tile.getElementType().isIntOrIndex() ||
      !tile.hasStaticShape() || tile.getRank() > 2 || depth > kMaxDepth)
    return unknown;
  int64_t rank = tile.getRank();
  // The operand's entry, carrying its culprit when it is unknown.
  auto operand = [&](unsigned i) {
    return analyze(op->getOperand(i), depth + 1);
  };
  auto known = [&](std::optional<AffineTile> form) {
    return form ? Entry{std::move(form), nullptr} : unknown;
  };

  return llvm::TypeSwitch<Operation *, Entry>(op)
      .Case([&](arith::ConstantOp constant) {
        auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
        if (!dense || !dense.isSplat() ||
            dense.getSplatValue<APInt>().getSignificantBits() > 64)
          return unknown;
        return known(
            uniformForm(IntPolynomial::constant(
                            dense.getSplatValue<APInt>().getSExtValue()),
                        rank));
      })
      .Case([&](ArangeOp) {
        return known(AffineTile{IntPolynomial(), {IntPolynomial::constant(1)}});
      })
      .Case([&](SplatOp splat) {
        return known(uniformForm(scalarOf(splat.getInput(), depth + 1), rank));
      })
      .Case([&](BroadcastOp broadcast) {
        Entry input = operand(0);
        if (!input.affine)
          return input;
        return known(broadcastForm(*input.affine, broadcast.getDim()));
      })
      .Case<arith::IndexCastOp, arith::ExtSIOp, ConvertLayoutOp>(
          [&](Operation *) { return operand(0); })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp>([&](Operation *) {
        Entry lhs = operand(0);
        if (!lhs.affine)
          return lhs;
        Entry rhs = operand(1);
        if (!rhs.affine)
          return rhs;
        if (isa<arith::AddIOp>(op))
          return known(combine(*lhs.affine, *rhs.affine, 1));
        if (isa<arith::SubIOp>(op))
          return known(combine(*lhs.affine, *rhs.affine, -1));
        // A product is affine when one side does not depend on the position.
        if (lhs.affine->isUniform())
          return known(scale(*rhs.affine, lhs.affine->base));
        if (rhs.affine->isUniform())
          return known(scale(*lhs.affine, rhs.affine->base));
        return unknown;
      })
      .Default([&](Operation *) { return unknown; });
}

//===----------------------------------------------------------------------===//
// Axis facts
//===----------------------------------------------------------------------===//

AxisFacts OffsetAnalysis::getFacts(Value tile) { return factsOf(tile, 0); }

AxisFacts OffsetAnalysis::factsOf(Value tile, unsigned depth) {
  if (auto it = factsCache.find(tile); it != factsCache.end())
    return it->second;
  AxisFacts facts = computeFacts(tile, depth);
  factsCache.insert_or_assign(tile, facts);
  return facts;
}

/// The largest power of two known to divide `value`: a loop's induction
/// variable is its lower bound plus a multiple of its step, so a constant
/// lower bound and step tell (Triton knows the same of its loops); 1 for
/// any other atom.
static int64_t atomDivisor(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  auto loop =
      arg ? dyn_cast<ForRangeOp>(arg.getOwner()->getParentOp()) : ForRangeOp();
  if (!loop || arg != loop.getInductionVar())
    return 1;
  IntegerAttr lb, step;
  if (!matchPattern(loop.getLowerBound(), m_Constant(&lb)) ||
      !matchPattern(loop.getStep(), m_Constant(&step)))
    return 1;
  uint64_t bits =
      static_cast<uint64_t>(lb.getInt()) | static_cast<uint64_t>(step.getInt());
  if (bits == 0)
    return IntPolynomial::kUnboundedDivisor;
  return static_cast<int64_t>(
      std::min<uint64_t>(bits & (~bits + 1), IntPolynomial::kUnboundedDivisor));
}

int64_t OffsetAnalysis::divisorOf(const IntPolynomial &poly) {
  int64_t divisor = IntPolynomial::kUnboundedDivisor;
  for (const auto &[monomial, coeff] : poly.getTerms()) {
    int64_t term = IntPolynomial::term({}, coeff).powerOfTwoDivisor();
    for (unsigned id : monomial) {
      // Powers of two: the product's, capped at "any".
      int64_t factor = atomDivisor(atoms[id]);
      term = factor >= IntPolynomial::kUnboundedDivisor / term
                 ? IntPolynomial::kUnboundedDivisor
                 : term * factor;
    }
    divisor = std::min(divisor, term);
  }
  return divisor;
}

/// Facts of an affine tile: a unit stride makes a dimension one contiguous
/// run, a zero stride one constant run.
AxisFacts OffsetAnalysis::factsOfAffine(const AffineTile &form,
                                        ArrayRef<int64_t> shape) {
  AxisFacts facts;
  for (auto [d, stride] : llvm::enumerate(form.strides)) {
    bool contiguous = stride.isConstant(1);
    facts.contiguity.push_back(contiguous ? shape[d] : 1);
    facts.constancy.push_back(stride.isZero() ? shape[d] : 1);
    // The runs along d start at x_d = 0 when contiguous (the other
    // dimensions vary freely), at every x_d otherwise.
    int64_t divisor = divisorOf(form.base);
    for (auto [k, other] : llvm::enumerate(form.strides))
      if (k != d || !contiguous)
        divisor = std::min(divisor, divisorOf(other));
    facts.divisibility.push_back(divisor);
  }
  return facts;
}

/// The constant divisor of `op` if it is `x / c` (unsigned) or `x >> s`
/// (either shift, both rounding down: c = 2^s) for a splat constant, else
/// nullopt. `arith.divsi` rounds toward zero, which breaks runs at 0.
static std::optional<int64_t> constantDivisor(Operation *op) {
  if (!isa<arith::DivUIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
    return std::nullopt;
  DenseIntElementsAttr dense;
  if (!matchPattern(op->getOperand(1), m_Constant(&dense)) || !dense.isSplat())
    return std::nullopt;
  APInt value = dense.getSplatValue<APInt>();
  if (isa<arith::DivUIOp>(op))
    return value.getActiveBits() < 63 && !value.isZero()
               ? std::optional<int64_t>(value.getZExtValue())
               : std::nullopt;
  return value.ult(62)
             ? std::optional<int64_t>(int64_t(1) << value.getZExtValue())
             : std::nullopt;
}

/// Facts of `x / c` (rounding down): equal x stay equal, and a contiguous
/// run of x whose first value is a multiple of c gives one value per c
/// consecutive positions (Triton's constancy of `offs_k // 8`).
static AxisFacts factsOfQuotient(const AxisFacts &x, int64_t c,
                                 ArrayRef<int64_t> shape) {
  AxisFacts facts = x;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (x.contiguity[d] > 1 && x.divisibility[d] % c == 0)
      facts.constancy[d] =
          std::max(x.constancy[d], std::gcd(x.contiguity[d], c));
    facts.contiguity[d] = c == 1 ? x.contiguity[d] : 1;
    facts.divisibility[d] = 1;
  }
  return facts;
}

AxisFacts OffsetAnalysis::computeFacts(Value tile, unsigned depth) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  if (!type || !type.hasStaticShape())
    return AxisFacts();
  ArrayRef<int64_t> shape = type.getShape();
  AxisFacts nothing{SmallVector<int64_t, 2>(shape.size(), 1),
                    SmallVector<int64_t, 2>(shape.size(), 1),
                    SmallVector<int64_t, 2>(shape.size(), 1)};
  if (type.getElementType().isIntOrIndex() && shape.size() <= 2)
    if (std::optional<AffineTile> form = analyze(tile, depth).affine)
      return factsOfAffine(*form, shape);
  Operation *op = tile.getDefiningOp();
  if (!op || depth > kMaxDepth)
    return nothing;
  if (std::optional<int64_t> divisor = constantDivisor(op)) {
    AxisFacts x = factsOf(op->getOperand(0), depth + 1);
    return x.constancy.size() == shape.size()
               ? factsOfQuotient(x, *divisor, shape)
               : nothing;
  }
  // A broadcast of what is not affine (e.g. rows wrapped `% M`) is still
  // constant along its new dimension.
  if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
    AxisFacts input = factsOf(broadcast.getInput(), depth + 1);
    if (input.constancy.size() != 1 || shape.size() != 2)
      return nothing;
    int64_t along = broadcast.getDim();
    AxisFacts facts = nothing;
    facts.contiguity[along] = input.contiguity[0];
    facts.divisibility[along] = input.divisibility[0];
    facts.constancy[along] = input.constancy[0];
    facts.constancy[1 - along] = shape[1 - along];
    // Every element repeats one of the vector's: the runs of length 1
    // across start at every element.
    facts.divisibility[1 - along] =
        input.contiguity[0] == 1 ? input.divisibility[0] : 1;
    return facts;
  }
  // An elementwise op of tiles that are constant in runs along a dimension
  // is constant in the runs they share (the runs start at multiples of
  // their lengths: the gcd); a contiguous tile plus (or minus) a constant
  // one is contiguous (wrapped rows times a stride, plus columns).
  if (op->hasTrait<OpTrait::Elementwise>() || isa<ConvertLayoutOp>(op)) {
    SmallVector<AxisFacts, 2> operands;
    for (Value operand : op->getOperands()) {
      operands.push_back(factsOf(operand, depth + 1));
      if (operands.back().constancy.size() != shape.size())
        return nothing;
    }
    AxisFacts facts = nothing;
    for (size_t d = 0; d < shape.size(); ++d) {
      auto constant = [&](const AxisFacts &f) {
        return f.constancy[d] == shape[d];
      };
      auto contiguous = [&](const AxisFacts &f) {
        return f.contiguity[d] == shape[d];
      };
      facts.constancy[d] = shape[d];
      for (const AxisFacts &f : operands)
        facts.constancy[d] = std::gcd(facts.constancy[d], f.constancy[d]);
      bool sum = isa<arith::AddIOp>(op) &&
                 ((constant(operands[0]) && contiguous(operands[1])) ||
                  (contiguous(operands[0]) && constant(operands[1])));
      bool difference = isa<arith::SubIOp>(op) && contiguous(operands[0]) &&
                        constant(operands[1]);
      if (sum || difference)
        facts.contiguity[d] = shape[d];
    }
    return facts;
  }
  return nothing;
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

std::optional<SmallVector<MaskBound, 2>>
OffsetAnalysis::getMaskBounds(Value mask, std::string &whyNot) {
  MaskEntry entry = maskBounds(mask, 0);
  whyNot = entry.whyNot;
  return entry.bounds;
}

OffsetAnalysis::MaskEntry OffsetAnalysis::maskBounds(Value mask,
                                                     unsigned depth) {
  if (auto it = maskCache.find(mask); it != maskCache.end())
    return it->second;
  MaskEntry entry = computeMaskBounds(mask, depth);
  maskCache.insert_or_assign(mask, entry);
  return entry;
}

/// `x < y` (signed; `orEqual`: `x <= y`) as a bound.
static std::optional<MaskBound> lessThan(const AffineTile &x,
                                         const AffineTile &y, bool orEqual) {
  IntPolynomial extra = IntPolynomial::constant(orEqual ? 1 : 0);
  if (y.isUniform()) {
    std::optional<IntPolynomial> bound = y.base.add(extra);
    if (!bound)
      return std::nullopt;
    return MaskBound{x, *bound};
  }
  std::optional<AffineTile> difference = combine(x, y, -1);
  if (!difference)
    return std::nullopt;
  return MaskBound{*difference, extra};
}

static std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "' at " << op->getLoc();
  return text;
}

OffsetAnalysis::MaskEntry OffsetAnalysis::computeMaskBounds(Value mask,
                                                            unsigned depth) {
  using Bounds = SmallVector<MaskBound, 2>;
  auto fail = [](std::string why) { return MaskEntry{std::nullopt, why}; };
  auto allTrue = MaskEntry{Bounds(), ""};
  Operation *op = mask.getDefiningOp();
  if (!op)
    return fail("the mask is a block argument");
  if (depth > kMaxDepth)
    return fail("the mask is computed too deep to follow");
  auto isTrue = [](Attribute attr) {
    auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
    if (dense && dense.isSplat())
      return dense.getSplatValue<APInt>().isAllOnes();
    auto integer = dyn_cast_or_null<IntegerAttr>(attr);
    return integer && integer.getValue().isAllOnes();
  };
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isTrue(constant.getValue())
               ? allTrue
               : fail("the mask is a constant that is not all true");
  if (auto splat = dyn_cast<SplatOp>(op)) {
    auto scalar = splat.getInput().getDefiningOp<arith::ConstantOp>();
    return scalar && isTrue(scalar.getValue())
               ? allTrue
               : fail("the mask is a splat of a runtime condition");
  }
  if (isa<ConvertLayoutOp>(op))
    return maskBounds(op->getOperand(0), depth + 1);
  if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
    MaskEntry input = maskBounds(broadcast.getInput(), depth + 1);
    if (!input.bounds)
      return input;
    for (MaskBound &b : *input.bounds)
      b.lhs = broadcastForm(b.lhs, broadcast.getDim());
    return input;
  }
  if (isa<arith::AndIOp>(op)) {
    MaskEntry lhs = maskBounds(op->getOperand(0), depth + 1);
    if (!lhs.bounds)
      return lhs;
    MaskEntry rhs = maskBounds(op->getOperand(1), depth + 1);
    if (!rhs.bounds)
      return rhs;
    lhs.bounds->append(rhs.bounds->begin(), rhs.bounds->end());
    if (lhs.bounds->size() > kMaxMaskBounds)
      return fail("the mask has more than " + std::to_string(kMaxMaskBounds) +
                  " conditions");
    return lhs;
  }
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  if (!cmp)
    return fail("the mask comes from " + describe(op) +
                ", not from comparisons joined by arith.andi");
  std::optional<AffineTile> lhs = getAffine(cmp.getLhs());
  std::optional<AffineTile> rhs = getAffine(cmp.getRhs());
  if (!lhs || !rhs)
    return fail("the mask compares a tile that is not affine in the element "
                "position (" +
                describe(op) + ")");
  std::optional<MaskBound> bound;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
    bound = lessThan(*lhs, *rhs, false);
    break;
  case arith::CmpIPredicate::sle:
    bound = lessThan(*lhs, *rhs, true);
    break;
  case arith::CmpIPredicate::sgt:
    bound = lessThan(*rhs, *lhs, false);
    break;
  case arith::CmpIPredicate::sge:
    bound = lessThan(*rhs, *lhs, true);
    break;
  default:
    // Unsigned comparisons differ from tile.load's signed bounds on
    // negative values, and the others are not upper bounds.
    return fail("the mask compares with '" +
                arith::stringifyCmpIPredicate(cmp.getPredicate()).str() +
                "' (" + describe(op) +
                "); only slt, sle, sgt and sge are "
                "bounds");
  }
  if (!bound)
    return fail("the mask's comparison is too large to analyze");
  return MaskEntry{Bounds{*bound}, ""};
}

//===----------------------------------------------------------------------===//
// Materializing and printing polynomials
//===----------------------------------------------------------------------===//

Value OffsetAnalysis::materialize(const IntPolynomial &poly, OpBuilder &b,
                                  Location loc) {
  Type index = b.getIndexType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value sum;
  for (const auto &[monomial, coeff] : poly.getTerms()) {
    // A negative term after the first is subtracted: `x - y`, not `x + -1*y`.
    bool subtract = sum && coeff < 0 && coeff != INT64_MIN;
    int64_t magnitude = subtract ? -coeff : coeff;
    Value term;
    for (unsigned id : monomial) {
      Value atom = atoms[id];
      if (!atom.getType().isIndex())
        atom = arith::IndexCastOp::create(b, loc, index, atom);
      term =
          term ? arith::MulIOp::create(b, loc, term, atom).getResult() : atom;
    }
    if (!term)
      term = constant(magnitude);
    else if (magnitude != 1)
      term = arith::MulIOp::create(b, loc, term, constant(magnitude));
    if (!sum)
      sum = term;
    else if (subtract)
      sum = arith::SubIOp::create(b, loc, sum, term);
    else
      sum = arith::AddIOp::create(b, loc, sum, term);
  }
  return sum ? sum : constant(0);
}

std::string OffsetAnalysis::print(const IntPolynomial &poly) {
  if (poly.isZero())
    return "0";
  std::string text;
  llvm::raw_string_ostream os(text);
  bool first = true;
  for (const auto &[monomial, coeff] : poly.getTerms()) {
    int64_t shown = coeff;
    if (!first) {
      os << (coeff < 0 ? " - " : " + ");
      if (coeff < 0 && coeff != INT64_MIN)
        shown = -coeff;
    }
    first = false;
    bool needFactor = monomial.empty() || shown != 1;
    if (needFactor)
      os << shown;
    for (auto [i, id] : llvm::enumerate(monomial)) {
      if (needFactor || i > 0)
        os << "*";
      atoms[id].printAsOperand(os, OpPrintingFlags());
    }
  }
  return text;
}
