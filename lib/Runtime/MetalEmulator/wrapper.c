/*===- wrapper.c - The generated C++ entry of a kernel module -----*- C -*-===*\
|*                                                                            *|
|* A kernel's parameters are typed in MSL ("device const float*",             *|
|* "constant uint&", "uint3 [[threadgroup_position_in_grid]]"); the emulator  *|
|* is C and only has addresses. Rather than building calls by hand (which     *|
|* would need the C++ ABI of ext_vector_type arguments), the emulator writes  *|
|* a translation unit that contains the MSL text unchanged followed by an     *|
|* `extern "C"` entry taking (void *const *args, const unsigned *builtins)    *|
|* and calling the kernel with each argument cast to its msl_type: the C++    *|
|* compiler then does the calling convention.                                 *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tme_str_add(TmeStr *s, const char *text, size_t n) {
  if (s->oom)
    return;
  if (s->len + n + 1 > s->cap) {
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + n + 1)
      cap *= 2;
    char *p = realloc(s->p, cap);
    if (!p) {
      s->oom = 1;
      return;
    }
    s->p = p;
    s->cap = cap;
  }
  memcpy(s->p + s->len, text, n);
  s->len += n;
  s->p[s->len] = '\0';
}

static void str_printf(TmeStr *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void str_printf(TmeStr *s, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof buf) {
    s->oom = 1; /* callers only format short, validated pieces */
    return;
  }
  tme_str_add(s, buf, (size_t)n);
}

/* Builtin parameters: name -> offset in the per-thread value array and
 * number of components. */
static const struct {
  const char *name;
  unsigned offset, components;
} kBuiltins[] = {
    {"thread_index_in_threadgroup", TME_BV_TID, 1},
    {"simdgroup_index_in_threadgroup", TME_BV_SGID, 1},
    {"thread_index_in_simdgroup", TME_BV_LANE, 1},
    {"thread_position_in_threadgroup", TME_BV_TPOS_TG, 3},
    {"threads_per_threadgroup", TME_BV_TPTG, 3},
    {"dispatch_threads_per_threadgroup", TME_BV_DISPATCH_TPTG, 3},
    {"threadgroup_position_in_grid", TME_BV_TGPOS, 3},
    {"threadgroups_per_grid", TME_BV_NTG, 3},
    {"thread_position_in_grid", TME_BV_TPOS_GRID, 3},
    {"threads_per_grid", TME_BV_TPGRID, 3},
    {"simdgroups_per_threadgroup", TME_BV_NSG, 1},
    {"dispatch_simdgroups_per_threadgroup", TME_BV_DISPATCH_NSG, 1},
    {"threads_per_simdgroup", TME_BV_SIMD_WIDTH, 1},
    {"thread_execution_width", TME_BV_SIMD_WIDTH, 1},
    {"thread_index_in_quadgroup", TME_BV_QUAD_LANE, 1},
    {"quadgroup_index_in_threadgroup", TME_BV_QUAD_ID, 1},
    {"quadgroups_per_threadgroup", TME_BV_NQUADS, 1},
};

int tme_builtin_slot(const char *name, size_t len, unsigned *slot,
                     unsigned *components) {
  for (size_t k = 0; k < sizeof kBuiltins / sizeof kBuiltins[0]; ++k)
    if (strlen(kBuiltins[k].name) == len &&
        !strncmp(kBuiltins[k].name, name, len)) {
      *slot = kBuiltins[k].offset;
      *components = kBuiltins[k].components;
      return 1;
    }
  return 0;
}

/* Element scalars of MSL with their sizes. */
static const struct {
  const char *name;
  size_t size;
} kScalars[] = {
    {"bool", 1},        {"char", 1},         {"uchar", 1},
    {"int8_t", 1},      {"uint8_t", 1},      {"short", 2},
    {"ushort", 2},      {"int16_t", 2},      {"uint16_t", 2},
    {"half", 2},        {"bfloat", 2},       {"int", 4},
    {"uint", 4},        {"int32_t", 4},      {"uint32_t", 4},
    {"float", 4},       {"long", 8},         {"ulong", 8},
    {"int64_t", 8},     {"uint64_t", 8},     {"atomic_int", 4},
    {"atomic_uint", 4}, {"atomic_float", 4}, {"atomic_bool", 1},
    {"atomic_long", 8}, {"atomic_ulong", 8},
};

