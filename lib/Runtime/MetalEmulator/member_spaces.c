/*===- member_spaces.c - members qualified by the object's address space --===*\
|*                                                                            *|
|* MSL overloads member functions on the address space of the object they   *|
|* are called on (`T sum() const threadgroup` beside `T sum() const`). clang *|
|* 22 has such qualifiers only in C++ for OpenCL, which cannot compile the   *|
|* shim (docs/emulator.md), but C++23's explicit object parameters resolve  *|
|* by the object's address space as Metal does: a threadgroup object picks  *|
|* `sum(this const threadgroup S&)` over the plain member. Their bodies name *|
|* members through that parameter, so the body stays an ordinary member     *|
|* under another name, and the qualified member calls it (on one line, the  *|
|* definition's last):                                                        *|
|*                                                                            *|
|*   T sum() const threadgroup { return a + b; }                              *|
|*   T __msl_threadgroup_sum() const             { return a + b; }            *|
|*     T sum(this const TILE_MSL_THREADGROUP_SPACE pair_t& __msl_self)        *|
|*     { return __msl_self.__msl_threadgroup_sum(); }                         *|
|*                                                                            *|
|* The translation unit then compiles as C++23 (compile.c). Only members    *|
|* defined in their class with a return type, named parameters and a        *|
|* `threadgroup`, `device` or `constant` qualifier: constructors (C++ has   *|
|* no object parameter for them), conversion operators, member templates,   *|
|* members defined outside their class and `thread`-qualified ones keep the *|
|* qualifier dropped (address_spaces.c). Inside the renamed body `this` is  *|
|* in the generic space, so a member it calls is chosen as for a thread     *|
|* object.                                                                   *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *src, *code;
  TmeStr out;
  size_t copied; /* src is copied into out up to here */
} Rewrite;

/* Copies the source up to `at` (a position in the code), then `text`. */
static void emit(Rewrite *r, const char *at, const char *text) {
  tme_splice(&r->out, r->src, &r->copied, (size_t)(at - r->code), text,
             strlen(text));
}

/* Adds [b, e) on one line, from the code: a `//` comment in it would
 * otherwise end the line early (comments are blanked there). */
static void add_one_line(Rewrite *r, const char *b, const char *e) {
  for (const char *q = b; q < e; ++q)
    tme_str_add(&r->out, *q == '\n' || *q == '\r' ? " " : q, 1);
}

/* The class a `{` at `brace` opens: its name in [*b, *e), or 0. */
static int class_name(const char *code, const char *start, const char *brace,
                      const char **b, const char **e) {
  for (const char *q = start; q < brace; ++q) {
    if (*q == '<') { /* `template <class T>`: a parameter, not the class */
      const char *close = tme_matching(q);
      if (!close || close > brace)
        return 0;
      q = close - 1;
      continue;
    }
    if (tme_word_at(code, q, "struct") || tme_word_at(code, q, "class")) {
      /* struct [[attr]] alignas(16) S */
      const char *n = tme_skip_attributes(code, q + (*q == 's' ? 6 : 5), brace);
      *b = n;
      while (tme_is_ident(*n))
        ++n;
      *e = n;
      return *e > *b;
    }
  }
  return 0;
}

/* The parameters [open, close) are each named: their names, comma
 * separated, into `args` (empty for none or `void`); 0 if one is not. */
static int parameter_names(const char *code, const char *open,
                           const char *close, TmeStr *args, const char *src) {
  const char *last = close - 1;
  const char *only = tme_skip_space(open + 1);
  if (only == last ||
      (tme_word_at(code, only, "void") && tme_skip_space(only + 4) == last))
    return 1;
  for (const char *b = open + 1; b < last;) {
    const char *e = tme_list_element_end(b, last);
    const char *eq = memchr(b, '=', (size_t)(e - b));
    const char *ne, *nb = tme_ident_before(b, eq ? eq : e, &ne);
    if (nb == ne || memchr(b, '.', (size_t)(e - b)) || nb == tme_skip_space(b))
      return 0; /* unnamed, a pack, or a name alone */
    if (args->len)
      tme_str_add(args, ", ", 2);
    tme_str_add(args, src + (nb - code), (size_t)(ne - nb));
    b = e < last ? e + 1 : e;
  }
  return 1;
}

/* One of the qualifying words at p, and the shim's address space for it. */
static const char *space_attribute(const char *code, const char *p) {
  if (tme_word_at(code, p, "threadgroup"))
    return "TILE_MSL_THREADGROUP_SPACE";
  if (tme_word_at(code, p, "device"))
    return "TILE_MSL_DEVICE_SPACE";
  if (tme_word_at(code, p, "constant"))
    return "TILE_MSL_CONSTANT_SPACE";
  return NULL;
}

/* The member declared by [start, open) with parameters [open, close), in
 * the class named [cb, ce): if it is `R name(params) [const] SPACE { ... }`
 * (see above), rewritten; returns the end of its body, else NULL. */
