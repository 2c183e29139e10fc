/*===- include.c - A .metal file with its own headers and macros ---*- C
-*-===*\
|*                                                                            *|
|* The emulator compiles one text (the cache key is its hash, and the        *|
|* kernel and macro scanners of source.c and macros.c read it), so a project's
*|
|* own headers are made part of it: each `#include "..."` (relative to the    *|
|* including file, then the include directories) and each `#include <...>`   *|
|* found in an include directory is replaced by the header's text between    *|
|* #line directives, which keep diagnostics pointing into the right file.    *|
|* Other includes (<metal_stdlib>) stay for the compiler and the shim.       *|
|* The expansion is textual, so conditionals are left to the compiler: a     *|
|* header included in both branches of an #if appears in both. A header     *|
|* guarded as a whole (#pragma once, or #ifndef X / #define X ... #endif)   *|
|* is expanded once when its first inclusion is unconditional, and a header *|
|* that includes itself (through others) is not expanded again.             *|
|* The launch's macros (Metal's preprocessorMacros) come first as #defines.  *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TME_MAX_INCLUDE_DEPTH 64

typedef struct Expansion {
  const char *const *dirs;
  size_t num_dirs;
  const char *stack[TME_MAX_INCLUDE_DEPTH]; /* real paths being expanded */
  size_t depth;
  char **done; /* real paths of guarded headers expanded unconditionally */
  size_t num_done, cap_done;
  TmeStr out;
  char *error;
  size_t error_size;
} Expansion;

char *tme_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  TmeStr s = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    tme_str_add(&s, buf, n);
  int failed = ferror(f) || s.oom;
  fclose(f);
  if (failed) {
    free(s.p);
    return NULL;
  }
  return s.p ? s.p : tme_strdup("");
}

/* `dir/name` when that file exists, as a real path (malloc'd), else NULL. */
static char *existing(const char *dir, size_t dir_len, const char *name) {
  char path[PATH_MAX];
  if (name[0] == '/')
    snprintf(path, sizeof path, "%s", name);
  else
    snprintf(path, sizeof path, "%.*s/%s", (int)dir_len, dir, name);
  return realpath(path, NULL);
}

static char *resolve(const Expansion *x, const char *including, int quoted,
                     const char *name) {
  if (quoted || name[0] == '/') {
    const char *slash = strrchr(including, '/');
    char *found = slash ? existing(including, (size_t)(slash - including), name)
                        : existing(".", 1, name);
    if (found || name[0] == '/')
      return found;
  }
  for (size_t i = 0; i < x->num_dirs; ++i) {
    char *found = existing(x->dirs[i], strlen(x->dirs[i]), name);
    if (found)
      return found;
  }
  return NULL;
}

/* A preprocessing directive on the line at `p`: its name's start (after
 * `#` and spaces), else NULL. */
static const char *directive(const char *p, const char *line_end) {
  while (p < line_end && (*p == ' ' || *p == '\t'))
    ++p;
  if (p == line_end || *p != '#')
    return NULL;
  ++p;
  while (p < line_end && (*p == ' ' || *p == '\t'))
    ++p;
  return p;
}

static int directive_is(const char *d, const char *line_end, const char *word) {
  size_t n = strlen(word);
  return d && (size_t)(line_end - d) >= n && strncmp(d, word, n) == 0 &&
         (d + n == line_end || !(isalnum((unsigned char)d[n]) || d[n] == '_'));
}

/* The identifier after a directive word, in buf. */
static void word_after(const char *p, const char *line_end, char *buf,
                       size_t size) {
  while (p < line_end && !(isalnum((unsigned char)*p) || *p == '_'))
    ++p;
  size_t n = 0;
  while (p < line_end && (isalnum((unsigned char)*p) || *p == '_') &&
         n + 1 < size)
    buf[n++] = *p++;
  buf[n] = '\0';
}

static int has_pragma_once(const char *text) {
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    if (!e)
      e = p + strlen(p);
    const char *d = directive(p, e);
    if (directive_is(d, e, "pragma")) {
      const char *once = strstr(d, "once");
      if (once && once < e)
        return 1;
    }
    p = *e ? e + 1 : e;
  }
  return 0;
}

/* 1 if the whole text is guarded: `#pragma once`, or its first directive is
 * `#ifndef X` (`#if !defined(X)`), the next `#define X`, and the #endif
 * closing the first is its last directive. Conservative: comments between
 * directives are fine, directives inside block comments are not seen. */
