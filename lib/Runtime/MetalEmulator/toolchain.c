/*===- toolchain.c - The host compiler, the shim, their command line -*- C
-*-===*\
|*                                                                            *|
|* What compiling a kernel module needs from the machine: the host clang++    *|
|* (TILE_MSL_CXX, else the one the project was built with, else PATH), the   *|
|* shim headers' directory, the compiler's command line for a signature and  *|
|* MSL version, and running it with its output captured. compile.c builds,   *|
|* caches and loads the modules with these.                                   *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef TME_CXX
#define TME_CXX "/usr/lib/llvm-22/bin/clang++"
#endif

/* "4.0" -> 400, "3.1" -> 310, ...: __METAL_VERSION__ of a Metal Shading
 * Language version Apple has released; 0 for anything else. */
static unsigned parse_metal_version(const char *v) {
  static const char *const known[] = {"1.0", "1.1", "1.2", "2.0", "2.1", "2.2",
                                      "2.3", "2.4", "3.0", "3.1", "3.2", "4.0"};
  for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
    if (strcmp(v, known[i]) == 0)
      return (unsigned)(v[0] - '0') * 100u + (unsigned)(v[2] - '0') * 10u;
  return 0;
}

/* ---- locations -------------------------------------------------------- */
static int is_executable(const char *path) {
  return path && *path && access(path, X_OK) == 0;
}

/* Finds `name` in $PATH; returns a malloc'd path or NULL. */
static char *search_path(const char *name) {
  const char *path = getenv("PATH");
  if (!path)
    return NULL;
  char *copy = tme_strdup(path), *save = NULL;
  char *result = NULL;
  for (char *d = strtok_r(copy, ":", &save); d && !result;
       d = strtok_r(NULL, ":", &save)) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", d, name);
    if (is_executable(buf))
      result = tme_strdup(buf);
  }
  free(copy);
  return result;
}

/* The shim needs clang; g++ is only the last resort (and will fail with the
 * shim's own "needs clang" message, which is then reported). */
char *tme_find_compiler(void) {
  const char *env = getenv("TILE_MSL_CXX");
  if (env && *env)
    return tme_strdup(env);
  if (is_executable(TME_CXX))
    return tme_strdup(TME_CXX);
  static const char *const fallbacks[] = {"clang++-22", "clang++", "g++"};
  for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; ++i) {
    char *p = search_path(fallbacks[i]);
    if (p)
      return p;
  }
  return NULL;
}

int tme_write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return -1;
  size_t n = strlen(text);
  int ok = fwrite(text, 1, n, f) == n;
  ok &= fclose(f) == 0;
  return ok ? 0 : -1;
}

/* ---- the shim headers ------------------------------------------------- */
/* No path is compiled in: the library is built once and then used from the
 * build tree, from an installation, or from wherever an installation was
 * moved, so the shim is found relative to what is running instead. */

/* Defined in programs that link TileMLIR::MetalEmulator through the CMake
 * package (TileMLIRConfig.cmake adds a source that points it at the
 * installed shim): such a program lives outside the installation, where the
 * lookup relative to it finds nothing. Weak, so other programs need not
 * define it. */
extern const char *const tme_package_shim_dir __attribute__((weak));

/* Only its address matters: it lies in the file this code was linked into. */
static const char own_address_anchor = 0;

static int is_shim_dir(const char *dir) {
  char probe[4096];
  if (snprintf(probe, sizeof probe, "%s/tile_msl_shim.h", dir) >=
      (int)sizeof probe)
    return 0;
  return access(probe, R_OK) == 0;
}

/* Writes <dir>/../include/tile/Runtime/msl to `buf` (without the ".."),
 * where <dir> holds the executable or shared library this code is part of:
 * bin/ or lib/ of an installation, or of the build tree, where the build
 * links that path to the source tree's shim. Returns 0 if <dir> is
 * unknown. */
static int shim_dir_near_binary(char *buf, size_t size) {
  Dl_info info;
  struct link_map *map = NULL;
  char file[4096];
  /* glibc gives argv[0] as the main program's file name, which may be
   * relative or have been found through PATH; /proc/self/exe is exact. */
  if (dladdr1(&own_address_anchor, &info, (void **)&map, RTLD_DL_LINKMAP) &&
      map && map->l_name && map->l_name[0]) {
    if (snprintf(file, sizeof file, "%s", map->l_name) >= (int)sizeof file)
      return 0;
  } else {
    ssize_t n = readlink("/proc/self/exe", file, sizeof file - 1);
    if (n <= 0)
      return 0;
    file[n] = '\0';
  }
  char *real = realpath(file, NULL);
  if (!real)
    return 0;
  /* Two levels up without "..": the path appears in messages. */
  char *slash = strrchr(real, '/');
  *slash = '\0';
  slash = strrchr(real, '/');
  if (slash)
    *slash = '\0';
  int ok = snprintf(buf, size, "%s/include/tile/Runtime/msl", real) < (int)size;
  free(real);
  return ok;
}

