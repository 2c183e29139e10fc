//===- FoldWithConstants.h - fold an op as it is built ----------*- C++ -*-===//
//
// Passes that build index arithmetic and run no canonicalizer afterwards
// (tile-swizzle, convert-tile-to-applegpu) fold each op as they create it.
// Unlike OpBuilder::createOrFold, the caller decides where a constant result
// lives (one op per value, at a place of its choosing).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_FOLDWITHCONSTANTS_H
#define TILE_SUPPORT_FOLDWITHCONSTANTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"

namespace tile {
/// Folds `op`, just created with one result, when one of its operands is an
/// arith.constant (only constants let our ops fold: x * 1, 4 & 3, ...; the
/// other ops are not offered to the folder, for compile time). On success
/// `op` is erased and the value replacing it returned: one of its operands,
/// or `materialize(attribute)` for a constant result (which may return null
/// to keep `op`). Otherwise returns `op`'s result.
inline mlir::Value foldWithConstants(
    mlir::Operation *op,
    llvm::function_ref<mlir::Value(mlir::TypedAttr)> materialize) {
  mlir::Value result = op->getResult(0);
  // arith.constant values only: m_Constant would also ask other
  // constant-like ops through their folders, which costs more than it saves.
  auto constantOperands = [&](llvm::SmallVectorImpl<mlir::Attribute> &out) {
    out.clear();
    bool any = false;
    for (mlir::Value operand : op->getOperands()) {
      auto constant = operand.getDefiningOp<mlir::arith::ConstantOp>();
      out.push_back(constant ? constant.getValue() : mlir::Attribute());
      any |= bool(constant);
    }
    return any;
  };
  llvm::SmallVector<mlir::Attribute, 3> operands;
  if (!constantOperands(operands))
    return result;
  llvm::SmallVector<mlir::OpFoldResult, 1> folded;
  if (mlir::failed(op->fold(operands, folded)))
    return result;
  // Folded in place: commutative ops move a constant to the right
  // (`true & x` becomes `x & true`), which the next fold can simplify.
  if (folded.empty() &&
      (!constantOperands(operands) || mlir::failed(op->fold(operands, folded))))
    return result;
  if (folded.size() != 1)
    return result;
  mlir::Value replacement = llvm::dyn_cast<mlir::Value>(folded[0]);
  if (!replacement) {
    auto attr =
        llvm::dyn_cast<mlir::TypedAttr>(llvm::cast<mlir::Attribute>(folded[0]));
    if (!attr || attr.getType() != result.getType() ||
        !(replacement = materialize(attr)))
      return result;
  }
  op->erase();
  return replacement;
}
} // namespace tile

#endif // TILE_SUPPORT_FOLDWITHCONSTANTS_H
