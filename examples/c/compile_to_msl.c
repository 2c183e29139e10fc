/* Compiles a tile kernel (a .mlir file) to Metal Shading Language with the C
 * API and prints the MSL, then the kernel's ABI as JSON, on stdout.
 *
 *   clang-22 -std=c11 examples/c/compile_to_msl.c -o compile_to_msl \
 *      -I include -I /usr/lib/llvm-22/include \
 *      -L build/lib -Wl,-rpath,$PWD/build/lib -lTileCAPI
 *   ./compile_to_msl examples/gemm.mlir target=apple9
 *
 * The rpath lets the program find libTileCAPI.so at run time; without it, set
 * LD_LIBRARY_PATH=build/lib. Installed, link TileMLIR::TileCAPI from CMake.
 */
#include "tile-c/Dialects.h"
#include "tile-c/Target.h"

#include <stdio.h>
#include <stdlib.h>

static void to_stdout(MlirStringRef text, void *user_data) {
  (void)user_data;
  fwrite(text.data, 1, text.length, stdout);
}

static void to_stderr(MlirStringRef text, void *user_data) {
  (void)user_data;
  fwrite(text.data, 1, text.length, stderr);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1)) &&
      fread(text, 1, (size_t)size, f) == (size_t)size) {
    text[size] = '\0';
  } else {
    free(text);
    text = NULL;
  }
  fclose(f);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s KERNEL.mlir [tile-to-applegpu options]\n",
            argv[0]);
    return 2;
  }
  char *source = read_file(argv[1]);
  if (!source) {
    perror(argv[1]);
    return 2;
  }
  const char *options = argc == 3 ? argv[2] : "target=apple9";

  MlirContext ctx = tileCreateContext();
  /* Diagnostics go to stderr; a NULL compiler means the options were bad. */
  TileCompiler compiler = tileCompilerCreate(
      ctx, mlirStringRefCreateFromCString(options), to_stderr, NULL);
  int status = 1;
  if (compiler.ptr) {
    TileMSLOutput out = {to_stdout, to_stdout, to_stderr, NULL};
    MlirLogicalResult r =
        tileCompilerRun(compiler, mlirStringRefCreateFromCString(source),
                        mlirStringRefCreateFromCString(argv[1]), out);
    status = mlirLogicalResultIsSuccess(r) ? 0 : 1;
    tileCompilerDestroy(compiler);
  }
  mlirContextDestroy(ctx);
  free(source);
  return status;
}
