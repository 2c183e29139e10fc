/*===- casts.c - C-style casts to vector types, as MSL converts ---*- C -*-===*\
|*                                                                            *|
|* In MSL a C-style cast between vector types converts each element:        *|
|* `(float4) h` of a half4 is the four values as floats (llama.cpp's        *|
|* `(TC) src0_ptr[i0]` with TC = float4, `(half4) reg[0]`). The shim's      *|
|* vectors are clang's ext_vector_type, for which the same cast              *|
|* reinterprets the bits: a compile error between sizes, and a silently      *|
|* wrong value between two vectors of one size (`(int4) f4`). So a cast      *|
|* whose type is one word naming a vector type (`float4`, `half2`, ...) or  *|
|* a template type parameter of the source (which may be one) becomes        *|
|* `::tile_msl::msl_c_cast<T>(operand)` (tile_msl_cast.h), and so does a     *|
|* functional cast `T(x)` to a type parameter: MSL's conversion              *|
|* between vectors, the C cast otherwise. The operand is what C++ binds to  *|
|* a cast: prefix operators, then a name, literal or parenthesized           *|
|* expression, then its subscripts, calls and member accesses. Casts in     *|
|* preprocessor lines are left alone; the text keeps its lines.              *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TYPE_PARAMETERS 512

typedef struct {
  const char *names[MAX_TYPE_PARAMETERS];
  size_t lengths[MAX_TYPE_PARAMETERS];
  size_t n;
} Names;

static int names_contain(const Names *names, const char *w, size_t n) {
  for (size_t i = 0; i < names->n; ++i)
    if (names->lengths[i] == n && !strncmp(names->names[i], w, n))
      return 1;
  return 0;
}

/* The names declared by `typename X` or `class X` in the source's template
 * parameter lists (`template <typename T0, typename T, typename TC>`). */
static void collect_type_parameters(const char *code, Names *names) {
  for (const char *p = code; (p = strstr(p, "template"));) {
    if (!tme_word_at(code, p, "template")) {
      p += 8;
      continue;
    }
    const char *open = tme_skip_space(p + 8);
    p += 8;
    if (*open != '<')
      continue;
    const char *close = tme_matching(open);
    if (!close)
      return;
    for (const char *q = open; q < close; ++q) {
      size_t kw = tme_word_at(code, q, "typename") ? 8
                  : tme_word_at(code, q, "class")  ? 5
                                                   : 0;
      if (!kw)
        continue;
      const char *w = tme_skip_space(q + kw), *e = w;
      while (e < close && tme_is_ident(*e))
        ++e;
      if (e > w && !isdigit((unsigned char)*w) &&
          !names_contain(names, w, (size_t)(e - w)) &&
          names->n < MAX_TYPE_PARAMETERS) {
        names->names[names->n] = w;
        names->lengths[names->n++] = (size_t)(e - w);
      }
      q = e - 1;
    }
  }
}

static int starts_operand(char c) {
  return c && (tme_is_ident(c) || c == '(' || c == '.' || strchr("*&-+!~", c));
}

/* The `(X)` at `open` is a cast to a vector type or type parameter, X in
 * [*w, *w + *n): 1 if so. Not after a name (a call `f(T)`, `sizeof(T)`,
 * `if (x)`) other than `return`, nor after `)` or `]` (`operator()(T)`,
 * a lambda's `[](T)`) unless `after_cast` (it is the operand of a cast:
 * `(int2)(float2) x`), and an operand must follow. */
static int cast_at(const char *code, const char *open, const Names *names,
                   int after_cast, const char **w, size_t *n) {
  const char *b = tme_skip_space(open + 1), *e = b;
  while (tme_is_ident(*e))
    ++e;
  if (e == b || isdigit((unsigned char)*b) || *tme_skip_space(e) != ')')
    return 0;
  if (!tme_is_vector_type_name(b, (size_t)(e - b)) &&
      !names_contain(names, b, (size_t)(e - b)))
    return 0;
  const char *before = open;
  while (before > code && isspace((unsigned char)before[-1]))
    --before;
  if (before > code && !after_cast && (before[-1] == ')' || before[-1] == ']'))
    return 0;
  if (before > code && tme_is_ident(before[-1])) {
    const char *word = before;
    while (word > code && tme_is_ident(word[-1]))
      --word;
    if (!tme_word_at(code, word, "return"))
      return 0;
  }
  const char *after = tme_skip_space(tme_skip_space(e) + 1);
  if (!starts_operand(*after) || (after[0] == '.' && !isdigit(after[1])) ||
      (strchr("*&-+", after[0]) && after[1] == '='))
    return 0;
  *w = b;
  *n = (size_t)(e - b);
  return 1;
}

/* `T(x)` at p with T a template type parameter, one value in the
 * parentheses (not `T()`, `T(a, b)`), T not a member or qualified name:
 * *n is T's length. The same conversion as `(T) x`. */
static int functional_cast_at(const char *code, const char *p,
                              const Names *names, size_t *n) {
  if (!tme_is_ident(*p) || isdigit((unsigned char)*p) ||
      (p > code && (tme_is_ident(p[-1]) || strchr(".:>~", p[-1]))))
    return 0;
  const char *e = p;
  while (tme_is_ident(*e))
    ++e;
  const char *open = tme_skip_space(e);
  if (*open != '(' || !names_contain(names, p, (size_t)(e - p)))
    return 0;
  const char *before = p;
  while (before > code && isspace((unsigned char)before[-1]))
    --before;
  if (before > code &&
      (tme_is_ident(before[-1]) || strchr(".:>~", before[-1]))) {
    const char *word = before;
    while (word > code && tme_is_ident(word[-1]))
      --word;
    if (!tme_word_at(code, word, "return"))
      return 0; /* `typename T(...)`, `a.T(...)` */
  }
  const char *close = tme_matching(open);
  if (!close || *tme_skip_space(open + 1) == ')' ||
      tme_list_element_end(open + 1, close - 1) != close - 1)
    return 0;
  *n = (size_t)(e - p);
  return 1;
}

