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
    return width >= 64 ? static_cast<uint64_t>(v)
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

/// The bound of a float reduction of `n` elements input[at(0..n)] to
/// `result` (ErrorBound.h). A sum may be formed in any order: two such sums
/// differ by at most (n + 1) * eps * sum |x|, plus what the elements'
/// bounds move it by. A product's relative bounds add up. max and min are
/// exact: they move by at most the largest element bound.
static double floatBound(CombiningKind kind, Type element, const RValue &input,
                         int64_t n, llvm::function_ref<int64_t(int64_t)> at,
                         double result) {
  double eps = machineEpsilon(element);
  double moved = 0, magnitude = 0, relative = 0;
  for (int64_t x = 0; x < n; ++x) {
    double v = input.f[at(x)], e = input.errAt(at(x));
    magnitude += std::fabs(v);
    switch (kind) {
    case CombiningKind::ADD:
      moved += e;
      break;
    case CombiningKind::MUL:
      if (e == 0)
        break;
      if (e >= std::fabs(v))
        return INFINITY; // the factor's interval holds 0
      relative += e / (std::fabs(v) - e);
      break;
    default:
      moved = std::max(moved, e);
      break;
    }
  }
  switch (kind) {
  case CombiningKind::ADD:
    return moved + static_cast<double>(n + 1) * eps * magnitude;
  case CombiningKind::MUL:
    // (1 + r_i) multiply up; exp(sum r_i) - 1 bounds their product minus 1.
    return std::fabs(result) * (std::expm1(relative) +
                                static_cast<double>(n + 1) * eps);
  default:
    return moved;
  }
}

RValue tile::interp::evalReduce(ReduceOp op, const RValue &input) {
  auto type = cast<RankedTensorType>(op.getInput().getType());
  Type element = type.getElementType();
  CombiningKind kind = op.getKind();
  int64_t rows = type.getRank() == 2 ? type.getDimSize(0) : 1;
  int64_t cols = type.getDimSize(type.getRank() - 1);
  bool byRow = type.getRank() == 1 || op.getDim() == 1;
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
