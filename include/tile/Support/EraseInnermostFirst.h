//===- EraseInnermostFirst.h - cheap teardown of nested IR ------*- C++ -*-===//
//
// MLIR's own teardown of an op drops the uses of everything nested in it,
// then does so again for each nested region it destroys: the work grows
// with the depth of the nesting. Kernels are loops in branches in loops,
// and freeing them that way was ~5% of a warm compile.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_ERASEINNERMOSTFIRST_H
#define TILE_SUPPORT_ERASEINNERMOSTFIRST_H

#include "mlir/IR/Iterators.h"
#include "mlir/IR/Operation.h"

namespace tile {
/// Erases the ops nested in `root`, innermost and last first (users before
/// the values they read), then `root` itself unless `keepRoot`: each op is
/// already empty when it goes. Nothing outside `root` may use its values.
inline void eraseInnermostFirst(mlir::Operation *root, bool keepRoot = false) {
  root->walk<mlir::WalkOrder::PostOrder, mlir::ReverseIterator>(
      [&](mlir::Operation *op) {
        if (op != root || !keepRoot)
          op->erase();
      });
}
} // namespace tile

#endif // TILE_SUPPORT_ERASEINNERMOSTFIRST_H
