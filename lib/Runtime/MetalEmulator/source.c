/*===- source.c - Reading and adapting a kernel's MSL source ------*- C -*-===*\
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
|* It also finds kernels: by name, or by the host name of a template          *|
|* instantiation (`template [[host_name("sum_f32")]] [[kernel]] void          *|
|* sum<float>(...);`, also in MLX's `decltype(sum<float>) sum<float>;`       *|
|* form), and reads a kernel's parameters from its declaration.              *|
|* The scanning is lexical (comments and literals blanked first), not a C++  *|
|* parse: it does not see through macros.                                     *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* `src` with comments, string and character literals replaced by spaces
 * (newlines kept): what the scanners below look at, so that a word in a
 * comment is not taken for code. Same length as `src`. */
static char *code_only(const char *src) {
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
    } else if (c[i] == '"' || (c[i] == '\'' && !(i && isxdigit((unsigned char)c[i - 1])))) {
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

static const char *skip_space(const char *p) {
  while (*p && isspace((unsigned char)*p))
    ++p;
  return p;
}

/* `word` at p as a whole word. */
static int word_at(const char *code, const char *p, const char *word) {
  size_t n = strlen(word);
  return strncmp(p, word, n) == 0 && !is_ident(p[n]) &&
         (p == code || !is_ident(p[-1]));
}

/* The position after the bracket matching the one at `open` ((, [, { or
 * <), or NULL. Angle brackets count only themselves. */
static const char *matching(const char *open) {
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
static const char *ident_before(const char *lo, const char *p,
                                const char **end) {
  while (p > lo && isspace((unsigned char)p[-1]))
    --p;
  *end = p;
  while (p > lo && is_ident(p[-1]))
    --p;
  return p;
}

/* The end of the comma-separated list element that starts at `p`: the
 * first comma outside brackets ((, <, [) before `e`, else `e`. */
static const char *list_element_end(const char *p, const char *e) {
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

/* The `<` of the template parameter list when the statement that `p` is
 * in starts with `template <` (a template definition), else NULL. */
static const char *template_parameters(const char *code, const char *p) {
  while (p > code && p[-1] != ';' && p[-1] != '}' && p[-1] != '{')
    --p;
  /* Preprocessor lines (#pragma once, line markers, the #include lines of
   * expanded headers) end no statement but precede it. */
  for (p = skip_space(p); *p == '#';) {
    const char *eol = strchr(p, '\n');
    if (!eol)
      return NULL;
    p = skip_space(eol + 1);
  }
  if (!word_at(code, p, "template"))
    return NULL;
  p = skip_space(p + 8);
  return *p == '<' ? p : NULL;
}

/* ---- finding kernels ---------------------------------------------------- */
/* After `kernel` at p: `void NAME(`: writes NAME, returns 1; 0 if not a
 * plain kernel definition there. */
static int plain_kernel_after(const char *code, const char *p, char *name,
                              size_t size) {
  p += 6;
  if (*skip_space(p) != 'v') { /* [[kernel, ...]]: to the end of the list */
    const char *end = strstr(p, "]]");
    if (!end)
      return 0;
    p = end + 2;
  }
  for (p = skip_space(p); p[0] == '[' && p[1] == '['; p = skip_space(p)) {
    const char *end = strstr(p, "]]");
    if (!end)
      return 0;
    p = end + 2;
  }
  if (!word_at(code, p, "void"))
    return 0;
  p = skip_space(p + 4);
  const char *w = p;
  while (is_ident(*p))
    ++p;
  if (p == w || *skip_space(p) != '(' || (size_t)(p - w) >= size)
    return 0;
  memcpy(name, w, (size_t)(p - w));
  name[p - w] = '\0';
  return 1;
}

/* The host_name string after `host_name` at p, a position in the ORIGINAL
 * text (where the string is not blanked). */
static int host_name_at(const char *p, char *name, size_t size) {
  p = skip_space(p + 9);
  if (*p != '(')
    return 0;
  p = skip_space(p + 1);
  if (*p != '"')
    return 0;
  /* Adjacent literals concatenate ("scale_" "f32" after a macro). */
  size_t n = 0;
  while (*p == '"') {
    const char *end = strchr(p + 1, '"');
    if (!end || n + (size_t)(end - p - 1) >= size)
      return 0;
    memcpy(name + n, p + 1, (size_t)(end - p - 1));
    n += (size_t)(end - p - 1);
    p = skip_space(end + 1);
  }
  name[n] = '\0';
  return 1;
}

/* The instantiated template-id of the declaration after a host_name
 * attribute (`... void sum<float>(...)` or `decltype(f<T>) f<T>;`): the
 * `name<...>` at parenthesis depth 0 before the declaration's end. */
static int instantiation_after(const char *code, const char *p,
                               TmeKernelRef *ref) {
  const char *attr_end = strstr(p, "]]");
  if (!attr_end)
    return 0;
  int depth = 0;
  const char *found = NULL, *found_end = NULL;
  for (const char *q = attr_end + 2; *q && !(depth == 0 && *q == ';'); ++q) {
    if (*q == '(' || *q == '[')
      ++depth;
    else if (*q == ')' || *q == ']')
      --depth;
    else if (depth == 0 && *q == '<' && q > code) {
      const char *e;
      const char *w = ident_before(code, q, &e);
      const char *close = matching(q);
      if (w < e && close && !word_at(code, w, "template")) {
        found = w;
        found_end = close;
        q = close - 1;
      }
    }
  }
  if (!found)
    return 0;
  size_t n = 0;
  for (const char *q = found; q < found_end && n + 1 < sizeof ref->callee; ++q)
    if (!isspace((unsigned char)*q) ||
        (n && is_ident(ref->callee[n - 1]) && is_ident(q[1])))
      ref->callee[n++] = isspace((unsigned char)*q) ? ' ' : *q;
  ref->callee[n] = '\0';
  size_t b = 0;
  while (is_ident(found[b]) && b + 1 < sizeof ref->base)
    ref->base[b] = found[b], ++b;
  ref->base[b] = '\0';
  return 1;
}

int tme_resolve_kernel(const char *src, const char *name, int strict,
                       TmeKernelRef *ref, char *error, size_t error_size) {
  memset(ref, 0, sizeof *ref);
  char *code = code_only(src);
  if (!code) {
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  char names[2048] = "";
  size_t count = 0;
  int found = 0;
  for (const char *p = code; *p && !found; ++p) {
    char candidate[128];
    if (word_at(code, p, "host_name") &&
        host_name_at(src + (p - code), candidate, sizeof candidate)) {
      if (name ? strcmp(candidate, name) == 0 : count == 0) {
        TmeKernelRef r;
        memset(&r, 0, sizeof r);
        if (instantiation_after(code, p, &r)) {
          snprintf(r.host, sizeof r.host, "%s", candidate);
          *ref = r;
          found = name != NULL;
        }
      }
    } else if (word_at(code, p, "kernel") &&
               plain_kernel_after(code, p, candidate, sizeof candidate) &&
               !template_parameters(code, p)) {
      if (name ? strcmp(candidate, name) == 0 : count == 0) {
        snprintf(ref->callee, sizeof ref->callee, "%s", candidate);
        snprintf(ref->base, sizeof ref->base, "%s", candidate);
        snprintf(ref->host, sizeof ref->host, "%s", candidate);
        found = name != NULL;
      }
    } else {
      continue;
    }
    if (!found) {
      size_t len = strlen(names);
      snprintf(names + len, sizeof names - len, "%s'%s'", count ? ", " : "",
               candidate);
      ++count;
    }
  }
  free(code);
  if (found || (!name && count == 1))
    return TME_OK;
  if (name && !strict) {
    /* Not declared as a kernel we can see (e.g. made by a macro): take the
     * name as the function to call, as before host names existed. */
    snprintf(ref->callee, sizeof ref->callee, "%s", name);
    snprintf(ref->base, sizeof ref->base, "%s", name);
    snprintf(ref->host, sizeof ref->host, "%s", name);
    return TME_OK;
  }
  if (name)
    tme_set_error(error, error_size,
                  "no kernel '%s' in the source (its kernels: %s; one made "
                  "by a macro needs --abi)",
                  name, count ? names : "none found");
  else
    tme_set_error(error, error_size,
                  count ? "the source has several kernels (%s): choose one"
                        : "no kernel found in the source%s (a `kernel void "
                          "f(...)`, `[[kernel]] void f(...)` or a "
                          "[[host_name(\"...\")]] instantiation)",
                  names);
  return TME_ERR_ARGUMENT;
}

/* ---- a kernel's parameters ---------------------------------------------- */
/* The parameter list of function `name` in `code`: the text after the '('
 * of the first "name(" preceded by "void" (a definition or declaration of
 * the kernel, with its attributes), up to its matching ')'. */
static const char *parameters_of(const char *code, const char *name,
                                 size_t *len, const char **at_name) {
  size_t n = strlen(name);
  for (const char *at = strstr(code, name); at; at = strstr(at + 1, name)) {
    if (at > code && is_ident(at[-1]))
      continue;
    const char *open = skip_space(at + n);
    if (*open != '(')
      continue;
    const char *before = at;
    while (before > code && isspace((unsigned char)before[-1]))
      --before;
    if (before - code < 4 || strncmp(before - 4, "void", 4) != 0)
      continue;
    const char *close = matching(open);
    if (!close)
      return NULL;
    *len = (size_t)(close - open - 2);
    if (at_name)
      *at_name = at;
    return open + 1;
  }
  return NULL;
}

/* Copies [b, e) trimmed, with runs of spaces collapsed, into buf. */
static void copy_trimmed(const char *b, const char *e, char *buf,
                         size_t size) {
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

/* Without a binding attribute, Metal gives a `device`/`constant` pointer or
 * reference the next free buffer index, and a `threadgroup` pointer the next
 * free threadgroup index (Apple's add_arrays sample, llama.cpp, tinygrad):
 * the kind such a parameter `type` takes, or -1 (a plain value, which a
 * kernel cannot take). */
static int implicit_kind(const char *type) {
  if (!strchr(type, '*') && !strchr(type, '&'))
    return -1;
  for (const char *p = type; *p; ++p) {
    if (word_at(type, p, "threadgroup"))
      return TME_PARAM_THREADGROUP;
    if (word_at(type, p, "device") || word_at(type, p, "constant"))
      return TME_PARAM_BUFFER;
  }
  return -1;
}

/* One parameter `decl [[attributes]]` in [b, e). Returns 0 if it has no
 * attribute the emulator can bind and no type Metal binds implicitly. */
static int parse_parameter(const char *b, const char *e, TmeDeclSlot *out) {
  memset(out, 0, sizeof *out);
  const char *attr = NULL;
  for (const char *a = b; a + 1 < e; ++a)
    if (a[0] == '[' && a[1] == '[') {
      attr = a;
      break;
    }
  if (!attr) {
    const char *ne;
    const char *nb = ident_before(b, e, &ne);
    if (nb == ne)
      return 0;
    copy_trimmed(nb, ne, out->name, sizeof out->name);
    copy_trimmed(b, nb, out->type, sizeof out->type);
    out->kind = implicit_kind(out->type);
    out->implicit_index = 1;
    return out->kind >= 0;
  }
  /* Name: the last identifier before the attribute; type: what precedes. */
  const char *ne;
  const char *nb = ident_before(b, attr, &ne);
  if (nb == ne)
    return 0;
  copy_trimmed(nb, ne, out->name, sizeof out->name);
  copy_trimmed(b, nb, out->type, sizeof out->type);
  const char *attr_end = strstr(attr, "]]");
  if (!attr_end || attr_end > e)
    return 0;
  /* Elements of the attribute list. */
  int kind = -1;
  for (const char *p = attr + 2; p < attr_end;) {
    p = skip_space(p);
    const char *w = p;
    while (is_ident(*p))
      ++p;
    size_t wn = (size_t)(p - w);
    const char *args = skip_space(p), *args_end = args;
    if (*args == '(') {
      args_end = matching(args);
      if (!args_end || args_end > attr_end)
        return 0;
      p = args_end;
    }
    if (wn == 6 && !strncmp(w, "buffer", 6)) {
      kind = TME_PARAM_BUFFER;
      out->index = (unsigned)strtoul(args + 1, NULL, 10);
    } else if (wn == 11 && !strncmp(w, "threadgroup", 11)) {
      kind = TME_PARAM_THREADGROUP;
      out->index = (unsigned)strtoul(args + 1, NULL, 10);
    } else if (wn == 17 && !strncmp(w, "function_constant", 17)) {
      copy_trimmed(args + 1, args_end - 1, out->function_constant,
                   sizeof out->function_constant);
    } else if (wn && kind < 0 && wn < sizeof out->builtin) {
      kind = TME_PARAM_BUILTIN;
      memcpy(out->builtin, w, wn);
      out->builtin[wn] = '\0';
    }
    while (p < attr_end && *p != ',')
      ++p;
    if (p < attr_end)
      ++p;
  }
  if (kind < 0)
    return 0;
  out->kind = kind;
  return 1;
}

/* Parameters without an attribute take, in declaration order, the lowest
 * index of their kind that no other parameter claims. */
static void assign_implicit_indices(TmeDeclSlot *slots, size_t count) {
  for (size_t k = 0; k < count; ++k) {
    if (!slots[k].implicit_index)
      continue;
    for (unsigned index = 0;; ++index) {
      int taken = 0;
      for (size_t o = 0; o < count && !taken; ++o)
        taken = o != k && slots[o].kind == slots[k].kind &&
                (!slots[o].implicit_index || o < k) &&
                slots[o].index == index;
      if (!taken) {
        slots[k].index = index;
        break;
      }
    }
  }
}

int tme_read_parameters(const char *src, const char *function,
                        TmeDeclSlot *slots, size_t max, size_t *count) {
  *count = 0;
  char *code = code_only(src);
  if (!code)
    return -1;
  size_t len;
  const char *params = parameters_of(code, function, &len, NULL);
  if (!params) {
    free(code);
    return -1;
  }
  const char *end = params + len;
  const char *start = params, *c;
  int ok = 1;
  do {
    c = list_element_end(start, end);
    if (skip_space(start) < c) { /* an empty list has no parameter */
      if (*count == max ||
          !parse_parameter(start, c, &slots[*count]))
        ok = 0;
      else
        ++*count;
    }
    start = c + 1;
  } while (ok && c < end);
  free(code);
  if (ok)
    assign_implicit_indices(slots, *count);
  return ok ? 0 : -1;
}

/* ---- the public reader (tile-run without an ABI) ------------------------ */
struct TmeMslKernel {
  TmeKernelRef ref;
  size_t count;
  TmeDeclSlot slots[TME_MAX_DECLARED];
  TmeDeclaredParam params[TME_MAX_DECLARED];
};

/* Splits [b, e) at commas outside brackets into at most `max` (>= 1)
 * trimmed pieces of 64 bytes; returns their number. */
static size_t split_list(const char *b, const char *e, char (*out)[64],
                         size_t max) {
  size_t n = 0;
  const char *start = b, *c;
  do {
    c = list_element_end(start, e);
    copy_trimmed(start, c, out[n++], 64);
    start = c + 1;
  } while (n < max && c < e);
  return n;
}

/* Replaces the whole word `from` by `to` in `text` (of `size` bytes). */
static void replace_word(char *text, size_t size, const char *from,
                         const char *to) {
  char buf[256];
  size_t n = 0, fl = strlen(from), tl = strlen(to);
  for (const char *p = text; *p && n + 1 < sizeof buf;) {
    if (strncmp(p, from, fl) == 0 && !is_ident(p[fl]) &&
        (p == text || !is_ident(p[-1])) && n + tl + 1 < sizeof buf) {
      memcpy(buf + n, to, tl);
      n += tl;
      p += fl;
    } else {
      buf[n++] = *p++;
    }
  }
  buf[n] = '\0';
  snprintf(text, size, "%s", buf);
}

/* A host-name instantiation's parameter types are spelled with the
 * template's parameters (`device const T*`): substitutes the
 * instantiation's arguments (`sum<half>`: T -> half). */
static void instantiate_types(const char *src, TmeMslKernel *k) {
  const char *open_args = strchr(k->ref.callee, '<');
  char *code = code_only(src);
  if (!open_args || !code) {
    free(code);
    return;
  }
  size_t len;
  const char *at = NULL;
  if (parameters_of(code, k->ref.base, &len, &at) && at) {
    const char *lt = template_parameters(code, at);
    const char *gt = lt ? matching(lt) : NULL;
    char names[8][64], args[8][64];
    size_t nn = gt ? split_list(lt + 1, gt - 1, names, 8) : 0;
    size_t na = split_list(open_args + 1,
                           k->ref.callee + strlen(k->ref.callee) - 1, args, 8);
    for (size_t i = 0; i < nn && i < na; ++i) {
      /* "typename T", "class T", "int N": the name is the last word. */
      char *name = names[i] + strlen(names[i]);
      while (name > names[i] && is_ident(name[-1]))
        --name;
      for (size_t p = 0; p < k->count && *name; ++p)
        replace_word(k->slots[p].type, sizeof k->slots[p].type, name,
                     args[i]);
    }
  }
  free(code);
}

/* The replacement text of object-like macro `word` (its first #define in
 * `code`), trimmed, in buf; 0 if none. */
static int macro_value(const char *code, const char *word, char *buf,
                       size_t size) {
  size_t n = strlen(word);
  for (const char *p = strstr(code, "define"); p; p = strstr(p + 1, "define")) {
    const char *h = p;
    while (h > code && (h[-1] == ' ' || h[-1] == '\t'))
      --h;
    if (h == code || h[-1] != '#' || !word_at(code, p, "define"))
      continue;
    const char *w = skip_space(p + 6);
    if (strncmp(w, word, n) != 0 || is_ident(w[n]) || w[n] == '(')
      continue;
    const char *e = strchr(w + n, '\n');
    copy_trimmed(w + n, e ? e : w + n + strlen(w + n), buf, size);
    return buf[0] != '\0';
  }
  return 0;
}

/* A parameter type spelled with object-like macros (`device TYPE*` with
 * `#define TYPE float`, from the file or -D) is spelled as the compiler
 * will see it. */
static void expand_macro_types(const char *src, TmeMslKernel *k) {
  char *code = code_only(src);
  if (!code)
    return;
  for (size_t i = 0; i < k->count; ++i) {
    char *type = k->slots[i].type;
    for (int round = 0; round < 8; ++round) {
      int changed = 0;
      for (const char *p = type; *p;) {
        if (!is_ident(*p) || (p > type && is_ident(p[-1]))) {
          ++p;
          continue;
        }
        char word[64], value[128];
        size_t n = 0;
        while (is_ident(p[n]) && n + 1 < sizeof word)
          word[n] = p[n], ++n;
        word[n] = '\0';
        p += n;
        if (macro_value(code, word, value, sizeof value)) {
          replace_word(type, sizeof k->slots[i].type, word, value);
          changed = 1;
          break;
        }
      }
      if (!changed)
        break;
    }
  }
  free(code);
}

int tme_msl_kernel_read(const char *msl_source, const char *kernel_name,
                        TmeMslKernel **out, char *error, size_t error_size) {
  *out = NULL;
  TmeMslKernel *k = calloc(1, sizeof *k);
  if (!k) {
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  /* A kernel a macro declares is found with the macros expanded. */
  char *expanded = NULL;
  int rc = tme_expand_macros_if_needed(msl_source, kernel_name, &expanded,
                                       error, error_size);
  if (expanded)
    msl_source = expanded;
  if (rc == TME_OK)
    rc = tme_resolve_kernel(msl_source, kernel_name, 1, &k->ref, error,
                            error_size);
  if (rc != TME_OK) {
    free(expanded);
    free(k);
    return rc;
  }
  int unreadable = tme_read_parameters(msl_source, k->ref.base, k->slots,
                                       TME_MAX_DECLARED, &k->count) != 0;
  if (!unreadable) {
    instantiate_types(msl_source, k);
    expand_macro_types(msl_source, k);
  }
  free(expanded);
  if (unreadable) {
    tme_set_error(error, error_size,
                  "cannot read the parameters of kernel '%s' (each is a "
                  "device, constant or threadgroup pointer or reference, "
                  "or has a builtin attribute; a kernel made by a macro "
                  "needs --abi)",
                  k->ref.host);
    free(k);
    return TME_ERR_ARGUMENT;
  }
  for (size_t i = 0; i < k->count; ++i) {
    const TmeDeclSlot *s = &k->slots[i];
    k->params[i] = (TmeDeclaredParam){
        s->kind, s->index, s->name, s->type,
        s->kind == TME_PARAM_BUILTIN ? s->builtin : NULL,
        s->function_constant[0] ? s->function_constant : NULL};
  }
  *out = k;
  return TME_OK;
}

const char *tme_msl_kernel_name(const TmeMslKernel *k) { return k->ref.host; }
size_t tme_msl_kernel_num_params(const TmeMslKernel *k) { return k->count; }
const TmeDeclaredParam *tme_msl_kernel_param(const TmeMslKernel *k,
                                             size_t i) {
  return i < k->count ? &k->params[i] : NULL;
}
void tme_msl_kernel_free(TmeMslKernel *k) { free(k); }

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
    if (!is_ident(*v) && *v != '.' && *v != '+' && *v != '-')
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

int tme_adapt_source(const char *src, const TmeKernelOptions *options,
                     char **out, char *error, size_t error_size) {
  *out = NULL;
  char *code = code_only(src);
  Constants *c = calloc(1, sizeof *c);
  if (!code || !c) {
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
        if (word_at(code, q, "function_constant"))
          fc = q;
      if (fc && *skip_space(end + 2) == ';') {
        /* constant T NAME [[function_constant(INDEX)]];  ->  = VALUE */
        DeclaredConstant d;
        const char *ne;
        const char *nb = ident_before(code, p, &ne);
        copy_trimmed(nb, ne, d.name, sizeof d.name);
        const char *args = skip_space(fc + 17);
        const char *args_end = *args == '(' ? matching(args) : NULL;
        if (args_end && args_end <= end)
          copy_trimmed(args + 1, args_end - 1, d.index, sizeof d.index);
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
        const char *w = skip_space(q);
        int drop = word_at(code, w, "function_constant") ||
                   word_at(code, w, "threadgroup");
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
    if (word_at(code, p, "template")) {
      /* An explicit instantiation's attributes ([[host_name("...")]]
       * [[kernel]]) are not allowed there in C++: dropped (the host name
       * was read from the original text). */
      const char *q = p + 8;
      tme_str_add(&s, src + i, 8);
      for (;;) {
        const char *a = skip_space(q);
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
    if (word_at(code, p, "threadgroup")) {
      if (qualifies_pointer(p))
        add_spaces(&s, 11);
      else
        tme_str_add(&s, src + i, 11);
      i += 11;
      continue;
    }
    if (word_at(code, p, "is_function_constant_defined")) {
      const char *a = skip_space(p + 28);
      const char *close = *a == '(' ? matching(a) : NULL;
      if (close) {
        char name[64];
        copy_trimmed(a + 1, close - 1, name, sizeof name);
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
