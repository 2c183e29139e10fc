//===- ErrorBound.cpp - rounding allowances of ops ------------------------===//

#include "ErrorBound.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>

using namespace mlir;

double tile::interp::machineEpsilon(Type type) {
  if (type.isF64())
    return 0x1.0p-52;
  if (type.isF32())
    return 0x1.0p-23;
  if (type.isF16())
    return 0x1.0p-10;
  if (type.isBF16())
    return 0x1.0p-7;
  return 0;
}

double tile::interp::smallestNormal(Type type) {
  if (type.isF64())
    return 0x1.0p-1022;
  if (type.isF32() || type.isBF16())
    return 0x1.0p-126;
  if (type.isF16())
    return 0x1.0p-14;
  return 0;
}

bool tile::interp::mayFlushSubnormals(Type type) {
  return type.isF32() || type.isBF16();
}

double tile::interp::flushAllowance(Type type, double v) {
  bool subnormal = v != 0 && std::fabs(v) < smallestNormal(type);
  return subnormal && mayFlushSubnormals(type) ? std::fabs(v) : 0;
}

double tile::interp::underflowStep(Type type) {
  return mayFlushSubnormals(type) ? smallestNormal(type)
                                  : machineEpsilon(type) * smallestNormal(type);
}

double tile::interp::overflowThreshold(Type type) {
  if (type.isF32())
    return 0x1.ffffffp127;
  if (type.isBF16())
    return 0x1.ffp127;
  if (type.isF16())
    return 65520.0;
  return std::numeric_limits<double>::max();
}

// The allowances for math functions are of the order of the limits MSL
// states for its precise (non fast-math) functions, rounded up: the
// emulator's host libm is more accurate, so a failure means more than a
// different libm.
double tile::interp::ulpsAllowed(Operation *op) {
  return llvm::TypeSwitch<Operation *, double>(op)
      .Case<arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
            arith::MaxNumFOp, arith::MinNumFOp, arith::SelectOp, arith::ExtFOp,
            arith::BitcastOp, math::AbsFOp, math::FloorOp, math::CeilOp,
            math::RoundOp, math::RoundEvenOp, math::TruncOp>(
          [](auto) { return 0.0; })
      .Case<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::TruncFOp,
            arith::SIToFPOp, arith::UIToFPOp, math::FmaOp, arith::RemFOp>(
          [](auto) { return 1.0; })
      .Case<arith::DivFOp, math::SqrtOp, math::RsqrtOp>(
          [](auto) { return 3.0; })
      .Case<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op, math::SinOp,
            math::CosOp>([](auto) { return 4.0; })
      .Case<math::TanhOp>([](auto) { return 8.0; })
      // Everything else (pow, erf, ...): generous, as MSL is for pow.
      .Default([](Operation *) { return 16.0; });
}
