/*===- simd.c - SIMD-group functions: simd_sum, simd_shuffle, ... -*- C -*-===*\
|*                                                                            *|
|* One hook, tile_msl_simd_collective, carries every SIMD-group function of   *|
|* the shim (metal_simdgroup). A lane records its operands in its fiber and   *|
|* waits (TME_FS_SIMD) like at any collective; when all lanes of its          *|
|* SIMD-group wait at the same call, collectives.c calls tme_simd_complete,   *|
|* which gathers every lane's input before writing any lane's output.         *|
|*                                                                            *|
|* The arithmetic is the reference of tile_msl_hooks.h: a sequential fold in  *|
|* lane order, each step rounded to the element type. Lanes missing from a    *|
|* partial SIMD-group (threadgroup size not a multiple of 32) are inactive:   *|
|* folds and votes skip them, and a shuffle that reads one gets all-0xFF      *|
|* bytes, the emulator's poison (NaN for floats), as Metal leaves it          *|
|* undefined.                                                                 *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#include "Internal.h"
#include "tile/Runtime/msl/tile_msl_hooks.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COMPONENTS 4u
#define MAX_BYTES (MAX_COMPONENTS * 8u) /* a vector of 4 longs */

/* The functions' names without their "simd_" or "quad_" prefix, in op
 * code order. (clang-format indents an X-macro list deeper on every line,
 * and differently on every run.) */
/* clang-format off */
#define TME_SIMD_OPS(X)                                                        \
  X(sum) X(product) X(min) X(max) X(and) X(or) X(xor) X(shuffle)              \
  X(shuffle_xor) X(shuffle_up) X(shuffle_down) X(broadcast)                   \
  X(broadcast_first) X(prefix_inclusive_sum) X(prefix_exclusive_sum)          \
  X(prefix_inclusive_product) X(prefix_exclusive_product) X(all) X(any)      \
  X(ballot) X(is_first) X(shuffle_rotate_up) X(shuffle_rotate_down)           \
  X(active_threads_mask)
/* clang-format on */
#define TME_SIMD_NAME(op) "simd_" #op,
#define TME_QUAD_NAME(op) "quad_" #op,
static const char *const kNames[TILE_MSL_SIMD_OP_COUNT] = {
    TME_SIMD_OPS(TME_SIMD_NAME)};
static const char *const kQuadNames[TILE_MSL_SIMD_OP_COUNT] = {
    TME_SIMD_OPS(TME_QUAD_NAME)};
#undef TME_SIMD_NAME
#undef TME_QUAD_NAME
#undef TME_SIMD_OPS

/* The operation without its scope, and the scope's width in lanes. */
static int base_op(int op) { return op & ~TILE_MSL_SIMD_QUAD; }
static unsigned scope_width(int op) {
  return op & TILE_MSL_SIMD_QUAD ? 4u : TME_SIMD_WIDTH;
}

/* An op code the hook knows (with or without TILE_MSL_SIMD_QUAD). */
static int known_op(int op) {
  return !(op & ~(TILE_MSL_SIMD_QUAD | 0x3f)) &&
         base_op(op) < TILE_MSL_SIMD_OP_COUNT;
}

const char *tme_simd_name(int op) {
  if (!known_op(op))
    return "a SIMD-group function";
  return op & TILE_MSL_SIMD_QUAD ? kQuadNames[base_op(op)]
                                 : kNames[base_op(op)];
}

/* Bytes of one element, by TILE_MSL_ELEM_* code. */
static const unsigned char kSize[] = {4, 2, 2, 1, 1, 2, 2, 4, 4, 8, 8, 1};

static int is_float(int type) { return type <= TILE_MSL_ELEM_BF16; }
static int is_signed(int type) {
  return type == TILE_MSL_ELEM_I8 || type == TILE_MSL_ELEM_I16 ||
         type == TILE_MSL_ELEM_I32 || type == TILE_MSL_ELEM_I64;
}
/* These take a base op (without TILE_MSL_SIMD_QUAD). */
static int is_vote(int op) {
  return (op >= TILE_MSL_SIMD_ALL && op <= TILE_MSL_SIMD_IS_FIRST) ||
         op == TILE_MSL_SIMD_ACTIVE_THREADS_MASK;
}
static int is_movement(int op) {
  return (op >= TILE_MSL_SIMD_SHUFFLE && op <= TILE_MSL_SIMD_BROADCAST_FIRST) ||
         op == TILE_MSL_SIMD_SHUFFLE_ROTATE_UP ||
         op == TILE_MSL_SIMD_SHUFFLE_ROTATE_DOWN;
}
/* No input operand. */
static int takes_no_input(int op) {
  return op == TILE_MSL_SIMD_IS_FIRST ||
         op == TILE_MSL_SIMD_ACTIVE_THREADS_MASK;
}

