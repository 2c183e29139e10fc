//===- Elementwise.cpp - arith and math in the tile interpreter -----------===//

#include "ErrorBound.h"
#include "Values.h"

#include "tile/Support/BFloat16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace tile::interp;

double tile::interp::roundTo(Type type, double v) {
  if (type.isF32())
    return static_cast<double>(static_cast<float>(v));
  if (type.isF16())
    return static_cast<double>(static_cast<_Float16>(v));
  if (type.isBF16())
    return static_cast<double>(tile::roundToBFloat16(static_cast<float>(v)));
  return v;
}

static unsigned widthOf(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

int64_t tile::interp::wrapTo(Type type, int64_t v) {
  unsigned width = widthOf(type);
  if (width >= 64)
    return v;
  if (width == 1)
    return v & 1;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t low = static_cast<uint64_t>(v) & mask;
  uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((low ^ sign) - sign);
}

static uint64_t asUnsigned(Type type, int64_t v) {
  unsigned width = widthOf(type);
  if (width >= 64)
    return static_cast<uint64_t>(v);
  return static_cast<uint64_t>(v) & ((uint64_t(1) << width) - 1);
}

static bool cmpf(arith::CmpFPredicate p, double a, double b) {
  bool ordered = !std::isnan(a) && !std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::OEQ:
    return ordered && a == b;
  case P::OGT:
    return ordered && a > b;
  case P::OGE:
    return ordered && a >= b;
  case P::OLT:
    return ordered && a < b;
  case P::OLE:
    return ordered && a <= b;
  case P::ONE:
    return ordered && a != b;
  case P::ORD:
    return ordered;
  case P::UEQ:
    return !ordered || a == b;
  case P::UGT:
    return !ordered || a > b;
  case P::UGE:
    return !ordered || a >= b;
  case P::ULT:
    return !ordered || a < b;
  case P::ULE:
    return !ordered || a <= b;
  case P::UNE:
    return !ordered || a != b;
  case P::UNO:
    return !ordered;
  }
  return false;
}

static bool cmpi(arith::CmpIPredicate p, Type type, int64_t a, int64_t b) {
  uint64_t ua = asUnsigned(type, a), ub = asUnsigned(type, b);
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::eq:
    return a == b;
  case P::ne:
    return a != b;
  case P::slt:
    return a < b;
  case P::sle:
    return a <= b;
  case P::sgt:
    return a > b;
  case P::sge:
    return a >= b;
  case P::ult:
    return ua < ub;
  case P::ule:
    return ua <= ub;
  case P::ugt:
    return ua > ub;
  case P::uge:
    return ua >= ub;
  }
  return false;
}

/// maximumf/minimumf: NaN if either operand is NaN; -0 < +0.
static double maximum(double a, double b, bool isMax) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return isMax ? (std::signbit(a) ? b : a) : (std::signbit(a) ? a : b);
  return isMax ? std::max(a, b) : std::min(a, b);
}

/// `from`'s bytes as a `To` of the same size.
template <class To, class From> static To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From), "a bitcast keeps the width");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

/// The float of `type` whose bits are the low bits of `bits` (arith.bitcast
/// from an integer), as a double.
static double floatFromBits(Type type, uint64_t bits) {
  if (type.isF16())
    return static_cast<double>(bitCast<_Float16>(static_cast<uint16_t>(bits)));
  if (type.isBF16())
    return tile::bfloat16BitsToFloat(static_cast<uint16_t>(bits));
  if (type.isF32())
    return bitCast<float>(static_cast<uint32_t>(bits));
  return bitCast<double>(bits);
}

/// The bits of `v`, a value of float type `type` (arith.bitcast to an
/// integer).
static int64_t bitsOfFloat(Type type, double v) {
  if (type.isF16())
    return bitCast<uint16_t>(static_cast<_Float16>(v));
  if (type.isBF16())
    return tile::floatToBFloat16Bits(static_cast<float>(v));
  if (type.isF32())
    return bitCast<uint32_t>(static_cast<float>(v));
  return bitCast<int64_t>(v);
}

/// 2^(bits of `type`), halved for arith.fptosi: the magnitude at which a
/// conversion by `op` leaves the type.
static double conversionLimit(Operation *op, Type type) {
  return std::ldexp(1.0, static_cast<int>(widthOf(type)) -
                             (isa<arith::FPToSIOp>(op) ? 1 : 0));
}

