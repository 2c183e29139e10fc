/*===- tile-c/Dialects.h - tile-mlir dialect registration ---------*- C -*-===*\
|*                                                                            *|
|* Plain C. Dialect handles for the tile-mlir dialects, usable with the MLIR  *|
|* C API that libTileCAPI.so carries (mlir-c/IR.h).                           *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_DIALECTS_H
#define TILE_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__tile__(): the tile dialect. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/* Inserts the tile dialect and the upstream dialects tile kernels are
 * written with (func, arith, math, scf, memref, tensor) into `registry`. */
MLIR_CAPI_EXPORTED void tileRegisterAllDialects(MlirDialectRegistry registry);

/* Creates a context in which every dialect of tileRegisterAllDialects is
 * available. Destroy it with mlirContextDestroy. */
MLIR_CAPI_EXPORTED MlirContext tileCreateContext(void);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_DIALECTS_H */
