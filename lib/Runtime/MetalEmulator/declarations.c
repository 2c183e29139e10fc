/*===- declarations.c - walking the declarations of MSL text -------*- C
-*-===*\
|*                                                                            *|
|* The rewriting passes on declarations (thread_pointers.c,                  *|
|* member_spaces.c) look at what is declared at namespace and class scope:  *|
|* this walk finds each declaration's parenthesized lists and the scopes    *|
|* it enters, and steps over function bodies, initializers and             *|
|* preprocessor lines.                                                        *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"

#include <ctype.h>

void tme_walk_declarations(const char *code, const TmeDeclarationWalk *walk,
                           void *ctx) {
  const char *start = code; /* the current declaration's */
  const char *list = NULL;  /* its first parenthesized list */
  size_t depth = 0;
  int line_start = 1;
  for (const char *p = code; *p; ++p) {
    if (*p == '#' && line_start) { /* a preprocessor line declares nothing */
      start = p = tme_skip_preprocessor_line(p);
      if (!*p)
        break;
      continue;
    }
    line_start = *p == '\n' || (line_start && isspace((unsigned char)*p));
    if (*p == ';' || *p == '}') {
      if (*p == '}' && depth)
        --depth;
      walk->end(ctx);
      start = p + 1;
      list = NULL;
    } else if (*p == '(' || *p == '[') { /* a list, or attributes */
      const char *close = tme_matching(p);
      if (!close)
        break;
      if (*p == '(' && tme_attribute_list_at(code, p)) {
        p = close - 1; /* `struct alignas(16) S {`: not a function's list */
        continue;
      }
      const char *next =
          *p == '(' ? walk->list(ctx, start, p, close, !list, depth) : NULL;
      if (*p == '(' && !list)
        list = p;
      p = (next ? next : close) - 1;
      if (next) { /* the declaration ended there */
        walk->end(ctx);
        start = next;
        list = NULL;
      }
    } else if (*p == '{') {
      const char *close = tme_matching(p);
      if (!close)
        break;
      if (!list && tme_opens_scope(code, start, p)) {
        walk->enter(ctx, start, p, ++depth);
        start = p + 1; /* a namespace or class: its declarations */
        continue;
      }
      walk->body(ctx, p);
      walk->end(ctx);
      p = close - 1; /* not into bodies or initializers */
      start = close;
      list = NULL;
    }
  }
  walk->end(ctx);
}
