/*===- compile.c - Compile, cache and load kernel modules ---------*- C -*-===*\
|*                                                                            *|
|* tme_module_load: the generated translation unit (wrapper.c) is compiled    *|
|* by the host clang++ into <cache>/<hash>.so and dlopen()ed. The hash covers *|
|* everything that determines the object (source, signature, compiler, flags, *|
|* shim headers), so a cached object is simply reused; objects are written    *|
|* under a temporary name and rename()d, so concurrent processes never see a  *|
|* partial file. The kernel's threadgroup memory is the module's TLS block    *|
|* (tile_msl_shim.h makes `threadgroup` variables static thread_local): its   *|
|* module id and size are looked up here for the NaN fill before every        *|
|* threadgroup.                                                               *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- threadgroup memory = the module's TLS segment --------------------- */
struct tls_size_query {
  size_t modid, size;
};
static int find_tls_size(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct tls_size_query *q = data;
  if (info->dlpi_tls_modid != q->modid)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      q->size = info->dlpi_phdr[i].p_memsz;
  return 1;
}

/* ---- loading ---------------------------------------------------------- */
/* Whether the module's tile_msl_* hooks resolved to this emulator's
 * definitions (tme_hook_addresses of the wrapper reports what it sees). */
static int check_hooks_bound(void *hooks_sym, const char *path, char *error,
                             size_t error_size) {
  void (*hook_addresses)(void (**)(void));
  memcpy(&hook_addresses, &hooks_sym, sizeof hooks_sym);
  enum { NHOOKS = 10 };
  void (*seen[NHOOKS])(void);
  hook_addresses(seen);
  void (*mine[NHOOKS])(void) = {
      (void (*)(void))tile_msl_lane_id,
      (void (*)(void))tile_msl_threadgroup_barrier,
      (void (*)(void))tile_msl_simdgroup_barrier,
      (void (*)(void))tile_msl_simdgroup_multiply_accumulate,
      (void (*)(void))tile_msl_simd_collective,
      (void (*)(void))tile_msl_thread_index,
      (void (*)(void))tile_msl_report,
      (void (*)(void))tile_msl_rendezvous,
      (void (*)(void))tile_msl_note_float_atomic,
      (void (*)(void))tile_msl_note_access};
  for (int i = 0; i < NHOOKS; ++i) {
    if (seen[i] != mine[i]) {
      tme_set_error(error, error_size,
                    "%s: the module's tile_msl_* hooks bound to another "
                    "definition than the emulator's (another copy of the "
                    "emulator, or the shim's default hooks?)",
                    path);
      return TME_ERR_LOAD;
    }
  }
  return TME_OK;
}

/* dlopen()s the object, checks its entry and hooks, and takes its
 * parameter sizes and threadgroup memory (the TLS segment) from it. */
static int open_module(TmeModule *m, const char *path, char *error,
                       size_t error_size) {
  m->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!m->handle) {
    const char *e = dlerror();
    int hooks = e && strstr(e, "tile_msl_");
    tme_set_error(error, error_size, "dlopen %s: %s%s", path, e ? e : "?",
                  hooks ? " (the emulator's tile_msl_* "
                          "functions must be exported by the process: link "
                          "the executable with -rdynamic)"
                        : "");
    return TME_ERR_LOAD;
  }
  /* dlsym returns void*; C has no cast to a function pointer, so copy. */
  void *sym = dlsym(m->handle, "tme_entry");
  void *hooks_sym = dlsym(m->handle, "tme_hook_addresses");
  if (!sym || !hooks_sym) {
    tme_set_error(error, error_size, "%s: entry symbols missing", path);
    return TME_ERR_LOAD;
  }
  memcpy(&m->entry, &sym, sizeof sym);
  int rc = check_hooks_bound(hooks_sym, path, error, error_size);
  if (rc != TME_OK)
    return rc;
  /* The compiler's sizes replace those read from the type's spelling,
   * which knows no structs and no macro-named types. */
  const unsigned long *sizes = dlsym(m->handle, "tme_param_sizes");
  for (size_t i = 0; sizes && i < m->num_params; ++i)
    if (sizes[i])
      m->param_types[i].elem_size = sizes[i];
  if (dlinfo(m->handle, RTLD_DI_TLS_MODID, &m->tls_modid) != 0)
    m->tls_modid = 0;
  if (m->tls_modid) {
    struct tls_size_query q = {m->tls_modid, 0};
    dl_iterate_phdr(find_tls_size, &q);
    m->tls_size = q.size;
  }
  void *redzone = dlsym(m->handle, "tme_threadgroup_redzone");
  if (redzone && m->tls_size >= TME_TG_REDZONE) {
    memcpy(&m->redzone_address, &redzone, sizeof redzone);
    m->redzone = TME_TG_REDZONE;
  }
  return TME_OK;
}

