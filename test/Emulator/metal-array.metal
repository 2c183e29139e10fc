// metal::array<T, N> (MLX's binary ops return two results as
// `metal::array<T, 2>`): it did not exist in the shim. An aggregate with
// [] and size().
// RUN: tile-run %s --kernel divmod --threads-per-threadgroup 4 --grid 1 --arg a=i32:4:ones --arg out=i32:8:zeros --print out | FileCheck %s
// CHECK: out: 3 0 3 0 3 0 3 0

#include <metal_stdlib>
using namespace metal;

template <typename T> struct DivMod {
  metal::array<T, 2> operator()(T x, T y) thread { return {x / y, x % y}; }
};

kernel void divmod(device const int* a, device int* out,
                   uint i [[thread_position_in_grid]]) {
  metal::array<int, 2> r = DivMod<int>()(a[i] * 7, 2);
  int k = r.size() - 1;
  out[2 * i] = r[0];
  out[2 * i + 1] = r[k] - 1;
}