static int guarded_as_a_whole(const char *text) {
  if (has_pragma_once(text))
    return 1;
  char guard[128] = "";
  int seen = 0, depth = 0, closed = 0;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    if (!e)
      e = p + strlen(p);
    const char *d = directive(p, e);
    if (d) {
      if (closed)
        return 0; /* a directive after the guard's #endif */
      if (seen == 0) {
        if (directive_is(d, e, "ifndef"))
          word_after(d + 6, e, guard, sizeof guard);
        else if (directive_is(d, e, "if") && strstr(d, "defined") &&
                 strstr(d, "defined") < e && strchr(d, '!') &&
                 strchr(d, '!') < e)
          word_after(strstr(d, "defined") + 7, e, guard, sizeof guard);
        if (!guard[0])
          return 0;
      } else if (seen == 1) {
        char defined[128];
        word_after(d + 6, e, defined, sizeof defined);
        if (!directive_is(d, e, "define") || strcmp(defined, guard) != 0)
          return 0;
      }
      ++seen;
      if (directive_is(d, e, "if") || directive_is(d, e, "ifdef") ||
          directive_is(d, e, "ifndef"))
        ++depth;
      else if (directive_is(d, e, "endif") && --depth == 0)
        closed = 1;
    }
    p = *e ? e + 1 : e;
  }
  return closed;
}

static void add_line_directive(Expansion *x, unsigned line, const char *path) {
  char buf[64];
  snprintf(buf, sizeof buf, "#line %u \"", line);
  tme_str_add(&x->out, buf, strlen(buf));
  for (const char *c = path; *c; ++c) {
    if (*c == '"' || *c == '\\')
      tme_str_add(&x->out, "\\", 1);
    tme_str_add(&x->out, c, 1);
  }
  tme_str_add(&x->out, "\"\n", 2);
}

static int is_done(const Expansion *x, const char *path) {
  for (size_t i = 0; i < x->num_done; ++i)
    if (!strcmp(x->done[i], path))
      return 1;
  for (size_t i = 0; i < x->depth; ++i)
    if (!strcmp(x->stack[i], path))
      return 1;
  return 0;
}

static void mark_done(Expansion *x, const char *path) {
  if (x->num_done == x->cap_done) {
    size_t cap = x->cap_done ? 2 * x->cap_done : 16;
    char **grown = realloc(x->done, cap * sizeof *grown);
    if (!grown) {
      x->out.oom = 1;
      return;
    }
    x->done = grown;
    x->cap_done = cap;
  }
  x->done[x->num_done] = tme_strdup(path);
  if (x->done[x->num_done])
    ++x->num_done;
}

/* Appends `path`'s text (real path) with its resolvable includes expanded.
 * `unconditional`: this inclusion is outside any #if of the files that
 * lead to it (apart from their own guards). */