/// Whether `x` converted by `op` (arith.fptosi or fptoui) to `type` is
/// outside the type or NaN: arith makes that poison, so any result is
/// correct.
static bool conversionOutOfRange(Operation *op, Type type, double x) {
  if (std::isnan(x))
    return true;
  double limit = conversionLimit(op, type);
  double low = isa<arith::FPToSIOp>(op) ? -limit : 0;
  // Truncation toward zero: x converts when low - 1 < x < limit.
  return !(x > low - 1 && x < limit);
}

/// The conversion the host can make without undefined behaviour: toward
/// zero, saturated at the type's ends, NaN to 0 (what GPUs give; the value
/// of a poison conversion is not checked, see conversionOutOfRange).
static int64_t saturatingConversion(Operation *op, Type type, double x) {
  if (std::isnan(x))
    return 0;
  unsigned width = widthOf(type);
  bool isSigned = isa<arith::FPToSIOp>(op);
  double limit = conversionLimit(op, type);
  if (isSigned) {
    if (x >= limit)
      return width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
    if (x <= -limit)
      return width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
    return static_cast<int64_t>(x);
  }
  if (x <= 0)
    return 0;
  if (x >= limit)
    return width >= 64 ? -1 : static_cast<int64_t>((uint64_t(1) << width) - 1);
  return static_cast<int64_t>(static_cast<uint64_t>(x));
}