/* Address-space and cv words that do not change the element type. */
static int is_qualifier(const char *w, size_t n) {
  static const char *const q[] = {"device", "constant", "const",
                                  "thread", "volatile", "restrict"};
  for (size_t i = 0; i < sizeof q / sizeof q[0]; ++i)
    if (strlen(q[i]) == n && memcmp(q[i], w, n) == 0)
      return 1;
  return 0;
}

int tme_parse_msl_type(const char *t, TmeTypeInfo *out) {
  memset(out, 0, sizeof *out);
  out->lanes = 1;
  const char *name = NULL;
  size_t name_len = 0;
  int pointers = 0, references = 0;
  /* The text goes verbatim into C++, so it is restricted to what a type
   * spelling needs; anything else could inject code. */
  for (const char *p = t; *p;) {
    if (isspace((unsigned char)*p)) {
      ++p;
    } else if (*p == '*' || *p == '&') {
      if (!name)
        return -1;
      *p == '*' ? ++pointers : ++references;
      ++p;
    } else if (isalnum((unsigned char)*p) || *p == '_' || *p == ':' ||
               *p == '<' || *p == '>' || *p == ',') {
      const char *w = p;
      while (isalnum((unsigned char)*p) || *p == '_' || *p == ':' ||
             *p == '<' || *p == '>' || *p == ',')
        ++p;
      size_t n = (size_t)(p - w);
      if (n == 11 && memcmp(w, "threadgroup", 11) == 0)
        return -2; /* [[threadgroup(n)]] parameters: see tile_msl_shim.h */
      if (is_qualifier(w, n))
        continue;
      if (name || pointers || references)
        return -1;
      name = w;
      name_len = n;
    } else {
      return -1;
    }
  }
  if (!name || pointers + references > 1)
    return -1;
  out->is_pointer = pointers;
  out->is_reference = references;
  /* scalar name + optional 2/3/4 suffix; unknown names keep elem_size 0
   * (the C++ compiler decides whether they exist). */
  size_t base = name_len;
  if (base > 1 && name[base - 1] >= '2' && name[base - 1] <= '4' &&
      !isdigit((unsigned char)name[base - 2]))
    --base;
  for (size_t i = 0; i < sizeof kScalars / sizeof kScalars[0]; ++i) {
    if (strlen(kScalars[i].name) == base &&
        memcmp(kScalars[i].name, name, base) == 0) {
      unsigned lanes = base == name_len ? 1u : (unsigned)(name[base] - '0');
      snprintf(out->scalar, sizeof out->scalar, "%s", kScalars[i].name);
      out->lanes = lanes;
      /* 3-component vectors occupy 4 components (MSL and clang agree). */
      out->elem_size = kScalars[i].size * (lanes == 3 ? 4 : lanes);
      break;
    }
  }
  return 0;
}

static int valid_identifier(const char *s) {
  if (!s || !*s)
    return 0;
  for (const char *p = s; *p; ++p)
    if (!(isalnum((unsigned char)*p) || *p == '_' || *p == ':'))
      return 0;
  return !isdigit((unsigned char)s[0]);
}

/* The C++ spelling of msl_type without its trailing * or & (the cast target
 * is then "T*"). */
static void type_without_declarator(const char *t, char *buf, size_t size) {
  snprintf(buf, size, "%s", t);
  size_t n = strlen(buf);
  while (n && isspace((unsigned char)buf[n - 1]))
    --n;
  if (n && (buf[n - 1] == '*' || buf[n - 1] == '&'))
    --n;
  buf[n] = '\0';
}

/* One argument of the call: signature parameter `param`, the builtin
 * named `builtin`, or threadgroup parameter memory at `tg_offset`. */
typedef struct {
  long param; /* >= 0: sig->params[param] */
  const char *builtin;
  long tg_offset; /* >= 0: a [[threadgroup(n)]] parameter */
} Slot;