/* Whether the loaded kernel's threadgroup memory fits Apple's limit: a
 * property of the kernel, not of the object, so a cached object that
 * fails it is not rebuilt. */
static int check_threadgroup_memory(const TmeModule *m, char *error,
                                    size_t error_size) {
  if (m->tls_size - m->redzone <= TME_MAX_TG_MEMORY)
    return TME_OK;
  tme_set_error(error, error_size,
                "kernel '%s' uses %zu bytes of threadgroup memory; Apple "
                "GPUs allow %u",
                m->kernel_name, m->tls_size - m->redzone, TME_MAX_TG_MEMORY);
  return TME_ERR_LOAD;
}

/* ---- tme_module_load, step by step ------------------------------------- */
/* What one load works with between its steps; build_free releases it
 * whether the load succeeds or not. */
typedef struct {
  char *expanded;     /* the source with its macros expanded, or NULL */
  char *tu;           /* the translation unit (wrapper.c) */
  char *shim;         /* the shim headers' directory */
  char *cxx;          /* the C++ compiler */
  char *log;          /* the compiler's captured output */
  const char *source; /* the MSL compiled (expanded or not) */
  const TmeKernelOptions *options; /* the load's */
  int instrumented;
  /* Members overloaded on the object's address space became C++23
   * explicit object parameters (member_spaces.c): compiled as C++23. */
  int members_rewritten;
  unsigned metal_version;
  /* The compiler's command line: the flags, then room for the input and
   * output; argc counts the flags. */
  const char *argv[64 + 48];
  size_t argc;
  char version_define[48];
  char so_path[4200], cpp_path[4200];
} ModuleBuild;

static void build_free(ModuleBuild *b) {
  free(b->log);
  free(b->tu);
  free(b->cxx);
  free(b->shim);
  free(b->expanded);
}

/* The MSL version, then the translation unit to compile. */
static int prepare_source(ModuleBuild *b, const char *msl_source,
                          const TmeSignature *sig,
                          const TmeKernelOptions *options, char *error,
                          size_t error_size) {
  int rc = tme_metal_version_of(sig, &b->metal_version, error, error_size);
  if (rc != TME_OK)
    return rc;
  /* A kernel instantiated by a macro (MLX's instantiate_kernel) is found
   * in the text with the source's own macros expanded (macros.c), as the
   * kernel's MSL version sees them. */
  rc = tme_expand_macros_if_needed(msl_source, sig->kernel_name,
                                   b->metal_version, &b->expanded, error,
                                   error_size);
  if (rc != TME_OK)
    return rc;
  if (b->expanded)
    msl_source = b->expanded;
  b->source = msl_source;
  b->options = options;
  return tme_build_translation_unit(msl_source, sig, options, 0, &b->tu, error,
                                    error_size);
}

/* The kernel's name and its parameters' names and types, for launches and
 * messages. TME_ERR_SYSTEM if out of memory. */