static int expand(Expansion *x, const char *path, const char *shown,
                  const char *text, int unconditional) {
  if (x->depth == TME_MAX_INCLUDE_DEPTH) {
    tme_set_error(x->error, x->error_size,
                  "%s: #include nested more than %d deep", path,
                  TME_MAX_INCLUDE_DEPTH);
    return TME_ERR_ARGUMENT;
  }
  x->stack[x->depth++] = path;
  int guarded = guarded_as_a_whole(text);
  int base = guarded && !has_pragma_once(text) ? 1 : 0;
  int depth = 0, rc = TME_OK;
  unsigned line = 1;
  for (const char *p = text; *p && rc == TME_OK; ++line) {
    const char *e = strchr(p, '\n');
    if (!e)
      e = p + strlen(p);
    const char *d = directive(p, e);
    const char *next = *e ? e + 1 : e;
    if (directive_is(d, e, "if") || directive_is(d, e, "ifdef") ||
        directive_is(d, e, "ifndef"))
      ++depth;
    else if (directive_is(d, e, "endif"))
      --depth;
    if (directive_is(d, e, "pragma") && has_pragma_once(p)) {
      /* The includer wraps the text in a guard instead (in the main file
       * clang would warn). */
      tme_str_add(&x->out, "\n", 1);
      p = next;
      continue;
    }
    if (directive_is(d, e, "include")) {
      const char *q = d + 7;
      while (q < e && (*q == ' ' || *q == '\t'))
        ++q;
      char close = q < e && *q == '"' ? '"' : q < e && *q == '<' ? '>' : 0;
      const char *name_end =
          close ? memchr(q + 1, close, (size_t)(e - q - 1)) : NULL;
      char name[PATH_MAX];
      char *found = NULL;
      if (name_end && (size_t)(name_end - q - 1) < sizeof name) {
        memcpy(name, q + 1, (size_t)(name_end - q - 1));
        name[name_end - q - 1] = '\0';
        found = resolve(x, path, close == '"', name);
      }
      if (found) {
        if (!is_done(x, found)) {
          char *header = tme_read_file(found);
          if (!header) {
            tme_set_error(x->error, x->error_size, "cannot read %s: %s", found,
                          strerror(errno));
            rc = TME_ERR_ARGUMENT;
          } else {
            int here = unconditional && depth == base;
            /* #pragma once as a guard: a second copy of the text (after a
             * conditional first inclusion) then defines nothing twice. */
            int once = has_pragma_once(header);
            char guard[96];
            uint64_t h = 0xcbf29ce484222325ull;
            for (const char *c = found; *c; ++c)
              h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
            snprintf(guard, sizeof guard,
                     "#ifndef TME_ONCE_%016llx\n#define TME_ONCE_%016llx\n",
                     (unsigned long long)h, (unsigned long long)h);
            if (once)
              tme_str_add(&x->out, guard, strlen(guard));
            add_line_directive(x, 1, found);
            rc = expand(x, found, found, header, here);
            tme_str_add(&x->out, once ? "\n#endif\n" : "\n", once ? 8 : 1);
            if (rc == TME_OK && here && guarded_as_a_whole(header))
              mark_done(x, found);
            free(header);
          }
        }
        add_line_directive(x, line + 1, shown);
        free(found);
        p = next;
        continue;
      }
    }
    tme_str_add(&x->out, p, (size_t)(next - p));
    if (!*e)
      tme_str_add(&x->out, "\n", 1);
    p = next;
  }
  --x->depth;
  return rc;
}

/* "NAME" or "NAME=VALUE" as `#define NAME VALUE` (VALUE 1 when absent, as
 * for a compiler's -D). */
static int add_define(TmeStr *s, const char *def, char *error,
                      size_t error_size) {
  const char *eq = strchr(def, '=');
  size_t n = eq ? (size_t)(eq - def) : strlen(def);
  int ok = n > 0 && !isdigit((unsigned char)def[0]);
  for (size_t i = 0; i < n && ok; ++i)
    ok = isalnum((unsigned char)def[i]) || def[i] == '_';
  if (!ok || (eq && strchr(eq, '\n'))) {
    tme_set_error(error, error_size,
                  "macro '%s': expected NAME or NAME=VALUE, NAME an "
                  "identifier",
                  def);
    return TME_ERR_ARGUMENT;
  }
  tme_str_add(s, "#define ", 8);
  tme_str_add(s, def, n);
  tme_str_add(s, " ", 1);
  const char *value = eq ? eq + 1 : "1";
  tme_str_add(s, value, strlen(value));
  tme_str_add(s, "\n", 1);
  return TME_OK;
}

int tme_msl_read_source(const char *path, const char *const *include_dirs,
                        size_t num_include_dirs, const char *const *defines,
                        size_t num_defines, char **out, char *error,
                        size_t error_size) {
  *out = NULL;
  if (error_size)
    error[0] = '\0';
  char *real = realpath(path, NULL);
  char *text = real ? tme_read_file(real) : NULL;
  if (!text) {
    tme_set_error(error, error_size, "cannot read '%s': %s", path,
                  strerror(errno));
    free(real);
    return TME_ERR_ARGUMENT;
  }
  Expansion x = {.dirs = include_dirs,
                 .num_dirs = num_include_dirs,
                 .error = error,
                 .error_size = error_size};
  int rc = TME_OK;
  for (size_t i = 0; i < num_defines && rc == TME_OK; ++i)
    rc = add_define(&x.out, defines[i], error, error_size);
  /* Diagnostics name the file as given on the command line. */
  if (rc == TME_OK) {
    add_line_directive(&x, 1, path);
    rc = expand(&x, real, path, text, 1);
  }
  for (size_t i = 0; i < x.num_done; ++i)
    free(x.done[i]);
  free(x.done);
  free(text);
  free(real);
  if (rc == TME_OK && x.out.oom) {
    tme_set_error(error, error_size, "out of memory");
    rc = TME_ERR_SYSTEM;
  }
  if (rc != TME_OK) {
    free(x.out.p);
    return rc;
  }
  *out = x.out.p;
  return TME_OK;
}
