//===- Elementwise.cpp - arith and math in the tile interpreter -----------===//

#include "Values.h"

#include "tile/Support/BFloat16.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

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
  case P::AlwaysFalse: return false;
  case P::AlwaysTrue: return true;
  case P::OEQ: return ordered && a == b;
  case P::OGT: return ordered && a > b;
  case P::OGE: return ordered && a >= b;
  case P::OLT: return ordered && a < b;
  case P::OLE: return ordered && a <= b;
  case P::ONE: return ordered && a != b;
  case P::ORD: return ordered;
  case P::UEQ: return !ordered || a == b;
  case P::UGT: return !ordered || a > b;
  case P::UGE: return !ordered || a >= b;
  case P::ULT: return !ordered || a < b;
  case P::ULE: return !ordered || a <= b;
  case P::UNE: return !ordered || a != b;
  case P::UNO: return !ordered;
  }
  return false;
}

static bool cmpi(arith::CmpIPredicate p, Type type, int64_t a, int64_t b) {
  uint64_t ua = asUnsigned(type, a), ub = asUnsigned(type, b);
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::eq: return a == b;
  case P::ne: return a != b;
  case P::slt: return a < b;
  case P::sle: return a <= b;
  case P::sgt: return a > b;
  case P::sge: return a >= b;
  case P::ult: return ua < ub;
  case P::ule: return ua <= ub;
  case P::ugt: return ua > ub;
  case P::uge: return ua >= ub;
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
  auto F = [&](unsigned j, size_t k) {
    const RValue &v = *operands[j];
    return v.f[v.shape.empty() ? 0 : k];
  };
  auto I = [&](unsigned j, size_t k) {
    const RValue &v = *operands[j];
    return v.i[v.shape.empty() ? 0 : k];
  };
  bool failedOp = false;
  for (size_t k = 0; k < n && !failedOp; ++k) {
    double fr = 0;
    int64_t ir = 0;
    auto f1 = [&](double (*fn)(double)) { fr = fn(F(0, k)); };
    llvm::TypeSwitch<Operation *>(op)
        .Case<arith::AddFOp>([&](auto) { fr = F(0, k) + F(1, k); })
        .Case<arith::SubFOp>([&](auto) { fr = F(0, k) - F(1, k); })
        .Case<arith::MulFOp>([&](auto) { fr = F(0, k) * F(1, k); })
        .Case<arith::DivFOp>([&](auto) { fr = F(0, k) / F(1, k); })
        .Case<arith::RemFOp>([&](auto) { fr = std::fmod(F(0, k), F(1, k)); })
        .Case<arith::NegFOp>([&](auto) { fr = -F(0, k); })
        .Case<arith::MaximumFOp>([&](auto) { fr = maximum(F(0, k), F(1, k), true); })
        .Case<arith::MinimumFOp>([&](auto) { fr = maximum(F(0, k), F(1, k), false); })
        .Case<arith::MaxNumFOp>([&](auto) { fr = std::fmax(F(0, k), F(1, k)); })
        .Case<arith::MinNumFOp>([&](auto) { fr = std::fmin(F(0, k), F(1, k)); })
        .Case<arith::AddIOp>([&](auto) { ir = I(0, k) + I(1, k); })
        .Case<arith::SubIOp>([&](auto) { ir = I(0, k) - I(1, k); })
        .Case<arith::MulIOp>([&](auto) { ir = I(0, k) * I(1, k); })
        .Case<arith::DivSIOp>([&](auto) {
          if (I(1, k) == 0) failedOp = true; else ir = I(0, k) / I(1, k);
        })
        .Case<arith::RemSIOp>([&](auto) {
          if (I(1, k) == 0) failedOp = true; else ir = I(0, k) % I(1, k);
        })
        .Case<arith::DivUIOp>([&](auto) {
          uint64_t b = asUnsigned(operandType, I(1, k));
          if (b == 0) failedOp = true;
          else ir = static_cast<int64_t>(asUnsigned(operandType, I(0, k)) / b);
        })
        .Case<arith::RemUIOp>([&](auto) {
          uint64_t b = asUnsigned(operandType, I(1, k));
          if (b == 0) failedOp = true;
          else ir = static_cast<int64_t>(asUnsigned(operandType, I(0, k)) % b);
        })
        .Case<arith::AndIOp>([&](auto) { ir = I(0, k) & I(1, k); })
        .Case<arith::OrIOp>([&](auto) { ir = I(0, k) | I(1, k); })
        .Case<arith::XOrIOp>([&](auto) { ir = I(0, k) ^ I(1, k); })
        .Case<arith::ShLIOp>([&](auto) { ir = static_cast<int64_t>(static_cast<uint64_t>(I(0, k)) << (I(1, k) & 63)); })
        .Case<arith::ShRSIOp>([&](auto) { ir = I(0, k) >> (I(1, k) & 63); })
        .Case<arith::ShRUIOp>([&](auto) { ir = static_cast<int64_t>(asUnsigned(operandType, I(0, k)) >> (I(1, k) & 63)); })
        .Case<arith::MaxSIOp>([&](auto) { ir = std::max(I(0, k), I(1, k)); })
        .Case<arith::MinSIOp>([&](auto) { ir = std::min(I(0, k), I(1, k)); })
        .Case<arith::MaxUIOp>([&](auto) { ir = asUnsigned(operandType, I(0, k)) >= asUnsigned(operandType, I(1, k)) ? I(0, k) : I(1, k); })
        .Case<arith::MinUIOp>([&](auto) { ir = asUnsigned(operandType, I(0, k)) <= asUnsigned(operandType, I(1, k)) ? I(0, k) : I(1, k); })
        .Case([&](arith::CmpFOp c) { ir = cmpf(c.getPredicate(), F(0, k), F(1, k)); })
        .Case([&](arith::CmpIOp c) { ir = cmpi(c.getPredicate(), operandType, I(0, k), I(1, k)); })
        .Case([&](arith::SelectOp) {
          bool take = I(0, k) != 0;
          if (result.isFloat) fr = take ? F(1, k) : F(2, k);
          else ir = take ? I(1, k) : I(2, k);
        })
        // i1 is signed too: true sign-extends to -1.
        .Case<arith::ExtSIOp>([&](auto) {
          ir = operandType.isInteger(1) ? -I(0, k) : I(0, k);
        })
        .Case<arith::IndexCastOp, arith::TruncIOp>([&](auto) { ir = I(0, k); })
        .Case<arith::IndexCastUIOp, arith::ExtUIOp>(
            [&](auto) { ir = static_cast<int64_t>(asUnsigned(operandType, I(0, k))); })
        .Case<arith::SIToFPOp>([&](auto) {
          int64_t v = operandType.isInteger(1) ? -I(0, k) : I(0, k);
          fr = static_cast<double>(v);
        })
        .Case<arith::UIToFPOp>([&](auto) { fr = static_cast<double>(asUnsigned(operandType, I(0, k))); })
        .Case<arith::FPToSIOp>([&](auto) { ir = static_cast<int64_t>(F(0, k)); })
        .Case<arith::FPToUIOp>([&](auto) { ir = static_cast<int64_t>(static_cast<uint64_t>(F(0, k))); })
        .Case<arith::ExtFOp, arith::TruncFOp>([&](auto) { fr = F(0, k); })
        .Case<math::ExpOp>([&](auto) { f1(std::exp); })
        .Case<math::Exp2Op>([&](auto) { f1(std::exp2); })
        .Case<math::LogOp>([&](auto) { f1(std::log); })
        .Case<math::Log2Op>([&](auto) { f1(std::log2); })
        .Case<math::SqrtOp>([&](auto) { f1(std::sqrt); })
        .Case<math::RsqrtOp>([&](auto) { fr = 1.0 / std::sqrt(F(0, k)); })
        .Case<math::AbsFOp>([&](auto) { f1(std::fabs); })
        .Case<math::TanhOp>([&](auto) { f1(std::tanh); })
        .Case<math::SinOp>([&](auto) { f1(std::sin); })
        .Case<math::CosOp>([&](auto) { f1(std::cos); })
        .Case<math::FloorOp>([&](auto) { f1(std::floor); })
        .Case<math::CeilOp>([&](auto) { f1(std::ceil); })
        .Case<math::ErfOp>([&](auto) { f1(std::erf); })
        .Case<math::PowFOp>([&](auto) { fr = std::pow(F(0, k), F(1, k)); })
        .Case<math::FmaOp>([&](auto) { fr = std::fma(F(0, k), F(1, k), F(2, k)); })
        .Default([&](Operation *) { failedOp = true; });
    if (failedOp)
      break;
    if (result.isFloat)
      result.f.push_back(roundTo(resultType, fr));
    else
      result.i.push_back(wrapTo(resultType, ir));
  }
  if (failedOp)
    return op->emitOpError() << "cannot be evaluated by the tile interpreter"
                                " (unsupported op or division by zero)";
  return success();
}
