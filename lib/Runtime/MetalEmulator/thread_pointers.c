/*===- thread_pointers.c - `thread T*` parameters refuse other spaces -----===*\
|*                                                                            *|
|* With address spaces as types (address_spaces.c), MSL's `thread` is       *|
|* clang's generic default address space, which every other one converts to: *|
|* `this` and Metal's implicit members of every address space need that,    *|
|* and clang has no address space that takes the default one but not the    *|
|* others. So a device, threadgroup or constant pointer passed where a       *|
|* `thread T*` parameter is required would compile, which Metal refuses.     *|
|* Such a parameter of a function that is not a template becomes the shim's *|
|* ::tile_msl::thread_pointer<T*>, which takes a thread pointer and refuses  *|
|* the others with an error at the call, under another name; the body       *|
|* starts, on the line of its `{`, with the parameter as written:            *|
|*                                                                            *|
|*   float weight(thread const float* w) { return *w; }                      *|
|*   float weight(::tile_msl::thread_pointer<const float*>__msl_thread_w)    *|
|*     { const float* w = __msl_thread_w; return *w; }   (one line)          *|
|*                                                                            *|
|* A declaration without a body gets the same parameter type (its name      *|
|* stays), so that it declares the same function; so does a definition      *|
|* whose body does not follow the parameters at once (a constructor's       *|
|* member initializers), where the parameter converts to its pointer where  *|
|* it is used. Lines are kept; columns after a rewritten parameter move.     *|
|* Left alone: function templates (a class parameter type would not deduce  *|
|* T from a pointer), declarations without a body in a class template (the  *|
|* definition outside is a template) and the definitions outside of members *|
|* of a specialization (`void S<float>::f(...)`), parameters with more than *|
|* one `*` or an attribute after the name, references, and thread pointer   *|
|* variables.                                                                *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RENAMED 16

/* A rewritten parameter whose body (if one follows) declares it again. */
typedef struct {
  const char *name, *name_end; /* in the code */
  char *type;                  /* the pointer type as written, one line */
} Renamed;

typedef struct {
  const char *src, *code;
  TmeStr out;
  size_t copied; /* src is copied into out up to here */
  Renamed renamed[MAX_RENAMED];
  size_t n_renamed;
  const char *list_end; /* after the rewritten parameter list, or NULL */
} Rewrite;

static void forget_parameters(Rewrite *r) {
  for (size_t i = 0; i < r->n_renamed; ++i)
    free(r->renamed[i].type);
  r->n_renamed = 0;
  r->list_end = NULL;
}

/* Copies the source up to `at` (a position in the code), then `text`. */
static void emit(Rewrite *r, const char *at, const char *text, size_t n) {
  tme_splice(&r->out, r->src, &r->copied, (size_t)(at - r->code), text, n);
}

/* [b, e) of the code (comments blanked: a `//` one would end the line the
 * type is copied to) with the word `thread` and line breaks blanked, as a
 * malloc'd string. */
static char *type_text(const Rewrite *r, const char *b, const char *e) {
  size_t n = (size_t)(e - b);
  char *t = malloc(n + 1);
  if (!t)
    return NULL;
  memcpy(t, b, n);
  t[n] = '\0';
  for (const char *q = b; q < e; ++q)
    if (tme_word_at(r->code, q, "thread"))
      memset(t + (q - b), ' ', 6);
  for (size_t i = 0; i < n; ++i)
    if (t[i] == '\n' || t[i] == '\r')
      t[i] = ' ';
  return t;
}

static int is_qualifier_word(const char *b, const char *e) {
  static const char *const words[] = {"const", "volatile", "restrict",
                                      "__restrict", "__restrict__"};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; ++k)
    if ((size_t)(e - b) == strlen(words[k]) && !strncmp(b, words[k], e - b))
      return 1;
  return 0;
}

/* The parameter declarator [b, e) (without attributes before it or a
 * default argument) is `... thread ... T* [qualifiers] [name]`: the word
 * `thread` before its only `*` and nothing that makes it another kind of
 * declarator. Returns the end of its type, with its name in
 * [*name, *name_end) (empty if it has none). */
static const char *thread_pointer_parameter(const char *code, const char *b,
                                            const char *e, const char **name,
                                            const char **name_end) {
  const char *star = NULL, *thread = NULL;
  for (const char *q = b; q < e; ++q) {
    if (strchr("&([{", *q))
      return NULL;
    if (*q == '*') {
      if (star)
        return NULL;
      star = q;
    } else if (!star && tme_word_at(code, q, "thread")) {
      thread = q;
    }
  }
  if (!star || !thread)
    return NULL;
  const char *ne, *nb = tme_ident_before(star + 1, e, &ne);
  if (nb == ne || is_qualifier_word(nb, ne) || isdigit((unsigned char)*nb)) {
    *name = *name_end = e; /* unnamed */
    return e;
  }
  *name = nb;
  *name_end = ne;
  return nb;
}

/* The parameter [b, e) without the attributes before it: its start. */
static const char *after_attributes(const char *b, const char *e) {
  for (b = tme_skip_space(b); b < e && b[0] == '[' && b[1] == '[';) {
    const char *close = tme_matching(b);
    if (!close || close > e)
      return e;
    b = tme_skip_space(close);
  }
  return b;
}

