/* From tile IR text to MSL and its ABI through the C API: tileCompileToMSL
 * on the GEMM example (source names kept, options passed, the MSL compiles
 * against the shim, one context reused), a TileCompiler doing the same
 * compiles (same MSL, bad options refused at creation), tileTranslateToMSL
 * on a module lowered with tileRunPassPipeline, and failures as located
 * diagnostics with no MSL delivered. */

// RUN: %tile_cc %s -o %t %tile_capi_lib
// RUN: %t %tile_src_root/examples/gemm.mlir %t.metal | FileCheck %s
// RUN: %msl_check %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal

#include "tile-c/Target.h"
#include "read_file.h"
#include "tile-c/Dialects.h"
#include "tile-c/Passes.h"

#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *text;
  size_t length;
  int calls;
} Text;

typedef struct {
  Text msl, abi, diagnostics;
} Results;

static void append(Text *t, MlirStringRef chunk) {
  t->text = realloc(t->text, t->length + chunk.length + 1);
  memcpy(t->text + t->length, chunk.data, chunk.length);
  t->length += chunk.length;
  t->text[t->length] = '\0';
  t->calls++;
}
static void onMSL(MlirStringRef s, void *r) { append(&((Results *)r)->msl, s); }
static void onABI(MlirStringRef s, void *r) { append(&((Results *)r)->abi, s); }
static void onDiagnostics(MlirStringRef s, void *r) {
  append(&((Results *)r)->diagnostics, s);
}

static void reset(Results *r) {
  free(r->msl.text);
  free(r->abi.text);
  free(r->diagnostics.text);
  memset(r, 0, sizeof *r);
}

static TileMSLOutput output(Results *r) {
  TileMSLOutput o = {onMSL, onABI, onDiagnostics, r};
  return o;
}

