/* A cached object that does not load is rebuilt under the same name; when
 * the rebuild cannot be put in place, the load fails with the error that
 * stopped it (TME_ERR_SYSTEM, "cannot rename into ..."), not with the
 * unloadable object's TME_ERR_LOAD. The rename is made to fail by putting a
 * directory where the object goes (chmod would not stop root); a directory
 * also does not dlopen, so it is the "damaged object" too.
 *
 * Usage: cache-rebuild-error <fixtures dir> <cache dir>
 *
 * RUN: %tile_cc %s -o %t %tme_lib
 * RUN: rm -rf %t.cache
 * RUN: %t %S/fixtures %t.cache | FileCheck %s
 *
 * CHECK: first load: ok
 * CHECK-NEXT: rebuild: [system] cannot rename into {{.*}}.so: Is a directory
 * CHECK-NEXT: after removing the directory: ok
 */

#include "Inputs/emu_test.h"

#include <sys/stat.h>
#include <unistd.h>

static const char kSource[] = "#include <metal_stdlib>\n"
                              "[[kernel]] void one(device float* out "
                              "[[buffer(0)]]) {\n"
                              "  out[0] = 1.0f;\n"
                              "}\n";
static const TmeParam kParams[] = {{"out", "device float*", 0}};

static int load(const char *what, const char *cache, char *path,
                size_t path_size) {
  TmeSignature sig = emu_signature("one", kParams, 1, NULL, 0);
  TmeModule *m = NULL;
  char error[8192];
  int rc = tme_module_load(kSource, &sig, cache, &m, error, sizeof error);
  if (rc == TME_OK) {
    printf("%s: ok\n", what);
    if (path)
      snprintf(path, path_size, "%s", tme_module_library_path(m));
  } else {
    emu_print_failure(what, rc, error);
  }
  tme_module_free(m);
  return rc;
}

int main(int argc, char **argv) {
  const char *dir, *cache;
  emu_parse_args(argc, argv, 0, "", &dir, &cache);
  char so_path[4200];
  if (load("first load", cache, so_path, sizeof so_path) != TME_OK)
    return 1;
  if (unlink(so_path) != 0 || mkdir(so_path, 0755) != 0) {
    perror(so_path);
    return 1;
  }
  load("rebuild", cache, NULL, 0);
  if (rmdir(so_path) != 0) {
    perror(so_path);
    return 1;
  }
  return load("after removing the directory", cache, NULL, 0) != TME_OK;
}
