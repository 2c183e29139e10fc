/*===- adapt.c - Adapting a kernel's MSL source for C++ ------------*- C -*-===*\
|*                                                                            *|
|* The emulator compiles MSL as C++ against the shim, unchanged except for    *|
|* what C++ cannot express, which this file rewrites in the text it          *|
|* compiles (same lines, so diagnostics still point into the .metal file):    *|
|*  - `threadgroup` qualifying a pointer or reference (`threadgroup float* p  *|
|*    = tg + i;`, helper and kernel parameters): the shim's `threadgroup`     *|
|*    makes block-scope variables shared (static thread_local), which a       *|
|*    pointer must not be; the word is dropped there (one flat address       *|
|*    space). `[[threadgroup(n)]]` attributes are dropped too (the binding   *|
|*    is read from the original text);                                       *|
|*  - function constants (`constant bool f [[function_constant(0)]];`): a     *|
|*    const needs an initializer in C++, so the attribute becomes `= VALUE`  *|
|*    (or `= {}`, undefined, when the launch sets none), and                  *|
|*    is_function_constant_defined(f) becomes true or false;                  *|
|*  - [[function_constant(c)]] on a parameter is dropped, and so are the     *|
|*    attributes of explicit instantiations (`template [[host_name("f32")]]  *|
|*    [[kernel]] void f<float>(...)`), which C++ does not allow there.       *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- adapting the text -------------------------------------------------- */
typedef struct {
  char name[64], index[32];
} DeclaredConstant;

typedef struct {
  const TmeKernelOptions *options;
  DeclaredConstant declared[64];
  size_t ndeclared;
  unsigned char used[64]; /* per options->function_constants entry */
} Constants;

/* The value the launch gives constant (name, index), or NULL. */
static const char *constant_value(Constants *c, const char *name,
                                  const char *index) {
  for (size_t i = 0; i < c->options->num_function_constants && i < 64; ++i) {
    const TmeFunctionConstant *f = &c->options->function_constants[i];
    if (f->name && (strcmp(f->name, name) == 0 ||
                    (index && strcmp(f->name, index) == 0))) {
      c->used[i] = 1;
      return f->value;
    }
  }
  return NULL;
}

static int valid_value(const char *v) {
  if (!v || !*v)
    return 0;
  for (; *v; ++v)
    if (!tme_is_ident(*v) && *v != '.' && *v != '+' && *v != '-')
      return 0;
  return 1;
}

/* `threadgroup` at p qualifies a pointer or reference: a `*` or `&` comes
 * before the declarator ends. */
static int qualifies_pointer(const char *p) {
  int angle = 0;
  for (p += 11; *p; ++p) {
    if (*p == '<')
      ++angle;
    else if (*p == '>' && angle > 0)
      --angle;
    else if (angle == 0 && (*p == '*' || *p == '&'))
      return 1;
    else if (angle == 0 && strchr(";,)={[(", *p))
      return 0;
  }
  return 0;
}

static void add_spaces(TmeStr *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    tme_str_add(s, " ", 1);
}

/* ---- program-scope built-in variables ----------------------------------- */
/* The attribute list at `p` ([[...]]) names one compute builtin and ends a
 * declaration: its slot and components. */
static int program_scope_builtin_at(const char *p, const char **end, unsigned *slot,
                                    unsigned *components) {
  if (p[0] != '[' || p[1] != '[')
    return 0;
  const char *close = strstr(p, "]]");
  if (!close || *tme_skip_space(close + 2) != ';')
    return 0;
  const char *w = tme_skip_space(p + 2), *e = w;
  while (tme_is_ident(*e))
    ++e;
  if (e == w || tme_skip_space(e) != close)
    return 0;
  *end = strchr(close, ';') + 1;
  return tme_builtin_slot(w, (size_t)(e - w), slot, components);
}

/* MSL 3.0's program-scope built-in variables (`uint tg
 * [[threadgroup_position_in_grid]];` outside any function) become
 * `static const ::tile_msl::program_builtin<uint, SLOT, N> tg;`, whose every
 * use reads the calling thread's value (tile_msl_shim.h), on the same
 * lines. NULL (and *failed 0) when the source declares none. */
