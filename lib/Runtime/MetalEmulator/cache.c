/*===- cache.c - The compiled-kernel cache: directory and keys ----*- C -*-===*\
|*                                                                            *|
|* The object cache of compile.c: the cache directory (made on demand) and    *|
|* the 64-bit FNV-1a hash that names an object after everything that          *|
|* determines it, including the shim headers it #includes.                    *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- hashing: 64-bit FNV-1a ------------------------------------------- */
void tme_hash_bytes(uint64_t *h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; ++i) {
    *h ^= p[i];
    *h *= 0x100000001b3ull;
  }
}
/* Strings are hashed with their terminator so "ab","c" != "a","bc". */
void tme_hash_str(uint64_t *h, const char *s) {
  tme_hash_bytes(h, s, strlen(s) + 1);
}

/* The shim headers are part of what is compiled, but only by #include:
 * hash their names and contents so that editing them invalidates the cache.
 * Subdirectories (MetalPerformancePrimitives/) are hashed too. */
void tme_hash_shim_dir(uint64_t *h, const char *dir, int depth) {
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; ++i) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
    struct stat st;
    int hidden = names[i]->d_name[0] == '.';
    if (!hidden && depth < 4 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
      tme_hash_str(h, names[i]->d_name);
      tme_hash_shim_dir(h, path, depth + 1);
      free(names[i]);
      continue;
    }
    FILE *f = !hidden ? fopen(path, "rb") : NULL;
    if (f) {
      tme_hash_str(h, names[i]->d_name);
      char buf[8192];
      size_t r;
      while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        tme_hash_bytes(h, buf, r);
      fclose(f);
    }
    free(names[i]);
  }
  free(names);
}

/* ---- the cache directory ---------------------------------------------- */
int tme_mkdir_p(const char *dir) {
  char buf[4096];
  if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf)
    return -1;
  for (char *p = buf + 1; *p; ++p) {
    if (*p == '/') {
      *p = '\0';
      if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return -1;
      *p = '/';
    }
  }
  if (mkdir(buf, 0777) != 0 && errno != EEXIST)
    return -1;
  return 0;
}

void tme_default_cache_dir(char *buf, size_t size) {
  const char *env = getenv("TILE_MSL_CACHE_DIR");
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  if (env && *env)
    snprintf(buf, size, "%s", env);
  else if (xdg && *xdg)
    snprintf(buf, size, "%s/tile-mlir/msl", xdg);
  else if (home && *home)
    snprintf(buf, size, "%s/.cache/tile-mlir/msl", home);
  else
    snprintf(buf, size, "/tmp/tile-mlir-msl-%ld", (long)getuid());
}