/// One element of `op` on operand elements F(j) (floats) and I(j)
/// (integers); false for an op the interpreter does not know or a division
/// by zero. The result is not rounded to its type yet.
static bool evalAt(Operation *op, Type operandType, bool floatResult,
                   llvm::function_ref<double(unsigned)> F,
                   llvm::function_ref<int64_t(unsigned)> I, double &fr,
                   int64_t &ir) {
  bool failedOp = false;
  auto f1 = [&](double (*fn)(double)) { fr = fn(F(0)); };
  llvm::TypeSwitch<Operation *>(op)
      .Case<arith::AddFOp>([&](auto) { fr = F(0) + F(1); })
      .Case<arith::SubFOp>([&](auto) { fr = F(0) - F(1); })
      .Case<arith::MulFOp>([&](auto) { fr = F(0) * F(1); })
      .Case<arith::DivFOp>([&](auto) { fr = F(0) / F(1); })
      .Case<arith::RemFOp>([&](auto) { fr = std::fmod(F(0), F(1)); })
      .Case<arith::NegFOp>([&](auto) { fr = -F(0); })
      .Case<arith::MaximumFOp>([&](auto) { fr = maximum(F(0), F(1), true); })
      .Case<arith::MinimumFOp>([&](auto) { fr = maximum(F(0), F(1), false); })
      .Case<arith::MaxNumFOp>([&](auto) { fr = std::fmax(F(0), F(1)); })
      .Case<arith::MinNumFOp>([&](auto) { fr = std::fmin(F(0), F(1)); })
      .Case<arith::AddIOp>([&](auto) { ir = I(0) + I(1); })
      .Case<arith::SubIOp>([&](auto) { ir = I(0) - I(1); })
      .Case<arith::MulIOp>([&](auto) { ir = I(0) * I(1); })
      .Case<arith::DivSIOp>([&](auto) {
        if (I(1) == 0)
          failedOp = true;
        else
          ir = I(0) / I(1);
      })
      .Case<arith::RemSIOp>([&](auto) {
        if (I(1) == 0)
          failedOp = true;
        else
          ir = I(0) % I(1);
      })
      .Case<arith::DivUIOp>([&](auto) {
        uint64_t b = asUnsigned(operandType, I(1));
        if (b == 0)
          failedOp = true;
        else
          ir = static_cast<int64_t>(asUnsigned(operandType, I(0)) / b);
      })
      .Case<arith::RemUIOp>([&](auto) {
        uint64_t b = asUnsigned(operandType, I(1));
        if (b == 0)
          failedOp = true;
        else
          ir = static_cast<int64_t>(asUnsigned(operandType, I(0)) % b);
      })
      .Case<arith::AndIOp>([&](auto) { ir = I(0) & I(1); })
      .Case<arith::OrIOp>([&](auto) { ir = I(0) | I(1); })
      .Case<arith::XOrIOp>([&](auto) { ir = I(0) ^ I(1); })
      .Case<arith::ShLIOp>([&](auto) {
        ir = static_cast<int64_t>(static_cast<uint64_t>(I(0)) << (I(1) & 63));
      })
      .Case<arith::ShRSIOp>([&](auto) { ir = I(0) >> (I(1) & 63); })
      .Case<arith::ShRUIOp>([&](auto) {
        ir = static_cast<int64_t>(asUnsigned(operandType, I(0)) >> (I(1) & 63));
      })
      // Negated as unsigned: the most negative value is its own absolute
      // value, as in MSL.
      .Case<math::AbsIOp>([&](auto) {
        ir = I(0) < 0 ? static_cast<int64_t>(0 - static_cast<uint64_t>(I(0)))
                      : I(0);
      })
      .Case<arith::MaxSIOp>([&](auto) { ir = std::max(I(0), I(1)); })
      .Case<arith::MinSIOp>([&](auto) { ir = std::min(I(0), I(1)); })
      .Case<arith::MaxUIOp>([&](auto) {
        ir = asUnsigned(operandType, I(0)) >= asUnsigned(operandType, I(1))
                 ? I(0)
                 : I(1);
      })
      .Case<arith::MinUIOp>([&](auto) {
        ir = asUnsigned(operandType, I(0)) <= asUnsigned(operandType, I(1))
                 ? I(0)
                 : I(1);
      })
      .Case([&](arith::CmpFOp c) { ir = cmpf(c.getPredicate(), F(0), F(1)); })
      .Case([&](arith::CmpIOp c) {
        ir = cmpi(c.getPredicate(), operandType, I(0), I(1));
      })
      .Case([&](arith::SelectOp) {
        bool take = I(0) != 0;
        if (floatResult)
          fr = take ? F(1) : F(2);
        else
          ir = take ? I(1) : I(2);
      })
      // i1 is signed too: true sign-extends to -1.
      .Case<arith::ExtSIOp>(
          [&](auto) { ir = operandType.isInteger(1) ? -I(0) : I(0); })
      .Case<arith::IndexCastOp, arith::TruncIOp>([&](auto) { ir = I(0); })
      .Case<arith::IndexCastUIOp, arith::ExtUIOp>([&](auto) {
        ir = static_cast<int64_t>(asUnsigned(operandType, I(0)));
      })
      .Case<arith::SIToFPOp>([&](auto) {
        int64_t v = operandType.isInteger(1) ? -I(0) : I(0);
        fr = static_cast<double>(v);
      })
      .Case<arith::UIToFPOp>([&](auto) {
        fr = static_cast<double>(asUnsigned(operandType, I(0)));
      })
      .Case<arith::FPToSIOp, arith::FPToUIOp>([&](Operation *conversion) {
        ir = saturatingConversion(
            conversion, getElementTypeOrSelf(op->getResult(0).getType()), F(0));
      })
      .Case<arith::ExtFOp, arith::TruncFOp>([&](auto) { fr = F(0); })
      .Case([&](arith::BitcastOp cast) {
        Type to = getElementTypeOrSelf(cast.getType());
        if (isa<FloatType>(to) && isa<IntegerType>(operandType))
          fr = floatFromBits(to, asUnsigned(operandType, I(0)));
        else if (isa<IntegerType>(to) && isa<FloatType>(operandType))
          ir = bitsOfFloat(operandType, F(0));
        else if (isa<FloatType>(to)) // bf16 <-> f16
          fr = floatFromBits(to, bitsOfFloat(operandType, F(0)));
        else
          ir = I(0);
      })
      .Case<math::ExpOp>([&](auto) { f1(std::exp); })
      .Case<math::Exp2Op>([&](auto) { f1(std::exp2); })
      .Case<math::LogOp>([&](auto) { f1(std::log); })
      .Case<math::Log2Op>([&](auto) { f1(std::log2); })
      .Case<math::SqrtOp>([&](auto) { f1(std::sqrt); })
      .Case<math::RsqrtOp>([&](auto) { fr = 1.0 / std::sqrt(F(0)); })
      .Case<math::AbsFOp>([&](auto) { f1(std::fabs); })
      .Case<math::TanhOp>([&](auto) { f1(std::tanh); })
      .Case<math::SinOp>([&](auto) { f1(std::sin); })
      .Case<math::CosOp>([&](auto) { f1(std::cos); })
      .Case<math::FloorOp>([&](auto) { f1(std::floor); })
      .Case<math::CeilOp>([&](auto) { f1(std::ceil); })
      // round: halfway cases away from zero; roundeven: to even (the
      // default rounding mode, as MSL's rint).
      .Case<math::RoundOp>([&](auto) { f1(std::round); })
      .Case<math::RoundEvenOp>([&](auto) { f1(std::nearbyint); })
      .Case<math::TruncOp>([&](auto) { f1(std::trunc); })
      .Case<math::ErfOp>([&](auto) { f1(std::erf); })
      .Case<math::PowFOp>([&](auto) { fr = std::pow(F(0), F(1)); })
      .Case<math::FmaOp>([&](auto) { fr = std::fma(F(0), F(1), F(2)); })
      .Default([&](Operation *) { failedOp = true; });
  return !failedOp;
}

