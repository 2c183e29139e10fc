/* A kernel that breaks a tile verifier rule, seen from C: parsing fails and
 * the diagnostic, with its location, reaches a handler the program attached
 * with the MLIR C API. */

// RUN: %tile_cc %s -o %t %tile_capi_lib
// RUN: %t | FileCheck %s

#include "tile-c/Dialects.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void printText(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic diagnostic,
                                      void *userData) {
  (void)userData;
  printf("diagnostic at ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printText, NULL);
  printf(": ");
  mlirDiagnosticPrint(diagnostic, printText, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static const char *kBadDot =
    "func.func @k(%a: tensor<16x8xf32>, %b: tensor<4x32xf32>,\n"
    "             %c: tensor<16x32xf32>) -> tensor<16x32xf32> {\n"
    "  %d = tile.dot %a, %b, %c : tensor<16x8xf32>, tensor<4x32xf32> -> "
    "tensor<16x32xf32>\n"
    "  return %d : tensor<16x32xf32>\n"
    "}\n";

int main(void) {
  MlirContext context = tileCreateContext();
  mlirContextAttachDiagnosticHandler(context, onDiagnostic, NULL, NULL);
  MlirModule parsed =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kBadDot));
  printf("parsed: %s\n", mlirModuleIsNull(parsed) ? "no" : "yes");
  // CHECK: diagnostic at loc("-":3:8): 'tile.dot' op contraction mismatch: lhs is 16x8 but rhs is 4x32
  // CHECK: parsed: no
  mlirContextDestroy(context);
  return 0;
}
