/* Helpers shared by the Metal emulator tests (C11, header-only; static
 * inline so that a test need not use all of them). */

#ifndef TILE_TEST_EMULATOR_EMU_TEST_H
#define TILE_TEST_EMULATOR_EMU_TEST_H

#include "tile/Runtime/MetalEmulator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The command line every emulator test takes: the fixtures directory, the
 * kernel cache directory, and `extra` more arguments (named in `usage`).
 * Exits with 2 on a wrong count. */
static inline void emu_parse_args(int argc, char **argv, int extra,
                                  const char *usage, const char **dir,
                                  const char **cache) {
  if (argc != 3 + extra) {
    fprintf(stderr, "usage: %s <fixtures dir> <cache dir>%s\n", argv[0], usage);
    exit(2);
  }
  *dir = argv[1];
  *cache = argv[2];
}

/* The whole file as a NUL-terminated string; exits on failure. */
static inline char *emu_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  size_t cap = 1 << 16, len = 0, r;
  char *text = malloc(cap);
  while (text && (r = fread(text + len, 1, cap - len - 1, f)) > 0) {
    len += r;
    if (len + 1 == cap) {
      char *bigger = realloc(text, cap *= 2);
      if (!bigger)
        free(text);
      text = bigger;
    }
  }
  fclose(f);
  if (!text) {
    fprintf(stderr, "out of memory reading %s\n", path);
    exit(2);
  }
  text[len] = '\0';
  return text;
}

static inline const char *emu_code_name(int code) {
  static const char *const names[] = {
      "ok",   "argument", "compile", "load",    "divergence",
      "race", "oob",      "fault",   "timeout", "system"};
  return code >= 0 && code <= TME_ERR_SYSTEM ? names[code] : "?";
}

/* Prints why `what` failed: "what: [code] message". */
static inline void emu_print_failure(const char *what, int rc,
                                     const char *error) {
  printf("%s: [%s] %s\n", what, emu_code_name(rc), error);
}

/* The signature of kernel `name`. */
static inline TmeSignature
emu_signature(const char *name, const TmeParam *params, size_t num_params,
              const char *const *builtins, size_t num_builtins) {
  TmeSignature sig = {.kernel_name = name,
                      .params = params,
                      .num_params = num_params,
                      .builtins = builtins,
                      .num_builtins = num_builtins};
  return sig;
}

/* Loads kernel `name` of the .metal file at `path` with the given
 * signature; exits with the message on failure. */
static inline TmeModule *emu_load(const char *path, const char *name,
                                  const TmeParam *params, size_t num_params,
                                  const char *const *builtins,
                                  size_t num_builtins, const char *cache) {
  char *source = emu_read_file(path);
  TmeSignature sig =
      emu_signature(name, params, num_params, builtins, num_builtins);
  TmeModule *m = NULL;
  char error[8192];
  int rc = tme_module_load(source, &sig, cache, &m, error, sizeof error);
  free(source);
  if (rc != TME_OK) {
    printf("load %s failed [%s]: %s\n", name, emu_code_name(rc), error);
    exit(1);
  }
  return m;
}

/* A launch of grid x threads (1-D), default schedules. */
static inline TmeLaunch emu_launch_1d(unsigned grid, unsigned threads) {
  TmeLaunch l;
  memset(&l, 0, sizeof l);
  l.grid[0] = grid;
  l.grid[1] = l.grid[2] = 1;
  l.threads[0] = threads;
  l.threads[1] = l.threads[2] = 1;
  l.seed = 1;
  l.timeout_ms = 60000;
  return l;
}

#endif /* TILE_TEST_EMULATOR_EMU_TEST_H */