static char *rewrite_program_scope_builtins(const char *src, int *failed) {
  *failed = 0;
  char *code = tme_code_only(src);
  if (!code) {
    *failed = 1;
    return NULL;
  }
  TmeStr s = {0};
  size_t copied = 0;
  for (const char *p = code; *p; ++p) {
    const char *end;
    unsigned slot, components;
    if (!program_scope_builtin_at(p, &end, &slot, &components))
      continue;
    const char *ne, *te;
    const char *nb = tme_ident_before(code, p, &ne);
    const char *tb = tme_ident_before(code, nb, &te);
    if (nb == ne || tb == te)
      continue;
    const char *cb, *ce;
    cb = tme_ident_before(code, tb, &ce);
    /* `const uint tg [[...]];`: the declaration starts at `const`. */
    const char *start = ce - cb == 5 && !strncmp(cb, "const", 5) ? cb : tb;
    tme_str_add(&s, src + copied, (size_t)(start - code) - copied);
    char text[96];
    snprintf(text, sizeof text, "static const ::tile_msl::program_builtin<");
    tme_str_add(&s, text, strlen(text));
    tme_str_add(&s, src + (tb - code), (size_t)(te - tb));
    snprintf(text, sizeof text, ", %uu, %uu> ", slot, components);
    tme_str_add(&s, text, strlen(text));
    tme_str_add(&s, src + (nb - code), (size_t)(ne - nb));
    tme_str_add(&s, ";", 1);
    for (const char *q = start; q < end; ++q)
      if (*q == '\n')
        tme_str_add(&s, "\n", 1);
    copied = (size_t)(end - code);
    p = end - 1;
  }
  free(code);
  if (!s.p && !s.oom)
    return NULL;
  tme_str_add(&s, src + copied, strlen(src + copied));
  if (s.oom) {
    free(s.p);
    *failed = 1;
    return NULL;
  }
  return s.p;
}

