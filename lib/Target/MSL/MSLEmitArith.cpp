//===- MSLEmitArith.cpp - arith and math ops as MSL -----------------------===//
//
// One local variable per result, initialized from the operands' names.
//
//===----------------------------------------------------------------------===//

#include "MSLPrinter.h"
#include "MSLTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallString.h"

using namespace mlir;
using namespace tile::msl;

/// A float literal that reads back as the same value in MSL (and in the C++
/// the shim compiles it as): shortest round-tripping digits, with the type
/// made explicit for half and bfloat.
static FailureOr<std::string> floatLiteral(FloatAttr attr, Location loc) {
  APFloat value = attr.getValue();
  Type type = attr.getType();
  std::string body;
  if (value.isNaN()) {
    body = "NAN";
  } else if (value.isInfinity()) {
    body = value.isNegative() ? "-INFINITY" : "INFINITY";
  } else {
    SmallString<32> digits;
    value.toString(digits);
    body = digits.str().str();
    if (body.find_first_of(".eE") == std::string::npos)
      body += ".0";
    body += "f";
  }
  if (type.isF32())
    return body;
  FailureOr<std::string> name = scalarTypeName(type, loc);
  if (failed(name))
    return failure();
  return *name + "(" + body + ")";
}

static FailureOr<std::string> integerLiteral(IntegerAttr attr, Location loc) {
  Type type = attr.getType();
  if (type.isInteger(1))
    return std::string(attr.getValue().isZero() ? "false" : "true");
  unsigned width = type.isIndex() ? 32 : type.getIntOrFloatBitWidth();
  int64_t v = attr.getValue().getSExtValue();
  if (width == 32 && (v < INT32_MIN || v > INT32_MAX))
    return emitError(loc) << "constant " << v
                          << " does not fit the 32-bit MSL int that " << type
                          << " becomes";
  if (width == 32 && v == INT32_MIN)
    return std::string("(-2147483647 - 1)");
  if (width < 32) {
    // A bare literal is an int: `max(short, 3)` would be ambiguous and
    // `as_type<half>(3)` the wrong size, so narrow literals are typed.
    FailureOr<std::string> name = scalarTypeName(type, loc);
    if (failed(name))
      return failure();
    return *name + "(" + std::to_string(v) + ")";
  }
  return std::to_string(v) + (width == 64 ? "L" : "");
}

/// Whether the MSL of `user` names each operand once and evaluates it
/// once. NaN-aware comparisons and maximumf/minimumf spell an operand
/// several times (an expression inlined there would be copied, and copies
/// of copies grow exponentially along a chain), and a loop's bound and
/// step are evaluated on every iteration.
static bool writesOperandsOnce(Operation &user) {
  if (isa<arith::MaximumFOp, arith::MinimumFOp, scf::ForOp>(user))
    return false;
  if (auto cmp = dyn_cast<arith::CmpFOp>(user)) {
    using P = arith::CmpFPredicate;
    P predicate = cmp.getPredicate();
    return predicate != P::ONE && predicate != P::UEQ && predicate != P::ORD &&
           predicate != P::UNO;
  }
  return true;
}

/// Whether the value of `op` is written out where it is used, inside the
/// expression of its user, instead of in a variable of its own: when it is
/// used once, by a later op of the same block (so it is computed as often
/// as before, after the same variables got their values), which is not a
/// terminator (a yield assigns loop and branch variables, and an
/// expression reading one of them could see it already reassigned). Index
/// arithmetic then reads as one expression per address.
///
/// A select keeps its variable: nested conditional expressions do not
/// read well. So does the address of a guarded access, computed under its
/// guard (the bounds test of an edge tile): the access reads `A[v62]` as
/// it would with the address computed before the test, and the numbering
/// of the names that follow does not depend on where the address is.
static bool printedAtUse(Operation &op) {
  // The cheap tests first: this runs for every arith and math op.
  if (op.getNumResults() != 1 || !op.getResult(0).hasOneUse() ||
      isa<arith::SelectOp>(op) || !isMemoryEffectFree(&op))
    return false;
  Operation *user = *op.getResult(0).user_begin();
  if (user->getBlock() != op.getBlock() ||
      user->hasTrait<OpTrait::IsTerminator>() || !writesOperandsOnce(*user))
    return false;
  bool guardedAccess = isa<memref::LoadOp, memref::StoreOp>(user) &&
                       isa_and_nonnull<scf::IfOp>(user->getParentOp());
  return !guardedAccess;
}