/* What the shim may pass; NULL if fine, else why not. The shim's
 * static_asserts make the other cases impossible for MSL code, but the hook
 * is a plain C function anybody can call. */
static const char *check_operands(int op, int type, unsigned count,
                                  const void *in) {
  if (!known_op(op))
    return "unknown operation code";
  op = base_op(op);
  if (type < 0 || type > TILE_MSL_ELEM_BOOL)
    return "unknown element type code";
  if (count < 1 || count > MAX_COMPONENTS)
    return "a vector must have 1 to 4 components";
  if (is_vote(op) != (type == TILE_MSL_ELEM_BOOL) ||
      (is_vote(op) && count != 1))
    return is_vote(op) ? "a vote takes one bool" : "bool operand";
  if (op >= TILE_MSL_SIMD_AND && op <= TILE_MSL_SIMD_XOR && is_float(type))
    return "simd_and, simd_or and simd_xor take integers only";
  if (!in && !takes_no_input(op))
    return "no input";
  return NULL;
}

/* Bytes a lane reads from `in` and writes to `out` (any op code). */
static size_t in_bytes(int op, int type, unsigned count) {
  op = base_op(op);
  return takes_no_input(op) ? 0 : (size_t)kSize[type] * count;
}
static size_t out_bytes(int op, int type, unsigned count) {
  op = base_op(op);
  if (op == TILE_MSL_SIMD_BALLOT || op == TILE_MSL_SIMD_ACTIVE_THREADS_MASK)
    return 8;
  return is_vote(op) ? 1 : in_bytes(op, type, count);
}

/* ---- elements as numbers ------------------------------------------------ */
/* A float element is held as a float (exact for half and bfloat); an
 * integer element as its value modulo 2^64, sign-extended for signed
 * types, so that wrapping at the element's width is a truncation. */
typedef struct {
  float f;
  uint64_t u;
} Num;

static uint64_t wrap(int type, uint64_t u) {
  unsigned bits = 8u * kSize[type];
  if (bits == 64)
    return u;
  uint64_t mask = (1ull << bits) - 1, top = 1ull << (bits - 1);
  u &= mask;
  return is_signed(type) && (u & top) ? u | ~mask : u;
}

