//===- Reduce.cpp - tile.reduce in the tile interpreter -------------------===//
//
// The reference meaning of each combining kind, as upstream
// vector::CombiningKind defines it, applied in index order and rounded to
// the element type after every step. The order a backend combines in may
// differ: the result's bound (ErrorBound.h) allows for it.
//
//===----------------------------------------------------------------------===//

#include "ErrorBound.h"
#include "Values.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

#include <cmath>

using namespace mlir;
using namespace tile;
using namespace tile::interp;

static double combineFloat(CombiningKind kind, double a, double b) {
  switch (kind) {
  case CombiningKind::ADD:
    return a + b;
  case CombiningKind::MUL:
    return a * b;
  case CombiningKind::MAXNUMF:
    return std::fmax(a, b);
  case CombiningKind::MINNUMF:
    return std::fmin(a, b);
  case CombiningKind::MAXIMUMF:
    if (std::isnan(a) || std::isnan(b))
      return NAN;
    if (a == 0 && b == 0)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  case CombiningKind::MINIMUMF:
    if (std::isnan(a) || std::isnan(b))
      return NAN;
    if (a == 0 && b == 0)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  default:
    llvm_unreachable("the verifier allows only float kinds on floats");
  }
}

static int64_t combineInt(CombiningKind kind, Type type, int64_t a, int64_t b) {
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  auto unsignedOf = [&](int64_t v) {
    return width >= 64
               ? static_cast<uint64_t>(v)
               : static_cast<uint64_t>(v) & ((uint64_t(1) << width) - 1);
  };
  switch (kind) {
  case CombiningKind::ADD:
    return static_cast<int64_t>(static_cast<uint64_t>(a) +
                                static_cast<uint64_t>(b));
  case CombiningKind::MUL:
    return static_cast<int64_t>(static_cast<uint64_t>(a) *
                                static_cast<uint64_t>(b));
  case CombiningKind::MAXSI:
    return std::max(a, b);
  case CombiningKind::MINSI:
    return std::min(a, b);
  case CombiningKind::MAXUI:
    return unsignedOf(a) >= unsignedOf(b) ? a : b;
  case CombiningKind::MINUI:
    return unsignedOf(a) <= unsignedOf(b) ? a : b;
  case CombiningKind::AND:
    return a & b;
  case CombiningKind::OR:
    return a | b;
  case CombiningKind::XOR:
    return a ^ b;
  default:
    llvm_unreachable("the verifier allows only integer kinds on integers");
  }
}

namespace {
/// One element of a reduction: its reference value and how far a GPU's may
/// lie from it (its bound, or |value| for a subnormal it may flush).
struct Term {
  double value, reach;
};
} // namespace

/// An add reduction of `terms` (ErrorBound.h): two sums in any order differ
/// by at most (n + 1) * eps * sum |x|, plus what the terms' bounds move them
/// by, plus, where subnormal partial sums may be flushed, the smallest
/// normal value per addition. Infinite terms give the same infinity (or
/// NaN) in every order, unless finite partial sums may overflow.
static double sumBound(Type element, ArrayRef<Term> terms) {
  double eps = machineEpsilon(element);
  double n = static_cast<double>(terms.size());
  double moved = 0, magnitude = 0;
  bool positiveInfinity = false, negativeInfinity = false, nan = false;
  for (Term t : terms) {
    if (std::isnan(t.value)) {
      nan = true;
    } else if (std::isinf(t.value)) {
      (t.value > 0 ? positiveInfinity : negativeInfinity) = true;
    } else {
      moved += t.reach;
      magnitude += std::fabs(t.value);
    }
  }
  if (nan || (positiveInfinity && negativeInfinity))
    return 0; // NaN in every order
  if ((magnitude + moved) * (1 + (n + 1) * eps) >= overflowThreshold(element))
    return INFINITY; // a partial sum may overflow in some order
  if (positiveInfinity || negativeInfinity)
    return 0;
  double bound = moved + (n + 1) * eps * magnitude;
  if (mayFlushSubnormals(element))
    bound += n * smallestNormal(element);
  return bound;
}