/* Writes the argument for signature parameter i, cast to its msl_type. */
static int emit_param(TmeStr *s, const TmeSignature *sig, size_t i, char *error,
                      size_t error_size) {
  const TmeParam *p = &sig->params[i];
  TmeTypeInfo ti;
  int rc = p->msl_type ? tme_parse_msl_type(p->msl_type, &ti) : -1;
  if (rc != 0) {
    tme_set_error(error, error_size,
                  rc == -2 ? "parameter %zu ('%s'): threadgroup parameters "
                             "are not supported (type '%s')"
                           : "parameter %zu ('%s'): unsupported msl_type "
                             "'%s'",
                  i, p->name ? p->name : "?",
                  p->msl_type ? p->msl_type : "(null)");
    return TME_ERR_ARGUMENT;
  }
  char base[256];
  type_without_declarator(p->msl_type, base, sizeof base);
  /* A constant buffer's pointer is in the constant address space, as the
   * kernel's parameter (adapt.c rewrites it there the same way). */
  char *w = base;
  while ((w = strstr(w, "constant")) != NULL) {
    int starts = w == base || !(isalnum((unsigned char)w[-1]) || w[-1] == '_');
    int ends = !(isalnum((unsigned char)w[8]) || w[8] == '_');
    if (starts && ends)
      memcpy(w, "__mslcas", 8);
    w += 8;
  }
  if (ti.is_pointer)
    str_printf(s, "(%s*)tme_args[%zu]", base, i);
  else /* reference, or (unusual) by value: the binding holds the value */
    str_printf(s, "*(%s*)tme_args[%zu]", base, i);
  return TME_OK;
}

/* Writes the value of builtin `b`. */
static int emit_builtin(TmeStr *s, const char *b, char *error,
                        size_t error_size) {
  size_t k = 0, nk = sizeof kBuiltins / sizeof kBuiltins[0];
  while (k < nk && (!b || strcmp(kBuiltins[k].name, b) != 0))
    ++k;
  if (k == nk) {
    tme_set_error(error, error_size, "unsupported builtin parameter '%s'",
                  b ? b : "(null)");
    return TME_ERR_ARGUMENT;
  }
  unsigned o = kBuiltins[k].offset;
  if (kBuiltins[k].components == 1)
    str_printf(s, "::tme_entry_detail::tme_value{tme_bv[%u], 0u, 0u}", o);
  else
    str_printf(
        s, "::tme_entry_detail::tme_value{tme_bv[%u], tme_bv[%u], tme_bv[%u]}",
        o, o + 1, o + 2);
  return TME_OK;
}

/* Byte offset of threadgroup parameter `index` in the module's parameter
 * threadgroup memory (each rounded up to 16 bytes, in signature order), or
 * -1 if the signature does not size it. */
static long threadgroup_offset(const TmeKernelOptions *sig, unsigned index) {
  size_t offset = 0;
  for (size_t i = 0; i < sig->num_threadgroup_params; ++i) {
    if (sig->threadgroup_params[i].index == index)
      return (long)offset;
    offset += (sig->threadgroup_params[i].bytes + 15) / 16 * 16;
  }
  return -1;
}

/* The call's arguments in declaration order, each parameter bound by its
 * attribute: [[buffer(n)]] to the signature parameter with index n,
 * [[threadgroup(n)]] to its threadgroup memory, a builtin attribute to that
 * builtin. Returns their number, or 0 when the declaration cannot be read
 * or does not match the signature one to one (the caller then uses the
 * signature's order). */
static size_t declared_slots(const char *src, const char *function,
                             const TmeSignature *sig,
                             const TmeKernelOptions *options, Slot *slots) {
  TmeDeclSlot decl[TME_MAX_DECLARED];
  size_t n;
  if (sig->num_params + sig->num_builtins > TME_MAX_DECLARED ||
      tme_read_parameters(src, function, decl, TME_MAX_DECLARED, &n) != 0)
    return 0;
  size_t used_params = 0, used_builtins = 0, used_tg = 0;
  for (size_t k = 0; k < n; ++k) {
    Slot slot = {-1, NULL, -1};
    if (decl[k].kind == TME_PARAM_BUFFER) {
      for (size_t i = 0; i < sig->num_params; ++i)
        if (sig->params[i].index == decl[k].index)
          slot.param = (long)i;
      if (slot.param < 0)
        return 0;
      ++used_params;
    } else if (decl[k].kind == TME_PARAM_THREADGROUP) {
      slot.tg_offset = threadgroup_offset(options, decl[k].index);
      if (slot.tg_offset < 0)
        return 0;
      ++used_tg;
    } else {
      for (size_t i = 0; i < sig->num_builtins; ++i)
        if (sig->builtins[i] && !strcmp(sig->builtins[i], decl[k].builtin))
          slot.builtin = sig->builtins[i];
      if (!slot.builtin)
        return 0;
      ++used_builtins;
    }
    slots[k] = slot;
  }
  if (used_params != sig->num_params || used_builtins != sig->num_builtins ||
      used_tg != options->num_threadgroup_params)
    return 0;
  return n;
}

