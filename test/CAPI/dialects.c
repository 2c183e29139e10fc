/* The dialect side of the C API: the tile dialect handle, the registry call
 * that brings the upstream dialects kernels are written with, and the
 * ready-made context. */

// RUN: %tile_cc %s -o %t %tile_capi_lib
// RUN: %t | FileCheck %s

#include "tile-c/Dialects.h"

#include "mlir-c/IR.h"

#include <stdio.h>

static void printLoaded(MlirContext context, const char *ns) {
  MlirDialect dialect =
      mlirContextGetOrLoadDialect(context, mlirStringRefCreateFromCString(ns));
  printf("%s: %s\n", ns, mlirDialectIsNull(dialect) ? "missing" : "loaded");
}

int main(void) {
  MlirDialectHandle handle = mlirGetDialectHandle__tile__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  printf("handle namespace: %.*s\n", (int)ns.length, ns.data);
  // CHECK: handle namespace: tile

  /* An empty context knows nothing until the handle registers the dialect. */
  MlirContext bare = mlirContextCreateWithThreading(false);
  printf("bare context has tile: %d\n",
         mlirContextGetNumRegisteredDialects(bare) > 0 &&
             !mlirDialectIsNull(mlirContextGetOrLoadDialect(
                 bare, mlirStringRefCreateFromCString("tile"))));
  // CHECK: bare context has tile: 0
  mlirDialectHandleRegisterDialect(handle, bare);
  printLoaded(bare, "tile");
  // CHECK: tile: loaded
  mlirContextDestroy(bare);

  /* tileCreateContext: tile and every upstream dialect kernels use. */
  MlirContext context = tileCreateContext();
  const char *names[] = {"tile", "func",   "arith", "math",
                         "scf",  "memref", "tensor"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    printLoaded(context, names[i]);
  // CHECK-NEXT: tile: loaded
  // CHECK-NEXT: func: loaded
  // CHECK-NEXT: arith: loaded
  // CHECK-NEXT: math: loaded
  // CHECK-NEXT: scf: loaded
  // CHECK-NEXT: memref: loaded
  // CHECK-NEXT: tensor: loaded
  printLoaded(context, "gpu");
  // CHECK-NEXT: gpu: missing
  mlirContextDestroy(context);

  /* The same set through a user's own registry. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tileRegisterAllDialects(registry);
  MlirContext own = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  printLoaded(own, "tile");
  printLoaded(own, "scf");
  // CHECK-NEXT: tile: loaded
  // CHECK-NEXT: scf: loaded
  mlirContextDestroy(own);
  return 0;
}