/// How far `other` lies from `nominal`: 0 when they are the same value
/// (the same infinity, or both NaN), infinity when only one is NaN.
static double distance(double other, double nominal) {
  if (std::isnan(other) || std::isnan(nominal))
    return std::isnan(other) && std::isnan(nominal) ? 0 : INFINITY;
  return other == nominal ? 0 : std::fabs(other - nominal);
}

/// The rounding allowance of `op`'s own result `nominal` (`unrounded`
/// before rounding to `type`), `ulps` of it: an infinity the op computes
/// exactly (from an infinite operand, x / 0, log(0)) or from a value far
/// enough past the overflow threshold has none; an overflow within the
/// allowance of the threshold may be finite elsewhere (infinity). A result
/// that may be subnormal before rounding may be flushed to zero.
static double ownAllowance(Type type, double nominal, double unrounded,
                           double ulps) {
  double eps = machineEpsilon(type);
  if (std::isinf(nominal))
    return std::isinf(unrounded) || std::fabs(unrounded) * (1 - ulps * eps) >=
                                        overflowThreshold(type)
               ? 0
               : INFINITY;
  double allowance =
      ulps * eps * std::max(std::fabs(nominal), smallestNormal(type));
  if (mayFlushSubnormals(type) && std::fabs(nominal) < 2 * smallestNormal(type))
    allowance += std::fabs(nominal);
  return allowance;
}

/// The bound of `op`'s result at element `k` (ErrorBound.h): the op at the
/// ends of its float operands' intervals (a subnormal operand a GPU may
/// flush reaches 0), an uncertain condition's two choices, then the op's own
/// rounding allowance of `ulps`. An infinite result's bound is 0 (every
/// correct implementation gives the same infinity) or infinity.
static double boundAt(Operation *op, Type resultType, Type operandType,
                      ArrayRef<const RValue *> operands, size_t k,
                      double nominalF, int64_t nominalI, double unroundedF,
                      double ulps) {
  bool floatResult = isa<FloatType>(resultType);
  SmallVector<unsigned, 3> inexact;
  SmallVector<double, 3> reach(operands.size(), 0);
  for (auto [j, v] : llvm::enumerate(operands)) {
    double e = v->errAt(k);
    if (v->isFloat)
      e = std::max(e, flushAllowance(getElementTypeOrSelf(op->getOperand(j)),
                                     v->fAt(k)));
    if (e == 0)
      continue;
    if (!v->isFloat) {
      // An uncertain condition picks either operand of a select.
      if (isa<arith::SelectOp>(op) && j == 0 && floatResult) {
        const RValue &a = *operands[1], &b = *operands[2];
        return std::max(a.errAt(k), b.errAt(k)) + distance(a.fAt(k), b.fAt(k));
      }
      return INFINITY; // integer arithmetic on an uncertain integer
    }
    reach[j] = e;
    inexact.push_back(j);
  }
  // The corners below assume the op is monotone on the intervals: a divisor
  // that may be 0 is a pole, where the quotient takes every value.
  if (isa<arith::DivFOp>(op) && reach[1] != 0 &&
      reach[1] >= std::fabs(operands[1]->fAt(k)))
    return INFINITY;
  double bound = 0;
  if (!inexact.empty()) {
    auto value = [&](unsigned j) {
      const RValue &v = *operands[j];
      return v.isFloat ? v.fAt(k) : static_cast<double>(v.iAt(k));
    };
    for (unsigned corner = 0; corner < (1u << inexact.size()); ++corner) {
      // An end that leaves the op's domain (sqrt or log of a negative
      // number) is moved to the domain's edge, 0: an implementation whose
      // operand left it would produce a NaN, which fails the comparison
      // anyway.
      bool clampAtZero = false;
      auto F = [&](unsigned j) {
        double x = value(j);
        for (auto [bit, which] : llvm::enumerate(inexact)) {
          if (which != j)
            continue;
          double end = x + ((corner >> bit & 1) ? reach[j] : -reach[j]);
          if (clampAtZero && std::signbit(end) != std::signbit(x))
            end = std::copysign(0.0, x);
          return end;
        }
        return x;
      };
      auto I = [&](unsigned j) { return operands[j]->iAt(k); };
      double fr = 0;
      int64_t ir = 0;
      if (!evalAt(op, operandType, floatResult, F, I, fr, ir))
        return INFINITY; // e.g. an integer divisor that may be 0
      if (floatResult && std::isnan(fr) && !std::isnan(nominalF)) {
        clampAtZero = true;
        if (!evalAt(op, operandType, floatResult, F, I, fr, ir))
          return INFINITY;
      }
      if (!floatResult) {
        if (wrapTo(resultType, ir) != nominalI)
          return INFINITY; // a comparison that may flip
        continue;
      }
      // A corner past the overflow threshold is measured before rounding:
      // the comparison reads an infinity as that threshold.
      double end = roundTo(resultType, fr);
      bound = std::max(
          bound,
          distance(std::isinf(end) && !std::isinf(fr) ? fr : end, nominalF));
    }
  }
  if (!floatResult || std::isnan(nominalF))
    return bound;
  if (std::isinf(nominalF) && bound != 0)
    return INFINITY;
  return ulps == 0 && !std::isinf(nominalF)
             ? bound
             : bound + ownAllowance(resultType, nominalF, unroundedF, ulps);
}

