//===- Npy.h - NumPy .npy files for tile-run buffers ------------*- C++ -*-===//
//
// `--arg NAME=@file.npy` reads a buffer from a .npy file and `--out
// NAME=file.npy` writes one, so kernels run on the user's own data and the
// results can be checked with NumPy. Little-endian f32 ('<f4'), f16 ('<f2')
// and 8- to 64-bit integer arrays ('|u1', '<i4', ...) in C order, any shape
// (a buffer is its elements in order); NumPy has no bfloat16, so bf16
// buffers are written as f32.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_NPY_H
#define TILE_TOOLS_TILE_RUN_NPY_H

#include "Arguments.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace tile::run {

struct NpyArray {
  ElementType element = ElementType::F32;
  int64_t count = 0;
  std::vector<unsigned char> data; ///< count elements of `element`
};

/// Reads `path`; errors say what is wrong with the file.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);

/// Writes `count` elements of `element` at `data` to `path` as a 1-D array.
llvm::Error writeNpy(llvm::StringRef path, ElementType element,
                     const unsigned char *data, int64_t count);

} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_NPY_H
