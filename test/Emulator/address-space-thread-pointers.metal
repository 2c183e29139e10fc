// A `thread T*` parameter takes a pointer to thread memory only, as in
// Metal: a device, threadgroup or constant pointer passed to it is a compile
// error at the call (clang's default address space, which stands for
// `thread`, would take them all). Valid code still compiles and runs: MLX's
// elem_to_loc overloads for `constant` and `device` shapes, a `thread`
// overload beside a `device` one, a member taking a thread pointer (with a
// prototype before its definition), a member called on a threadgroup
// object (`this`), members of a class template, a default argument, a
// reference to a threadgroup array, a thread pointer handed on to a
// function template, and constructors with member initializers.
// RUN: tile-run %s --kernel use_thread_pointers --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran use_thread_pointers on the emulator: ok
// CHECK-NEXT: out: 21 21 42 203
// RUN: not tile-run %s -D DEVICE_AS_THREAD --kernel use_thread_pointers --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: address-space-thread-pointers.metal:[[# @LINE + 94]]:{{[0-9]+}}: error: conversion function from '__global float *' to '::tile_msl::thread_pointer<const float *>' invokes a deleted function: a device pointer cannot be passed as a thread pointer
// RUN: not tile-run %s -D THREADGROUP_AS_THREAD --kernel use_thread_pointers --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=TG
// TG: address-space-thread-pointers.metal:[[# @LINE + 94]]:{{[0-9]+}}: error: {{.*}}a threadgroup pointer cannot be passed as a thread pointer
// RUN: not tile-run %s -D CONSTANT_AS_THREAD --kernel use_thread_pointers --threads-per-threadgroup 4 --grid 1 --arg shape=i32:2:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=CONST
// CONST: address-space-thread-pointers.metal:[[# @LINE + 94]]:{{[0-9]+}}: error: {{.*}}a constant pointer cannot be passed as a thread pointer

#include <metal_stdlib>
using namespace metal;

METAL_FUNC int elem_to_loc(uint elem, constant const int* shape) {
  return int(elem) * shape[0];
}
METAL_FUNC int elem_to_loc(uint elem, device const int* shape) {
  return int(elem) * shape[1] * 2;
}

// Adds v to what p points at; the device overload adds twice.
METAL_FUNC void accumulate(thread float* p, float v) { *p += v; }
METAL_FUNC void accumulate(device float* p, float v) { *p += 2.0f * v; }

METAL_FUNC float sum_of(thread const float* values, int n);

template <typename T> METAL_FUNC T first_of(thread const T* p) { return p[0]; }

struct Counter {
  float count;
  thread float* target;
  Counter(thread float* t) : count(0.0f), target(t) {}
  void add(thread const float* v);
  float get() const { return count; }
};
void Counter::add(thread const float* v) {
  count += *v;
  *target += first_of(v);
}

METAL_FUNC float first_row(threadgroup float (&rows)[4]) { return rows[0]; }

// A class template's members: one defined outside as a template, one in
// the class; a default argument and an attribute; `->` on a parameter
// used in member initializers.
template <typename T> struct Buffer {
  thread T* data;
  void set(thread T* p);
  T first(thread const T* p) const { return p[0]; }
};
template <typename T> void Buffer<T>::set(thread T* p) { data = p; }

struct Pair {
  float a, b;
  float sum() const { return a + b; }
};
METAL_FUNC float pair_sum(thread const Pair* p,
                          [[maybe_unused]] thread const float* u = nullptr) {
  return p->a + p->b;
}
struct PairTotal {
  float total;
  PairTotal(thread const Pair* p) : total(p->a + p->b) {}
};

constant int kShape[2] = {10, 3};
constant float kOnes[2] = {1.0f, 1.0f};

kernel void use_thread_pointers(device const int* shape [[buffer(0)]],
                                device float* out [[buffer(1)]],
                                uint i [[thread_position_in_grid]]) {
  threadgroup float rows[4];
  threadgroup Pair shared_pair[1];
  rows[i] = float(i);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float local = 1.0f;
  float values[3] = {1.0f, 2.0f, 3.0f};
  if (i == 0) { // the constant elem_to_loc overload (1 * 10), 3 + 3 + 1 + 1
    Pair pair = {1.0f, 2.0f};  // and a member on a threadgroup object, 3
    shared_pair[0] = pair;
    Buffer<float> buffer;
    buffer.set(&local);
    out[i] = float(elem_to_loc(1u, kShape)) + pair_sum(&pair) +
             PairTotal(&pair).total + buffer.first(values) + *buffer.data +
             shared_pair[0].sum();
  } else if (i == 1) { // the device one (1 * 1 * 2), the thread accumulate
    accumulate(&local, 18.0f);
    out[i] = float(elem_to_loc(1u, shape)) + local;
  } else if (i == 2) { // the device accumulate on a device element: 2 * 21
    out[i] = 0.0f;
    accumulate(&out[i], 21.0f);
  } else { // members with thread pointers, a threadgroup array reference
    Counter c(&local); // local: 1 + 6 = 7
    c.add(&values[0]);
    c.add(values + 2);
    c.add(&values[1]); // count 6
    out[i] = c.get() + local + sum_of(values, 3) + first_row(rows) + 184.0f;
#if defined(DEVICE_AS_THREAD)
    c.add(out);
#elif defined(THREADGROUP_AS_THREAD)
    c.add(rows);
#elif defined(CONSTANT_AS_THREAD)
    c.add(&kOnes[1]);
#endif
  }
}

METAL_FUNC float sum_of(thread const float* values, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += values[k];
  return s;
}
