/* tileEmulatorRun: the GEMM example compiled with tileCompileToMSL and run on
 * the Metal emulator through libTileCAPI.so alone (no -lTileMetalEmulator,
 * no -rdynamic), on a ragged shape, against a plain C matmul; the counters;
 * and bad calls (argument count, ABI, kernel name, MSL) answered with a
 * status and a message. */

// RUN: %tile_cc %s -o %t %tile_capi_lib
// RUN: %t %tile_src_root/examples/gemm.mlir | FileCheck %s

#include "tile-c/Emulator.h"
#include "read_file.h"
#include "tile-c/Dialects.h"
#include "tile-c/Target.h"

#include "mlir-c/IR.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *msl, *abi;
} Compiled;

static char *copyRef(MlirStringRef s) {
  char *text = malloc(s.length + 1);
  memcpy(text, s.data, s.length);
  text[s.length] = '\0';
  return text;
}
static void onMSL(MlirStringRef s, void *c) {
  ((Compiled *)c)->msl = copyRef(s);
}
static void onABI(MlirStringRef s, void *c) {
  ((Compiled *)c)->abi = copyRef(s);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *gemm = readFile(argv[1]);
  if (!gemm)
    return 2;
  MlirContext context = tileCreateContext();
  Compiled c = {NULL, NULL};
  TileMSLOutput output = {onMSL, onABI, NULL, &c};
  int ok = mlirLogicalResultIsSuccess(tileCompileToMSL(
      context, mlirStringRefCreateFromCString(gemm),
      mlirStringRefCreateFromCString("gemm.mlir"),
      mlirStringRefCreateFromCString("target=apple9"), output));
  printf("compiled: %d\n", ok);
  // CHECK: compiled: 1

  /* Ragged: none of M, N, K is a multiple of the 64x64x32 tile or of 8. */
  enum { M = 67, N = 45, K = 39 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  float *out = calloc(M * N, sizeof(float));
  for (int i = 0; i < M * K; ++i)
    a[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
  for (int i = 0; i < K * N; ++i)
    b[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
  unsigned m = M, n = N, k = K;
  TileEmulatorArg args[6] = {{a, sizeof(float) * M * K},
                             {b, sizeof(float) * K * N},
                             {out, sizeof(float) * M * N},
                             {&m, sizeof m},
                             {&n, sizeof n},
                             {&k, sizeof k}};
  TileEmulatorLaunch launch;
  memset(&launch, 0, sizeof launch);
  launch.grid[0] = (M + 63) / 64;
  launch.grid[1] = (N + 63) / 64;
  TileEmulatorStats stats;
  char message[4096];
  int status = tileEmulatorRun(c.msl, c.abi, "matmul", args, 6, &launch, &stats,
                               message, sizeof message);
  printf("run: %d '%s'\n", status, message);
  // CHECK-NEXT: run: 0 ''
  double worst = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = 0;
      for (int l = 0; l < K; ++l)
        ref += (double)a[i * K + l] * b[l * N + j];
      double err = fabs(ref - out[i * N + j]);
      worst = err > worst ? err : worst;
    }
  printf("max error below 1e-4: %d\n", worst < 1e-4);
  // CHECK-NEXT: max error below 1e-4: 1
  printf("threadgroups=%llu threads/tg=%u mmas>0=%d barriers>0=%d "
         "read>0=%d written>=%d tgmem=%llu\n",
         stats.threadgroups, stats.threadsPerThreadgroup[0],
         stats.simdgroupMMAs > 0, stats.barriers > 0, stats.bytesRead > 0,
         (int)(stats.argBytesWritten[2] >= sizeof(float) * M * N),
         stats.threadgroupMemoryBytes);
  // CHECK-NEXT: threadgroups=2 threads/tg=128 mmas>0=1 barriers>0=1 read>0=1 written>=1 tgmem={{[1-9][0-9]*}}

  /* Bad calls: a status and a message, the output untouched. */
  out[0] = 42.0f;
  status = tileEmulatorRun(c.msl, c.abi, "matmul", args, 5, &launch, NULL,
                           message, sizeof message);
  printf("arity: %d %s out0=%g\n", status, message, out[0]);
  // CHECK-NEXT: arity: 1 kernel 'matmul' takes 6 arguments (buffers and scalars) but 5 were given out0=42
  status = tileEmulatorRun(c.msl, c.abi, "nosuch", args, 6, &launch, NULL,
                           message, sizeof message);
  printf("kernel name: %d\n", status);
  // CHECK-NEXT: kernel name: 1
  status = tileEmulatorRun(c.msl, "{not json", NULL, args, 6, &launch, NULL,
                           message, sizeof message);
  printf("abi: %d\n", status);
  // CHECK-NEXT: abi: 1
  status = tileEmulatorRun("this is not MSL", c.abi, NULL, args, 6, &launch,
                           NULL, message, sizeof message);
  printf("msl: %d\n", status);
  // CHECK-NEXT: msl: 2
  status = tileEmulatorRun(NULL, c.abi, NULL, args, 6, &launch, NULL, NULL, 0);
  printf("null: %d\n", status);
  // CHECK-NEXT: null: 1

  free(a);
  free(b);
  free(out);
  free(c.msl);
  free(c.abi);
  free(gemm);
  mlirContextDestroy(context);
  return 0;
}
