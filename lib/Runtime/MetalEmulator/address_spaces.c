/*===- address_spaces.c - MSL address spaces in the compiled text -*- C -*-===*\
|*                                                                            *|
|* The emulator compiles MSL with its address spaces as types: clang's SYCL   *|
|* device mode, where `device`, `threadgroup` and `constant` are the global,  *|
|* local and private address spaces and the default (`thread`) one is        *|
|* generic (tile_msl_shim.h). What the shim's macros cannot do alone, this   *|
|* file does in the text, keeping every line and column:                      *|
|*  - a `threadgroup` or `constant` that qualifies a pointer or reference    *|
|*    becomes `__msl_tgas` or `__mslcas` (the address space; `constant` also *|
|*    const), where the shim's words stand for a variable (shared storage,  *|
|*    a plain const);                                                         *|
|*  - an array parameter in an address space (`threadgroup float x[32]`,     *|
|*    MLX's `constant const int64_t strides[2]`), which clang refuses, is    *|
|*    written as the pointer it is (`threadgroup float*x    `);              *|
|*  - a member function's address-space qualifier (`int f() const           *|
|*    threadgroup`, MLX's complex.h) that member_spaces.c left (a           *|
|*    constructor's, a conversion operator's, ...) is dropped: C++ has no   *|
|*    such qualifiers, and `this` in the generic space serves objects in    *|
|*    every address space. Of members that then differ in nothing else, the
first *|
|*    definition serves all; a later one with another body is a compile      *|
|*    error at its line.                                                      *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tme_is_address_space(const char *code, const char *p) {
  return tme_word_at(code, p, "device") || tme_word_at(code, p, "constant") ||
         tme_word_at(code, p, "thread") || tme_word_at(code, p, "threadgroup");
}

/* The address-space word at p (`len` letters) qualifies a pointer or
 * reference: a `*` or `&` comes before the declarator ends (also in
 * parentheses: `threadgroup float (&rows)[4]`). */
int tme_qualifies_pointer(const char *p, size_t len) {
  int angle = 0;
  for (p += len; *p; ++p) {
    if (*p == '<')
      ++angle;
    else if (*p == '>' && angle > 0)
      --angle;
    else if (angle == 0 && (*p == '*' || *p == '&'))
      return 1;
    else if (angle == 0 && *p == '(' && strchr("*&", *tme_skip_space(p + 1)))
      return 1;
    else if (angle == 0 && strchr(";,)={[(", *p))
      return 0;
  }
  return 0;
}

/* ---- array parameters --------------------------------------------------- */
/* The innermost bracket open at p is a `(`: p is in a parameter list (or
 * another parenthesized list, where an address space qualifies nothing
 * but a parameter). */
static int in_parentheses(const char *code, const char *p) {
  int depth = 0;
  for (const char *q = p; q > code;) {
    char c = *--q;
    if (c == ')' || c == ']' || c == '}')
      ++depth;
    else if (c == '(' || c == '[' || c == '{') {
      if (depth == 0)
        return c == '(';
      --depth;
    } else if (c == ';' && depth == 0)
      return 0;
  }
  return 0;
}

/* `AS T name[N]` as a parameter becomes `AS T*name   ` (the `*` in the
 * space before the name, the extents blanked): clang refuses an array
 * parameter in an address space, and C++ adjusts it to that pointer. */
static void array_parameter_to_pointer(char *text, char *code, const char *p) {
  const char *q = p;
  while (tme_is_ident(*q))
    ++q;
  const char *open = NULL;
  int angle = 0;
  for (; *q; ++q) {
    if (*q == '<')
      ++angle;
    else if (*q == '>' && angle > 0)
      --angle;
    else if (angle == 0 && *q == '[') {
      open = q;
      break;
    } else if (angle == 0 && strchr(";,)={(*&", *q))
      return;
  }
  if (!open || open[1] == '[' || !in_parentheses(code, p))
    return;
  const char *ne, *nb = tme_ident_before(code, open, &ne);
  if (nb == ne || nb == code || !isspace((unsigned char)nb[-1]) ||
      tme_skip_space(ne) != open)
    return;
  const char *end = open;
  while (*end == '[') { /* every extent: `float x[2][3]` */
    const char *close = tme_matching(end);
    if (!close)
      return;
    end = tme_skip_space(close);
  }
  text[nb - 1 - code] = code[nb - 1 - code] = '*';
  for (const char *b = open; b < end; ++b)
    if (text[b - code] != '\n')
      text[b - code] = code[b - code] = ' ';
}

void tme_address_space_array_parameters(char *text, char *code) {
  static const char *const words[] = {"device", "constant", "threadgroup"};
  for (const char *p = code; *p; ++p)
    for (size_t k = 0; k < 3; ++k)
      if (tme_word_at(code, p, words[k]))
        array_parameter_to_pointer(text, code, p);
}

