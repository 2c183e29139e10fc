// Overloads that differ only in address spaces, in MLX's style: a helper
// for `device` and for `constant` shape pointers (elem_to_loc), members
// qualified by the object's address space (complex.h), operators for
// `thread` and `threadgroup` references. In the emulator's one flat address
// space they were redefinitions; now one of each serves every address space.
// RUN: tile-run %s --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran use_overloads on the emulator: ok
// CHECK-NEXT: out: 3 5 7 9
// Overloads whose bodies differ (beyond address-space words and spacing)
// cannot share one definition: the emulator used to run the first for
// both, a silently wrong result; now the second is a compile error at its
// line.
// RUN: not tile-run %s -D DIFFERENT_BODIES --kernel use_overloads --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: address-space-overloads.metal:[[@LINE+9]]:{{[0-9]+}}: error: use of undeclared identifier 'address_space_overloads_differ'

#include <metal_stdlib>
using namespace metal;

METAL_FUNC int elem_to_loc(uint elem, device const int* shape) {
  return int(elem) * shape[0];
}
#ifdef DIFFERENT_BODIES
METAL_FUNC int elem_to_loc(uint elem, constant const int* shape) {
  return int(elem) * shape[1];
}
#else
METAL_FUNC int elem_to_loc(uint elem, constant const int* shape) {
  return int(elem) * shape[0];
}
#endif

template <typename T> struct pair_t {
  T a;
  T b;
  constexpr pair_t() thread : a(0), b(0) {}
  constexpr pair_t() threadgroup : a(0), b(0) {}
  constexpr pair_t(T x, T y) thread : a(x), b(y) {}
  constexpr pair_t(T x, T y) device : a(x), b(y) {}
  constexpr T sum() const thread { return a + b; }
  constexpr T sum() const threadgroup { return a + b; }
  constexpr T sum() const device { return a + b; }
};

// Another class with the same members: its own (a key per class).
template <typename T> struct single_t {
  T a;
  constexpr single_t(T x, T y) thread : a(x + y) {}
  constexpr single_t(T x, T y) device : a(x + y) {}
  constexpr T sum() const thread { return a; }
  constexpr T sum() const device { return a; }
};

template <typename T>
constexpr thread pair_t<T>& operator+=(thread pair_t<T>& x, pair_t<T> y) {
  x.a += y.a;
  x.b += y.b;
  return x;
}
template <typename T>
constexpr threadgroup pair_t<T>& operator+=(threadgroup pair_t<T>& x,
                                            pair_t<T> y) {
  x.a += y.a;
  x.b += y.b;
  return x;
}

kernel void use_overloads(device const int* shape [[buffer(0)]],
                          device float* out [[buffer(1)]],
                          uint i [[thread_position_in_grid]]) {
  threadgroup pair_t<float> shared[4];
  shared[i] = pair_t<float>(1.0f, 2.0f);
  shared[i] += pair_t<float>(float(i), float(i));
  pair_t<float> local;
  local += shared[i];
  out[i] = local.sum() + float(elem_to_loc(i, shape)) - float(i) +
           single_t<float>(1.0f, -1.0f).sum();
}