/* The end of the operand of a cast that starts at `p` (spaces skipped). */
static const char *operand_end(const char *code, const char *p,
                               const Names *names) {
  p = tme_skip_space(p);
  while (*p && strchr("*&-+!~", *p)) /* prefix operators, ++ and -- */
    p = tme_skip_space(p + 1);
  const char *w;
  size_t n;
  if (*p == '(' && cast_at(code, p, names, 1, &w, &n)) /* (A)(B) x */
    return operand_end(code, tme_matching(p), names);
  if (*p == '(') {
    const char *close = tme_matching(p);
    if (!close)
      return p;
    p = close;
  } else if (isdigit((unsigned char)*p) || *p == '.') { /* 1.5f, 0x1p-3 */
    while (tme_is_ident(*p) || *p == '.' ||
           ((*p == '-' || *p == '+') && strchr("eEpP", p[-1])))
      ++p;
  } else {
    while (tme_is_ident(*p) || (p[0] == ':' && p[1] == ':')) {
      p += *p == ':' ? 2 : 1;
      if (!tme_is_ident(*p) && *p != ':')
        p = tme_template_arguments_end(p);
    }
  }
  for (;;) { /* subscripts, calls, members, postfix ++ and -- */
    const char *q = tme_skip_space(p);
    if (*q == '[' || *q == '(') {
      const char *close = tme_matching(q);
      if (!close)
        return p;
      p = close;
    } else if (q[0] == '.' && !isdigit((unsigned char)q[1])) {
      for (p = tme_skip_space(q + 1); tme_is_ident(*p);)
        ++p;
      p = tme_template_arguments_end(p);
    } else if (q[0] == '-' && q[1] == '>') {
      for (p = tme_skip_space(q + 2); tme_is_ident(*p);)
        ++p;
    } else if ((q[0] == '+' && q[1] == '+') || (q[0] == '-' && q[1] == '-')) {
      p = q + 2;
    } else {
      return p;
    }
  }
}

char *tme_rewrite_vector_casts(const char *src, int *failed) {
  *failed = 0;
  char *code = tme_code_only(src);
  Names *names = calloc(1, sizeof *names);
  if (!code || !names) {
    free(code);
    free(names);
    *failed = 1;
    return NULL;
  }
  collect_type_parameters(code, names);
  /* The ends of the operands whose `)` is still to be written, innermost
   * (nearest) last. */
  size_t ends[256], depth = 0, copied = 0;
  int at_line_start = 1, changed = 0;
  size_t last_cast_close = 0; /* after the `)` of the last cast rewritten */
  TmeStr s = {0};
  for (const char *p = code; *p; ++p) {
    size_t at = (size_t)(p - code);
    while (depth && ends[depth - 1] <= at) {
      tme_str_add(&s, src + copied, at - copied);
      tme_str_add(&s, ")", 1);
      copied = at;
      --depth;
    }
    if (*p == '#' && at_line_start) {
      p = tme_skip_preprocessor_line(p);
      if (!*p)
        break;
    }
    if (*p == '\n') {
      at_line_start = 1;
      continue;
    }
    if (isspace((unsigned char)*p))
      continue;
    at_line_start = 0;
    const char *w;
    size_t n;
    if (functional_cast_at(code, p, names, &n)) {
      tme_str_add(&s, src + copied, at - copied);
      tme_str_add(&s, "::tile_msl::msl_c_cast<", 23);
      tme_str_add(&s, p, n);
      tme_str_add(&s, ">", 1);
      copied = at + n;
      changed = 1;
      p += n - 1;
      continue;
    }
    const char *before = p;
    while (before > code && isspace((unsigned char)before[-1]))
      --before;
    int after_cast = changed && (size_t)(before - code) == last_cast_close;
    if (*p != '(' || depth == sizeof ends / sizeof ends[0] ||
        !cast_at(code, p, names, after_cast, &w, &n))
      continue;
    const char *close = tme_matching(p);
    const char *end = operand_end(code, close, names);
    if (end == tme_skip_space(close))
      continue;
    /* `(T) x` -> `::tile_msl::msl_c_cast<T>( x)`: what was between the
     * `)` and the operand (a line break) stays. */
    tme_str_add(&s, src + copied, at - copied);
    tme_str_add(&s, "::tile_msl::msl_c_cast<", 23);
    tme_str_add(&s, w, n);
    tme_str_add(&s, ">(", 2);
    copied = (size_t)(close - code);
    last_cast_close = copied;
    ends[depth++] = (size_t)(end - code);
    changed = 1;
    p = close - 1;
  }
  size_t length = strlen(code);
  while (depth && ends[depth - 1] <= length) {
    tme_str_add(&s, src + copied, length - copied);
    tme_str_add(&s, ")", 1);
    copied = length;
    --depth;
  }
  free(code);
  free(names);
  if (!changed)
    return NULL;
  tme_str_add(&s, src + copied, strlen(src + copied));
  if (s.oom || depth) {
    free(s.p);
    *failed = 1;
    return NULL;
  }
  return s.p;
}
