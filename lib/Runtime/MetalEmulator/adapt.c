/*===- adapt.c - Adapting a kernel's MSL source for C++ ------------*- C
-*-===*\
|*                                                                            *|
|* The emulator compiles MSL as C++ against the shim, unchanged except for    *|
|* what C++ cannot express, which this file rewrites in the text it          *|
|* compiles (same lines, so diagnostics still point into the .metal file):    *|
|*  - address spaces (address_spaces.c): `threadgroup` and `constant`      *|
|*    qualifying a pointer or reference become the shim's address-space     *|
|*    macros, array parameters in an address space pointers, and member     *|
|*    functions' address-space qualifiers are dropped. `[[threadgroup(n)]]` *|
|*    attributes are dropped too (the binding is read from the original    *|
|*    text); a `thread T*` parameter becomes a ::tile_msl::thread_pointer,  *|
|*    which refuses pointers of the other spaces (thread_pointers.c);       *|
|*  - function constants (`constant bool f [[function_constant(0)]];`): a     *|
|*    const needs an initializer in C++, so the attribute becomes `= VALUE`  *|
|*    (or `= {}`, undefined, when the launch sets none), and                  *|
|*    is_function_constant_defined(f) becomes true or false;                  *|
|*  - a braced list passed as a call's argument (`f({a, b, c})` for a uint3 *|
|*    parameter, which clang cannot convert to a vector) becomes             *|
|*    `::tile_msl::braced(a, b, c)`;                                         *|
|*  - `vec<T, N>(x)`, which C++ takes as a bit cast of a vector, becomes    *|
|*    `::tile_msl::make_vec<T, N>(x)`, MSL's element-wise conversion;        *|
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

/* `vec` at p names a vector type constructed or converted with
 * parentheses: `vec<T, N>(...)`, not a conversion function's name
 * (`operator vec<T, 2>() const`). */
static int vector_conversion_at(const char *code, const char *p) {
  const char *q = p;
  if (q - code >= 7 && !strncmp(q - 7, "metal::", 7))
    q -= 7;
  const char *ne, *nb = tme_ident_before(code, q, &ne);
  if (ne - nb == 8 && !strncmp(nb, "operator", 8))
    return 0;
  const char *lt = tme_skip_space(p + 3);
  const char *gt = *lt == '<' ? tme_matching(lt) : NULL;
  return gt && *tme_skip_space(gt) == '(';
}

static void add_spaces(TmeStr *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    tme_str_add(s, " ", 1);
}

/* The end of a rewriting pass that built `s` from `src` up to `copied`:
 * the rewritten text, or NULL when the pass changed nothing (then s is
 * empty) or ran out of memory (then *failed). */
void tme_splice(TmeStr *s, const char *src, size_t *copied, size_t to,
                const char *text, size_t n) {
  tme_str_add(s, src + *copied, to - *copied);
  tme_str_add(s, text, n);
  *copied = to;
}

char *tme_finish_rewrite(TmeStr *s, const char *src, size_t copied,
                         int *failed) {
  if (!s->p && !s->oom)
    return NULL;
  tme_str_add(s, src + copied, strlen(src + copied));
  if (s->oom) {
    free(s->p);
    *failed = 1;
    return NULL;
  }
  return s->p;
}

/* ---- program-scope built-in variables ----------------------------------- */
/* The attribute list at `p` ([[...]]) names one compute builtin and ends a
 * declaration: its slot and components. */
static int program_scope_builtin_at(const char *p, const char **end,
                                    unsigned *slot, unsigned *components) {
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
  return tme_finish_rewrite(&s, src, copied, failed);
}

/* ---- braced lists as call arguments ------------------------------------ */
/* `elem_to_loc<IdxT>({N * index.x, index.y, index.z}, shape, ...)` (MLX):
 * clang cannot convert a braced list to an ext_vector_type parameter such as
 * uint3 in overload resolution (Metal's vectors are classes, which can), so
 * a braced list that is a call's argument becomes
 * `::tile_msl::braced(...)`, an object that converts to whatever the
 * parameter is initialized from such a list (tile_msl_cast.h). A list
 * holding a `;` is a statement expression `({ ... })`, not one. Lists
 * inside preprocessor lines are left alone. */
/* 1 if the `{` at p opens a braced list of several values that is a
 * call's argument: it follows `(` or `,` directly inside parentheses, holds
 * a `,` of its own and no `;`. (`{x}` and `{}` are left to clang, which
 * converts them to a scalar or a struct as Metal does.) */