/* The shim directory: $TILE_MSL_SHIM_DIR if set (and then nothing else, so
 * that a wrong setting is reported rather than bypassed), else the
 * package's, else the one next to the running binary. Returns a malloc'd
 * path, or NULL with a message in `error`. */
char *tme_find_shim_dir(char *error, size_t error_size) {
  const char *env = getenv("TILE_MSL_SHIM_DIR");
  if (env && *env) {
    if (is_shim_dir(env))
      return tme_strdup(env);
    tme_set_error(error, error_size,
                  "MSL shim headers not found in '%s' (TILE_MSL_SHIM_DIR)",
                  env);
    return NULL;
  }
  const char *package = &tme_package_shim_dir ? tme_package_shim_dir : NULL;
  if (package && is_shim_dir(package))
    return tme_strdup(package);
  char near[4096];
  if (!shim_dir_near_binary(near, sizeof near))
    snprintf(near, sizeof near, "(no path for the running program)");
  else if (is_shim_dir(near))
    return tme_strdup(near);
  tme_set_error(error, error_size,
                "MSL shim headers not found in '%s'%s%s%s (set "
                "TILE_MSL_SHIM_DIR to <prefix>/include/tile/Runtime/msl)",
                near, package ? " nor in '" : "", package ? package : "",
                package ? "'" : "");
  return NULL;
}

/* ---- running the compiler --------------------------------------------- */
/* Runs argv (no shell: nothing in the arguments is interpreted), collects
 * stdout+stderr into `out` (truncated to out_size). Returns the exit status,
 * or -1 if it could not be started. */