/// A mul reduction of `terms` to `result` (ErrorBound.h). In the normal
/// range the factors' relative bounds add up, and two products in any order
/// differ by at most (n + 1) * eps of the product. A partial product that
/// may fall below the smallest normal value loses up to underflowStep per
/// rounding, which the factors after it may scale up to `high` (the largest
/// magnitude a partial product may reach). A zero factor gives 0, an
/// infinite one the same infinity, and both NaN, in every order, unless a
/// partial product of the other factors may overflow or underflow.
static double productBound(Type element, ArrayRef<Term> terms, double result) {
  double eps = machineEpsilon(element);
  double n = static_cast<double>(terms.size());
  double relative = 0, high = 1, low = 1;
  bool zero = false, infinity = false, nan = false;
  for (Term t : terms) {
    double v = std::fabs(t.value);
    if (std::isnan(t.value)) {
      nan = true;
    } else if (std::isinf(t.value)) {
      infinity = true;
    } else if (t.reach >= v && t.reach != 0) {
      return INFINITY; // the factor may be 0, or nonzero
    } else if (v == 0) {
      zero = true;
    } else {
      relative += t.reach / (v - t.reach);
      high *= std::max(1.0, v + t.reach);
      low *= std::min(1.0, v - t.reach);
    }
  }
  bool mayOverflow = high * (1 + (n + 1) * eps) >= overflowThreshold(element);
  bool mayUnderflow = low * (1 - (n + 1) * eps) < smallestNormal(element);
  if (nan || (zero && infinity))
    return 0; // NaN in every order
  if (zero)
    return mayOverflow ? INFINITY : 0; // inf * 0 is NaN
  if (infinity)
    return mayUnderflow ? INFINITY : 0; // 0 * inf is NaN
  if (mayOverflow)
    return INFINITY;
  double absolute =
      mayUnderflow ? 2 * n * underflowStep(element) * high * (1 + (n + 1) * eps)
                   : 0;
  // (1 + r_i) multiply up; exp(sum r_i) - 1 bounds their product minus 1.
  return (std::fabs(result) + absolute) *
             (std::expm1(relative) + (n + 1) * eps) +
         absolute;
}

/// The bound of a float reduction of `n` elements input[at(0..n)] to
/// `result` (ErrorBound.h). max and min are exact: they move by at most the
/// largest element bound, and an infinite result is an element's exact
/// infinity.
static double floatBound(CombiningKind kind, Type element, const RValue &input,
                         int64_t n, llvm::function_ref<int64_t(int64_t)> at,
                         double result) {
  SmallVector<Term> terms;
  double moved = 0;
  for (int64_t x = 0; x < n; ++x) {
    double v = input.f[at(x)];
    double reach = std::max(input.errAt(at(x)), flushAllowance(element, v));
    if (std::isinf(reach))
      return INFINITY;
    terms.push_back({v, reach});
    moved = std::max(moved, reach);
  }
  switch (kind) {
  case CombiningKind::ADD:
    return sumBound(element, terms);
  case CombiningKind::MUL:
    return productBound(element, terms, result);
  default:
    return std::isinf(result) ? 0 : moved;
  }
}

RValue tile::interp::evalReduce(ReduceOp op, const RValue &input) {
  return reduceTile(op.getKind(),
                    cast<RankedTensorType>(op.getInput().getType()),
                    op.getDim(), input);
}

RValue tile::interp::reduceTile(CombiningKind kind, RankedTensorType type,
                                int64_t dim, const RValue &input) {
  Type element = type.getElementType();
  int64_t rows = type.getRank() == 2 ? type.getDimSize(0) : 1;
  int64_t cols = type.getDimSize(type.getRank() - 1);
  bool byRow = type.getRank() == 1 || dim == 1;
  int64_t outer = byRow ? rows : cols, inner = byRow ? cols : rows;
  RValue r;
  r.isFloat = input.isFloat;
  if (type.getRank() == 2)
    r.shape = {outer};
  for (int64_t o = 0; o < outer; ++o) {
    auto at = [&](int64_t x) { return byRow ? o * cols + x : x * cols + o; };
    if (input.isFloat) {
      double acc = input.f[at(0)];
      for (int64_t x = 1; x < inner; ++x)
        acc = roundTo(element, combineFloat(kind, acc, input.f[at(x)]));
      r.f.push_back(acc);
      r.err.push_back(floatBound(kind, element, input, inner, at, acc));
    } else {
      int64_t acc = input.i[at(0)];
      bool uncertain = false;
      for (int64_t x = 0; x < inner; ++x) {
        if (x != 0)
          acc = wrapTo(element, combineInt(kind, element, acc, input.i[at(x)]));
        uncertain |= input.errAt(at(x)) != 0;
      }
      r.i.push_back(acc);
      r.err.push_back(uncertain ? INFINITY : 0);
    }
  }
  r.normalizeErr();
  return r;
}