static int compile(MlirContext context, const char *source, const char *options,
                   Results *r) {
  reset(r);
  return mlirLogicalResultIsSuccess(
      tileCompileToMSL(context, mlirStringRefCreateFromCString(source),
                       mlirStringRefCreateFromCString("gemm.mlir"),
                       mlirStringRefCreateFromCString(options), output(r)));
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  char *gemm = readFile(argv[1]);
  if (!gemm)
    return 2;
  MlirContext context = tileCreateContext();
  Results r = {{0}, {0}, {0}};

  /* The example, twice in one context: the same MSL both times. */
  int ok = compile(context, gemm, "target=apple9", &r);
  printf("compile: %d msl=%d abi=%d diagnostics=%d\n", ok, r.msl.calls,
         r.abi.calls, r.diagnostics.calls);
  // CHECK: compile: 1 msl=1 abi=1 diagnostics=0
  printf("names: %d grid: %d\n",
         strstr(r.msl.text, "device const float* A [[buffer(0)]]") != NULL,
         strstr(r.abi.text, "\"ceildiv(M, 64)\"") != NULL);
  // CHECK-NEXT: names: 1 grid: 1
  char *first = malloc(r.msl.length + 1);
  memcpy(first, r.msl.text, r.msl.length + 1);
  compile(context, gemm, "target=apple9", &r);
  printf("deterministic: %d\n", strcmp(first, r.msl.text) == 0);
  // CHECK-NEXT: deterministic: 1
  FILE *out = fopen(argv[2], "w");
  fputs(r.msl.text, out);
  fclose(out);
  free(first);

  /* Tensor ops for apple10 through the options. */
  compile(context, gemm, "target=apple10", &r);
  printf("apple10 matmul2d: %d\n", strstr(r.msl.text, "matmul2d") != NULL);
  // CHECK-NEXT: apple10 matmul2d: 1

  /* Bad options and bad input: located diagnostics, no MSL. */
  ok = compile(context, gemm, "target=m3", &r);
  printf("bad option: %d msl=%d\n%s", ok, r.msl.calls, r.diagnostics.text);
  // CHECK-NEXT: bad option: 0 msl=0
  // CHECK-NEXT: error: tile-to-applegpu option target=m3: expected apple7, apple8, apple9 or apple10
  // CHECK-NEXT: failed to add `tile-to-applegpu` with options `target=m3`
  ok = compile(context,
               "func.func @k() attributes {tile.kernel} {\n  %x = "
               "tile.program_id w : index\n  return\n}\n",
               "", &r);
  printf("bad input: %d msl=%d\n%s", ok, r.msl.calls, r.diagnostics.text);
  // CHECK-NEXT: bad input: 0 msl=0
  // CHECK-NEXT: gemm.mlir:2:{{[0-9]+}}: error:

  /* A TileCompiler: the same MSL as tileCompileToMSL, compile after
   * compile, and the same diagnostics for bad input. */
  compile(context, gemm, "target=apple9", &r);
  char *once = malloc(r.msl.length + 1);
  memcpy(once, r.msl.text, r.msl.length + 1);
  reset(&r);
  TileCompiler compiler = tileCompilerCreate(
      context, mlirStringRefCreateFromCString("target=apple9"), onDiagnostics,
      &r);
  int same = 1;
  for (int i = 0; i < 3; ++i) {
    reset(&r);
    ok = mlirLogicalResultIsSuccess(tileCompilerRun(
        compiler, mlirStringRefCreateFromCString(gemm),
        mlirStringRefCreateFromCString("gemm.mlir"), output(&r)));
    same &= ok && r.msl.calls == 1 && r.abi.calls == 1 &&
            strcmp(once, r.msl.text) == 0;
  }
  printf("compiler: created=%d same=%d\n", compiler.ptr != NULL, same);
  // CHECK-NEXT: compiler: created=1 same=1
  /* The same compiles collected by the library (TileMSLTexts): the same
   * texts, replaced compile after compile; a text not delivered keeps the
   * length the caller set; destroying zeroes the struct. */
  TileMSLTexts texts = {{0}, {0}, {0}, NULL};
  TileMSLOutput collected = tileMSLTextsOutput(&texts);
  int kept = 1;
  for (int i = 0; i < 2; ++i) {
    texts.diagnostics.length = 0;
    ok = mlirLogicalResultIsSuccess(tileCompilerRun(
        compiler, mlirStringRefCreateFromCString(gemm),
        mlirStringRefCreateFromCString("gemm.mlir"), collected));
    kept &= ok && texts.msl.length == strlen(once) &&
            memcmp(texts.msl.data, once, texts.msl.length) == 0 &&
            texts.abi.length > 0 &&
            strstr(texts.abi.data, "\"ceildiv(M, 64)\"") != NULL &&
            texts.diagnostics.length == 0;
  }
  ok = mlirLogicalResultIsSuccess(tileCompilerRun(
      compiler, mlirStringRefCreateFromCString("func.func @k( {"),
      mlirStringRefCreateFromCString("bad.mlir"), collected));
  printf("collected: same=%d bad=%d %.*s", kept, ok,
         (int)texts.diagnostics.length, texts.diagnostics.data);
  // CHECK-NEXT: collected: same=1 bad=0 bad.mlir:1:{{[0-9]+}}: error:
  tileMSLTextsDestroy(&texts);
  tileMSLTextsDestroy(&texts); /* a zeroed one is ignored */
  tileMSLTextsDestroy(NULL);   /* and so is NULL */
  printf("collected destroyed: %d\n",
         texts.storage == NULL && texts.msl.length == 0);
  // CHECK-NEXT: collected destroyed: 1
  reset(&r);
  ok = mlirLogicalResultIsSuccess(tileCompilerRun(
      compiler, mlirStringRefCreateFromCString("func.func @k( {"),
      mlirStringRefCreateFromCString("bad.mlir"), output(&r)));
  printf("compiler bad input: %d msl=%d\n%s", ok, r.msl.calls,
         r.diagnostics.text);
  // CHECK-NEXT: compiler bad input: 0 msl=0
  // CHECK-NEXT: bad.mlir:1:{{[0-9]+}}: error:
  tileCompilerDestroy(compiler);
  free(once);
  reset(&r);
  /* An option the pipeline does not have, or a bad value of one it has,
   * is refused at creation (a NULL compiler, as the header says), the
   * reason given to the diagnostics callback (not to stderr). */
  compiler = tileCompilerCreate(
      context, mlirStringRefCreateFromCString("no-such=1"), onDiagnostics, &r);
  printf("compiler bad option: created=%d\n%s", compiler.ptr != NULL,
         r.diagnostics.text);
  // CHECK-NEXT: compiler bad option: created=0
  // CHECK-NEXT: error: <Pass-Options-Parser>: no such option no-such
  // CHECK-NEXT: failed to add `tile-to-applegpu` with options `no-such=1`
  reset(&r);
  TileCompiler m3 = tileCompilerCreate(
      context, mlirStringRefCreateFromCString("target=m3"), onDiagnostics, &r);
  printf("compiler bad target: created=%d\n%s", m3.ptr != NULL,
         r.diagnostics.text);
  // CHECK-NEXT: compiler bad target: created=0
  // CHECK-NEXT: error: tile-to-applegpu option target=m3: expected apple7, apple8, apple9 or apple10
  // CHECK-NEXT: failed to add `tile-to-applegpu` with options `target=m3`
  tileCompilerDestroy(m3);
  reset(&r);
  ok = mlirLogicalResultIsSuccess(
      tileCompilerRun(compiler, mlirStringRefCreateFromCString(gemm),
                      mlirStringRefCreateFromCString("gemm.mlir"), output(&r)));
  printf("no compiler: %d\n%s", ok, r.diagnostics.text);
  // CHECK-NEXT: no compiler: 0
  // CHECK-NEXT: error: tileCompilerRun: no compiler
  tileCompilerDestroy(compiler); /* a NULL compiler is ignored */

  /* tileTranslateToMSL on a module the caller lowered. */
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(gemm));
  int lowered = mlirLogicalResultIsSuccess(tileRunPassPipeline(
      module, mlirStringRefCreateFromCString("tile-to-applegpu"), NULL, NULL));
  reset(&r);
  ok = mlirLogicalResultIsSuccess(tileTranslateToMSL(module, output(&r)));
  printf("translate: %d %d kernel=%d\n", lowered, ok,
         strstr(r.msl.text, "[[kernel]] void matmul(") != NULL);
  // CHECK-NEXT: translate: 1 1 kernel=1
  mlirModuleDestroy(module);

  reset(&r);
  free(gemm);
  mlirContextDestroy(context);
  return 0;
}

// MSL: {{\[\[}}kernel]] void matmul(
// MSL: device const float* A {{\[\[}}buffer(0)]]
