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

} // namespace tile::applegpu

#endif // TILE_DIALECT_APPLEGPU_IR_LAYOUTENCODING_H
