//===- LayoutEncoding.h - the layout encodings of tiles ---------*- C++ -*-===//
//
// The layout encodings (#applegpu.uniform, distributed, fragments, slice)
// are attributes of AppleGPUAttrs.td; these helpers answer what the passes
// that attach and read them ask.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_APPLEGPU_IR_LAYOUTENCODING_H
#define TILE_DIALECT_APPLEGPU_IR_LAYOUTENCODING_H

#include "tile/Dialect/AppleGPU/IR/AppleGPUOps.h"

namespace tile::applegpu {

/// Whether `attr` is one of the layout encodings.
bool isLayout(mlir::Attribute attr);

/// Threads per threadgroup a layout needs, or 0 when it does not say
/// (uniform).
int64_t threadsOf(mlir::Attribute layout);

/// The layout of a tile (the encoding of its tensor type), or null.
mlir::Attribute layoutOf(mlir::Type type);

/// `type` with `layout` as its encoding.
mlir::RankedTensorType withLayout(mlir::RankedTensorType type,
                                  mlir::Attribute layout);

/// The innermost non-slice layout of a slice (the layout itself otherwise).
mlir::Attribute rootLayout(mlir::Attribute layout);

/// How the threads of a distributed layout share the columns of a K x N
/// tile with `columnGroups` = N / V groups of V per row: thread t holds
/// groups t, t + threads, t + 2 * threads, ..., whose column groups are
/// congruent to t modulo d = gcd(threads, columnGroups), so threads hold
/// parts of the same columns exactly when they are congruent modulo d.
/// Returns d when a matvec dot (LowerMatvec.cpp) can sum those parts: d
/// divides 32 (the lanes of a SIMD-group congruent modulo d meet by a
/// butterfly of simd_shuffle_xor, masks d .. 16) or d is at least 32 (the
/// threads / d threads sharing columns each write a partial row); and
/// nullopt otherwise (or when `threads` is not a multiple of 32). With a
/// power-of-two thread count every column count qualifies.
std::optional<int64_t> matvecColumnStride(int64_t threads,
                                          int64_t columnGroups);

} // namespace tile::applegpu

#endif // TILE_DIALECT_APPLEGPU_IR_LAYOUTENCODING_H
