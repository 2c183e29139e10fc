/*===- source.c - Finding kernels and reading their parameters -----*- C
-*-===*\
|*                                                                            *|
|* Finds kernels: by name, or by the host name of a template instantiation    *|
|* (`template [[host_name("sum_f32")]] [[kernel]] void sum<float>(...);`,     *|
|* also in MLX's `decltype(sum<float>) sum<float>;` form), and reads a        *|
|* kernel's parameters from its declaration (those without a binding          *|
|* attribute indexed as Metal does). The scanning is lexical (comments and    *|
|* literals blanked first, lex.c), not a C++ parse: it does not see through   *|
|* macros (macros.c expands the source's own when a kernel is not found).     *|
|* The rewriting of the text for C++ is adapt.c's.                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The `<` of the template parameter list when the statement that `p` is
 * in starts with `template <` (a template definition), else NULL. */
static const char *template_parameters(const char *code, const char *p) {
  while (p > code && p[-1] != ';' && p[-1] != '}' && p[-1] != '{')
    --p;
  /* Preprocessor lines (#pragma once, line markers, the #include lines of
   * expanded headers) end no statement but precede it. */
  for (p = tme_skip_space(p); *p == '#';) {
    const char *eol = strchr(p, '\n');
    if (!eol)
      return NULL;
    p = tme_skip_space(eol + 1);
  }
  if (!tme_word_at(code, p, "template"))
    return NULL;
  p = tme_skip_space(p + 8);
  return *p == '<' ? p : NULL;
}

/* ---- finding kernels ---------------------------------------------------- */
/* After `kernel` at p: `void NAME(`: writes NAME, returns 1; 0 if not a
 * plain kernel definition there. */
static int plain_kernel_after(const char *code, const char *p, char *name,
                              size_t size) {
  p += 6;
  if (*tme_skip_space(p) != 'v') { /* [[kernel, ...]]: to the end of the list */
    const char *end = strstr(p, "]]");
    if (!end)
      return 0;
    p = end + 2;
  }
  for (p = tme_skip_space(p); p[0] == '[' && p[1] == '[';
       p = tme_skip_space(p)) {
    const char *end = strstr(p, "]]");
    if (!end)
      return 0;
    p = end + 2;
  }
  if (!tme_word_at(code, p, "void"))
    return 0;
  p = tme_skip_space(p + 4);
  const char *w = p;
  while (tme_is_ident(*p))
    ++p;
  if (p == w || *tme_skip_space(p) != '(' || (size_t)(p - w) >= size)
    return 0;
  memcpy(name, w, (size_t)(p - w));
  name[p - w] = '\0';
  return 1;
}

/* The host_name string after `host_name` at p, a position in the ORIGINAL
 * text (where the string is not blanked). */
static int host_name_at(const char *p, char *name, size_t size) {
  p = tme_skip_space(p + 9);
  if (*p != '(')
    return 0;
  p = tme_skip_space(p + 1);
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
    p = tme_skip_space(end + 1);
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
      const char *w = tme_ident_before(code, q, &e);
      const char *close = tme_matching(q);
      if (w < e && close && !tme_word_at(code, w, "template")) {
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
        (n && tme_is_ident(ref->callee[n - 1]) && tme_is_ident(q[1])))
      ref->callee[n++] = isspace((unsigned char)*q) ? ' ' : *q;
  ref->callee[n] = '\0';
  size_t b = 0;
  while (tme_is_ident(found[b]) && b + 1 < sizeof ref->base)
    ref->base[b] = found[b], ++b;
  ref->base[b] = '\0';
  return 1;
}