/* A body's `{` follows the parameter list ending at `list_end`: if
 * `at_once`, after only words and attributes (`const`, `noexcept`,
 * `[[...]]`), so that its first statement runs before anything else can
 * name a parameter (unlike a constructor's member initializers or a
 * trailing return type); else after anything but a `;` (a declaration
 * alone). */
static int body_follows(const char *list_end, int at_once) {
  for (const char *q = list_end; *q; ++q) {
    if (*q == '(' || *q == '[') {
      if (at_once && (q[0] != '[' || q[1] != '['))
        return 0;
      const char *close = tme_matching(q);
      if (!close)
        return 0;
      q = close - 1;
    } else if (*q == '{') {
      return 1;
    } else if (*q == ';' || *q == '}' ||
               (at_once && !isspace((unsigned char)*q) && !tme_is_ident(*q))) {
      return 0;
    }
  }
  return 0;
}

/* The parameter list [open, close) of a declaration: each `thread T*`
 * parameter becomes a thread_pointer, renamed (and remembered for the
 * body) if a body follows at once. */
static void rewrite_parameter_list(Rewrite *r, const char *open,
                                   const char *close) {
  const char *last = close - 1; /* the ')' */
  int body = body_follows(close, 1);
  for (const char *b = open + 1; b < last;) {
    const char *e = tme_list_element_end(b, last);
    const char *tb = after_attributes(b, e);
    const char *eq = memchr(tb, '=', (size_t)(e - tb)); /* a default */
    const char *name, *name_end;
    const char *type_end =
        thread_pointer_parameter(r->code, tb, eq ? eq : e, &name, &name_end);
    char *type = type_end ? type_text(r, tb, type_end) : NULL;
    if (type) {
      emit(r, tb, "::tile_msl::thread_pointer<", 27);
      tme_str_add(&r->out, type, strlen(type));
      tme_str_add(&r->out, ">", 1);
      r->copied = (size_t)(type_end - r->code);
      if (body && name < name_end && r->n_renamed < MAX_RENAMED) {
        tme_str_add(&r->out, "__msl_thread_", 13);
        r->renamed[r->n_renamed++] = (Renamed){name, name_end, type};
        type = NULL;
      }
      free(type);
      r->list_end = close;
    }
    b = e < last ? e + 1 : e;
  }
}

/* After the body's `{`: each renamed parameter declared as written. */
static void declare_parameters(Rewrite *r, const char *brace) {
  emit(r, brace + 1, "", 0);
  for (size_t i = 0; i < r->n_renamed; ++i) {
    const Renamed *p = &r->renamed[i];
    size_t n = (size_t)(p->name_end - p->name);
    const char *name = r->src + (p->name - r->code);
    tme_str_add(&r->out, " ", 1);
    tme_str_add(&r->out, p->type, strlen(p->type));
    tme_str_add(&r->out, " ", 1);
    tme_str_add(&r->out, name, n);
    tme_str_add(&r->out, " = __msl_thread_", 16);
    tme_str_add(&r->out, name, n);
    tme_str_add(&r->out, ";", 1);
  }
}

/* The declaration [b, e) names a member of a class template's
 * specialization (`void S<float>::f(...)`), whose declaration in the class
 * was left alone if it had no body. */
static int names_specialization_member(const char *b, const char *e) {
  for (const char *q = b; q + 2 < e; ++q)
    if (q[0] == '>' && q[1] == ':' && q[2] == ':')
      return 1;
  return 0;
}

/* The walk's state: the rewriting, and per namespace or class it is in
 * (64 kept) whether that is (in) a class template, whose members may be
 * declared again outside it as templates, which are left alone. */
typedef struct {
  Rewrite r;
  unsigned char templated[64];
} Walk;

static int in_template(const Walk *w, size_t depth) {
  return depth && w->templated[(depth < 64 ? depth : 64) - 1];
}

static void enter_scope(void *ctx, const char *start, const char *brace,
                        size_t depth) {
  Walk *w = ctx;
  if (depth <= 64)
    w->templated[depth - 1] =
        (unsigned char)(in_template(w, depth - 1) ||
                        tme_word_in(w->r.code, start, brace, "template"));
}

static const char *parameter_list(void *ctx, const char *start,
                                  const char *open, const char *close,
                                  int first, size_t depth) {
  Walk *w = ctx;
  (void)first;
  /* In a class template, only definitions: a declaration alone is defined
   * outside as a template (left alone) or not at all. */
  if (!w->r.list_end && !tme_word_in(w->r.code, start, open, "template") &&
      !names_specialization_member(start, open) &&
      (!in_template(w, depth) || body_follows(close, 0)))
    rewrite_parameter_list(&w->r, open, close);
  return NULL;
}

static void body(void *ctx, const char *brace) {
  Walk *w = ctx;
  if (w->r.n_renamed)
    declare_parameters(&w->r, brace);
}

static void declaration_end(void *ctx) { forget_parameters(&((Walk *)ctx)->r); }

char *tme_rewrite_thread_pointer_parameters(const char *src, int *failed) {
  char *code = tme_code_only(src);
  if (!code) {
    *failed = 1;
    return NULL;
  }
  Walk w = {.r = {.src = src, .code = code}};
  static const TmeDeclarationWalk walk = {enter_scope, parameter_list, body,
                                          declaration_end};
  tme_walk_declarations(code, &walk, &w);
  free(code);
  return tme_finish_rewrite(&w.r.out, src, w.r.copied, failed);
}
