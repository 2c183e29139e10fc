// Address spaces are types, as in Metal, in MLX's style: a helper
// overloaded for `device` and for `constant` shape pointers with different
// bodies (elem_to_loc), each call choosing its own; one for `thread` and
// `device` memory; members qualified by the object's address space
// (complex.h: `pair_t() threadgroup`, `sum() const threadgroup`) called on
// objects in threadgroup and device memory; operators for `thread` and
// `threadgroup` references; a `threadgroup T x[N]` parameter and a
// `constant T x[N]` one. Each output element names the overload that ran.
// RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<ff', 1.5, 2.5))" %t.pairs.bin
// RUN: tile-run %s --kernel use_overloads --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg "params={scale=3}" --arg pairs=@%t.pairs.bin --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran use_overloads on the emulator: ok
// CHECK-NEXT: out: 1 20 300 4000

#include <metal_stdlib>
using namespace metal;

struct Params {
  int scale;
};

// Different bodies: the device overload reads shape[0], the constant one
// shape[1] times the scale.
METAL_FUNC int elem_to_loc(uint elem, device const int* shape) {
  return int(elem) * shape[0];
}
METAL_FUNC int elem_to_loc(uint elem, constant const int* shape) {
  return int(elem) * shape[1] * 10;
}
METAL_FUNC float weight(thread const float* w) { return w[0] * 100.0f; }
METAL_FUNC float weight(device const float* w) { return w[0] * 1000.0f; }

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

template <typename T>
constexpr thread pair_t<T>& operator+=(thread pair_t<T>& x, pair_t<T> y) {
  x.a += y.a;
  x.b += y.b;
  return x;
}
template <typename T>
constexpr threadgroup pair_t<T>& operator+=(threadgroup pair_t<T>& x,
                                            pair_t<T> y) {
  x.a += 2 * y.a;
  x.b += 2 * y.b;
  return x;
}

// A threadgroup array parameter, adjusted to a threadgroup pointer as in
// C++; and a constant one (MLX's `constant const int64_t strides[2]`).
METAL_FUNC float first(threadgroup float values[4]) { return values[0]; }
METAL_FUNC int second(constant const int values[2]) { return values[1]; }

constant int kTable[2] = {5, 7};

// A template deducing T from a device pointer and copying a struct out of
// one (Metal's implicit members exist in every address space).
template <typename T> METAL_FUNC T first_sum(device const pair_t<T>* p) {
  pair_t<T> copy = p[0];
  return copy.sum() + p[0].sum() - copy.sum();
}

kernel void use_overloads(device const int* shape [[buffer(0)]],
                          constant Params& params [[buffer(1)]],
                          device const pair_t<float>* pairs [[buffer(2)]],
                          device float* out [[buffer(3)]],
                          uint i [[thread_position_in_grid]]) {
  threadgroup pair_t<float> shared[4];
  threadgroup float staged[4];
  shared[i] = pair_t<float>(1.0f, 2.0f);
  shared[i] += pair_t<float>(1.0f, 1.0f); // the threadgroup operator: 3, 4
  staged[i] = float(i);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  Params copy = params;
  if (i == 0) // the device overload: 1 * shape[0]
    out[i] = float(elem_to_loc(1u, shape));
  else if (i == 1) // the constant overload: 2 * kTable[1] * 10 - 120 = 20
    out[i] = float(elem_to_loc(2u, kTable)) - 120.0f;
  else if (i == 2) { // the thread overload and a threadgroup member: 300
    float local_weight = shared[i].sum() - 4.0f + first(staged) +
                         float(second(kTable) - 7) + float(copy.scale - 3);
    out[i] = weight(&local_weight);
  } else { // the device overload: pairs[0] = {1.5, 2.5} -> 4 * 1000
    device const float* w = &pairs[0].a;
    out[i] = weight(w) / 1.5f * first_sum(pairs);
  }
}
