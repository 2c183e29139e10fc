// A class template specialized per address space, in the style of MLX's
// steel GEMM (steel/utils/type_traits.h: pointer_element<thread T*>,
// <device T*>, <constant T*>, <threadgroup T*>), which its loaders use to
// find a pointer's element type, and metal::remove_addrspace_t (steel's
// integral_constant.h). In the emulator's one flat address space the
// specializations were redefinitions; with address spaces as types each
// is its own, as in Metal.
// RUN: tile-run %s --threads-per-threadgroup 4 --grid 1 --arg in=f32:4:ones --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran sum_through_traits on the emulator: ok
// CHECK-NEXT: out: 4 4 4 4

#include <metal_stdlib>
using namespace metal;

namespace traits {
template <typename T> struct element_of {};
template <typename T> struct element_of<thread T*> {
  using type = remove_cv_t<T>;
};
template <typename T> struct element_of<device T*> {
  using type = remove_cv_t<T>;
};
template <typename T>
struct element_of<threadgroup T*> {
  using type = remove_cv_t<T>;
};
template <typename T> struct element_of<constant T*> {
  using type = remove_cv_t<T>;
};
} // namespace traits

template <typename P> METAL_FUNC auto load_all(P p, int n) {
  using E = typename traits::element_of<P>::type;
  E sum = 0;
  for (int i = 0; i < n; ++i)
    sum += p[i];
  constexpr auto two = 2;
  using two_t = metal::remove_addrspace_t<decltype(two)>;
  return sum * E(two_t(2)) / E(two);
}

kernel void sum_through_traits(device const float* in, device float* out,
                               uint i [[thread_position_in_grid]]) {
  threadgroup float staged[4];
  staged[i] = in[i];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[i] = load_all(in, 4) * 0.5f + load_all(&staged[0], 4) * 0.5f;
}
