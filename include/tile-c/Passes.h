/*===- tile-c/Passes.h - tile-mlir passes and pipelines -----------*- C -*-===*\
|*                                                                            *|
|* Plain C. Registration of the tile passes and a one-call way to run a      *|
|* textual pass pipeline with its diagnostics returned as text.              *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_PASSES_H
#define TILE_C_PASSES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the tile passes (tile-unroll, tile-for-range-to-scf, ...) and
 * the upstream passes users compose them with (canonicalize, cse, ...) so
 * that textual pipelines can name them. Safe to call more than once. */
MLIR_CAPI_EXPORTED void tileRegisterAllPasses(void);

/* Runs the textual pass pipeline `pipeline` on `module`, e.g.
 * "tile-unroll{factor=2},canonicalize" or the anchored form
 * "builtin.module(tile-unroll,canonicalize)". Calls tileRegisterAllPasses
 * first. Every diagnostic emitted while parsing the pipeline or running it
 * (errors, warnings, remarks, with their locations and notes) is passed as
 * one text, one diagnostic per line, to `diagnostics(text, userData)` when
 * there is any; `diagnostics` may be NULL. Returns failure if the pipeline
 * does not parse or a pass fails; the module may then be partly
 * transformed. */
MLIR_CAPI_EXPORTED MlirLogicalResult
tileRunPassPipeline(MlirModule module, MlirStringRef pipeline,
                    MlirStringCallback diagnostics, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_PASSES_H */