/* ---- the words ---------------------------------------------------------- */
/* The declaration [b, e) (at namespace or class scope) is a function
 * whose body the `{` at e opens: a parameter list before any `=`, and no
 * class, union, enum or namespace keyword. */
static int opens_function_body(const char *code, const char *b, const char *e) {
  static const char *const scopes[] = {"namespace", "struct", "class", "union",
                                       "enum"};
  for (const char *q = b; q < e; ++q) {
    for (size_t k = 0; k < 5; ++k)
      if (tme_word_at(code, q, scopes[k]))
        return 0;
    if (*q == '<') { /* template arguments may hold anything */
      const char *close = tme_matching(q);
      q = close && close <= e ? close - 1 : q;
    } else if (*q == '=') {
      return 0;
    } else if (*q == '(') {
      return 1;
    }
  }
  return 0;
}

/* `static` in the declaration [b, p). */
static int declared_static(const char *code, const char *b, const char *p) {
  return tme_word_in(code, b, p, "static");
}

void tme_address_space_words(char *text, const char *code) {
  /* Per open brace, whether it is in a function body (automatic variables
   * cannot be in an address space). */
  unsigned char in_body[256];
  size_t depth = 0;
  const char *start = code; /* the current declaration's or statement's */
  for (const char *p = code; *p; ++p) {
    int body = depth && in_body[depth - 1 < 256 ? depth - 1 : 255];
    if (*p == '#' &&
        (p == code || p[-1] == '\n' || isspace((unsigned char)p[-1]))) {
      const char *line = p;
      while (*p && *p != '\n') { /* a macro's words, by the same rules */
        if (tme_word_at(code, p, "constant") &&
            (tme_qualifies_pointer(p, 8) || declared_static(code, line, p)))
          memcpy(text + (p - code), "__mslcas", 8);
        else if (tme_word_at(code, p, "threadgroup") &&
                 tme_qualifies_pointer(p, 11))
          memcpy(text + (p - code), "__msl_tgas ", 11);
        p += p[0] == '\\' && p[1] == '\n' ? 2 : 1;
      }
      start = p;
      if (!*p)
        break;
      continue;
    }
    if (*p == '{') {
      int opens = body || opens_function_body(code, start, p);
      if (depth < 256)
        in_body[depth] = (unsigned char)opens;
      ++depth;
      start = p + 1;
    } else if (*p == '}') {
      depth -= depth > 0;
      start = p + 1;
    } else if (*p == ';') {
      start = p + 1;
    } else if (tme_word_at(code, p, "constant")) {
      /* A pointer or reference, or a variable with static storage; an
       * automatic `constant` variable stays a plain const. */
      if (tme_qualifies_pointer(p, 8) || !body ||
          declared_static(code, start, p))
        memcpy(text + (p - code), "__mslcas", 8);
      p += 7;
    } else if (tme_word_at(code, p, "threadgroup")) {
      /* On a variable, the shim's shared storage in the threadgroup space. */
      if (tme_qualifies_pointer(p, 11))
        memcpy(text + (p - code), "__msl_tgas ", 11);
      p += 10;
    }
  }
}

/* ---- member functions qualified by the object's address space --------- */
/* The offset of the enclosing scope, then [b, e) with spaces collapsed,
 * without the object qualifier [qb, qe) and, if `strip`, without any
 * address-space word. */
static char *declaration_key(const char *code, const char *scope, const char *b,
                             const char *e, const char *qb, const char *qe,
                             int strip) {
  TmeStr k = {0};
  char where[32];
  snprintf(where, sizeof where, "%ld:", (long)(scope - code));
  tme_str_add(&k, where, strlen(where));
  for (const char *p = b; p < e;) {
    if (p == qb || (strip && tme_is_address_space(code, p))) {
      p = p == qb ? qe : p;
      while (p < e && tme_is_ident(*p))
        ++p;
      continue;
    }
    if (isspace((unsigned char)*p)) {
      if (k.len && k.p[k.len - 1] != ' ')
        tme_str_add(&k, " ", 1);
    } else {
      tme_str_add(&k, p, 1);
    }
    ++p;
  }
  if (!k.p)
    return tme_strdup("");
  return k.p;
}

typedef struct {
  char **keys, **bodies;
  size_t n, cap;
} Keys;

/* The body of the first definition with `key` if there was one (`key`
 * and `body` are then freed), else NULL, remembering both. */
