/*===- macros.c - Kernels that the source's macros declare --------*- C -*-===*\
|*                                                                            *|
|* MLX instantiates its kernels with macros (`instantiate_kernel("copy_f32",  *|
|* copy, float)` expanding to `template [[host_name("copy_f32")]] [[kernel]]  *|
|* decltype(copy<float>) copy<float>;`), which source.c's lexical scan cannot *|
|* see through. When the kernel asked for is not found in the text but the    *|
|* text defines macros, the text is run through the preprocessor with its own *|
|* macros only: the shim headers are replaced by stubs holding a marker, so   *|
|* that `kernel`, `threadgroup`, `float4(...)` & co. stay as written for      *|
|* source.c, and the markers become the #includes again. Line markers keep    *|
|* compiler diagnostics pointing into the kernel's text.                      *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MARKER "#pragma tile_msl_include "

/* A stub for every shim header (one level of subdirectories): a marker
 * naming the header. Returns 0 on success. */
static int write_stubs(const char *shim, const char *stubs, const char *sub) {
  char from[4096], to[4096];
  snprintf(from, sizeof from, "%s%s%s", shim, *sub ? "/" : "", sub);
  snprintf(to, sizeof to, "%s%s%s", stubs, *sub ? "/" : "", sub);
  if (mkdir(to, 0700) != 0)
    return -1;
  DIR *d = opendir(from);
  if (!d)
    return -1;
  int rc = 0;
  for (struct dirent *e; rc == 0 && (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    char path[4096], name[1024], text[2048];
    snprintf(path, sizeof path, "%s/%s", from, e->d_name);
    snprintf(name, sizeof name, "%s%s%s", sub, *sub ? "/" : "", e->d_name);
    struct stat st;
    if (stat(path, &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode)) {
      if (!*sub)
        rc = write_stubs(shim, stubs, e->d_name);
      continue;
    }
    snprintf(path, sizeof path, "%s/%s", to, e->d_name);
    snprintf(text, sizeof text, MARKER "<%s>\n", name);
    rc = tme_write_file(path, text);
  }
  closedir(d);
  return rc;
}

/* Removes the files and directories under `dir` (two levels), then it. */
static void remove_tree(const char *dir, int depth) {
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (depth < 3 && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
      remove_tree(path, depth + 1);
    else
      unlink(path);
  }
  if (d)
    closedir(d);
  rmdir(dir);
}

/* The preprocessed text with the markers turned back into #includes, and
 * the temporary file's name in line markers replaced by `shown` (what
 * compiler diagnostics then name, as for a kernel compiled directly). */
static char *restore_includes(const char *text, const char *input,
                              const char *shown) {
  TmeStr s = {0};
  size_t marker = strlen(MARKER), input_len = strlen(input);
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line + 1) : strlen(line);
    const char *path = line[0] == '#' ? strstr(line, input) : NULL;
    if (strncmp(line, MARKER, marker) == 0) {
      tme_str_add(&s, "#include ", 9);
      tme_str_add(&s, line + marker, n - marker);
    } else if (path && path < line + n) {
      tme_str_add(&s, line, (size_t)(path - line));
      tme_str_add(&s, shown, strlen(shown));
      tme_str_add(&s, path + input_len, n - (size_t)(path - line) - input_len);
    } else {
      tme_str_add(&s, line, n);
    }
    line += n;
  }
  if (s.oom) {
    free(s.p);
    return NULL;
  }
  return s.p ? s.p : tme_strdup("");
}

static int expand_macros(const char *src, const char *name,
                         unsigned metal_version, char **out, char *error,
                         size_t error_size) {
  char dir[] = "/tmp/tile-msl-macros-XXXXXX";
  if (!mkdtemp(dir)) {
    tme_set_error(error, error_size, "cannot create a temporary directory");
    return TME_ERR_SYSTEM;
  }
  char stubs[4096], input[4096], output[4096], version[48];
  snprintf(stubs, sizeof stubs, "%s/stubs", dir);
  snprintf(input, sizeof input, "%s/kernel.metal", dir);
  snprintf(output, sizeof output, "%s/kernel.ii", dir);
  unsigned v = metal_version ? metal_version : TME_DEFAULT_METAL_VERSION;
  snprintf(version, sizeof version, "-D__METAL_VERSION__=%u", v);
  /* The shim defines these from the version, as Apple's compiler does; the
   * stubbed headers here do not, and kernels declare code under them
   * (candle's bfloat kernels under __HAVE_BFLOAT__). */
  const char *bfloat = v >= 310 ? "-D__HAVE_BFLOAT__=1" : "-U__HAVE_BFLOAT__";
  const char *tensor = v >= 400 ? "-D__HAVE_TENSOR__=1" : "-U__HAVE_TENSOR__";
  char *shim = tme_find_shim_dir(error, error_size);
  char *cxx = tme_find_compiler();
  char *log = malloc(8192);
  int rc = TME_ERR_SYSTEM;
  if (!shim || !cxx || !log) {
    rc = !shim ? TME_ERR_LOAD : !cxx ? TME_ERR_COMPILE : TME_ERR_SYSTEM;
    if (!cxx && shim)
      tme_set_error(error, error_size,
                    "no C++ compiler found (set TILE_MSL_CXX to clang++)");
  } else if (write_stubs(shim, stubs, "") != 0 ||
             tme_write_file(input, src) != 0) {
    tme_set_error(error, error_size, "cannot write to %s", dir);
  } else {
    const char *argv[] = {cxx,          "-E",          "-x",   "c++",
                          "-std=c++17", version,       bfloat, tensor,
                          "-nostdinc",  "-nostdinc++", "-I",   stubs,
                          input,        "-o",          output, NULL};
    int status = tme_run_capture((char *const *)(void *)argv, log, 8192);
    char *text = status == 0 ? tme_read_file(output) : NULL;
    char shown[256];
    snprintf(shown, sizeof shown, "%s.metal", name ? name : "kernel");
    *out = text ? restore_includes(text, input, shown) : NULL;
    free(text);
    if (*out) {
      rc = TME_OK;
    } else {
      tme_set_error(error, error_size,
                    "expanding the kernel source's macros failed (status "
                    "%d):\n%s",
                    status, log);
      rc = TME_ERR_COMPILE;
    }
  }
  remove_tree(dir, 0);
  free(shim);
  free(cxx);
  free(log);
  return rc;
}

int tme_expand_macros_if_needed(const char *src, const char *name,
                                unsigned metal_version, char **out, char *error,
                                size_t error_size) {
  *out = NULL;
  if (!strstr(src, "define"))
    return TME_OK;
  TmeKernelRef ref;
  char ignored[512];
  if (tme_resolve_kernel(src, name, 1, &ref, ignored, sizeof ignored) == TME_OK)
    return TME_OK;
  return expand_macros(src, name, metal_version, out, error, error_size);
}
