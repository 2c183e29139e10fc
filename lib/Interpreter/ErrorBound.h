//===- ErrorBound.h - how far a correct result may lie from the reference -===//
//
// Internal to the interpreter. Beside each float value the interpreter
// keeps a bound on |implementation - reference| that any correct
// implementation meets: rounding in another order, in another precision of
// at least the op's type, or math functions within their ulp limits. tile-run
// compares the emulator's results with the reference against these bounds
// instead of a tolerance relative to the result, which cancellation makes
// either too tight (a dot whose terms cancel is less accurate than its
// result's size suggests) or, elsewhere, too loose.
//
// How bounds combine (first order is not assumed; each rule is an upper
// bound):
// - inputs, constants and padding are exact (bound 0);
// - an elementwise op is evaluated at the ends of its operands' intervals
//   [x - e, x + e] (all combinations): the largest distance from the
//   reference result is exact for ops monotone in each operand, which the
//   arith and math ops are on the intervals where they are defined; then it
//   adds its own rounding allowance (ulpsAllowed);
// - a dot or a float add reduction of n terms x_i adds, to what its
//   operands' bounds move the sum, (n + 2) * eps * (|acc| + sum |x_i|): two
//   summations in any order each differ from the exact sum by at most
//   n * u * sum |x_i| (u = eps / 2 of the accumulator type);
// - a comparison whose operands' intervals overlap in a way that can flip it
//   is uncertain, and a select on an uncertain condition may give either
//   operand: its bound grows by their distance;
// - an infinite value's bound is 0 (the same infinity everywhere) or
//   infinity; an exactly computed infinity has no rounding allowance;
// - where a GPU may flush subnormals (f32, bf16), a subnormal operand may
//   read as 0 and a result that small may be 0; results that may overflow,
//   or underflow inside a product, in some order are bounded accordingly.
// docs/architecture.md, "Comparing against the reference", has the rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_INTERPRETER_ERRORBOUND_H
#define TILE_LIB_INTERPRETER_ERRORBOUND_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"

namespace tile::interp {

/// The gap between 1 and the next float of `type` (f64 2^-52, f32 2^-23,
/// f16 2^-10, bf16 2^-7); 0 for other types.
double machineEpsilon(mlir::Type type);

/// The smallest positive normal value of float `type`: results this close
/// to 0 may be flushed to 0 by one implementation and not the other.
double smallestNormal(mlir::Type type);

/// Whether a GPU may flush subnormal values of float `type` to zero, as
/// operands and as results. The MSL specification lets an implementation
/// without denormal support flush single-precision subnormals (and gives
/// the results a math function may then return); half-precision subnormals
/// are supported. bf16 is computed in single precision. So f32 and bf16:
/// yes; f16 and f64: no.
bool mayFlushSubnormals(mlir::Type type);

/// How far a GPU's reading of operand `v` of float `type` may be from `v`:
/// |v| for a nonzero subnormal that it may flush to zero, else 0.
double flushAllowance(mlir::Type type, double v);

/// The largest error one rounding of a result below the smallest normal
/// value makes: the smallest normal value when the result may be flushed
/// to zero, else the smallest subnormal step (eps * smallest normal).
double underflowStep(mlir::Type type);

/// The smallest magnitude that rounds to infinity in float `type` (the
/// largest finite value plus half its ulp): a sum or product whose
/// magnitude may reach it may overflow in some order.
double overflowThreshold(mlir::Type type);

/// How many ulps of its result `op` may differ by between two correct
/// implementations given the same operands: 0 for exact ops (negation,
/// abs, max, select, floor, widening), 1 for correctly rounded arithmetic
/// (each side rounds once), more for math functions within their MSL
/// limits.
double ulpsAllowed(mlir::Operation *op);

} // namespace tile::interp

#endif // TILE_LIB_INTERPRETER_ERRORBOUND_H