static const char *rewrite_member(Rewrite *r, const char *start,
                                  const char *open, const char *close,
                                  const char *cb, const char *ce) {
  const char *code = r->code;
  const char *q = tme_skip_space(close);
  int is_const = tme_word_at(code, q, "const");
  if (is_const)
    q = tme_skip_space(q + 5);
  const char *space = space_attribute(code, q), *word = q;
  if (!space)
    return NULL;
  while (tme_is_ident(*q))
    ++q;
  const char *brace = tme_skip_space(q);
  const char *ne, *nb = tme_ident_before(start, open, &ne);
  const char *pb = tme_skip_space(start);
  if (*brace != '{' || nb == ne || nb == pb ||
      ((size_t)(ne - nb) == (size_t)(ce - cb) && !strncmp(nb, cb, ce - cb)))
    return NULL; /* no body here, no name, no return type, a constructor */
  static const char *const refused[] = {"operator", "template", "static",
                                        "friend", "virtual"};
  for (size_t k = 0; k < sizeof refused / sizeof refused[0]; ++k)
    if (tme_word_in(code, pb, ne, refused[k]))
      return NULL;
  if (memchr(pb, '~', (size_t)(ne - pb)))
    return NULL;
  const char *body_end = tme_matching(brace);
  TmeStr args = {0};
  if (!body_end || !parameter_names(code, open, close, &args, r->src) ||
      args.oom) {
    free(args.p);
    return NULL;
  }
  char renamed_prefix[32];
  size_t n = strlen("__msl_") + (size_t)(q - word) + 1;
  memcpy(renamed_prefix, "__msl_", 6);
  memcpy(renamed_prefix + 6, r->src + (word - code), (size_t)(q - word));
  memcpy(renamed_prefix + n - 1, "_", 2);
  /* The body under the new name, without the qualifier. */
  emit(r, nb, renamed_prefix);
  emit(r, word, "");
  for (const char *w = word; w < q; ++w)
    tme_str_add(&r->out, " ", 1);
  r->copied = (size_t)(q - code);
  emit(r, body_end, " ");
  /* The qualified member, calling it. */
  add_one_line(r, pb, ne);
  tme_str_add(&r->out, "(this ", 6);
  tme_str_add(&r->out, is_const ? "const " : "", is_const ? 6 : 0);
  tme_str_add(&r->out, space, strlen(space));
  tme_str_add(&r->out, " ", 1);
  add_one_line(r, cb, ce);
  tme_str_add(&r->out, "& __msl_self", 12);
  if (tme_skip_space(open + 1) != close - 1 && args.len) {
    tme_str_add(&r->out, ", ", 2);
    add_one_line(r, open + 1, close - 1);
  }
  tme_str_add(&r->out, ") { return __msl_self.", 22);
  tme_str_add(&r->out, renamed_prefix, strlen(renamed_prefix));
  add_one_line(r, nb, ne);
  tme_str_add(&r->out, "(", 1);
  tme_str_add(&r->out, args.p ? args.p : "", args.len);
  tme_str_add(&r->out, "); }", 4);
  free(args.p);
  return body_end;
}

/* The walk's state: the rewriting, and the classes (and namespaces: no
 * name) it is in, 64 kept. */
typedef struct {
  Rewrite r;
  const char *names[64], *name_ends[64];
} Walk;

static void enter_scope(void *ctx, const char *start, const char *brace,
                        size_t depth) {
  Walk *w = ctx;
  const char *b = NULL, *e = NULL;
  if (depth <= 64 && !class_name(w->r.code, start, brace, &b, &e))
    b = e = NULL;
  if (depth <= 64) {
    w->names[depth - 1] = b;
    w->name_ends[depth - 1] = e;
  }
}

static const char *parameter_list(void *ctx, const char *start,
                                  const char *open, const char *close,
                                  int first, size_t depth) {
  Walk *w = ctx;
  if (!first || !depth || depth > 64 || !w->names[depth - 1])
    return NULL;
  return rewrite_member(&w->r, start, open, close, w->names[depth - 1],
                        w->name_ends[depth - 1]);
}

static void ignore_body(void *ctx, const char *brace) {
  (void)ctx;
  (void)brace;
}

static void ignore_end(void *ctx) { (void)ctx; }

char *tme_rewrite_member_spaces(const char *src, int *failed) {
  char *code = tme_code_only(src);
  if (!code) {
    *failed = 1;
    return NULL;
  }
  Walk w = {.r = {.src = src, .code = code}};
  static const TmeDeclarationWalk walk = {enter_scope, parameter_list,
                                          ignore_body, ignore_end};
  tme_walk_declarations(code, &walk, &w);
  free(code);
  return tme_finish_rewrite(&w.r.out, src, w.r.copied, failed);
}