int tme_run_capture(char *const *argv, char *out, size_t out_size) {
  int fds[2];
  if (out_size)
    out[0] = '\0';
  if (pipe(fds) != 0)
    return -1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    errno = rc;
    return -1;
  }
  size_t len = 0;
  char buf[4096];
  ssize_t r;
  /* Drain everything so the child never blocks on a full pipe. */
  while ((r = read(fds[0], buf, sizeof buf)) != 0) {
    if (r < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (out_size && len + 1 < out_size) {
      size_t room = out_size - 1 - len;
      size_t n = (size_t)r < room ? (size_t)r : room;
      memcpy(out + len, buf, n);
      len += n;
      out[len] = '\0';
    }
  }
  close(fds[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The MSL version the signature's compile options ask for
 * (-std=metalX.Y), 0 for none. */
int tme_metal_version_of(const TmeSignature *sig, unsigned *version,
                         char *error, size_t error_size) {
  *version = 0;
  if (sig->num_compile_options > 64) {
    tme_set_error(error, error_size, "too many compile options");
    return TME_ERR_ARGUMENT;
  }
  for (size_t i = 0; i < sig->num_compile_options; ++i) {
    const char *o = sig->compile_options[i];
    if (!o || strncmp(o, "-std=metal", 10) != 0)
      continue;
    *version = parse_metal_version(o + 10);
    if (!*version) {
      tme_set_error(error, error_size,
                    "unsupported compile option '%s' (expected a Metal "
                    "Shading Language version such as -std=metal3.1 or "
                    "-std=metal4.0)",
                    o);
      return TME_ERR_ARGUMENT;
    }
  }
  return TME_OK;
}

/* The target the kernel modules are built for: this process's. */
#if defined(__x86_64__)
#define TME_HOST_TRIPLE "x86_64-pc-linux-gnu"
#elif defined(__aarch64__)
#define TME_HOST_TRIPLE "aarch64-unknown-linux-gnu"
#else
#error "the Metal emulator runs on x86-64 and AArch64 Linux"
#endif

/* The compiler's command line up to the input: writes argv, returns argc.
 * `version_define` holds the -D__METAL_VERSION__ flag's text;
 * `typed_spaces`: address spaces as types (else flat). */
size_t tme_compile_flags(const char **argv, const char *cxx, const char *shim,
                         const TmeSignature *sig, unsigned metal_version,
                         int instrumented, int typed_spaces,
                         char version_define[48]) {
  int is_clang = strstr(cxx, "clang") != NULL;
  /* Fixed flags. -O2: a kernel runs once per thread and schedule, so its
   * speed is the emulator's (values kept in registers also mean fewer
   * instrumented stack accesses); it compiles as fast as -O1. No
   * exceptions/RTTI: MSL has none. Hidden visibility plus
   * section garbage collection drop the other kernels of the source and
   * their threadgroup variables, so the module's TLS segment is exactly this
   * kernel's threadgroup memory. -rtlib=compiler-rt: float->bfloat
   * conversions call __truncsfbf2, which old libgcc lacks. The load/store
   * callbacks give the byte counters (access.c). */
  size_t argc = 0;
  argv[argc++] = cxx;
  /* MSL 4.0 needs C++20 (class-type template arguments) and
   * __HAVE_TENSOR__. */
  argv[argc++] = metal_version >= 400 ? "-std=c++20" : "-std=c++17";
  /* Without an option, Metal 3.2 (what Apple's compiler of macOS 15 assumes
   * by default): kernels test __METAL_VERSION__ for bfloat (>= 310) and
   * choose their tensor path (>= 400) by it. */
  snprintf(version_define, 48, "-D__METAL_VERSION__=%u",
           metal_version ? metal_version : TME_DEFAULT_METAL_VERSION);
  argv[argc++] = version_define;
  static const char *const fixed[] = {
      "-O2", "-fPIC", "-shared", "-fno-exceptions", "-fno-rtti",
      "-fvisibility=hidden", "-ffunction-sections", "-fdata-sections",
      "-Wl,--gc-sections", "-DTILE_MSL_NO_DEFAULT_HOOKS",
      /* Threadgroup variables without the shim's C++20 check for pointer
       * locals of a syntax check (the emulator rewrites those), which also
       * refuses threadgroup arrays of structs without initializers in
       * C++20 and C++23 (MSL 4.0; member_spaces.c). */
      "-DTILE_MSL_THREADGROUP_STORAGE=static thread_local",
      /* No warnings: they are not findings of the emulator, and a long
       * list of them would push the error out of the captured output. */
      "-w"};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; ++i)
    argv[argc++] = fixed[i];
  if (is_clang) {
    argv[argc++] = "-rtlib=compiler-rt";
    /* half and bfloat arithmetic rounds at every operation, as on the GPU's
     * 16-bit ALUs: clang would keep intermediate values in float where the
     * host has no such instructions, so a product that overflows half
     * (300h * 300h) would not be infinite, nor would 256 + 1 round to 256
     * in bfloat. */
    argv[argc++] = "-Xclang";
    argv[argc++] = "-ffloat16-excess-precision=none";
    argv[argc++] = "-Xclang";
    argv[argc++] = "-fbfloat16-excess-precision=none";
    /* Probe big frames page by page, so that a kernel overflowing its fiber
     * stack hits the guard page below it rather than the next stack. */
    argv[argc++] = "-fstack-clash-protection";
    /* Barriers and SIMD-group functions are told apart by their call site:
     * the optimizer must not duplicate a call into both arms of a branch
     * (tail duplication), which would make one barrier look like two. */
    argv[argc++] = "-fconvergent-functions";
    /* Indexing of fixed-size arrays is checked (wrapper.c's handler). */
    argv[argc++] = "-fsanitize=array-bounds";
    /* .x/.y/.z of program-scope built-in variables (tile_msl_shim.h). */
    argv[argc++] = "-fdeclspec";
    argv[argc++] = "-DTILE_MSL_PROGRAM_SCOPE_PROPERTIES";
  }
  if (is_clang && typed_spaces) {
    /* Address spaces as types (tile_msl_shim.h): SYCL device mode is the
     * C++ of clang with a generic default address space that the others
     * convert to. It emits only the functions marked sycl_external (the
     * wrapper's entry points, tme_emitted in wrapper.c) and what they
     * use. Its "host" (the auxiliary target, which it mangles some types
     * by) is the host itself. */
    argv[argc++] = "-Xclang";
    argv[argc++] = "-fsycl-is-device";
    argv[argc++] = "-Xclang";
    argv[argc++] = "-aux-triple";
    argv[argc++] = "-Xclang";
    argv[argc++] = TME_HOST_TRIPLE;
  }
  if (instrumented)
    argv[argc++] = "-fsanitize-coverage=func,trace-loads,trace-stores";
  argv[argc++] = "-I";
  argv[argc++] = shim;
  for (size_t i = 0; i < sig->num_compile_options; ++i) {
    const char *o = sig->compile_options[i];
    if (o && strncmp(o, "-std=metal", 10) != 0)
      argv[argc++] = o;
  }
  return argc;
}