static float bits_to_float(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static Num load(const unsigned char *p, int type) {
  Num v = {0.0f, 0};
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  switch (kSize[type]) {
  case 1:
    memcpy(&u8, p, 1);
    v.u = u8;
    break;
  case 2:
    memcpy(&u16, p, 2);
    v.u = u16;
    break;
  case 4:
    memcpy(&u32, p, 4);
    v.u = u32;
    break;
  default:
    memcpy(&v.u, p, 8);
  }
  if (type == TILE_MSL_ELEM_F32)
    v.f = bits_to_float((uint32_t)v.u);
  else if (type == TILE_MSL_ELEM_F16)
    v.f = tme_half_to_float((uint16_t)v.u);
  else if (type == TILE_MSL_ELEM_BF16)
    v.f = bits_to_float((uint32_t)v.u << 16);
  else
    v.u = wrap(type, v.u);
  return v;
}

static void store(unsigned char *p, int type, Num v) {
  uint16_t u16;
  uint32_t u32;
  switch (type) {
  case TILE_MSL_ELEM_F32:
    memcpy(p, &v.f, 4);
    return;
  case TILE_MSL_ELEM_F16:
  case TILE_MSL_ELEM_BF16:
    u16 = type == TILE_MSL_ELEM_F16 ? tme_float_to_half(v.f)
                                    : tme_float_to_bf16(v.f);
    memcpy(p, &u16, 2);
    return;
  default:
    break;
  }
  switch (kSize[type]) {
  case 1:
    *p = (unsigned char)v.u;
    break;
  case 2:
    u16 = (uint16_t)v.u;
    memcpy(p, &u16, 2);
    break;
  case 4:
    u32 = (uint32_t)v.u;
    memcpy(p, &u32, 4);
    break;
  default:
    memcpy(p, &v.u, 8);
  }
}

/* A float result rounded to the element type: every step of a half or
 * bfloat fold is rounded, as the GPU's half arithmetic would be. Float has
 * more than twice their precision, so rounding the float result again is
 * the correctly rounded half/bfloat sum or product. */
static float round_to(int type, float v) {
  if (type == TILE_MSL_ELEM_F16)
    return tme_half_to_float(tme_float_to_half(v));
  if (type == TILE_MSL_ELEM_BF16)
    return bits_to_float((uint32_t)tme_float_to_bf16(v) << 16);
  return v;
}

/* fmin/fmax as Metal defines them (a NaN operand is ignored unless both
 * are NaN), with -0 < +0 so that the result does not depend on the order. */
static float min_num(float a, float b) {
  if (isnan(b))
    return a;
  if (isnan(a) || b < a)
    return b;
  return a < b ? a : (signbit(a) ? a : b);
}
static float max_num(float a, float b) {
  if (isnan(b))
    return a;
  if (isnan(a) || b > a)
    return b;
  return a > b ? a : (signbit(a) ? b : a);
}

/* Signed comparison of sign-extended values without a signed conversion. */
static int less(int type, uint64_t a, uint64_t b) {
  uint64_t flip = is_signed(type) ? 1ull << 63 : 0;
  return (a ^ flip) < (b ^ flip);
}

/* a `op` b for the reductions, and for the scans their sum or product. */
static Num combine(int op, int type, Num a, Num b) {
  Num r = a;
  if (op == TILE_MSL_SIMD_PREFIX_INCLUSIVE_SUM ||
      op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_SUM)
    op = TILE_MSL_SIMD_SUM;
  else if (op == TILE_MSL_SIMD_PREFIX_INCLUSIVE_PRODUCT ||
           op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_PRODUCT)
    op = TILE_MSL_SIMD_PRODUCT;
  if (is_float(type)) {
    switch (op) {
    case TILE_MSL_SIMD_SUM:
      r.f = round_to(type, a.f + b.f);
      break;
    case TILE_MSL_SIMD_PRODUCT:
      r.f = round_to(type, a.f * b.f);
      break;
    case TILE_MSL_SIMD_MIN:
      r.f = min_num(a.f, b.f);
      break;
    default: /* TILE_MSL_SIMD_MAX */
      r.f = max_num(a.f, b.f);
    }
    return r;
  }
  switch (op) {
  case TILE_MSL_SIMD_SUM:
    r.u = a.u + b.u;
    break;
  case TILE_MSL_SIMD_PRODUCT:
    r.u = a.u * b.u;
    break;
  case TILE_MSL_SIMD_MIN:
    r.u = less(type, b.u, a.u) ? b.u : a.u;
    break;
  case TILE_MSL_SIMD_MAX:
    r.u = less(type, a.u, b.u) ? b.u : a.u;
    break;
  case TILE_MSL_SIMD_AND:
    r.u = a.u & b.u;
    break;
  case TILE_MSL_SIMD_OR:
    r.u = a.u | b.u;
    break;
  default: /* TILE_MSL_SIMD_XOR */
    r.u = a.u ^ b.u;
  }
  r.u = wrap(type, r.u);
  return r;
}

/* ---- one collective over n present lanes -------------------------------- */
typedef struct {
  int op, type;      /* op without TILE_MSL_SIMD_QUAD */
  unsigned width;    /* lanes of the scope: 32 or 4 */
  unsigned count, n; /* components, present lanes */
  unsigned arg[TME_SIMD_WIDTH];
  unsigned char in[TME_SIMD_WIDTH][MAX_BYTES];
  unsigned char out[TME_SIMD_WIDTH][MAX_BYTES];
} Collective;

/* Reductions and scans, component by component: acc = x0, then
 * acc = acc op x_l for l = 1 .. n-1 (starting from x0 rather than from 0
 * or 1 keeps the sign of a zero sum of -0s). */
static void fold(Collective *c) {
  size_t es = kSize[c->type];
  int exclusive = c->op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_SUM ||
                  c->op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_PRODUCT;
  int inclusive = c->op == TILE_MSL_SIMD_PREFIX_INCLUSIVE_SUM ||
                  c->op == TILE_MSL_SIMD_PREFIX_INCLUSIVE_PRODUCT;
  Num identity = {1.0f, 1};
  if (c->op == TILE_MSL_SIMD_PREFIX_EXCLUSIVE_SUM)
    identity = (Num){0.0f, 0};
  for (unsigned k = 0; k < c->count; ++k) {
    Num acc = load(c->in[0] + k * es, c->type);
    if (exclusive)
      store(c->out[0] + k * es, c->type, identity);
    else if (inclusive)
      store(c->out[0] + k * es, c->type, acc);
    for (unsigned l = 1; l < c->n; ++l) {
      if (exclusive)
        store(c->out[l] + k * es, c->type, acc);
      acc = combine(c->op, c->type, acc, load(c->in[l] + k * es, c->type));
      if (inclusive)
        store(c->out[l] + k * es, c->type, acc);
    }
    if (!exclusive && !inclusive)
      for (unsigned l = 0; l < c->n; ++l)
        store(c->out[l] + k * es, c->type, acc);
  }
}

enum { SRC_KEEP = -1, SRC_POISON = -2 };

/* The lane whose value lane l receives, or what to do instead: relative
 * shuffles whose source is outside 0..31 keep the caller's value (Metal);
 * an invalid lane id (>= 32) or a lane missing from the SIMD-group is
 * undefined on Metal and gives poison here. */
static long source_lane(int op, unsigned l, unsigned arg, unsigned n,
                        unsigned width) {
  long s;
  switch (op) {
  case TILE_MSL_SIMD_SHUFFLE:
  case TILE_MSL_SIMD_BROADCAST:
    s = (long)arg;
    if (s >= (long)width)
      return SRC_POISON;
    break;
  case TILE_MSL_SIMD_SHUFFLE_ROTATE_UP:
    s = (long)((l + width - arg % width) % width);
    break;
  case TILE_MSL_SIMD_SHUFFLE_ROTATE_DOWN:
    s = (long)((l + arg % width) % width);
    break;
  case TILE_MSL_SIMD_SHUFFLE_XOR:
    s = (long)(l ^ arg);
    break;
  case TILE_MSL_SIMD_SHUFFLE_UP:
    s = (long)l - (long)arg;
    break;
  case TILE_MSL_SIMD_SHUFFLE_DOWN:
    s = (long)l + (long)arg;
    break;
  default: /* TILE_MSL_SIMD_BROADCAST_FIRST: the lowest active lane */
    s = 0;
  }
  if (s < 0 || s >= (long)width)
    return SRC_KEEP;
  return s < (long)n ? s : SRC_POISON;
}

static void move(Collective *c) {
  size_t bytes = in_bytes(c->op, c->type, c->count);
  for (unsigned l = 0; l < c->n; ++l) {
    long s = source_lane(c->op, l, c->arg[l], c->n, c->width);
    if (s == SRC_POISON)
      memset(c->out[l], 0xFF, bytes);
    else
      memcpy(c->out[l], c->in[s == SRC_KEEP ? l : (unsigned long)s], bytes);
  }
}

static void vote(Collective *c) {
  uint64_t ballot = 0;
  for (unsigned l = 0; l < c->n; ++l)
    if (!takes_no_input(c->op) && c->in[l][0])
      ballot |= 1ull << l;
  uint64_t everyone = (1ull << c->n) - 1; /* n <= 32 */
  for (unsigned l = 0; l < c->n; ++l) {
    switch (c->op) {
    case TILE_MSL_SIMD_ALL:
      c->out[l][0] = ballot == everyone;
      break;
    case TILE_MSL_SIMD_ANY:
      c->out[l][0] = ballot != 0;
      break;
    case TILE_MSL_SIMD_BALLOT:
      memcpy(c->out[l], &ballot, 8);
      break;
    case TILE_MSL_SIMD_ACTIVE_THREADS_MASK:
      memcpy(c->out[l], &everyone, 8);
      break;
    default: /* TILE_MSL_SIMD_IS_FIRST */
      c->out[l][0] = l == 0;
    }
  }
}

static void compute_scope(Collective *c) {
  if (is_vote(c->op))
    vote(c);
  else if (is_movement(c->op))
    move(c);
  else
    fold(c);
}

/* `op` may carry TILE_MSL_SIMD_QUAD: then each quad of the c->n present
 * lanes is a collective of its own (the last one possibly partial). */
static void compute(Collective *c, int op) {
  c->op = base_op(op);
  c->width = scope_width(op);
  if (c->width == TME_SIMD_WIDTH) {
    compute_scope(c);
    return;
  }
  Collective quad;
  size_t nin = in_bytes(c->op, c->type, c->count);
  size_t nout = out_bytes(c->op, c->type, c->count);
  for (unsigned lo = 0; lo < c->n; lo += c->width) {
    quad.op = c->op;
    quad.type = c->type;
    quad.width = c->width;
    quad.count = c->count;
    quad.n = c->n - lo < c->width ? c->n - lo : c->width;
    for (unsigned l = 0; l < quad.n; ++l) {
      quad.arg[l] = c->arg[lo + l];
      memcpy(quad.in[l], c->in[lo + l], nin);
    }
    compute_scope(&quad);
    for (unsigned l = 0; l < quad.n; ++l)
      memcpy(c->out[lo + l], quad.out[l], nout);
  }
}

/* ---- the hook ----------------------------------------------------------- */
void tile_msl_simd_collective(int op, int type, unsigned count, const void *in,
                              void *out, unsigned arg) {
  const void *site = __builtin_return_address(0);
  TmeWorker *w = tme_active_worker();
  const char *bad = check_operands(op, type, count, in);
  if (bad && w) {
    tme_worker_error(w, TME_ERR_FAULT, w->cur,
                     "%s: invalid call of tile_msl_simd_collective (op %d, "
                     "type %d, count %u): %s",
                     tme_simd_name(op), op, type, count, bad);
    siglongjmp(w->fault_jmp, 1); /* as from a fault: synchronous, in kernel
                                    code */
  }
  if (bad) {
    fprintf(stderr,
            "tile-msl: %s: invalid call of tile_msl_simd_collective: "
            "%s\n",
            tme_simd_name(op), bad);
    abort();
  }
  if (!w) {
    /* A kernel called directly, outside the emulator: one thread, i.e. a
     * SIMD-group of one lane. */
    Collective c;
    c.type = type;
    c.count = count;
    c.n = 1;
    c.arg[0] = arg;
    if (in) /* NULL for simd_is_first */
      memcpy(c.in[0], in, in_bytes(op, type, count));
    compute(&c, op);
    memcpy(out, c.out[0], out_bytes(op, type, count));
    return;
  }
  TmeFiber *f = &w->fibers[w->cur];
  f->simd_op = op;
  f->simd_type = type;
  f->simd_count = count;
  f->simd_arg = arg;
  f->simd_in = in;
  f->simd_out = out;
  tme_fiber_block(w, TME_FS_SIMD, site);
}

/* Runs on the scheduler's stack, or on the last-arriving lane's
 * (tme_complete_on_arrival). The inputs are copied before any output is
 * written, so a lane's `out` may alias anybody's `in`. */
void tme_simd_complete(TmeWorker *w, unsigned lo, unsigned hi) {
  Collective c;
  const TmeFiber *first = &w->fibers[lo];
  int op = first->simd_op;
  c.type = first->simd_type;
  c.count = first->simd_count;
  c.n = hi - lo;
  size_t nin = in_bytes(op, c.type, c.count);
  for (unsigned l = 0; l < c.n; ++l) {
    const TmeFiber *f = &w->fibers[lo + l];
    c.arg[l] = f->simd_arg;
    if (nin)
      memcpy(c.in[l], f->simd_in, nin);
  }
  compute(&c, op);
  size_t nout = out_bytes(op, c.type, c.count);
  for (unsigned l = 0; l < c.n; ++l)
    memcpy(w->fibers[lo + l].simd_out, c.out[l], nout);
}