static int describe_params(TmeModule *m, const TmeSignature *sig) {
  m->kernel_name = tme_strdup(sig->kernel_name);
  m->num_params = sig->num_params;
  m->param_names = calloc(sig->num_params + 1, sizeof *m->param_names);
  m->param_types = calloc(sig->num_params + 1, sizeof *m->param_types);
  if (!m->kernel_name || !m->param_names || !m->param_types)
    return TME_ERR_SYSTEM;
  for (size_t i = 0; i < sig->num_params; ++i) {
    tme_parse_msl_type(sig->params[i].msl_type, &m->param_types[i]);
    char fallback[32];
    snprintf(fallback, sizeof fallback, "buffer(%u)", sig->params[i].index);
    m->param_names[i] =
        tme_strdup(sig->params[i].name ? sig->params[i].name : fallback);
    if (!m->param_names[i])
      return TME_ERR_SYSTEM;
  }
  return TME_OK;
}

/* The shim headers, the compiler and its flags. */
static int prepare_compiler(ModuleBuild *b, TmeModule *m,
                            const TmeSignature *sig, char *error,
                            size_t error_size) {
  b->shim = tme_find_shim_dir(error, error_size);
  if (!b->shim)
    return TME_ERR_LOAD;
  b->cxx = tme_find_compiler();
  if (!b->cxx) {
    tme_set_error(error, error_size,
                  "no C++ compiler found (set TILE_MSL_CXX to clang++)");
    return TME_ERR_COMPILE;
  }
  const char *no_instr = getenv("TILE_MSL_NO_INSTRUMENT");
  m->instrumented = !(no_instr && *no_instr && strcmp(no_instr, "0") != 0);
  b->instrumented = m->instrumented;
  b->argc = tme_compile_flags(b->argv, b->cxx, b->shim, sig, b->metal_version,
                              m->instrumented, 1, b->version_define);
  b->members_rewritten = strstr(b->tu, "& __msl_self") != NULL;
  if (b->members_rewritten)
    b->argv[1] = "-std=c++23";
  return TME_OK;
}

/* The cache key: everything that determines the object. */
static uint64_t object_hash(const ModuleBuild *b) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < b->argc; ++i)
    tme_hash_str(&h, b->argv[i]);
  tme_hash_str(&h, b->tu);
  tme_hash_shim_dir(&h, b->shim, 0);
  /* A compiler upgraded in place must not reuse objects of the old one. */
  struct stat cst;
  if (stat(b->cxx, &cst) == 0) {
    long long id[2] = {(long long)cst.st_size, (long long)cst.st_mtime};
    tme_hash_bytes(&h, id, sizeof id);
  }
  return h;
}

/* <cache>/<hash>.so and .cpp, creating the cache directory. */
static int choose_object_path(ModuleBuild *b, TmeModule *m,
                              const char *cache_dir, char *error,
                              size_t error_size) {
  uint64_t h = object_hash(b);
  char dir[4096];
  if (cache_dir && *cache_dir)
    snprintf(dir, sizeof dir, "%s", cache_dir);
  else
    tme_default_cache_dir(dir, sizeof dir);
  if (tme_mkdir_p(dir) != 0) {
    tme_set_error(error, error_size, "cannot create cache directory '%s': %s",
                  dir, strerror(errno));
    return TME_ERR_SYSTEM;
  }
  snprintf(b->so_path, sizeof b->so_path, "%s/%016llx.so", dir,
           (unsigned long long)h);
  snprintf(b->cpp_path, sizeof b->cpp_path, "%s/%016llx.cpp", dir,
           (unsigned long long)h);
  m->library_path = tme_strdup(b->so_path);
  return m->library_path ? TME_OK : TME_ERR_SYSTEM;
}

/* Opens the cached object if there is one: TME_OK if it loaded, else the
 * reason (TME_ERR_SYSTEM if there is none); a stale or damaged object is
 * closed again, to be rebuilt under the same name. */
