/*===- lex.c - Lexical helpers for scanning MSL source ------------*- C -*-===*\
|*                                                                            *|
|* What source.c (finding kernels, reading parameters) and adapt.c          *|
|* (rewriting for C++) share: a view of the text without comments and        *|
|* literals, and word, bracket and list scanning over it.                     *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int tme_is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* `src` with comments, string and character literals replaced by spaces
 * (newlines kept): what the scanners below look at, so that a word in a
 * comment is not taken for code. Same length as `src`. */
char *tme_code_only(const char *src) {
  size_t n = strlen(src);
  char *c = malloc(n + 1);
  if (!c)
    return NULL;
  memcpy(c, src, n + 1);
  for (size_t i = 0; i < n;) {
    if (c[i] == '/' && c[i + 1] == '/') {
      while (i < n && c[i] != '\n')
        c[i++] = ' ';
    } else if (c[i] == '/' && c[i + 1] == '*') {
      c[i] = c[i + 1] = ' ';
      i += 2;
      while (i < n && !(c[i] == '*' && c[i + 1] == '/')) {
        if (c[i] != '\n')
          c[i] = ' ';
        ++i;
      }
      if (i < n)
        c[i] = c[i + 1] = ' ', i += 2;
    } else if (c[i] == '"' ||
               (c[i] == '\'' && !(i && isxdigit((unsigned char)c[i - 1])))) {
      char q = c[i];
      c[i++] = ' ';
      while (i < n && c[i] != q && c[i] != '\n') {
        if (c[i] == '\\' && i + 1 < n)
          c[i++] = ' ';
        c[i++] = ' ';
      }
      if (i < n && c[i] == q)
        c[i++] = ' ';
    } else {
      ++i;
    }
  }
  return c;
}

const char *tme_skip_space(const char *p) {
  while (*p && isspace((unsigned char)*p))
    ++p;
  return p;
}

/* `word` at p as a whole word. */
int tme_word_at(const char *code, const char *p, const char *word) {
  size_t n = strlen(word);
  return strncmp(p, word, n) == 0 && !tme_is_ident(p[n]) &&
         (p == code || !tme_is_ident(p[-1]));
}

/* `word` as a whole word somewhere in [b, e). */
int tme_word_in(const char *code, const char *b, const char *e,
                const char *word) {
  for (const char *q = b; q < e; ++q)
    if (tme_word_at(code, q, word))
      return 1;
  return 0;
}

/* The position after the bracket matching the one at `open` ((, [, { or
 * <), or NULL. Angle brackets count only themselves. */
const char *tme_matching(const char *open) {
  char o = *open, cl = o == '(' ? ')' : o == '[' ? ']' : o == '{' ? '}' : '>';
  int depth = 0;
  for (const char *p = open; *p; ++p) {
    if (*p == o)
      ++depth;
    else if (*p == cl && --depth == 0)
      return p + 1;
  }
  return NULL;
}

/* The identifier just before `p` (spaces skipped), not reaching before
 * `lo`: returns its start, its end in *end (start == end: none). */
const char *tme_ident_before(const char *lo, const char *p, const char **end) {
  while (p > lo && isspace((unsigned char)p[-1]))
    --p;
  *end = p;
  while (p > lo && tme_is_ident(p[-1]))
    --p;
  return p;
}

/* The end of the comma-separated list element that starts at `p`: the
 * first comma outside brackets ((, <, [) before `e`, else `e`. */
const char *tme_list_element_end(const char *p, const char *e) {
  int depth = 0;
  for (; p < e; ++p) {
    if (*p == '(' || *p == '<' || *p == '[')
      ++depth;
    else if (*p == ')' || *p == '>' || *p == ']')
      --depth;
    else if (*p == ',' && depth == 0)
      return p;
  }
  return e;
}

/* Copies [b, e) trimmed, with runs of spaces collapsed, into buf. */
void tme_copy_trimmed(const char *b, const char *e, char *buf, size_t size) {
  size_t n = 0;
  while (b < e && isspace((unsigned char)*b))
    ++b;
  while (e > b && isspace((unsigned char)e[-1]))
    --e;
  for (; b < e && n + 1 < size; ++b) {
    if (isspace((unsigned char)*b)) {
      if (n && buf[n - 1] != ' ')
        buf[n++] = ' ';
    } else {
      buf[n++] = *b;
    }
  }
  buf[n] = '\0';
}

/* An MSL vector type name: a scalar type and 2, 3 or 4 (`float4`). */
int tme_is_vector_type_name(const char *w, size_t n) {
  static const char *const scalars[] = {"bool",   "char", "uchar", "short",
                                        "ushort", "int",  "uint",  "long",
                                        "ulong",  "half", "float", "bfloat"};
  if (n < 2 || w[n - 1] < '2' || w[n - 1] > '4')
    return 0;
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; ++i)
    if (strlen(scalars[i]) == n - 1 && !strncmp(w, scalars[i], n - 1))
      return 1;
  return 0;
}

/* `<...>` after a name, when a call or `::` follows it: its end, else p. */
const char *tme_template_arguments_end(const char *p) {
  if (*p != '<')
    return p;
  int depth = 0;
  for (const char *q = p; *q; ++q) {
    if (*q == '(' || *q == '[') {
      const char *close = tme_matching(q);
      if (!close)
        return p;
      q = close - 1;
    } else if (*q == '<') {
      ++depth;
    } else if (*q == '>' && --depth == 0) {
      const char *after = tme_skip_space(q + 1);
      return *after == '(' || (after[0] == ':' && after[1] == ':') ? q + 1 : p;
    } else if (*q == ';' || *q == '{' || *q == '}') {
      return p;
    }
  }
  return p;
}

/* The word before an opening parenthesis at `open` names an attribute's
 * list (`alignas(16)`, `__attribute__((packed))`, `__declspec(...)`), not
 * a function's parameters. */
int tme_attribute_list_at(const char *code, const char *open) {
  const char *end, *w = tme_ident_before(code, open, &end);
  static const char *const words[] = {"alignas", "__attribute__", "__declspec"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; ++i)
    if ((size_t)(end - w) == strlen(words[i]) &&
        !strncmp(w, words[i], (size_t)(end - w)))
      return 1;
  return 0;
}

/* p after spaces and attributes (`[[...]]`, `alignas(...)`,
 * `__attribute__((...))`, `__declspec(...)`), not past `end`. */
const char *tme_skip_attributes(const char *code, const char *p,
                                const char *end) {
  for (;;) {
    p = tme_skip_space(p);
    const char *open = p;
    if (p[0] != '[' || p[1] != '[') {
      const char *w = p;
      while (tme_is_ident(*w))
        ++w;
      open = tme_skip_space(w);
      if (w == p || *open != '(' || !tme_attribute_list_at(code, open))
        return p;
    }
    const char *close = tme_matching(open);
    if (!close || close > end)
      return p;
    p = close;
  }
}

/* The end of the preprocessor line at p (continuation lines included). */
const char *tme_skip_preprocessor_line(const char *p) {
  while (*p && *p != '\n')
    p += p[0] == '\\' && p[1] == '\n' ? 2 : 1;
  return p;
}
