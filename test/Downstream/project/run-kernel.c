/* A C program on an installed tile-mlir: lowers a tile kernel with the C API
 * (libTileCAPI.so), then runs an MSL kernel on the Metal emulator
 * (libTileMetalEmulator.a), which compiles it against the installed shim
 * headers: the package tells the emulator where they are. */

#include "tile-c/Dialects.h"
#include "tile-c/Passes.h"
#include "tile/Runtime/MetalEmulator.h"

#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kTileKernel =
    "func.func @scale(%X: memref<?xf32>, %n: index)\n"
    "    attributes {tile.kernel} {\n"
    "  %c64 = arith.constant 64 : index\n"
    "  %p = tile.program_id x : index\n"
    "  %i = arith.muli %p, %c64 : index\n"
    "  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<64xf32>\n"
    "  %y = arith.addf %x, %x : tensor<64xf32>\n"
    "  tile.store %y, %X[%i] bounds [%n] : tensor<64xf32>, memref<?xf32>\n"
    "  return\n"
    "}\n";

/* metal_stdlib is one of the shim's extensionless headers; simd_sum needs
 * the emulator's SIMD-group rendezvous. The shim takes `[[kernel]]` where
 * Metal also accepts `kernel` (tile_msl_shim.h). */
static const char *kMsl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "[[kernel]] void lane_sums(device const float *x [[buffer(0)]],\n"
    "                          device float *sums [[buffer(1)]],\n"
    "                          uint i [[thread_position_in_grid]]) {\n"
    "  float s = simd_sum(x[i]);\n"
    "  if (i % 32 == 0)\n"
    "    sums[i / 32] = s;\n"
    "}\n";

static void print(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

static int lower(void) {
  MlirContext context = tileCreateContext();
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(kTileKernel));
  if (mlirModuleIsNull(module))
    return 1;
  MlirLogicalResult result = tileRunPassPipeline(
      module, mlirStringRefCreateFromCString("tile-to-applegpu{target=apple9}"),
      print, stderr);
  printf("C API: tile-to-applegpu %s\n",
         mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
  mlirOperationPrint(mlirModuleGetOperation(module), print, stdout);
  printf("\n");
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return !mlirLogicalResultIsSuccess(result);
}

static int emulate(void) {
  const TmeParam params[] = {{"x", "device const float*", 0},
                             {"sums", "device float*", 1}};
  const char *builtins[] = {"thread_position_in_grid"};
  TmeSignature sig = {"lane_sums", params, 2, builtins, 1, NULL, 0};
  char error[4096];
  TmeModule *module = NULL;
  if (tme_module_load(kMsl, &sig, NULL, &module, error, sizeof error)) {
    printf("emulator: %s\n", error);
    return 1;
  }
  float x[64], sums[2] = {0, 0};
  for (int i = 0; i < 64; ++i)
    x[i] = (float)i;
  TmeBinding bindings[] = {{x, sizeof x}, {sums, sizeof sums}};
  /* Two threadgroups of one SIMD-group; zero fields mean the defaults. */
  TmeLaunch launch = {.grid = {2, 1, 1}, .threads = {32, 1, 1}};
  int rc = tme_run(module, bindings, 2, &launch, NULL, error, sizeof error);
  if (rc)
    printf("emulator: %s\n", error);
  else
    printf("emulator: lane_sums %g %g\n", sums[0], sums[1]);
  tme_module_free(module);
  return rc != 0;
}

int main(void) { return lower() | emulate(); }