static int open_cached_object(TmeModule *m, const char *so_path, char *error,
                              size_t error_size) {
  if (access(so_path, R_OK) != 0)
    return TME_ERR_SYSTEM;
  int rc = open_module(m, so_path, error, error_size);
  if (rc != TME_OK) {
    if (m->handle)
      dlclose(m->handle);
    m->handle = NULL;
  }
  return rc;
}

/* Compiles the source with its address spaces flat (its text into
 * tmp_cpp), with b's flags and output otherwise (b->argv ends in the
 * input and output): the compiler's exit status, -1 when it could not
 * run. */
static int compile_flat(const ModuleBuild *b, const TmeSignature *sig,
                        const char *tmp_cpp) {
  char *tu = NULL, error[256], version_define[48], log[256];
  if (tme_build_translation_unit(b->source, sig, b->options, 1, &tu, error,
                                 sizeof error) != TME_OK ||
      tme_write_file(tmp_cpp, tu) != 0) {
    free(tu);
    return -1;
  }
  free(tu);
  const char *flat[64 + 40];
  size_t n = tme_compile_flags(flat, b->cxx, b->shim, sig, b->metal_version,
                               b->instrumented, 0, version_define);
  for (size_t i = b->argc; i <= b->argc + 5; ++i) /* -x c++ IN -o OUT NULL */
    flat[n++] = b->argv[i];
  return tme_run_capture((char *const *)(void *)flat, log, sizeof log);
}

/* Runs the compiler on tmp_cpp into tmp_so; removes both if it fails. */
static int run_compiler(ModuleBuild *b, const TmeSignature *sig,
                        const char *tmp_cpp, const char *tmp_so, char *error,
                        size_t error_size) {
  size_t argc = b->argc;
  b->argv[argc++] = "-x";
  b->argv[argc++] = "c++";
  b->argv[argc++] = tmp_cpp;
  b->argv[argc++] = "-o";
  b->argv[argc++] = tmp_so;
  b->argv[argc] = NULL;
  size_t log_size = 16384;
  b->log = malloc(log_size);
  if (!b->log)
    return TME_ERR_SYSTEM;
  int status =
      tme_run_capture((char *const *)(void *)b->argv, b->log, log_size);
  /* What clang cannot compile with address spaces as types although it
   * is valid MSL compiles as it did before they were: one flat address
   * space. Only that failure is compiled again (a typo costs one compile),
   * and if the flat compile fails too, the first one's errors are shown.
   * The object goes under the same name, so that the next load finds it. */
  if (status > 0 &&
      tme_address_space_needs_flat(b->log, b->members_rewritten) &&
      compile_flat(b, sig, tmp_cpp) == 0)
    return TME_OK;
  if (status == 0)
    return TME_OK;
  unlink(tmp_so);
  unlink(tmp_cpp);
  if (status < 0)
    tme_set_error(error, error_size, "cannot run %s: %s", b->cxx,
                  strerror(errno));
  else
    tme_set_error(error, error_size,
                  "compiling kernel '%s' with %s failed (status %d):\n%s",
                  sig->kernel_name, b->cxx, status, b->log);
  return TME_ERR_COMPILE;
}

/* Writes the translation unit and compiles it under temporary names, then
 * renames both into the cache, so concurrent loads never see a partial
 * file. */
