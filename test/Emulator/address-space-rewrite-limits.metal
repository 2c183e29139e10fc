// What the emulator's rewriting for address spaces must not break
// (thread_pointers.c, member_spaces.c, declarations.c), found in review:
// - a class head with an attribute list (`struct alignas(16) Acc`) is a
//   class, so its members' thread pointer parameters are rewritten in the
//   class and outside alike;
// - in a class template, the class is the name after `struct`, not the
//   template's `class T`, so a threadgroup object runs its threadgroup
//   member;
// - a `//` comment in a rewritten member's parameter list does not end the
//   line the rewriting copies it to.
// These compile with address spaces as types, once.
// RUN: rm -rf %t.cache %t.log
// RUN: env TILE_RUN_CACHE=%t.cache TILE_MSL_CXX=%S/Inputs/logging-clang++ TME_TEST_REAL_CXX=%host_cxx TME_TEST_COMPILE_LOG=%t.log tile-run %s --kernel rewritten --threads-per-threadgroup 1 --grid 1 --arg out=f32:3:zeros --print out | FileCheck %s --check-prefix=TYPED
// TYPED: out: 5 30 36
// RUN: FileCheck %s --check-prefix=ONCE < %t.log
// ONCE: typed
// ONCE-NOT: {{typed|flat}}
// Valid MSL that the thread pointer rewriting cannot express -- a
// converting constructor from a thread pointer (two conversions in a row),
// a constructor that advances its pointer parameter -- compiles again with
// address spaces flat, and runs.
// RUN: rm -rf %t.cache %t.log
// RUN: env TILE_RUN_CACHE=%t.cache TILE_MSL_CXX=%S/Inputs/logging-clang++ TME_TEST_REAL_CXX=%host_cxx TME_TEST_COMPILE_LOG=%t.log tile-run %s -DCONVERSIONS --kernel converted --threads-per-threadgroup 1 --grid 1 --arg out=f32:2:zeros --print out | FileCheck %s --check-prefix=FLAT
// FLAT: out: 1.5 6
// RUN: FileCheck %s --check-prefix=TWICE < %t.log
// TWICE: typed
// TWICE-NEXT: flat

#include <metal_stdlib>
using namespace metal;

#ifndef CONVERSIONS
struct alignas(16) Acc {
  float v;
  void add(thread const float* p);
};
void Acc::add(thread const float* p) { v += *p; }

template <class T> struct Pair {
  T a;
  T b;
  T sum() const { return a + b; }
  T sum() const threadgroup { return 10 * (a + b); }
  T plus(T x, // the first addend
         T y) const threadgroup {
    return x + y + a + b;
  }
};

kernel void rewritten(device float* out [[buffer(0)]]) {
  Acc acc = {2.0f};
  float three = 3.0f;
  acc.add(&three);
  threadgroup Pair<float> pair[1];
  pair[0].a = 1.0f;
  pair[0].b = 2.0f;
  out[0] = acc.v;                    // 2 + 3
  out[1] = pair[0].sum();            // threadgroup: 10 * (1 + 2)
  out[2] = pair[0].plus(30.0f, 3.0f); // 30 + 3 + 1 + 2
}
#else
struct View {
  thread float* p;
  View(thread float* q) : p(q) {}
};
float first(View v) { return v.p[0]; }

struct Sum {
  float s;
  Sum(thread const float* p, int n) : s(0) {
    while (n--)
      s += *p++;
  }
};

kernel void converted(device float* out [[buffer(0)]]) {
  float xs[3] = {1.5f, 2.0f, 2.5f};
  out[0] = first(&xs[0]);
  out[1] = Sum(xs, 3).s;
}
#endif