int tme_resolve_kernel(const char *src, const char *name, int strict,
                       TmeKernelRef *ref, char *error, size_t error_size) {
  memset(ref, 0, sizeof *ref);
  char *code = tme_code_only(src);
  if (!code) {
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  char names[2048] = "";
  size_t count = 0;
  int found = 0;
  for (const char *p = code; *p && !found; ++p) {
    char candidate[128];
    if (tme_word_at(code, p, "host_name") &&
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
    } else if (tme_word_at(code, p, "kernel") &&
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
    if (at > code && tme_is_ident(at[-1]))
      continue;
    const char *open = tme_skip_space(at + n);
    if (*open != '(')
      continue;
    const char *before = at;
    while (before > code && isspace((unsigned char)before[-1]))
      --before;
    if (before - code < 4 || strncmp(before - 4, "void", 4) != 0)
      continue;
    const char *close = tme_matching(open);
    if (!close)
      return NULL;
    *len = (size_t)(close - open - 2);
    if (at_name)
      *at_name = at;
    return open + 1;
  }
  return NULL;
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
    if (tme_word_at(type, p, "threadgroup"))
      return TME_PARAM_THREADGROUP;
    if (tme_word_at(type, p, "device") || tme_word_at(type, p, "constant"))
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
  /* Name: the last identifier before the attribute (or the end); type:
   * what precedes. */
  const char *ne;
  const char *nb = tme_ident_before(b, attr ? attr : e, &ne);
  if (nb == ne)
    return 0;
  tme_copy_trimmed(nb, ne, out->name, sizeof out->name);
  tme_copy_trimmed(b, nb, out->type, sizeof out->type);
  if (!attr) {
    out->kind = implicit_kind(out->type);
    out->implicit_index = 1;
    return out->kind >= 0;
  }
  const char *attr_end = strstr(attr, "]]");
  if (!attr_end || attr_end > e)
    return 0;
  /* Elements of the attribute list. */
  int kind = -1;
  for (const char *p = attr + 2; p < attr_end;) {
    p = tme_skip_space(p);
    const char *w = p;
    while (tme_is_ident(*p))
      ++p;
    size_t wn = (size_t)(p - w);
    const char *args = tme_skip_space(p), *args_end = args;
    if (*args == '(') {
      args_end = tme_matching(args);
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
      tme_copy_trimmed(args + 1, args_end - 1, out->function_constant,
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
                (!slots[o].implicit_index || o < k) && slots[o].index == index;
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
  char *code = tme_code_only(src);
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
    c = tme_list_element_end(start, end);
    if (tme_skip_space(start) < c) { /* an empty list has no parameter */
      if (*count == max || !parse_parameter(start, c, &slots[*count]))
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
    c = tme_list_element_end(start, e);
    tme_copy_trimmed(start, c, out[n++], 64);
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
    if (strncmp(p, from, fl) == 0 && !tme_is_ident(p[fl]) &&
        (p == text || !tme_is_ident(p[-1])) && n + tl + 1 < sizeof buf) {
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
  char *code = tme_code_only(src);
  if (!open_args || !code) {
    free(code);
    return;
  }
  size_t len;
  const char *at = NULL;
  if (parameters_of(code, k->ref.base, &len, &at) && at) {
    const char *lt = template_parameters(code, at);
    const char *gt = lt ? tme_matching(lt) : NULL;
    char names[8][64], args[8][64];
    size_t nn = gt ? split_list(lt + 1, gt - 1, names, 8) : 0;
    size_t na = split_list(open_args + 1,
                           k->ref.callee + strlen(k->ref.callee) - 1, args, 8);
    for (size_t i = 0; i < nn; ++i) {
      /* "typename T", "class T", "int N": the name is the last word before
       * a default ("typename IdxT = int64_t"), which stands for an
       * argument the instantiation leaves out. */
      char *deflt = strchr(names[i], '=');
      if (deflt)
        *deflt++ = '\0';
      if (i >= na && !deflt)
        break;
      char *end = names[i] + strlen(names[i]);
      while (end > names[i] && isspace((unsigned char)end[-1]))
        *--end = '\0';
      char *name = end;
      while (name > names[i] && tme_is_ident(name[-1]))
        --name;
      char value[64];
      tme_copy_trimmed(i < na ? args[i] : deflt,
                       i < na ? args[i] + strlen(args[i])
                              : deflt + strlen(deflt),
                       value, sizeof value);
      for (size_t p = 0; p < k->count && *name; ++p)
        replace_word(k->slots[p].type, sizeof k->slots[p].type, name, value);
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
    if (h == code || h[-1] != '#' || !tme_word_at(code, p, "define"))
      continue;
    const char *w = tme_skip_space(p + 6);
    if (strncmp(w, word, n) != 0 || tme_is_ident(w[n]) || w[n] == '(')
      continue;
    const char *e = strchr(w + n, '\n');
    tme_copy_trimmed(w + n, e ? e : w + n + strlen(w + n), buf, size);
    return buf[0] != '\0';
  }
  return 0;
}

/* What `word` names as a plain type alias (`typedef bfloat bfloat16_t;`,
 * `using bfloat16_t = bfloat;`), in buf; 0 if none. */
static int alias_value(const char *code, const char *word, char *buf,
                       size_t size) {
  for (const char *p = strstr(code, word); p; p = strstr(p + 1, word)) {
    const char *e = p + strlen(word);
    if ((p > code && tme_is_ident(p[-1])) || tme_is_ident(*e))
      continue;
    const char *after = tme_skip_space(e);
    const char *ne, *kb = tme_ident_before(code, p, &ne);
    if (*after == ';') { /* typedef TYPE word; */
      const char *t = p;
      while (t > code && t[-1] != ';' && t[-1] != '{' && t[-1] != '}')
        --t;
      t = tme_skip_space(t);
      if (!tme_word_at(code, t, "typedef"))
        continue;
      tme_copy_trimmed(t + 7, p, buf, size);
      return buf[0] != '\0' && !strpbrk(buf, "(*&[");
    }
    if (*after == '=' && ne - kb == 5 && !strncmp(kb, "using", 5)) {
      const char *end = strchr(after, ';');
      if (!end)
        return 0;
      tme_copy_trimmed(after + 1, end, buf, size);
      return buf[0] != '\0' && !strpbrk(buf, "(*&[");
    }
  }
  return 0;
}

/* A parameter type spelled with object-like macros (`device TYPE*` with
 * `#define TYPE float`, from the file or -D) or plain type aliases is
 * spelled with what they stand for. */
static void expand_macro_types(const char *src, TmeMslKernel *k) {
  char *code = tme_code_only(src);
  if (!code)
    return;
  for (size_t i = 0; i < k->count; ++i) {
    char *type = k->slots[i].type;
    for (int round = 0; round < 8; ++round) {
      int changed = 0;
      for (const char *p = type; *p;) {
        if (!tme_is_ident(*p) || (p > type && tme_is_ident(p[-1]))) {
          ++p;
          continue;
        }
        char word[64], value[128];
        size_t n = 0;
        while (tme_is_ident(p[n]) && n + 1 < sizeof word)
          word[n] = p[n], ++n;
        word[n] = '\0';
        p += n;
        if (macro_value(code, word, value, sizeof value) ||
            alias_value(code, word, value, sizeof value)) {
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
  int rc = tme_expand_macros_if_needed(msl_source, kernel_name, 0, &expanded,
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
        s->kind,
        s->index,
        s->name,
        s->type,
        s->kind == TME_PARAM_BUILTIN ? s->builtin : NULL,
        s->function_constant[0] ? s->function_constant : NULL};
  }
  *out = k;
  return TME_OK;
}

const char *tme_msl_kernel_name(const TmeMslKernel *k) { return k->ref.host; }
size_t tme_msl_kernel_num_params(const TmeMslKernel *k) { return k->count; }
const TmeDeclaredParam *tme_msl_kernel_param(const TmeMslKernel *k, size_t i) {
  return i < k->count ? &k->params[i] : NULL;
}
void tme_msl_kernel_free(TmeMslKernel *k) { free(k); }
