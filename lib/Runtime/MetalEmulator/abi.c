/*===- abi.c - Reading the MSL ABI JSON of tile-translate ---------*- C -*-===*\
|*                                                                            *|
|* tile-translate --mlir-to-msl --msl-abi=FILE describes every kernel it      *|
|* emits: bound arguments ("buffers", "scalars": index, name, msl_type), the  *|
|* builtin parameters in signature order, threads per threadgroup,            *|
|* threadgroup memory, grid expressions, compile options. This turns it into  *|
|* a TmeSignature so that a driver does not restate the ABI by hand. A small  *|
|* JSON reader is enough: the file is generated, and errors are reported     *|
|* with their byte offset.                                                    *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JType;

typedef struct JVal {
  JType type;
  double num;
  char *str;          /* J_STR */
  struct JVal *items; /* J_ARR, J_OBJ values */
  char **keys;        /* J_OBJ */
  size_t n;
} JVal;

typedef struct {
  const char *p, *start;
  const char *err;
} JParser;

static void jfree(JVal *v) {
  for (size_t i = 0; i < v->n; ++i) {
    jfree(&v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
}

static void skip_ws(JParser *ps) {
  while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
    ++ps->p;
}

static int parse_value(JParser *ps, JVal *out, int depth);

/* Strings: the escapes JSON has; \u is kept only for ASCII (the ABI has no
 * other text). */
static char *parse_string(JParser *ps) {
  if (*ps->p != '"') {
    ps->err = "expected a string";
    return NULL;
  }
  ++ps->p;
  size_t cap = 16, len = 0;
  char *s = malloc(cap);
  while (s && *ps->p != '"') {
    char c = *ps->p++;
    if (c == '\0') {
      ps->err = "unterminated string";
      free(s);
      return NULL;
    }
    if (c == '\\') {
      char e = *ps->p++;
      switch (e) {
      case 'n':
        c = '\n';
        break;
      case 't':
        c = '\t';
        break;
      case 'r':
        c = '\r';
        break;
      case 'b':
        c = '\b';
        break;
      case 'f':
        c = '\f';
        break;
      case 'u': {
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
          char h = *ps->p++;
          v = v * 16 + (unsigned)(h >= '0' && h <= '9'   ? h - '0'
                                  : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                  : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                         : 0);
        }
        c = v < 128 ? (char)v : '?';
        break;
      }
      case '\0':
        ps->err = "unterminated string";
        free(s);
        return NULL;
      default:
        c = e;
        break; /* \" \\ \/ */
      }
    }
    if (len + 2 > cap) {
      char *t = realloc(s, cap *= 2);
      if (!t) {
        free(s);
        s = NULL;
        break;
      }
      s = t;
    }
    s[len++] = c;
  }
  if (!s) {
    ps->err = "out of memory";
    return NULL;
  }
  ++ps->p;
  s[len] = '\0';
  return s;
}

static int push(JVal *v, size_t *cap) {
  if (v->n < *cap)
    return 0;
  *cap = *cap ? *cap * 2 : 4;
  JVal *items = realloc(v->items, *cap * sizeof *items);
  if (!items)
    return -1;
  v->items = items;
  if (v->type == J_OBJ) {
    char **keys = realloc(v->keys, *cap * sizeof *keys);
    if (!keys)
      return -1;
    v->keys = keys;
  }
  return 0;
}

static int parse_container(JParser *ps, JVal *out, int depth, char close) {
  size_t cap = 0;
  ++ps->p;
  skip_ws(ps);
  if (*ps->p == close) {
    ++ps->p;
    return 0;
  }
  for (;;) {
    skip_ws(ps);
    if (push(out, &cap) != 0) {
      ps->err = "out of memory";
      return -1;
    }
    char *key = NULL;
    if (close == '}') {
      key = parse_string(ps);
      if (!key)
        return -1;
      skip_ws(ps);
      if (*ps->p != ':') {
        free(key);
        ps->err = "expected ':'";
        return -1;
      }
      ++ps->p;
    }
    memset(&out->items[out->n], 0, sizeof out->items[0]);
    if (close == '}')
      out->keys[out->n] = key;
    ++out->n;
    if (parse_value(ps, &out->items[out->n - 1], depth + 1) != 0)
      return -1;
    skip_ws(ps);
    if (*ps->p == ',') {
      ++ps->p;
      continue;
    }
    if (*ps->p == close) {
      ++ps->p;
      return 0;
    }
    ps->err = close == '}' ? "expected ',' or '}'" : "expected ',' or ']'";
    return -1;
  }
}

static int parse_value(JParser *ps, JVal *out, int depth) {
  memset(out, 0, sizeof *out);
  if (depth > 64) {
    ps->err = "nesting too deep";
    return -1;
  }
  skip_ws(ps);
  char c = *ps->p;
  if (c == '{') {
    out->type = J_OBJ;
    return parse_container(ps, out, depth, '}');
  }
  if (c == '[') {
    out->type = J_ARR;
    return parse_container(ps, out, depth, ']');
  }
  if (c == '"') {
    out->type = J_STR;
    out->str = parse_string(ps);
    return out->str ? 0 : -1;
  }
  static const struct {
    const char *word;
    JType type;
    double num;
  } words[] = {{"true", J_BOOL, 1}, {"false", J_BOOL, 0}, {"null", J_NULL, 0}};
  for (size_t i = 0; i < 3; ++i) {
    size_t n = strlen(words[i].word);
    if (strncmp(ps->p, words[i].word, n) == 0) {
      ps->p += n;
      out->type = words[i].type;
      out->num = words[i].num;
      return 0;
    }
  }
  char *end;
  out->num = strtod(ps->p, &end);
  if (end == ps->p) {
    ps->err = "unexpected character";
    return -1;
  }
  out->type = J_NUM;
  ps->p = end;
  return 0;
}

static const JVal *member(const JVal *obj, const char *key) {
  if (!obj || obj->type != J_OBJ)
    return NULL;
  for (size_t i = 0; i < obj->n; ++i)
    if (strcmp(obj->keys[i], key) == 0)
      return &obj->items[i];
  return NULL;
}

static const char *string_member(const JVal *obj, const char *key) {
  const JVal *v = member(obj, key);
  return v && v->type == J_STR ? v->str : NULL;
}

/* ---- TmeAbi ------------------------------------------------------------- */
struct TmeAbi {
  JVal root;
  TmeSignature sig;
  TmeParam *params;
  const char **builtins;
  const char **options;
  unsigned threads[3];
  unsigned long tg_memory;
  const char *grid[3];
  char grid_numbers[3][32];
  char std_option[48]; /* "-std=metal" + msl_version */
};

static int cmp_param(const void *a, const void *b) {
  const TmeParam *x = a, *y = b;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Collects the string elements of array `key` into a new array. */
static const char **strings_of(const JVal *kernel, const char *key,
                               size_t *count, int *bad) {
  const JVal *a = member(kernel, key);
  *count = 0;
  if (!a)
    return NULL;
  if (a->type != J_ARR) {
    *bad = 1;
    return NULL;
  }
  const char **out = calloc(a->n + 1, sizeof *out);
  if (!out) {
    *bad = 1;
    return NULL;
  }
  for (size_t i = 0; i < a->n; ++i) {
    if (a->items[i].type != J_STR)
      *bad = 1;
    out[i] = a->items[i].str;
  }
  *count = a->n;
  return out;
}

int tme_abi_parse(const char *json, const char *kernel_name, TmeAbi **out,
                  char *error, size_t error_size) {
  if (error && error_size)
    error[0] = '\0';
  *out = NULL;
  TmeAbi *abi = calloc(1, sizeof *abi);
  if (!abi) {
    tme_set_error(error, error_size, "out of memory");
    return TME_ERR_SYSTEM;
  }
  JParser ps = {json, json, NULL};
  if (parse_value(&ps, &abi->root, 0) != 0) {
    tme_set_error(error, error_size, "ABI JSON: %s at offset %ld", ps.err,
                  (long)(ps.p - ps.start));
    tme_abi_free(abi);
    return TME_ERR_ARGUMENT;
  }
  const JVal *kernels = member(&abi->root, "kernels");
  const JVal *kernel = NULL;
  for (size_t i = 0; kernels && kernels->type == J_ARR && i < kernels->n; ++i) {
    const char *name = string_member(&kernels->items[i], "name");
    if (name && (!kernel_name || strcmp(name, kernel_name) == 0)) {
      kernel = &kernels->items[i];
      break;
    }
  }
  if (!kernel) {
    tme_set_error(error, error_size, "ABI JSON: no kernel '%s'",
                  kernel_name ? kernel_name : "(any)");
    tme_abi_free(abi);
    return TME_ERR_ARGUMENT;
  }
  const JVal *lists[2] = {member(kernel, "buffers"), member(kernel, "scalars")};
  size_t np = 0;
  for (int l = 0; l < 2; ++l)
    np += lists[l] && lists[l]->type == J_ARR ? lists[l]->n : 0;
  abi->params = calloc(np + 1, sizeof *abi->params);
  int bad = !abi->params;
  size_t k = 0;
  for (int l = 0; l < 2 && !bad; ++l) {
    for (size_t i = 0; lists[l] && lists[l]->type == J_ARR && i < lists[l]->n;
         ++i) {
      const JVal *p = &lists[l]->items[i];
      const JVal *index = member(p, "index");
      abi->params[k].name = string_member(p, "name");
      abi->params[k].msl_type = string_member(p, "msl_type");
      if (!index || index->type != J_NUM || index->num < 0 ||
          !abi->params[k].msl_type)
        bad = 1;
      else
        abi->params[k].index = (unsigned)index->num;
      ++k;
    }
  }
  if (!bad)
    qsort(abi->params, np, sizeof *abi->params, cmp_param);
  size_t nb = 0, no = 0;
  abi->builtins = strings_of(kernel, "builtins", &nb, &bad);
  abi->options = strings_of(kernel, "compile_options", &no, &bad);
  /* "msl_version": "4.0" becomes the compile option -std=metal4.0 (which
   * tme_module_load translates, MetalEmulator.h) unless the options already
   * choose a language standard. */
  const char *version = string_member(kernel, "msl_version");
  int has_std = 0;
  for (size_t i = 0; i < no && abi->options; ++i)
    has_std |= abi->options[i] && strncmp(abi->options[i], "-std=", 5) == 0;
  if (version && *version && !has_std && !bad) {
    const char **more = realloc(abi->options, (no + 2) * sizeof *more);
    if (!more) {
      bad = 1;
    } else {
      snprintf(abi->std_option, sizeof abi->std_option, "-std=metal%s",
               version);
      abi->options = more;
      abi->options[no++] = abi->std_option;
      abi->options[no] = NULL;
    }
  }
  const JVal *tpt = member(kernel, "threads_per_threadgroup");
  for (int i = 0; i < 3; ++i) {
    abi->threads[i] = 1;
    if (tpt && tpt->type == J_ARR && (size_t)i < tpt->n &&
        tpt->items[i].type == J_NUM)
      abi->threads[i] = (unsigned)tpt->items[i].num;
    const JVal *g = member(kernel, "grid");
    const JVal *gi =
        g && g->type == J_ARR && (size_t)i < g->n ? &g->items[i] : NULL;
    if (gi && gi->type == J_STR) {
      abi->grid[i] = gi->str;
    } else if (gi && gi->type == J_NUM) {
      snprintf(abi->grid_numbers[i], sizeof abi->grid_numbers[i], "%.0f",
               gi->num);
      abi->grid[i] = abi->grid_numbers[i];
    }
  }
  const JVal *mem = member(kernel, "threadgroup_memory_bytes");
  if (mem && mem->type == J_NUM)
    abi->tg_memory = (unsigned long)mem->num;
  if (bad) {
    tme_set_error(error, error_size,
                  "ABI JSON: malformed kernel entry (buffers/scalars need "
                  "index and msl_type; builtins and compile_options are "
                  "arrays of strings)");
    tme_abi_free(abi);
    return TME_ERR_ARGUMENT;
  }
  abi->sig.kernel_name = string_member(kernel, "name");
  abi->sig.params = abi->params;
  abi->sig.num_params = np;
  abi->sig.builtins = abi->builtins;
  abi->sig.num_builtins = nb;
  abi->sig.compile_options = abi->options;
  abi->sig.num_compile_options = no;
  *out = abi;
  return TME_OK;
}

void tme_abi_free(TmeAbi *abi) {
  if (!abi)
    return;
  jfree(&abi->root);
  free(abi->params);
  free(abi->builtins);
  free(abi->options);
  free(abi);
}

const TmeSignature *tme_abi_signature(const TmeAbi *abi) {
  return abi ? &abi->sig : NULL;
}

void tme_abi_threads_per_threadgroup(const TmeAbi *abi, unsigned out[3]) {
  for (int i = 0; i < 3; ++i)
    out[i] = abi ? abi->threads[i] : 1;
}

unsigned long tme_abi_threadgroup_memory_bytes(const TmeAbi *abi) {
  return abi ? abi->tg_memory : 0;
}

const char *tme_abi_grid_expression(const TmeAbi *abi, unsigned i) {
  return abi && i < 3 ? abi->grid[i] : NULL;
}