/* tme_param_fields(i, emit, ctx): the fields of parameter i's struct, for
 * tile-run's `--arg p={M=3,N=4}`. The compiler knows the layout, so the
 * wrapper asks it: clang's __builtin_dump_struct calls a callable with each
 * field's type name, name and (for a forwarding reference) the field
 * itself, whose address gives its offset. Fields of types tile-run cannot
 * write (nested structs, arrays, vectors, pointers) come as kind 0. Returns
 * sizeof the struct, 0 for a parameter that is not one. */
static int emit_param_fields(TmeStr *s, const TmeSignature *sig) {
  static const char walker[] =
      "namespace tme_entry_detail {\n"
      "typedef void (*tme_field_emit)(void *, const char *, const char *,\n"
      "                               unsigned long, unsigned long, int);\n"
      "template <class tme_X>\n"
      "using tme_bare = std::remove_cv_t<std::remove_reference_t<tme_X>>;\n"
      "struct tme_field_state {\n"
      "  const char *tme_base;\n"
      "  tme_field_emit tme_emit;\n"
      "  void *tme_ctx;\n"
      "  int tme_depth;\n"
      "};\n"
      "template <class tme_F> constexpr int tme_field_kind() {\n"
      "  if constexpr (std::is_same_v<tme_F, bool>) return 5;\n"
      "  else if constexpr (std::is_same_v<tme_F, __bf16>) return 4;\n"
      "  else if constexpr (std::is_same_v<tme_F, _Float16> ||\n"
      "                     std::is_floating_point_v<tme_F>) return 3;\n"
      "  else if constexpr (std::is_integral_v<tme_F>)\n"
      "    return std::is_signed_v<tme_F> ? 1 : 2;\n"
      "  else return 0;\n"
      "}\n"
      "template <class tme_V>\n"
      "void tme_on_field(tme_field_state *tme_s, const char *tme_fmt,\n"
      "                  const char *, const char *tme_type,\n"
      "                  const char *tme_name, tme_V &&tme_v) {\n"
      "  if (tme_s->tme_depth != 1) return;\n"
      "  const char *tme_at;\n"
      "  unsigned long tme_size;\n"
      "  int tme_kind;\n"
      "  // \"*%p\": clang passes the field's address (half, arrays).\n"
      "  if constexpr (std::is_pointer_v<tme_bare<tme_V>>) {\n"
      "    if (__builtin_strstr(tme_fmt, \"*%p\")) {\n"
      "      using tme_F = tme_bare<std::remove_pointer_t<\n"
      "          tme_bare<tme_V>>>;\n"
      "      tme_at = (const char *)tme_v;\n"
      "      tme_size = sizeof(tme_F);\n"
      "      tme_kind = tme_field_kind<tme_F>();\n"
      "    } else {\n"
      "      tme_at = (const char *)&tme_v;\n"
      "      tme_size = sizeof tme_v;\n"
      "      tme_kind = 0;\n"
      "    }\n"
      "  } else {\n"
      "    tme_at = (const char *)&tme_v;\n"
      "    tme_size = sizeof tme_v;\n"
      "    tme_kind = tme_field_kind<tme_bare<tme_V>>();\n"
      "  }\n"
      "  tme_s->tme_emit(tme_s->tme_ctx, tme_name, tme_type,\n"
      "                  (unsigned long)(tme_at - tme_s->tme_base), tme_size,\n"
      "                  tme_kind);\n"
      "}\n"
      "template <class... tme_Rest>\n"
      "void tme_other_field(tme_field_state *tme_s, const char *,\n"
      "                     const char *tme_type, const char *tme_name,\n"
      "                     tme_Rest &&...) {\n"
      "  if (tme_s->tme_depth == 1)\n"
      "    tme_s->tme_emit(tme_s->tme_ctx, tme_name, tme_type, 0, 0, 0);\n"
      "}\n"
      "struct tme_field_walker {\n"
      "  tme_field_state *tme_s;\n"
      "  template <class... tme_A>\n"
      "  void operator()(const char *tme_fmt, tme_A &&...tme_a) const {\n"
      "    if constexpr (sizeof...(tme_A) == 4) {\n"
      "      tme_on_field(tme_s, tme_fmt, tme_a...);\n"
      "    } else if constexpr (sizeof...(tme_A) == 3 ||\n"
      "                         sizeof...(tme_A) == 5) {\n"
      "      // A nested struct (its name, then its own fields one deeper)\n"
      "      // or a bit-field (its width and value follow): kind 0.\n"
      "      tme_other_field(tme_s, tme_a...);\n"
      "    } else if (__builtin_strstr(tme_fmt, \"{\")) {\n"
      "      ++tme_s->tme_depth;\n"
      "    } else if (__builtin_strstr(tme_fmt, \"}\")) {\n"
      "      --tme_s->tme_depth;\n"
      "    }\n"
      "  }\n"
      "};\n"
      "template <class tme_T>\n"
      "unsigned long tme_walk_fields(tme_field_emit tme_emit, void *tme_ctx) "
      "{\n"
      "  using tme_S = std::remove_cv_t<tme_T>;\n"
      "  if constexpr (std::is_class_v<tme_S>) {\n"
      "    alignas(tme_S) static const unsigned char "
      "tme_storage[sizeof(tme_S)] =\n"
      "        {};\n"
      "    const tme_S *tme_p = reinterpret_cast<const tme_S *>(tme_storage);\n"
      "    tme_field_state tme_s = {(const char *)tme_p, tme_emit, tme_ctx, "
      "0};\n"
      "    __builtin_dump_struct(tme_p, tme_field_walker{&tme_s});\n"
      "    return sizeof(tme_S);\n"
      "  } else {\n"
      "    return 0;\n"
      "  }\n"
      "}\n"
      "} // namespace tme_entry_detail\n"
      "extern \"C\" tme_emitted __attribute__((visibility(\"default\"))) "
      "unsigned long\n"
      "tme_param_fields(unsigned long tme_i,\n"
      "                 ::tme_entry_detail::tme_field_emit tme_emit,\n"
      "                 void *tme_ctx) {\n"
      "  switch (tme_i) {\n";
  tme_str_add(s, walker, sizeof walker - 1);
  for (size_t i = 0; i < sig->num_params; ++i) {
    char base[256];
    if (strchr(sig->params[i].msl_type, '*'))
      continue; /* a buffer: its elements are not one struct */
    type_without_declarator(sig->params[i].msl_type, base, sizeof base);
    str_printf(s,
               "  case %zu:\n"
               "    return ::tme_entry_detail::tme_walk_fields<%s>(tme_emit, "
               "tme_ctx);\n",
               i, base);
  }
  str_printf(s, "  }\n  return 0;\n}\n");
  return s->oom ? TME_ERR_SYSTEM : TME_OK;
}

