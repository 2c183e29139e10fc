/* The tile-mlir C API, used from C11: parse a kernel, verify it, run tile
 * passes through a textual pipeline, print the result, and get diagnostics
 * back as text when something is wrong. */

// RUN: tile-capi-test %tile_src_root/examples/gemm.mlir 2>&1 | FileCheck %s

#include "read_file.h"
#include "tile-c/Dialects.h"
#include "tile-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static int runPipeline(MlirModule module, const char *pipeline) {
  MlirLogicalResult result = tileRunPassPipeline(
      module, mlirStringRefCreateFromCString(pipeline), printToStdout, NULL);
  printf("pipeline '%s': %s\n", pipeline,
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  return mlirLogicalResultIsSuccess(result);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNEL.mlir\n", argv[0]);
    return 2;
  }
  char *source = readFile(argv[1]);
  if (!source) {
    fprintf(stderr, "error: cannot read '%s'\n", argv[1]);
    return 2;
  }

  /* A registry filled through the dialect handle and the all-dialects call. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tileRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirDialectHandle tileHandle = mlirGetDialectHandle__tile__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(tileHandle);
  printf("dialect handle: %.*s\n", (int)ns.length, ns.data);
  // CHECK: dialect handle: tile
  MlirDialect tileDialect = mlirDialectHandleLoadDialect(tileHandle, context);
  printf("tile dialect loaded: %d\n", !mlirDialectIsNull(tileDialect));
  // CHECK: tile dialect loaded: 1

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(source));
  free(source);
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "error: cannot parse '%s'\n", argv[1]);
    return 1;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  printf("verified: %d\n", mlirOperationVerify(moduleOp));
  // CHECK: verified: 1

  // K is a runtime value, so tile-unroll needs a factor: a main loop with a
  // doubled step carrying the accumulator through two dots, then a remainder
  // loop with the original step.
  int ok = runPipeline(module, "tile-unroll{factor=2}");
  // CHECK: pipeline 'tile-unroll{factor=2}': success
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");
  // CHECK-LABEL: func.func @matmul
  // CHECK-DAG:   %[[C32:.*]] = arith.constant 32 : index
  // CHECK:       %[[MAIN:.*]] = tile.for_range %[[K:.*]] = %{{.*}} to %[[MAINUB:.*]] step %[[BIG:[^ ]*]] iter_args(%[[ACC:.*]] = %{{.*}})
  // CHECK:         %[[D0:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ACC]]
  // CHECK:         %[[K1:.*]] = arith.addi %[[K]], %[[C32]] : index
  // CHECK:         tile.load %{{.*}}[%{{.*}}, %[[K1]]]
  // CHECK:         %[[D1:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[D0]]
  // CHECK:         tile.yield %[[D1]]
  // CHECK:       %[[REM:.*]] = tile.for_range %{{.*}} = %[[MAINUB]] to %{{.*}} step %[[C32]] iter_args(%{{.*}} = %[[MAIN]])
  // CHECK:         tile.dot
  // CHECK:       tile.store %[[REM]]

  ok =
      runPipeline(module, "builtin.module(canonicalize,tile-for-range-to-scf)");
  // CHECK: pipeline 'builtin.module(canonicalize,tile-for-range-to-scf)': success

  /* Diagnostics come back as text, with their location. */
  ok = runPipeline(module, "no-such-pass");
  // CHECK: 'no-such-pass' does not refer to a registered pass
  // CHECK: pipeline 'no-such-pass': failure
  ok = runPipeline(module, "tile-unroll{factor=-3}");
  // CHECK: error: tile-unroll: 'factor' and 'max-trip-count' must not be negative
  // CHECK: pipeline 'tile-unroll{factor=-3}': failure
  (void)ok;

  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  printf("done\n");
  // CHECK: done
  return 0;
}
