//===- TargetBackend.cpp - the target and backend of a kernel -------------===//

#include "tile/Dialect/Tile/Transforms/TargetBackend.h"

#include "tile/Dialect/Tile/IR/TileOps.h"

using namespace mlir;
using namespace tile;

LogicalResult tile::checkTargetOption(Operation *op, StringRef target) {
  if (target.empty() || TileDialect::isKnownTarget(target))
    return success();
  // Located at the module, without it attached: a bad option is not a
  // problem of the IR, so the IR is not printed with it.
  InFlightDiagnostic diag =
      emitError(op->getLoc())
      << "option target=" << target
      << ": unknown target; expected apple7, apple8, apple9 or apple10";
  // `target=apple9,backend=auto` reads as one value of target.
  if (target.contains(',') || target.contains('='))
    diag << "; options are separated by spaces, not commas";
  return diag;
}

LogicalResult tile::checkBackendOption(Operation *op, StringRef backend) {
  if (backend == "auto" || backend == "simdgroup" || backend == "tensorops")
    return success();
  return emitError(op->getLoc())
         << "option backend=" << backend
         << ": unknown backend; expected auto, simdgroup or tensorops";
}

std::string tile::kernelTarget(func::FuncOp kernel, StringRef option) {
  if (!option.empty())
    return option.str();
  for (Operation *op = kernel; op; op = op->getParentOp())
    if (auto t =
            op->getAttrOfType<StringAttr>(TileDialect::getTargetAttrName()))
      return t.str();
  return "apple9";
}

bool tile::choosesTensorOps(StringRef target, StringRef backend) {
  return backend == "tensorops" || (backend == "auto" && target == "apple10");
}

DotOp tile::autoFallbackDot(func::FuncOp kernel, int64_t wm, int64_t wn) {
  DotOp first;
  bool fragmentsFit = true;
  kernel.walk([&](DotOp dot) {
    auto type = cast<RankedTensorType>(dot.getType());
    int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
    fragmentsFit &= rows % (8 * wm) == 0 && cols % (8 * wn) == 0;
    bool splits = rows % wm == 0 && cols % wn == 0 &&
                  isMatmul2dShape(rows / wm, cols / wn);
    if (!splits && !first)
      first = dot;
  });
  return fragmentsFit ? first : DotOp();
}

SmallVector<func::FuncOp> tile::tileKernels(Operation *root) {
  SmallVector<func::FuncOp> kernels;
  root->walk([&](func::FuncOp func) {
    if (func->hasAttr(TileDialect::getKernelAttrName()))
      kernels.push_back(func);
  });
  return kernels;
}