static int compile_object(ModuleBuild *b, const TmeSignature *sig, char *error,
                          size_t error_size) {
  static atomic_uint counter;
  unsigned serial = atomic_fetch_add(&counter, 1);
  char tmp_so[4300], tmp_cpp[4300];
  snprintf(tmp_cpp, sizeof tmp_cpp, "%s.%ld.%u.cpp", b->so_path, (long)getpid(),
           serial);
  snprintf(tmp_so, sizeof tmp_so, "%s.%ld.%u.tmp", b->so_path, (long)getpid(),
           serial);
  if (tme_write_file(tmp_cpp, b->tu) != 0) {
    tme_set_error(error, error_size, "cannot write %s: %s", tmp_cpp,
                  strerror(errno));
    return TME_ERR_SYSTEM;
  }
  int rc = run_compiler(b, sig, tmp_cpp, tmp_so, error, error_size);
  if (rc != TME_OK)
    return rc;
  /* The .cpp is kept next to the object for debugging. */
  if (rename(tmp_so, b->so_path) != 0 || rename(tmp_cpp, b->cpp_path) != 0) {
    tme_set_error(error, error_size, "cannot rename into %s: %s", b->so_path,
                  strerror(errno));
    unlink(tmp_so);
    unlink(tmp_cpp);
    return TME_ERR_SYSTEM;
  }
  return TME_OK;
}

int tme_module_load(const char *msl_source, const TmeSignature *sig,
                    const char *cache_dir, TmeModule **out, char *error,
                    size_t error_size) {
  return tme_module_load_ex(msl_source, sig, NULL, cache_dir, out, error,
                            error_size);
}

int tme_module_load_ex(const char *msl_source, const TmeSignature *sig,
                       const TmeKernelOptions *options, const char *cache_dir,
                       TmeModule **out, char *error, size_t error_size) {
  if (error_size)
    error[0] = '\0';
  if (!out || !msl_source || !sig) {
    tme_set_error(error, error_size, "tme_module_load: NULL argument");
    return TME_ERR_ARGUMENT;
  }
  *out = NULL;
  TmeModule *m = calloc(1, sizeof *m);
  ModuleBuild b = {0};
  int rc = m ? prepare_source(&b, msl_source, sig, options, error, error_size)
             : TME_ERR_SYSTEM;
  if (rc == TME_OK)
    rc = describe_params(m, sig);
  if (rc == TME_OK)
    rc = prepare_compiler(&b, m, sig, error, error_size);
  if (rc == TME_OK)
    rc = choose_object_path(&b, m, cache_dir, error, error_size);
  if (rc == TME_OK) {
    /* A cached object that does not load is rebuilt: what counts from
     * then on is the rebuild's error (the one that stopped the load). */
    if (open_cached_object(m, b.so_path, error, error_size) != TME_OK) {
      if (error_size)
        error[0] = '\0';
      rc = compile_object(&b, sig, error, error_size);
      if (rc == TME_OK)
        rc = open_module(m, b.so_path, error, error_size);
    }
  }
  if (rc == TME_OK)
    rc = check_threadgroup_memory(m, error, error_size);
  if (rc == TME_ERR_SYSTEM && error_size && !error[0])
    tme_set_error(error, error_size, "out of memory");
  build_free(&b);
  if (rc != TME_OK) {
    tme_module_free(m);
    return rc;
  }
  *out = m;
  return TME_OK;
}

void tme_module_free(TmeModule *m) {
  if (!m)
    return;
  if (m->handle)
    dlclose(m->handle);
  for (size_t i = 0; m->param_names && i < m->num_params; ++i)
    free(m->param_names[i]);
  free(m->param_names);
  free(m->param_types);
  free(m->kernel_name);
  free(m->library_path);
  free(m);
}

size_t tme_module_threadgroup_memory_bytes(const TmeModule *m) {
  return m ? m->tls_size - m->redzone : 0;
}

const char *tme_module_library_path(const TmeModule *m) {
  return m ? m->library_path : NULL;
}

unsigned long tme_module_param_fields(const TmeModule *m, size_t param,
                                      TmeFieldCallback callback, void *ctx) {
  if (!m || param >= m->num_params)
    return 0;
  unsigned long (*fields)(unsigned long, TmeFieldCallback, void *);
  void *symbol = dlsym(m->handle, "tme_param_fields");
  if (!symbol)
    return 0; /* a module compiled before the wrapper had it */
  memcpy(&fields, &symbol, sizeof fields);
  return fields(param, callback, ctx);
}