static const char *seen_before(Keys *seen, char *key, char *body) {
  for (size_t i = 0; i < seen->n; ++i)
    if (!strcmp(seen->keys[i], key)) {
      free(key);
      free(body);
      return seen->bodies[i];
    }
  if (seen->n == seen->cap) {
    size_t cap = seen->cap ? 2 * seen->cap : 64;
    char **grown = realloc(seen->keys, cap * sizeof *grown);
    if (grown)
      seen->keys = grown;
    char **grown_bodies =
        grown ? realloc(seen->bodies, cap * sizeof *grown) : NULL;
    if (!grown_bodies) {
      free(key);
      free(body);
      return NULL;
    }
    seen->bodies = grown_bodies;
    seen->cap = cap;
  }
  seen->keys[seen->n] = key;
  seen->bodies[seen->n++] = body;
  return NULL;
}

/* A definition blanked for an earlier one with another body would run
 * that body instead of its own: a compile error in its place (clang:
 * "use of undeclared identifier 'address_space_overloads_differ'"), not
 * a silently wrong result. The tokens go into the blanked text, each
 * within a line, so that the lines stay; if they do not fit (a one-line
 * member), nothing is written. */
static void refuse_different_overload(char *text, const char *code,
                                      const char *b, const char *close) {
  static const char *const tokens[] = {"static_assert(",
                                       "address_space_overloads_differ", ");"};
  size_t at[3];
  const char *q = b;
  for (size_t t = 0; t < 3; ++t) {
    size_t n = strlen(tokens[t]);
    while (q + n <= close && memchr(q, '\n', n))
      q = (const char *)memchr(q, '\n', n) + 1;
    if (q + n > close)
      return;
    at[t] = (size_t)(q - code);
    q += n;
  }
  for (size_t t = 0; t < 3; ++t)
    memcpy(text + at[t], tokens[t], strlen(tokens[t]));
}

static void blank(char *text, const char *code, const char *b, const char *e) {
  for (const char *q = b; q < e; ++q)
    if (text[q - code] != '\n')
      text[q - code] = ' ';
}

/* Whether the declaration [start, brace) opens a namespace, class or
 * linkage scope rather than an initializer: one of those words in it (as a
 * word, looked for in the declaration alone) and no '='. */
int tme_opens_scope(const char *code, const char *start, const char *brace) {
  static const char *const scopes[] = {"namespace", "struct", "class",
                                       "extern"};
  if (memchr(start, '=', (size_t)(brace - start)))
    return 0;
  for (const char *q = start; q < brace; ++q)
    for (size_t k = 0; k < 4; ++k)
      if (tme_word_at(code, q, scopes[k]))
        return 1;
  return 0;
}

void tme_blank_member_space_overloads(char *text, const char *code,
                                      int flat_spaces) {
  Keys seen = {0};
  const char *start = code; /* the current declaration's start */
  /* The namespaces and classes the scan is in: a declaration's key names
   * its innermost one, so that members of different classes differ. */
  const char *scopes_in[64];
  size_t depth_in = 0;
  for (const char *p = code; *p; ++p) {
    if (*p == '(' || *p == '[') { /* (parameters) and [[attributes]] */
      const char *close = tme_matching(p);
      if (!close)
        break;
      p = close - 1;
      continue;
    }
    if (*p == '#') { /* a preprocessor line is no declaration */
      while (*p && *p != '\n')
        ++p;
      start = p;
      if (!*p)
        break;
      continue;
    }
    if (*p == ';' || *p == '}') {
      if (*p == '}' && depth_in)
        --depth_in;
      start = p + 1;
      continue;
    }
    if (*p != '{')
      continue;
    /* The declaration [start, p) opens a scope or a body. */
    const char *last_paren = NULL;
    for (const char *q = start; q < p; ++q) {
      if (*q == '(') {
        const char *close = tme_matching(q);
        if (!close || close > p)
          break;
        if (!last_paren || q < last_paren)
          last_paren = close - 1; /* the parameter list's ')' */
        q = close - 1;
      }
    }
    const char *close = tme_matching(p);
    if (!close)
      break;
    int scope = !last_paren && tme_opens_scope(code, start, p);
    if (scope) {
      if (depth_in < 64)
        scopes_in[depth_in++] = p;
      start = p + 1; /* its declarations are looked at */
      continue;
    }
    if (last_paren) {
      /* A function: `) [const] AS` qualifies the object; the word goes. */
      const char *q = tme_skip_space(last_paren + 1);
      if (tme_word_at(code, q, "const"))
        q = tme_skip_space(q + 5);
      const char *qe = q;
      if (tme_is_address_space(code, q))
        while (tme_is_ident(*qe))
          text[qe++ - code] = ' ';
      const char *b = tme_skip_space(start);
      /* The key: the declaration without the object's address space (its
       * parameters' are part of the type, overloads in their own right),
       * or without any address space when they are not types. */
      int qualified = qe > q;
      for (const char *w = b; w < p && flat_spaces && !qualified; ++w)
        qualified = tme_is_address_space(code, w);
      char *key =
          qualified
              ? declaration_key(code, depth_in ? scopes_in[depth_in - 1] : code,
                                b, p, qe > q ? q : NULL, qe, flat_spaces)
              : NULL;
      /* The body, compared without address-space words and spacing. */
      char *body =
          key ? declaration_key(code, code, p, close, NULL, NULL, 1) : NULL;
      if (key && !body)
        free(key);
      const char *first = key && body ? seen_before(&seen, key, body) : NULL;
      if (first) {
        char *mine = declaration_key(code, code, p, close, NULL, NULL, 1);
        blank(text, code, b, close);
        if (mine && strcmp(mine, first))
          refuse_different_overload(text, code, b, close);
        free(mine);
      }
    }
    p = close - 1; /* not into bodies or initializers */
    start = close;
  }
  for (size_t i = 0; i < seen.n; ++i) {
    free(seen.keys[i]);
    free(seen.bodies[i]);
  }
  free(seen.keys);
  free(seen.bodies);
}