LogicalResult tile::interp::evalElementwise(Operation *op,
                                            ArrayRef<const RValue *> operands,
                                            RValue &result) {
  Type resultType = getElementTypeOrSelf(op->getResult(0).getType());
  Type operandType = operands.empty()
                         ? resultType
                         : getElementTypeOrSelf(op->getOperand(0).getType());
  result = RValue();
  result.isFloat = isa<FloatType>(resultType);
  for (const RValue *v : operands)
    if (!v->shape.empty())
      result.shape = v->shape;
  size_t n = 1;
  for (int64_t d : result.shape)
    n *= d;
  // An operand is inexact where it has a bound, or a subnormal a GPU may
  // flush to zero.
  bool anyInexact = false;
  for (auto [j, v] : llvm::enumerate(operands)) {
    anyInexact |= !v->err.empty();
    Type type = getElementTypeOrSelf(op->getOperand(j));
    for (size_t k = 0; v->isFloat && !anyInexact && k < v->f.size(); ++k)
      anyInexact = flushAllowance(type, v->f[k]) != 0;
  }
  // Rounding alone makes a float result inexact.
  double ulps = result.isFloat ? ulpsAllowed(op) : 0;
  bool rounds = ulps != 0;
  // A float-to-integer conversion may be poison (conversionOutOfRange).
  bool converts = isa<arith::FPToSIOp, arith::FPToUIOp>(op);
  if (anyInexact || rounds || converts)
    result.err.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    auto F = [&](unsigned j) { return operands[j]->fAt(k); };
    auto I = [&](unsigned j) { return operands[j]->iAt(k); };
    double fr = 0;
    int64_t ir = 0;
    if (!evalAt(op, operandType, result.isFloat, F, I, fr, ir))
      return op->emitOpError() << "cannot be evaluated by the tile interpreter"
                                  " (unsupported op or division by zero)";
    if (result.isFloat)
      result.f.push_back(roundTo(resultType, fr));
    else
      result.i.push_back(wrapTo(resultType, ir));
    if (converts && conversionOutOfRange(op, resultType, F(0)))
      result.err.push_back(INFINITY);
    else if (anyInexact || rounds || converts)
      result.err.push_back(boundAt(op, resultType, operandType, operands, k,
                                   result.isFloat ? result.f.back() : 0,
                                   result.isFloat ? 0 : result.i.back(), fr,
                                   ulps));
  }
  result.normalizeErr();
  return success();
}