/// Prints `T result = <expr>;` where `expr` is built from operand names,
/// or binds the result to `(<expr>)` when it is printed at its use.
static LogicalResult printAssign(MSLPrinter &p, Operation &op,
                                 std::string expr) {
  if (printedAtUse(op)) {
    expr.insert(expr.begin(), '(');
    expr += ')';
    p.bindName(op.getResult(0), std::move(expr));
    return success();
  }
  if (failed(p.declare(op.getResult(0))))
    return failure();
  p.os << " = " << expr << ";\n";
  return success();
}

static std::string binary(MSLPrinter &p, Operation &op, StringRef symbol) {
  StringRef a = p.name(op.getOperand(0)), b = p.name(op.getOperand(1));
  std::string expr;
  expr.reserve(a.size() + symbol.size() + b.size() + 2);
  expr += a;
  expr += ' ';
  expr += symbol;
  expr += ' ';
  expr += b;
  return expr;
}

/// `T(U(a) op U(b))`: the operation on the unsigned reinterpretation.
LogicalResult tile::msl::printUnsignedBinary(MSLPrinter &p, Operation &op,
                                             StringRef symbol) {
  Type type = op.getResult(0).getType();
  std::string u = unsignedTypeName(type);
  FailureOr<std::string> t = scalarTypeName(type, op.getLoc());
  if (failed(t))
    return failure();
  // One string, not a chain of temporaries: index math is full of these.
  std::string expr = std::move(*t);
  expr += '(';
  expr += u;
  expr += '(';
  expr += p.name(op.getOperand(0));
  expr += ") ";
  expr += symbol;
  expr += ' ';
  expr += u;
  expr += '(';
  expr += p.name(op.getOperand(1));
  expr += "))";
  return printAssign(p, op, std::move(expr));
}