int tme_build_translation_unit(const char *msl_source, const TmeSignature *sig,
                               const TmeKernelOptions *options, int flat_spaces,
                               char **out, char *error, size_t error_size) {
  static const TmeKernelOptions none;
  if (!options)
    options = &none;
  *out = NULL;
  if (!valid_identifier(sig->kernel_name)) {
    tme_set_error(error, error_size, "invalid kernel name '%s'",
                  sig->kernel_name ? sig->kernel_name : "(null)");
    return TME_ERR_ARGUMENT;
  }
  /* Which function to call: the kernel, or the instantiation a host name
   * names (source.c). */
  TmeKernelRef ref;
  int rc = tme_resolve_kernel(msl_source, sig->kernel_name, 0, &ref, error,
                              error_size);
  if (rc != TME_OK)
    return rc;
  size_t tg_bytes = 0;
  for (size_t i = 0; i < options->num_threadgroup_params; ++i) {
    size_t b = options->threadgroup_params[i].bytes;
    if (b == 0 || b % 16 != 0 || b > TME_MAX_TG_MEMORY) {
      tme_set_error(error, error_size,
                    "threadgroup memory of [[threadgroup(%u)]]: %zu bytes "
                    "(Metal needs a multiple of 16, at most %u)",
                    options->threadgroup_params[i].index, b, TME_MAX_TG_MEMORY);
      return TME_ERR_ARGUMENT;
    }
    tg_bytes += b;
  }
  /* The text compiled: the source with what C++ cannot express rewritten
   * (threadgroup pointers, function constants; source.c). */
  char *adapted = NULL;
  rc = tme_adapt_source(msl_source, options, flat_spaces, &adapted, error,
                        error_size);
  if (rc != TME_OK)
    return rc;
  TmeStr s = {0};
  /* What Metal's compiler knows without any #include (a file built into
   * an app's default library need not include <metal_stdlib>): `kernel`,
   * the address spaces, the scalar and vector types. #line keeps compiler
   * diagnostics pointing into the .metal text, under its own name. */
  str_printf(&s, "#include \"tile_msl_shim.h\"\n");
  if (options && options->source_name) {
    tme_str_add(&s, "#line 1 \"", 9);
    for (const char *c = options->source_name; *c; ++c) {
      if (*c == '"' || *c == '\\')
        tme_str_add(&s, "\\", 1);
      tme_str_add(&s, c, 1);
    }
    tme_str_add(&s, "\"\n", 2);
  } else {
    str_printf(&s, "#line 1 \"%s.metal\"\n", sig->kernel_name);
  }
  tme_str_add(&s, adapted, strlen(adapted));
  tme_str_add(&s, "\n", 1);
  free(adapted);
  /* Every name here starts with tme_ (or is a keyword): the kernel's own
   * macros (`#define N 8`, `#define value ...`) are still defined. */
  static const char prologue[] =
      "#line 1 \"tme-entry.cpp\"\n"
      "#include \"tile_msl_hooks.h\"\n"
      "// The compiler's SYCL device mode (address spaces as types, "
      "toolchain.c)\n"
      "// emits only functions so marked, and what they use.\n"
      "#define tme_emitted [[clang::sycl_external]]\n"
      "namespace tme_entry_detail {\n"
      "template <class tme_X> struct tme_lanes {\n"
      "  static constexpr int tme_n = 1;\n"
      "};\n"
      "template <class tme_T, int tme_N>\n"
      "struct tme_lanes<tme_T __attribute__((ext_vector_type(tme_N)))> {\n"
      "  static constexpr int tme_n = tme_N;\n"
      "};\n"
      "// A builtin value converts to whatever the kernel declared: uint,\n"
      "// ushort, uint2, ushort3, ...\n"
      "struct tme_value {\n"
      "  unsigned tme_x, tme_y, tme_z;\n"
      "  template <class tme_V> operator tme_V() const {\n"
      "    if constexpr (tme_lanes<tme_V>::tme_n == 1) {\n"
      "      return static_cast<tme_V>(tme_x);\n"
      "    } else {\n"
      "      tme_V tme_v{};\n"
      "      tme_v[0] = tme_x;\n"
      "      tme_v[1] = tme_y;\n"
      "      if constexpr (tme_lanes<tme_V>::tme_n > 2) tme_v[2] = tme_z;\n"
      "      return tme_v;\n"
      "    }\n"
      "  }\n"
      "};\n"
      "// Threadgroup memory of a [[threadgroup(n)]] parameter, as whatever\n"
      "// pointer the kernel declared.\n"
      "struct tme_pointer {\n"
      "  unsigned char *tme_p;\n"
      "  template <class tme_T> operator tme_T *() const {\n"
      "    return (tme_T *)(void *)tme_p; // into the threadgroup space\n"
      "  }\n"
      "};\n"
      "} // namespace tme_entry_detail\n";
  tme_str_add(&s, prologue, sizeof prologue - 1);
  /* The host-sized threadgroup memory is thread_local like the kernel's own
   * threadgroup variables: part of the module's TLS block, so it is
   * per threadgroup, filled with 0xFF, tracked for unwritten reads and
   * counted against the 32 KiB limit with them. */
  if (tg_bytes)
    str_printf(
        &s,
        "alignas(16) static thread_local unsigned char "
        "tme_threadgroup_params[%zu + %u];\n"
        "extern \"C\" tme_emitted __attribute__((visibility(\"default\"))) "
        "unsigned char *tme_threadgroup_redzone(void) {\n"
        "  return tme_threadgroup_params + %zu;\n"
        "}\n",
        tg_bytes, TME_TG_REDZONE, tg_bytes);
  static const char entry[] =
      "extern \"C\" tme_emitted __attribute__((visibility(\"default\"))) void\n"
      "tme_entry(void *const *tme_args, const unsigned *tme_bv) {\n"
      "  (void)tme_args;\n"
      "  (void)tme_bv;\n";
  tme_str_add(&s, entry, sizeof entry - 1);
  str_printf(&s, "  ::%s(", ref.callee);
  /* Arguments in the order the kernel declares its parameters when its
   * declaration can be read (each bound by its [[buffer(n)]] or builtin
   * attribute), else the signature's order: buffers by index, then the
   * builtins as listed. */
  Slot slots[TME_MAX_DECLARED];
  size_t nslots = declared_slots(msl_source, ref.base, sig, options, slots);
  if (nslots == 0 && options->num_threadgroup_params) {
    free(s.p);
    tme_set_error(error, error_size,
                  "kernel '%s': cannot read its declaration, which the "
                  "[[threadgroup(n)]] parameters are bound by",
                  sig->kernel_name);
    return TME_ERR_ARGUMENT;
  }
  if (nslots == 0) {
    for (size_t i = 0; i < sig->num_params; ++i)
      slots[nslots++] = (Slot){(long)i, NULL, -1};
    for (size_t i = 0; i < sig->num_builtins; ++i)
      slots[nslots++] = (Slot){-1, sig->builtins[i], -1};
  }
  for (size_t k = 0; k < nslots; ++k) {
    str_printf(&s, "%s\n      ", k ? "," : "");
    if (slots[k].tg_offset >= 0) {
      str_printf(
          &s, "::tme_entry_detail::tme_pointer{tme_threadgroup_params + %ld}",
          slots[k].tg_offset);
      continue;
    }
    rc = slots[k].param >= 0
             ? emit_param(&s, sig, (size_t)slots[k].param, error, error_size)
             : emit_builtin(&s, slots[k].builtin, error, error_size);
    if (rc != TME_OK) {
      free(s.p);
      return rc;
    }
  }
  /* The size of each parameter's value or buffer element as the compiler
   * sees it (a struct, a macro-named type, float3's 16 bytes), for the
   * launch's checks (compile.c reads it). */
  str_printf(&s,
             ");\n}\n"
             "namespace tme_entry_detail {\n"
             "template <class tme_T> constexpr unsigned long tme_size_of() {\n"
             "  if constexpr (std::is_void_v<std::remove_cv_t<tme_T>>)\n"
             "    return 0;\n"
             "  else\n"
             "    return sizeof(tme_T);\n"
             "}\n"
             "} // namespace tme_entry_detail\n"
             "extern \"C\" __attribute__((visibility(\"default\"))) const "
             "unsigned long tme_param_sizes[] = {");
  for (size_t i = 0; i < sig->num_params; ++i) {
    char base[256];
    type_without_declarator(sig->params[i].msl_type, base, sizeof base);
    str_printf(&s, "\n    ::tme_entry_detail::tme_size_of<%s>(),", base);
  }
  str_printf(
      &s, " 0};\n"
          "// Emitted (by the compiler's SYCL device mode) as used by a\n"
          "// function that is.\n"
          "extern \"C\" tme_emitted __attribute__((visibility(\"hidden\")))\n"
          "const unsigned long *tme_param_sizes_used(void) {\n"
          "  return tme_param_sizes;\n"
          "}\n");
  if (emit_param_fields(&s, sig) != TME_OK) {
    free(s.p);
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  static const char epilogue[] =
      "// The addresses the module's references to the hooks resolved to, so\n"
      "// that the emulator can check they are its own definitions.\n"
      "extern \"C\" tme_emitted __attribute__((visibility(\"default\"))) void\n"
      "tme_hook_addresses(void (**tme_out)(void)) {\n"
      "  tme_out[0] = (void (*)(void))&tile_msl_lane_id;\n"
      "  tme_out[1] = (void (*)(void))&tile_msl_threadgroup_barrier;\n"
      "  tme_out[2] = (void (*)(void))&tile_msl_simdgroup_barrier;\n"
      "  tme_out[3] = (void "
      "(*)(void))&tile_msl_simdgroup_multiply_accumulate;\n"
      "  tme_out[4] = (void (*)(void))&tile_msl_simd_collective;\n"
      "  tme_out[5] = (void (*)(void))&tile_msl_thread_index;\n"
      "  tme_out[6] = (void (*)(void))&tile_msl_report;\n"
      "  tme_out[7] = (void (*)(void))&tile_msl_rendezvous;\n"
      "  tme_out[8] = (void (*)(void))&tile_msl_note_float_atomic;\n"
      "  tme_out[9] = (void (*)(void))&tile_msl_note_access;\n"
      "}\n"
      "// The SanitizerCoverage callbacks of this module's loads and stores:\n"
      "// hidden, so that its calls bind here and not to another definition\n"
      "// of the same names in the process (a sanitizer runtime's, say).\n";
  tme_str_add(&s, epilogue, sizeof epilogue - 1);
  /* clang's -fsanitize=array-bounds checks indexing of fixed-size arrays
   * (thread-private, threadgroup, arrays of simdgroup_matrix), which would
   * otherwise corrupt a fiber's stack or the next threadgroup variable
   * silently; its handler, defined here like the callbacks below, reports
   * the access as out of bounds. The data layout is clang's
   * (OutOfBoundsData: source location, array type, index type). */
  static const char bounds[] =
      "namespace tme_entry_detail {\n"
      "struct tme_type_descriptor {\n"
      "  unsigned short tme_kind, tme_info;\n"
      "  char tme_name[1];\n"
      "};\n"
      "struct tme_out_of_bounds_data {\n"
      "  const char *tme_file;\n"
      "  unsigned tme_line, tme_column;\n"
      "  const tme_type_descriptor *tme_array, *tme_index;\n"
      "};\n"
      "// A type's name as MSL spells its address space (clang's names of\n"
      "// the spaces the shim maps MSL's to).\n"
      "inline void tme_msl_type_name(const char *tme_in, char *tme_out,\n"
      "                              unsigned long tme_size) {\n"
      "  static const char *const tme_from[] = {\"__global \", \"__local \",\n"
      "                                         \"__private \"};\n"
      "  static const char *const tme_to[] = {\"device \", \"threadgroup \",\n"
      "                                       \"constant \"};\n"
      "  unsigned long tme_n = 0;\n"
      "  while (*tme_in && tme_n + 16 < tme_size) {\n"
      "    int tme_k = 0;\n"
      "    while (tme_k < 3 && __builtin_strncmp(tme_in, tme_from[tme_k],\n"
      "                                 __builtin_strlen(tme_from[tme_k])))\n"
      "      ++tme_k;\n"
      "    if (tme_k == 3) {\n"
      "      tme_out[tme_n++] = *tme_in++;\n"
      "      continue;\n"
      "    }\n"
      "    tme_in += __builtin_strlen(tme_from[tme_k]);\n"
      "    for (const char *tme_c = tme_to[tme_k]; *tme_c;)\n"
      "      tme_out[tme_n++] = *tme_c++;\n"
      "  }\n"
      "  tme_out[tme_n] = 0;\n"
      "}\n"
      "[[noreturn]] inline void tme_out_of_bounds(void *tme_d,\n"
      "                                           unsigned long tme_i) {\n"
      "  const tme_out_of_bounds_data *tme_data =\n"
      "      static_cast<const tme_out_of_bounds_data *>(tme_d);\n"
      "  unsigned tme_bits = 1u << (tme_data->tme_index->tme_info >> 1);\n"
      "  long long tme_value = static_cast<long long>(tme_i);\n"
      "  if ((tme_data->tme_index->tme_info & 1) && tme_bits < 64 &&\n"
      "      (tme_i >> (tme_bits - 1)) & 1)\n"
      "    tme_value -= 1ll << tme_bits;\n"
      "  char tme_message[512], tme_type[256];\n"
      "  tme_msl_type_name(tme_data->tme_array->tme_name, tme_type,\n"
      "                    sizeof tme_type);\n"
      "  __builtin_snprintf(tme_message, sizeof tme_message,\n"
      "                     \"out-of-bounds index %lld of an array of type \"\n"
      "                     \"%s at %s:%u:%u\", tme_value,\n"
      "                     tme_type, tme_data->tme_file,\n"
      "                     tme_data->tme_line, tme_data->tme_column);\n"
      "  tile_msl_report(TILE_MSL_REPORT_OUT_OF_BOUNDS, tme_message);\n"
      "  __builtin_trap();\n"
      "}\n"
      "} // namespace tme_entry_detail\n"
      "extern \"C\" tme_emitted __attribute__((visibility(\"hidden\"))) void\n"
      "__ubsan_handle_out_of_bounds(void *tme_d, unsigned long tme_i) {\n"
      "  ::tme_entry_detail::tme_out_of_bounds(tme_d, tme_i);\n"
      "}\n"
      "extern \"C\" tme_emitted __attribute__((visibility(\"hidden\"))) void\n"
      "__ubsan_handle_out_of_bounds_abort(void *tme_d, unsigned long tme_i) {\n"
      "  ::tme_entry_detail::tme_out_of_bounds(tme_d, tme_i);\n"
      "}\n";
  tme_str_add(&s, bounds, sizeof bounds - 1);
  static const unsigned sizes[] = {1, 2, 4, 8, 16};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i)
    str_printf(&s,
               "extern \"C\" tme_emitted "
               "__attribute__((visibility(\"hidden\"))) void\n"
               "__sanitizer_cov_load%u(void *tme_p) {\n"
               "  tile_msl_note_access(tme_p, %u, 0);\n"
               "}\n"
               "extern \"C\" tme_emitted "
               "__attribute__((visibility(\"hidden\"))) void\n"
               "__sanitizer_cov_store%u(void *tme_p) {\n"
               "  tile_msl_note_access(tme_p, %u, 1);\n"
               "}\n",
               sizes[i], sizes[i], sizes[i], sizes[i]);
  if (s.oom) {
    free(s.p);
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  *out = s.p;
  return TME_OK;
}