static int braced_argument_at(const char *code, const char *p, char open) {
  if (open != '(')
    return 0;
  const char *q = p;
  while (q > code && isspace((unsigned char)q[-1]))
    --q;
  if (q == code || (q[-1] != '(' && q[-1] != ','))
    return 0;
  const char *close = tme_matching(p);
  if (!close)
    return 0;
  int several = 0;
  for (q = p + 1; q < close - 1; ++q) {
    if (*q == ';')
      return 0;
    if (*q == '(' || *q == '[' || *q == '{') {
      const char *e = tme_matching(q);
      if (!e || e > close)
        return 0;
      q = e - 1;
    } else {
      several |= *q == ',';
    }
  }
  return several;
}

/* NULL (and *failed 0) when the source passes no braced list. */
static char *rewrite_braced_arguments(const char *src, int *failed) {
  *failed = 0;
  char *code = tme_code_only(src);
  if (!code) {
    *failed = 1;
    return NULL;
  }
  /* The open brackets; a rewritten list counts as a `(`, so that a list
   * nested in it is an argument too. */
  char stack[256];
  unsigned char braced[256];
  size_t depth = 0, copied = 0;
  int at_line_start = 1;
  TmeStr s = {0};
  for (const char *p = code; *p; ++p) {
    if (*p == '#' && at_line_start) {
      p = tme_skip_preprocessor_line(p);
      if (!*p)
        break;
    }
    if (*p == '\n' || (at_line_start && isspace((unsigned char)*p))) {
      at_line_start = 1;
      continue;
    }
    at_line_start = 0;
    if (*p == '(' || *p == '[' || *p == '{') {
      int rewrite =
          *p == '{' && depth && braced_argument_at(code, p, stack[depth - 1]);
      if (depth < sizeof stack) {
        stack[depth] = rewrite ? '(' : *p;
        braced[depth] = (unsigned char)rewrite;
      }
      ++depth;
      if (rewrite) {
        tme_str_add(&s, src + copied, (size_t)(p - code) - copied);
        tme_str_add(&s, "::tile_msl::braced(", 19);
        copied = (size_t)(p - code) + 1;
      }
    } else if ((*p == ')' || *p == ']' || *p == '}') && depth) {
      --depth;
      if (depth < sizeof stack && braced[depth]) {
        tme_str_add(&s, src + copied, (size_t)(p - code) - copied);
        tme_str_add(&s, ")", 1);
        copied = (size_t)(p - code) + 1;
      }
    }
  }
  free(code);
  return tme_finish_rewrite(&s, src, copied, failed);
}

/* One more rewriting of the text `*src` (owned by `*rewritten`, or the
 * caller's), unless an earlier one failed. */
static void apply_rewrite(char *(*rewrite)(const char *, int *),
                          const char **src, char **rewritten, int *failed) {
  if (*failed)
    return;
  char *next = rewrite(*src, failed);
  if (next) {
    free(*rewritten);
    *rewritten = next;
    *src = next;
  }
}

int tme_adapt_source(const char *src, const TmeKernelOptions *options,
                     int flat_spaces, char **out, char *error,
                     size_t error_size) {
  *out = NULL;
  int failed;
  char *rewritten = rewrite_program_scope_builtins(src, &failed);
  if (rewritten)
    src = rewritten;
  apply_rewrite(rewrite_braced_arguments, &src, &rewritten, &failed);
  apply_rewrite(tme_rewrite_vector_casts, &src, &rewritten, &failed);
  apply_rewrite(tme_rewrite_bool_vector_conversions, &src, &rewritten, &failed);
  /* With address spaces as types, a `thread T*` parameter refuses the
   * other spaces (flat, there is nothing to refuse). */
  if (!flat_spaces) {
    apply_rewrite(tme_rewrite_thread_pointer_parameters, &src, &rewritten,
                  &failed);
    apply_rewrite(tme_rewrite_member_spaces, &src, &rewritten, &failed);
  }
  /* Blanking keeps every position, so the scan reads a blanked copy. */
  char *members = tme_strdup(src), *member_code = tme_code_only(src);
  if (members && member_code) {
    tme_address_space_array_parameters(members, member_code);
    tme_address_space_words(members, member_code);
    tme_blank_member_space_overloads(members, member_code, flat_spaces);
    free(rewritten);
    rewritten = members;
    src = members;
    members = NULL;
  }
  free(members);
  free(member_code);
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
    if (tme_word_at(code, p, "vec") && vector_conversion_at(code, p)) {
      /* `vec<float, 4>(h4)`: MSL converts each element; a C++ functional
       * cast of an ext_vector_type reinterprets the bits (or fails on a
       * size mismatch). make_vec converts, as float4(h4) does. */
      if (s.len >= 7 && !strncmp(s.p + s.len - 7, "metal::", 7))
        s.len -= 7;
      tme_str_add(&s, "::tile_msl::make_vec", 20);
      i += 3;
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
