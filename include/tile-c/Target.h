/*===- tile-c/Target.h - from tile IR to Metal Shading Language ---*- C -*-===*\
|*                                                                            *|
|* Plain C. The MSL translation of lowered (applegpu) modules, and the whole  *|
|* way from tile IR text to MSL and its ABI in one call, for hosts that      *|
|* compile kernels at run time (a Python package, an app, a benchmark).      *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TARGET_H
#define TILE_C_TARGET_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where the results of a translation go. Each callback may be NULL; each is
 * called at most once, with the whole text, and only on success (the
 * diagnostics callback also on failure). The texts are valid only during
 * the call. */
typedef struct TileMSLOutput {
  /* The MSL source of every kernel in the module (what tile-translate
   * --mlir-to-msl prints). */
  MlirStringCallback msl;
  /* The ABI as JSON: {"kernels": [...]} (what --msl-abi writes). */
  MlirStringCallback abi;
  /* Diagnostics, "loc: severity: message" one per line, as in
   * tileRunPassPipeline; called only when there is any. */
  MlirStringCallback diagnostics;
  /* Passed to each callback. */
  void *userData;
} TileMSLOutput;

/* Translates every applegpu kernel of `module` (the result of the
 * tile-to-applegpu pipeline) to MSL. Fails, with located diagnostics, when
 * a kernel cannot be translated; nothing else is written then. */
MLIR_CAPI_EXPORTED MlirLogicalResult tileTranslateToMSL(MlirModule module,
                                                        TileMSLOutput output);

/* Parses `source` (tile IR text, named `sourceName` in diagnostics) in
 * `context` (from tileCreateContext; reusing one context across calls is
 * what makes repeated compiles cheap), runs the tile-to-applegpu pipeline
 * with `pipelineOptions` (e.g. "" or "target=apple10 fuse-epilogue=false",
 * the options of tile-opt --tile-to-applegpu=...), and translates the
 * result. Kernel parameters keep the names the source writes (%A). Fails
 * with located diagnostics on bad input; the module is freed either way. */
MLIR_CAPI_EXPORTED MlirLogicalResult tileCompileToMSL(
    MlirContext context, MlirStringRef source, MlirStringRef sourceName,
    MlirStringRef pipelineOptions, TileMSLOutput output);

/* A compiler from tile IR text to MSL with one set of pipeline options,
 * for hosts that compile many kernels (an autotuner, a JIT): the pipeline
 * is parsed and its passes set up once, at creation, instead of on every
 * compile as tileCompileToMSL does. It uses `context`, which must outlive
 * it. */
typedef struct TileCompiler {
  void *ptr;
} TileCompiler;

/* Creates a compiler for `pipelineOptions` (as for tileCompileToMSL). On
 * bad options it returns a compiler whose `ptr` is NULL, after passing the
 * message to `diagnostics` (with `userData`) when that is not NULL. */
MLIR_CAPI_EXPORTED TileCompiler
tileCompilerCreate(MlirContext context, MlirStringRef pipelineOptions,
                   MlirStringCallback diagnostics, void *userData);

/* What tileCompileToMSL does, with the compiler's context and options.
 * Input that does not parse or verify is reported as usual; what the
 * pipeline's passes produce is not verified again (tileCompileToMSL
 * verifies after every pass: use it to debug a pass). Not thread safe: one
 * compile at a time per compiler. */
MLIR_CAPI_EXPORTED MlirLogicalResult tileCompilerRun(TileCompiler compiler,
                                                     MlirStringRef source,
                                                     MlirStringRef sourceName,
                                                     TileMSLOutput output);

/* Frees a compiler (a NULL one is ignored). */
MLIR_CAPI_EXPORTED void tileCompilerDestroy(TileCompiler compiler);

/* The texts of compiles kept by the library, for hosts to which a call
 * back costs more than the copy (ctypes runs interpreter code for each
 * callback): the callbacks of tileMSLTextsOutput copy each text they get
 * into storage the library owns and point the field at the copy. A text a
 * compile does not deliver keeps the field's earlier value: set its length
 * to 0 before the compile (the diagnostics, which come only when there is
 * any). Each copy is valid until the next delivery of that text or
 * tileMSLTextsDestroy. Zero-initialise the struct before its first use. */
typedef struct TileMSLTexts {
  MlirStringRef msl, abi, diagnostics;
  void *storage; /* the library's; NULL until a text arrives */
} TileMSLTexts;

/* An output that collects every text into `texts`, as its userData. */
MLIR_CAPI_EXPORTED TileMSLOutput tileMSLTextsOutput(TileMSLTexts *texts);

/* Frees the copies of `texts` and zeroes it (a zeroed one, or NULL, is
 * ignored). */
MLIR_CAPI_EXPORTED void tileMSLTextsDestroy(TileMSLTexts *texts);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_TARGET_H */