/* ---- the compiler's verdict --------------------------------------------- */
/* What a quoted type in a log line ('__global float *', 'const __global
 * pair_t') says about address spaces. */
enum { NO_SPACE = 0, SPACE_OBJECT = 1, SPACE_INDIRECT = 2 };

/* The address-space kinds (bits of the enum above) of the quoted types in
 * the line [line, end): a pointer or reference in a space, or an object
 * (a class or scalar value) in a space. */
static int quoted_space_types(const char *line, const char *end) {
  static const char *const spaces[] = {"__global", "__local", "__private"};
  int kinds = NO_SPACE;
  for (const char *q = line; q < end; ++q) {
    if (*q != '\'')
      continue;
    const char *close = memchr(q + 1, '\'', (size_t)(end - q - 1));
    if (!close)
      break;
    int spaced = 0;
    for (size_t k = 0; k < 3; ++k)
      spaced |=
          memmem(q, (size_t)(close - q), spaces[k], strlen(spaces[k])) != NULL;
    int indirect = memchr(q, '*', (size_t)(close - q)) ||
                   memchr(q, '&', (size_t)(close - q));
    if (spaced)
      kinds |= indirect ? SPACE_INDIRECT : SPACE_OBJECT;
    q = close;
  }
  return kinds;
}

/* An address-space mistake: a line (error or note) that names a pointer or
 * reference type in one of the address spaces ('__global float *', 'const
 * __private int &') or a conversion between address spaces ("cannot pass
 * pointer to address space '__private' as a pointer to address space
 * '__global'"): an argument or initializer of the wrong address space. */
static int address_space_mistake(const char *log) {
  for (const char *line = log; line && *line;) {
    const char *end = strchr(line, '\n');
    if (!end)
      end = line + strlen(line);
    if (memmem(line, (size_t)(end - line), "address space '__", 17) ||
        (quoted_space_types(line, end) & SPACE_INDIRECT))
      return 1;
    line = *end ? end + 1 : end;
  }
  return 0;
}

/* The one thing clang refuses in valid MSL with address spaces as types is
 * a conditional expression mixing a class object in an address space with
 * one that is not (`c ? in[i] : T(0)` for a struct T: "incompatible operand
 * types ('const __global T' and 'T')"; clang has no rule for it). Such an
 * error names an object, not a pointer or reference, in an address space.
 * The other is what the emulator's own rewriting for address spaces
 * breaks in valid MSL (thread_pointers.c, member_spaces.c): an error that
 * names their `thread_pointer<...>` or `__msl_self`, or any error in a
 * source compiled as C++23 for its members (C++20's rules on aggregates
 * and keywords). Only then is a flat compile, which rewrites neither,
 * worth its time: any other failure (a typo, a missing header, an
 * address-space mistake) fails flat as well, and is reported from the
 * first compile at once. */
int tme_address_space_needs_flat(const char *log, int members_rewritten) {
  if (address_space_mistake(log))
    return 0;
  if (members_rewritten || strstr(log, "thread_pointer<") ||
      strstr(log, "__msl_self"))
    return 1;
  int object_in_space = 0;
  for (const char *line = log; line && *line && !object_in_space;) {
    const char *end = strchr(line, '\n');
    if (!end)
      end = line + strlen(line);
    const char *error = memmem(line, (size_t)(end - line), " error: ", 8);
    object_in_space =
        error && (quoted_space_types(error, end) & SPACE_OBJECT) != 0;
    line = *end ? end + 1 : end;
  }
  return object_in_space;
}