/// arith's integer +, -, * and << wrap (two's complement) unless the op
/// carries `nsw`. In MSL, as in C++14, signed overflow is undefined, and
/// compilers use that: the emulator's clang turned Philox's
/// `(c2 * 0xCD9E8D57) < 0` into a test of c2's sign alone, so tl.rand4x's
/// second word came out with the wrong sign. i32 and i64 ops therefore
/// compute on the unsigned reinterpretation; narrower integers are promoted
/// to int by MSL and cannot overflow it, and index math (offsets, never
/// near 2^31) keeps the plain operator.
LogicalResult tile::msl::printWrappingBinary(MSLPrinter &p, Operation &op,
                                             StringRef symbol) {
  Type type = op.getResult(0).getType();
  bool mayWrap = type.isInteger(32) || type.isInteger(64);
  if (auto flags = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    mayWrap = mayWrap && !flags.hasNoSignedWrap();
  if (mayWrap)
    return printUnsignedBinary(p, op, symbol);
  return printBinary(p, op, symbol);
}

/// `function(a, b, ...)`. MSL's math functions have no bfloat overloads
/// (Apple's compiler rejects exp(bfloat), max(bfloat, bfloat), ...), so on
/// bf16 the call goes through float and rounds back once:
/// `bfloat(function(float(a), ...))`, which is also what the reference
/// interpreter computes.
static std::string call(MSLPrinter &p, Operation &op, StringRef function) {
  bool viaFloat = op.getNumResults() == 1 && op.getResult(0).getType().isBF16();
  std::string text = (function + "(").str();
  llvm::interleave(
      op.getOperands(),
      [&](Value v) {
        text += viaFloat ? "float(" + p.name(v).str() + ")" : p.name(v).str();
      },
      [&] { text += ", "; });
  text += ")";
  return viaFloat ? "bfloat(" + text + ")" : text;
}

static std::string cmpiExpression(MSLPrinter &p, arith::CmpIOp op) {
  std::string a = p.name(op.getLhs()).str(), b = p.name(op.getRhs()).str();
  std::string u = unsignedTypeName(op.getLhs().getType());
  auto uns = [&](const std::string &x) { return u + "(" + x + ")"; };
  switch (op.getPredicate()) {
  case arith::CmpIPredicate::eq:
    return a + " == " + b;
  case arith::CmpIPredicate::ne:
    return a + " != " + b;
  case arith::CmpIPredicate::slt:
    return a + " < " + b;
  case arith::CmpIPredicate::sle:
    return a + " <= " + b;
  case arith::CmpIPredicate::sgt:
    return a + " > " + b;
  case arith::CmpIPredicate::sge:
    return a + " >= " + b;
  case arith::CmpIPredicate::ult:
    return uns(a) + " < " + uns(b);
  case arith::CmpIPredicate::ule:
    return uns(a) + " <= " + uns(b);
  case arith::CmpIPredicate::ugt:
    return uns(a) + " > " + uns(b);
  case arith::CmpIPredicate::uge:
    return uns(a) + " >= " + uns(b);
  }
  llvm_unreachable("all predicates handled");
}

/// Ordered predicates are false when an operand is NaN, unordered ones
/// true; C comparisons are ordered except `!=`.
static std::string cmpfExpression(MSLPrinter &p, arith::CmpFOp op) {
  std::string a = p.name(op.getLhs()).str(), b = p.name(op.getRhs()).str();
  std::string ordered = "(" + a + " == " + a + " && " + b + " == " + b + ")";
  using P = arith::CmpFPredicate;
  switch (op.getPredicate()) {
  case P::AlwaysFalse:
    return "false";
  case P::AlwaysTrue:
    return "true";
  case P::OEQ:
    return a + " == " + b;
  case P::OGT:
    return a + " > " + b;
  case P::OGE:
    return a + " >= " + b;
  case P::OLT:
    return a + " < " + b;
  case P::OLE:
    return a + " <= " + b;
  case P::ONE:
    return "(" + a + " != " + b + " && " + ordered + ")";
  case P::ORD:
    return ordered;
  case P::UEQ:
    return "!(" + a + " != " + b + " && " + ordered + ")";
  case P::UGT:
    return "!(" + a + " <= " + b + ")";
  case P::UGE:
    return "!(" + a + " < " + b + ")";
  case P::ULT:
    return "!(" + a + " >= " + b + ")";
  case P::ULE:
    return "!(" + a + " > " + b + ")";
  case P::UNE:
    return a + " != " + b;
  case P::UNO:
    return "!" + ordered;
  }
  llvm_unreachable("all predicates handled");
}

/// maximumf/minimumf return NaN when either operand is NaN (MSL's max/min
/// return the other operand), so the NaN case is spelled out.
static std::string nanPropagating(MSLPrinter &p, Operation &op,
                                  StringRef function) {
  std::string a = p.name(op.getOperand(0)).str();
  std::string b = p.name(op.getOperand(1)).str();
  return "(" + a + " != " + a + " || " + b + " != " + b + ") ? " + a + " + " +
         b + " : " + call(p, op, function);
}

LogicalResult tile::msl::printCast(MSLPrinter &p, Operation &op) {
  FailureOr<std::string> type =
      scalarTypeName(op.getResult(0).getType(), op.getLoc());
  if (failed(type))
    return failure();
  Value in = op.getOperand(0);
  // A signed i1 is 0 or -1 (MSL's int(bool) would give 1).
  if (isa<arith::ExtSIOp, arith::SIToFPOp>(op) && in.getType().isInteger(1))
    return printAssign(p, op, *type + "(" + p.name(in).str() + " ? -1 : 0)");
  // Unsigned sources go through their unsigned type first.
  if (isa<arith::ExtUIOp, arith::UIToFPOp, arith::IndexCastUIOp>(op) &&
      !in.getType().isInteger(1))
    return printAssign(p, op,
                       *type + "(" + unsignedTypeName(in.getType()) + "(" +
                           p.name(in).str() + "))");
  if (isa<arith::FPToUIOp>(op))
    return printAssign(p, op,
                       *type + "(" +
                           unsignedTypeName(op.getResult(0).getType()) + "(" +
                           p.name(in).str() + "))");
  if (isa<arith::BitcastOp>(op))
    return printAssign(p, op,
                       "as_type<" + *type + ">(" + p.name(in).str() + ")");
  return printAssign(p, op, *type + "(" + p.name(in).str() + ")");
}

LogicalResult tile::msl::printConstant(MSLPrinter &p, arith::ConstantOp c) {
  Operation &op = *c;
  FailureOr<std::string> literal = failure();
  auto elementLiteral = [&](Attribute a) -> FailureOr<std::string> {
    if (auto f = dyn_cast<FloatAttr>(a))
      return floatLiteral(f, op.getLoc());
    if (auto i = dyn_cast<IntegerAttr>(a))
      return integerLiteral(i, op.getLoc());
    return failure();
  };
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  if (dense && isa<VectorType>(dense.getType())) {
    // A short vector, e.g. the padding of a vector load: T4(a, b, ...).
    FailureOr<std::string> type = valueTypeName(dense.getType(), op.getLoc());
    if (failed(type))
      return failure();
    std::string text = *type + "(";
    bool first = true;
    for (Attribute a : dense.getValues<Attribute>()) {
      FailureOr<std::string> lane = elementLiteral(a);
      if (failed(lane))
        return failure();
      text += (first ? "" : ", ") + *lane;
      first = false;
    }
    literal = text + ")";
  } else if (isa<FloatAttr, IntegerAttr>(c.getValue())) {
    literal = elementLiteral(c.getValue());
  } else {
    return op.emitOpError()
           << "only scalar and short-vector constants can be "
              "translated to MSL (tiles must be lowered first)";
  }
  if (failed(literal))
    return failure(); // the element's own diagnostic says why
  // Scalars are written where they are used, as literals.
  if (isa<FloatAttr, IntegerAttr>(c.getValue())) {
    // The type must still be one MSL has, although it is not printed.
    if (failed(valueTypeName(c.getType(), op.getLoc())))
      return failure();
    bool negative = StringRef(*literal).starts_with("-");
    p.bindName(c.getResult(), negative ? "(" + *literal + ")" : *literal);
    return success();
  }
  p.os << "const ";
  return printAssign(p, op, *literal);
}

LogicalResult tile::msl::printBinary(MSLPrinter &p, Operation &op,
                                     StringRef symbol) {
  return printAssign(p, op, binary(p, op, symbol));
}

LogicalResult tile::msl::printLogicalOrBitwise(MSLPrinter &p, Operation &op,
                                               StringRef logical,
                                               StringRef bitwise) {
  // On i1 the logical operators read better and stay bool.
  bool isBool = op.getResult(0).getType().isInteger(1);
  return printAssign(p, op, binary(p, op, isBool ? logical : bitwise));
}

LogicalResult tile::msl::printCall(MSLPrinter &p, Operation &op,
                                   StringRef function) {
  return printAssign(p, op, call(p, op, function));
}

LogicalResult tile::msl::printUnsignedMinMax(MSLPrinter &p, Operation &minmax) {
  Operation &op = minmax;
  Type type = minmax.getResult(0).getType();
  std::string u = unsignedTypeName(type);
  FailureOr<std::string> t = scalarTypeName(type, op.getLoc());
  if (failed(t))
    return failure();
  return printAssign(p, op,
                     *t + "(" + (isa<arith::MaxUIOp>(minmax) ? "max" : "min") +
                         "(" + u + "(" + p.name(minmax.getOperand(0)).str() +
                         "), " + u + "(" + p.name(minmax.getOperand(1)).str() +
                         ")))");
}

LogicalResult tile::msl::printNaNPropagating(MSLPrinter &p, Operation &op,
                                             StringRef function) {
  return printAssign(p, op, nanPropagating(p, op, function));
}

LogicalResult tile::msl::printNegF(MSLPrinter &p, arith::NegFOp op) {
  return printAssign(p, *op, "-" + p.name(op.getOperand()).str());
}

LogicalResult tile::msl::printCmpI(MSLPrinter &p, arith::CmpIOp c) {
  return printAssign(p, *c, cmpiExpression(p, c));
}

LogicalResult tile::msl::printCmpF(MSLPrinter &p, arith::CmpFOp c) {
  return printAssign(p, *c, cmpfExpression(p, c));
}

LogicalResult tile::msl::printSelect(MSLPrinter &p, arith::SelectOp s) {
  Operation &op = *s;
  if (!s.getCondition().getType().isInteger(1))
    return op.emitOpError() << "only scalar selects can be translated";
  return printAssign(p, op,
                     p.name(s.getCondition()).str() + " ? " +
                         p.name(s.getTrueValue()).str() + " : " +
                         p.name(s.getFalseValue()).str());
}

LogicalResult tile::msl::printMath(MSLPrinter &p, Operation &op,
                                   StringRef function) {
  if (op.getNumResults() != 1 || !op.getResult(0).getType().isIntOrFloat())
    return op.emitOpError() << "only scalar math can be translated to MSL";
  return printAssign(p, op, call(p, op, function));
}

LogicalResult tile::msl::printAbsI(MSLPrinter &p, math::AbsIOp absi) {
  // MSL's integer abs wraps as math.absi does (abs(INT_MIN) == INT_MIN).
  // An i1 is a bool, its own absolute value (-1 wraps to 1).
  if (absi.getType().isInteger(1))
    return printAssign(p, *absi, p.name(absi.getOperand()).str());
  return printMath(p, *absi, "abs");
}
