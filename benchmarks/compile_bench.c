/* compile_bench: in-process compile time of one tile kernel through the C
 * API (a TileCompiler: parse, tile-to-applegpu, MSL and ABI), warm: one
 * context and one compiler, one untimed compile first, then ITERATIONS
 * timed ones. The pipeline is set up when the compiler is created, as an
 * autotuner or a JIT would, so that is not timed.
 *
 * usage: compile_bench KERNEL.mlir [PIPELINE_OPTIONS [ITERATIONS [abi]]]
 * prints: median_ms=<ms> min_ms=<ms> msl_lines=<n> msl_bytes=<n>
 * With `abi`, each compile also writes the ABI (JSON), as a host that
 * launches the kernel asks for (the Python package does); without, only
 * the MSL, the figure of the tables in benchmarks/RESULTS.md.
 *
 * Built and run by `make bench` (benchmarks/bench.py). */

#define _POSIX_C_SOURCE 199309L

#include "tile-c/Dialects.h"
#include "tile-c/Target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  size_t lines, bytes;
  int failed;
} Measure;

/* Counts the lines of the first (untimed) compile only: every compile of
 * the same source gives the same text, and the count is not the
 * compiler's work. */
static void onMSL(MlirStringRef text, void *userData) {
  Measure *m = userData;
  if (m->bytes)
    return;
  m->bytes = text.length;
  for (size_t i = 0; i < text.length; ++i)
    m->lines += text.data[i] == '\n';
}

/* The ABI is produced (that is the cost measured) and dropped. */
static void onABI(MlirStringRef text, void *userData) {
  (void)text;
  (void)userData;
}

static void onDiagnostics(MlirStringRef text, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s", (int)text.length, text.data);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 5 || (argc == 5 && strcmp(argv[4], "abi") != 0)) {
    fprintf(stderr,
            "usage: compile_bench KERNEL.mlir [OPTIONS [ITERATIONS [abi]]]\n");
    return 2;
  }
  const char *options = argc > 2 ? argv[2] : "";
  int iterations = argc > 3 ? atoi(argv[3]) : 50;
  if (iterations < 1)
    iterations = 1;
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *source = malloc((size_t)size + 1);
  size_t got = fread(source, 1, (size_t)size, f);
  fclose(f);
  source[got] = '\0';

  MlirContext context = tileCreateContext();
  TileCompiler compiler = tileCompilerCreate(
      context, mlirStringRefCreateFromCString(options), onDiagnostics, NULL);
  if (!compiler.ptr)
    return 1;
  Measure m = {0, 0, 0};
  TileMSLOutput out = {onMSL, argc == 5 ? onABI : NULL, onDiagnostics, &m};
  double *times = malloc(sizeof(double) * (size_t)iterations);
  for (int i = -1; i < iterations; ++i) {
    double start = now_ms();
    MlirLogicalResult r =
        tileCompilerRun(compiler, mlirStringRefCreate(source, got),
                        mlirStringRefCreateFromCString(argv[1]), out);
    double elapsed = now_ms() - start;
    if (!mlirLogicalResultIsSuccess(r))
      return 1;
    if (i >= 0)
      times[i] = elapsed;
  }
  qsort(times, (size_t)iterations, sizeof(double), cmp);
  printf("median_ms=%.3f min_ms=%.3f msl_lines=%zu msl_bytes=%zu\n",
         times[iterations / 2], times[0], m.lines, m.bytes);
  free(times);
  free(source);
  tileCompilerDestroy(compiler);
  mlirContextDestroy(context);
  return 0;
}
