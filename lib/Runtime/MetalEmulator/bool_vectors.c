/*===- bool_vectors.c - Converted vector comparisons, as MSL's bools -*- C
-*-===*\
|*                                                                            *|
|* In MSL, `x > 0` of a float4 is a bool4, and a bool converts to 1:          *|
|* `float4(x > 0)` is 1.0 where x is positive (ggml's step is `(T)(x > 0)`  *|
|* with T a float4). The shim's vectors are clang's ext_vector_type, whose    *|
|* comparisons (and `!`, `&&`, `||`) give an int vector of -1 (true) and 0,   *|
|* the same type as an int4, so the conversion would silently give -1.0.      *|
|* The type cannot tell the two apart, the text can: where an expression is   *|
|* converted -- an argument of a vector constructor (`float4(...)`, the      *|
|* operand of `static_cast<T>(...)` or of `::tile_msl::msl_c_cast<T>(...)`,  *|
|* which casts.c makes of C-style casts and of `T(x)` with T a template      *|
|* type parameter) -- and its outermost operator is a comparison or a logical *|
|* operator, it is wrapped in `::tile_msl::msl_bool(...)` (tile_msl_cast.h),  *|
|* which turns an int vector into the bool vector MSL has and leaves a        *|
|* scalar bool alone. An argument that may hold a template's argument list   *|
|* (`f<N>(x)`, `a < b > c`) is left as written: the text cannot tell a `<`    *|
|* from a comparison there, and the wrapping must never change valid code.    *|
|* Of the preprocessor's lines only macro definitions are looked at (a       *|
|* kernel's `#define STEP(x) float4((x) > 0)`); the text keeps its lines      *|
|* and columns up to the inserted words.                                      *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* [b, e) without the spaces around it. */
static void trim_spaces(const char **b, const char **e) {
  while (*b < *e && isspace((unsigned char)**b))
    ++*b;
  while (*e > *b && isspace((unsigned char)(*e)[-1]))
    --*e;
}

/* [b, e) without the spaces around it, and without parentheses that enclose
 * all of it (`((x > 0))`). */
static void trim(const char **b, const char **e) {
  for (;;) {
    trim_spaces(b, e);
    if (*b < *e && **b == '(' && tme_matching(*b) == *e) {
      ++*b;
      --*e;
    } else {
      return;
    }
  }
}

/* A name followed by a template's argument list and a call or `::` in
 * [b, e): `<` there is not a comparison. */
static int has_template_arguments(const char *b, const char *e) {
  for (const char *p = b; p < e; ++p) {
    if (*p != '<' || p == b)
      continue;
    const char *q = p;
    while (q > b && isspace((unsigned char)q[-1]))
      --q;
    const char *end = tme_template_arguments_end(p);
    if (q > b && tme_is_ident(q[-1]) && end != p && end <= e)
      return 1; /* (one that ends past [b, e) is a comparison's `>`) */
  }
  return 0;
}

/* [b, e) has a comma and a lone `<` or `>` outside brackets. */
static int ambiguous_list(const char *b, const char *e) {
  int comma = 0, angle = 0;
  for (const char *p = b; p < e; ++p) {
    if (*p == '(' || *p == '[' || *p == '{') {
      const char *close = tme_matching(p);
      if (!close || close > e)
        return 1;
      p = close - 1;
    } else if (*p == ',') {
      comma = 1;
    } else if ((*p == '<' || *p == '>') && p[1] != *p && p[1] != '=' &&
               !(p > b && (p[-1] == *p || p[-1] == '-'))) {
      angle = 1;
    }
  }
  return comma && angle;
}

/* The outermost operator of the expression [b, e) makes a bool in MSL: a
 * comparison, `&&`, `||`, or a leading `!` on an operand. 0 when unsure. */
static int is_boolean_expression(const char *b, const char *e) {
  trim(&b, &e);
  if (b >= e || has_template_arguments(b, e))
    return 0;
  int less = 0, greater = 0, comparison = 0, logical = 0, arithmetic = 0;
  for (const char *p = b; p < e; ++p) {
    char c = *p;
    if (c == '(' || c == '[' || c == '{') {
      const char *close = tme_matching(p);
      if (!close || close > e)
        return 0;
      p = close - 1;
    } else if (c == '?') {
      return 0; /* a conditional: its value is a branch's */
    } else if ((c == '&' || c == '|') && p[1] == c) {
      logical = 1, ++p;
    } else if ((c == '=' || c == '!') && p[1] == '=') {
      comparison = 1, ++p;
    } else if (c == '-' && p[1] == '>') {
      ++p; /* a member through a pointer */
    } else if (c == '<' || c == '>') {
      if (p[1] == c) { /* a shift, or `<<=` and `>>=` */
        if (p[2] == '=')
          return 0;
        arithmetic = 1, ++p;
      } else if (p[1] == '=') {
        comparison = 1, ++p;
      } else {
        c == '<' ? ++less : ++greater;
      }
    } else if (c == '=' || c == '&' || c == '|' || c == '^' || c == ',') {
      return 0; /* an assignment, or bitwise operators around comparisons */
    } else if (strchr("+-*/%~", c)) {
      arithmetic = 1;
    }
  }
  if (less && greater && !logical && !comparison)
    return 0; /* `a < b > c` reads as a template's arguments too */
  if (logical || comparison || less || greater)
    return 1;
  return *b == '!' && !arithmetic;
}