int tme_adapt_source(const char *src, const TmeKernelOptions *options,
                     char **out, char *error, size_t error_size) {
  *out = NULL;
  int failed;
  char *rewritten = rewrite_program_scope_builtins(src, &failed);
  if (rewritten)
    src = rewritten;
  char *code = tme_code_only(src);
  Constants *c = calloc(1, sizeof *c);
  if (!code || !c || failed) {
    free(rewritten);
    free(code);
    free(c);
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  c->options = options;
  TmeStr s = {0};
  int rc = TME_OK;
  size_t n = strlen(src);
  for (size_t i = 0; i < n && rc == TME_OK;) {
    const char *p = code + i;
    if (p[0] == '[' && p[1] == '[') {
      const char *end = strstr(p, "]]");
      if (!end)
        break;
      const char *fc = NULL;
      for (const char *q = p + 2; q < end; ++q)
        if (tme_word_at(code, q, "function_constant"))
          fc = q;
      if (fc && *tme_skip_space(end + 2) == ';') {
        /* constant T NAME [[function_constant(INDEX)]];  ->  = VALUE */
        DeclaredConstant d;
        const char *ne;
        const char *nb = tme_ident_before(code, p, &ne);
        tme_copy_trimmed(nb, ne, d.name, sizeof d.name);
        const char *args = tme_skip_space(fc + 17);
        const char *args_end = *args == '(' ? tme_matching(args) : NULL;
        if (args_end && args_end <= end)
          tme_copy_trimmed(args + 1, args_end - 1, d.index, sizeof d.index);
        else
          d.index[0] = '\0';
        if (c->ndeclared < 64)
          c->declared[c->ndeclared++] = d;
        const char *value = constant_value(c, d.name, d.index);
        if (value && !valid_value(value)) {
          tme_set_error(error, error_size,
                        "function constant '%s': '%s' is not a literal "
                        "value",
                        d.name, value);
          rc = TME_ERR_ARGUMENT;
        }
        tme_str_add(&s, " = ", 3);
        if (value) {
          tme_str_add(&s, "(", 1);
          tme_str_add(&s, value, strlen(value));
          tme_str_add(&s, ")", 1);
        } else {
          tme_str_add(&s, "{}", 2);
        }
        i = (size_t)(end + 2 - code);
        continue;
      }
      /* Other attribute lists: drop function_constant(...) and
       * threadgroup(n) elements, keep the rest. */
      tme_str_add(&s, "[[", 2);
      const char *q = p + 2;
      while (q < end) {
        const char *e = q;
        int depth = 0;
        while (e < end && !(depth == 0 && *e == ',')) {
          depth += *e == '(' ? 1 : *e == ')' ? -1 : 0;
          ++e;
        }
        const char *w = tme_skip_space(q);
        int drop = tme_word_at(code, w, "function_constant") ||
                   tme_word_at(code, w, "threadgroup");
        if (drop)
          add_spaces(&s, (size_t)(e - q));
        else
          tme_str_add(&s, src + (q - code), (size_t)(e - q));
        if (e < end)
          tme_str_add(&s, ",", 1);
        q = e < end ? e + 1 : e;
      }
      tme_str_add(&s, "]]", 2);
      i = (size_t)(end + 2 - code);
      continue;
    }
    if (tme_word_at(code, p, "template")) {
      /* An explicit instantiation's attributes ([[host_name("...")]]
       * [[kernel]]) are not allowed there in C++: dropped (the host name
       * was read from the original text). */
      const char *q = p + 8;
      tme_str_add(&s, src + i, 8);
      for (;;) {
        const char *a = tme_skip_space(q);
        const char *end = a[0] == '[' && a[1] == '[' ? strstr(a, "]]") : NULL;
        if (!end)
          break;
        tme_str_add(&s, src + (q - code), (size_t)(a - q));
        add_spaces(&s, (size_t)(end + 2 - a));
        q = end + 2;
      }
      i = (size_t)(q - code);
      continue;
    }
    if (tme_word_at(code, p, "threadgroup")) {
      if (qualifies_pointer(p))
        add_spaces(&s, 11);
      else
        tme_str_add(&s, src + i, 11);
      i += 11;
      continue;
    }
    if (tme_word_at(code, p, "is_function_constant_defined")) {
      const char *a = tme_skip_space(p + 28);
      const char *close = *a == '(' ? tme_matching(a) : NULL;
      if (close) {
        char name[64];
        tme_copy_trimmed(a + 1, close - 1, name, sizeof name);
        const char *index = NULL;
        for (size_t k = 0; k < c->ndeclared; ++k)
          if (!strcmp(c->declared[k].name, name))
            index = c->declared[k].index;
        const char *v = constant_value(c, name, index);
        tme_str_add(&s, v ? "true" : "false", v ? 4 : 5);
        i = (size_t)(close - code);
        continue;
      }
    }
    tme_str_add(&s, src + i, 1);
    ++i;
  }
  for (size_t k = 0; rc == TME_OK && k < options->num_function_constants; ++k) {
    if (k < 64 && c->used[k])
      continue;
    char list[512] = "";
    for (size_t d = 0; d < c->ndeclared; ++d) {
      size_t len = strlen(list);
      snprintf(list + len, sizeof list - len, "%s%s (%s)", d ? ", " : "",
               c->declared[d].name, c->declared[d].index);
    }
    tme_set_error(error, error_size,
                  "the kernel source declares no function constant '%s' "
                  "(it declares: %s)",
                  options->function_constants[k].name
                      ? options->function_constants[k].name
                      : "(null)",
                  c->ndeclared ? list : "none");
    rc = TME_ERR_ARGUMENT;
  }
  free(code);
  free(c);
  free(rewritten);
  if (rc == TME_OK && s.oom) {
    tme_set_error(error, error_size, "out of memory");
    rc = TME_ERR_SYSTEM;
  }
  if (rc != TME_OK) {
    free(s.p);
    return rc;
  }
  *out = s.p ? s.p : tme_strdup("");
  return TME_OK;
}
