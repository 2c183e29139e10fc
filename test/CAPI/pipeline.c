/* tileRunPassPipeline from C: both pipeline spellings, a NULL diagnostics
 * callback, no callback call when nothing is reported, failures reported as
 * located text, and the module printed, re-parsed and verified after the
 * tile passes (a C-driven round trip). */

// RUN: %tile_cc %s -o %t %tile_capi_lib
// RUN: %t | FileCheck %s

#include "tile-c/Dialects.h"
#include "tile-c/Passes.h"

#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char text[65536];
  size_t length;
  int calls;
} Buffer;

static void append(MlirStringRef chunk, void *userData) {
  Buffer *buffer = userData;
  size_t room = sizeof(buffer->text) - 1 - buffer->length;
  size_t n = chunk.length < room ? chunk.length : room;
  memcpy(buffer->text + buffer->length, chunk.data, n);
  buffer->length += n;
  buffer->text[buffer->length] = '\0';
}

static void countCall(MlirStringRef text, void *userData) {
  Buffer *buffer = userData;
  buffer->calls++;
  append(text, userData);
}

static const char *kKernel =
    "func.func @acc(%X: memref<?xf32>, %n: index) -> tensor<4xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %z = arith.constant dense<0.0> : tensor<4xf32>\n"
    "  %r = tile.for_range %i = %c0 to %n step %c4 iter_args(%s = %z) -> "
    "(tensor<4xf32>) {\n"
    "    %t = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<4xf32>\n"
    "    %u = arith.addf %s, %t : tensor<4xf32>\n"
    "    tile.yield %u : tensor<4xf32>\n"
    "  }\n"
    "  return %r : tensor<4xf32>\n"
    "}\n";

static int run(MlirModule module, const char *pipeline, Buffer *diagnostics) {
  MlirLogicalResult result =
      tileRunPassPipeline(module, mlirStringRefCreateFromCString(pipeline),
                          diagnostics ? countCall : NULL, diagnostics);
  return mlirLogicalResultIsSuccess(result);
}

int main(void) {
  MlirContext context = tileCreateContext();
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module))
    return 1;

  /* Success with nothing to report: the callback is never called. */
  Buffer quiet = {{0}, 0, 0};
  printf("unanchored: %d calls=%d\n",
         run(module, "tile-unroll{factor=2}", &quiet), quiet.calls);
  // CHECK: unanchored: 1 calls=0

  /* The anchored spelling, and a NULL callback. */
  printf(
      "anchored: %d\n",
      run(module, "builtin.module(canonicalize,tile-for-range-to-scf)", NULL));
  // CHECK: anchored: 1

  /* Print, re-parse and verify the result. */
  Buffer printed = {{0}, 0, 0};
  mlirOperationPrint(mlirModuleGetOperation(module), append, &printed);
  MlirModule reparsed = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(printed.text));
  printf("reparsed: %d verified: %d\n", !mlirModuleIsNull(reparsed),
         !mlirModuleIsNull(reparsed) &&
             mlirOperationVerify(mlirModuleGetOperation(reparsed)));
  // CHECK: reparsed: 1 verified: 1
  printf("%s", printed.text);
  // CHECK-LABEL: func.func @acc
  // CHECK-NOT:     tile.for_range
  // CHECK:         %[[MAIN:.*]] = scf.for
  // CHECK-COUNT-2:   arith.addf
  // CHECK:         %[[REM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]])
  // CHECK:         return %[[REM]]

  /* A bad pipeline fails with the parser's message, the callback once. */
  Buffer bad = {{0}, 0, 0};
  printf("bad pipeline: %d calls=%d\n",
         run(module, "tile-unroll{factor=x}", &bad), bad.calls);
  printf("%s", bad.text);
  // CHECK: bad pipeline: 0 calls=1
  // CHECK: failed to add `tile-unroll` with options `factor=x`

  /* A failing pass: the error, located, in "loc: error: message" form. */
  Buffer failed = {{0}, 0, 0};
  printf("failing pass: %d\n",
         run(module, "tile-unroll{factor=5000}", &failed));
  printf("%s", failed.text);
  // CHECK: failing pass: 0
  // CHECK: -:{{[0-9]+}}:{{[0-9]+}}: error: tile-unroll: 'factor' must be at most 1024, got 5000

  if (!mlirModuleIsNull(reparsed))
    mlirModuleDestroy(reparsed);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