/* Where an argument list converts its elements: the `(` after
 * `float4`, `static_cast<T>` or `msl_c_cast<T>` at p, else NULL. */
static const char *conversion_arguments(const char *code, const char *p) {
  if (!tme_is_ident(*p) || (p > code && tme_is_ident(p[-1])))
    return NULL;
  const char *e = p;
  while (tme_is_ident(*e))
    ++e;
  const char *after = tme_skip_space(e);
  if (tme_is_vector_type_name(p, (size_t)(e - p))) {
    const char *before = p;
    while (before > code && isspace((unsigned char)before[-1]))
      --before;
    if (before > code &&
        (before[-1] == '.' ||
         (before[-1] == '>' && before - 1 > code && before[-2] == '-')))
      return NULL; /* a member `v.float4(...)`, `p->float4(...)` */
    return *after == '(' ? after : NULL;
  }
  if (!tme_word_at(code, p, "static_cast") &&
      !tme_word_at(code, p, "msl_c_cast"))
    return NULL;
  if (*after != '<')
    return NULL;
  const char *close = tme_matching(after);
  if (!close)
    return NULL;
  after = tme_skip_space(close);
  return *after == '(' ? after : NULL;
}

typedef struct {
  size_t at;
  int closes;       /* `)` rather than the opening words */
  size_t other_end; /* an opening's end, a closing's start */
} Insertion;

/* Openings after closings at one place; of two openings the wider one first,
 * of two closings the narrower one first (nested wrappings). */
static int insertion_order(const void *x, const void *y) {
  const Insertion *a = x, *b = y;
  if (a->at != b->at)
    return a->at < b->at ? -1 : 1;
  if (a->closes != b->closes)
    return a->closes ? -1 : 1;
  if (a->other_end == b->other_end)
    return 0;
  /* An opening's other end is its end, a closing's its start: the larger
   * one first is the wider opening and the narrower closing. */
  return a->other_end > b->other_end ? -1 : 1;
}

static int add_wrapping(Insertion **list, size_t *n, size_t *cap, size_t b,
                        size_t e) {
  if (*n + 2 > *cap) {
    size_t grown = *cap ? 2 * *cap : 64;
    Insertion *l = realloc(*list, grown * sizeof *l);
    if (!l)
      return 0;
    *list = l;
    *cap = grown;
  }
  (*list)[(*n)++] = (Insertion){b, 0, e};
  (*list)[(*n)++] = (Insertion){e, 1, b};
  return 1;
}

char *tme_rewrite_bool_vector_conversions(const char *src, int *failed) {
  *failed = 0;
  char *code = tme_code_only(src);
  if (!code) {
    *failed = 1;
    return NULL;
  }
  Insertion *list = NULL;
  size_t n = 0, cap = 0;
  int at_line_start = 1, ok = 1;
  for (const char *p = code; *p && ok; ++p) {
    if (*p == '\n') {
      at_line_start = 1;
      continue;
    }
    if (isspace((unsigned char)*p))
      continue;
    if (*p == '#' && at_line_start &&
        !tme_word_at(code, tme_skip_space(p + 1), "define")) {
      p = tme_skip_preprocessor_line(p);
      if (!*p)
        break;
      continue;
    }
    at_line_start = 0;
    const char *open = conversion_arguments(code, p);
    const char *close = open ? tme_matching(open) : NULL;
    if (!close)
      continue;
    /* Arguments split at commas outside brackets (not `<`: a comparison).
     * With a comma and an angle bracket the list may be a template's
     * (`float2(is_same_v<T, U>)`): left as written. */
    if (ambiguous_list(open + 1, close - 1))
      continue;
    for (const char *b = open + 1; b < close && ok;) {
      const char *e = b;
      while (e < close - 1 && *e != ',') {
        const char *end = strchr("([{", *e) ? tme_matching(e) : NULL;
        e = end && end < close ? end : e + 1;
      }
      const char *tb = b, *te = e;
      trim_spaces(&tb, &te);
      if (is_boolean_expression(tb, te))
        ok = add_wrapping(&list, &n, &cap, (size_t)(tb - code),
                          (size_t)(te - code));
      b = e + 1;
    }
  }
  free(code);
  if (!ok || !n) {
    free(list);
    *failed = !ok;
    return NULL;
  }
  qsort(list, n, sizeof *list, insertion_order);
  TmeStr s = {0};
  size_t copied = 0;
  for (size_t i = 0; i < n; ++i) {
    const char *text = list[i].closes ? ")" : "::tile_msl::msl_bool(";
    tme_splice(&s, src, &copied, list[i].at, text, strlen(text));
  }
  free(list);
  return tme_finish_rewrite(&s, src, copied, failed);
}
