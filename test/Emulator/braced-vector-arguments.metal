// A braced list passed to a vector parameter (MLX's
// `elem_to_loc<IdxT>({N * index.x, index.y, index.z}, shape, strides, ndim)`
// picks the uint3 overload): clang cannot convert a braced list to an
// ext_vector_type in overload resolution, so this did not compile. The
// emulator passes such a list as an object that converts to what the list
// can initialize; overloads that cannot take it drop out, a one-value list
// still picks a scalar overload, a struct takes its fields, a float2 takes
// double literals (a float in MSL), and a statement expression is no list.
// RUN: tile-run %s --kernel gather --threads-per-threadgroup 4,2,1 --grid 1 --arg in=f32:8:random:5 --arg out=f32:8:zeros --print in --print out | FileCheck %s --check-prefix=GATHER
// GATHER: in: [[A:[^ ]+]] [[B:[^ ]+]] [[C:[^ ]+]] [[D:[^ ]+]] [[E:[^ ]+]] [[F:[^ ]+]] [[G:[^ ]+]] [[H:[^ ]+]]
// GATHER: out: [[A]] [[C]] [[E]] [[G]] [[B]] [[D]] [[F]] [[H]]
// RUN: tile-run %s --kernel lists --threads-per-threadgroup 1 --grid 1 --arg out=f32:5:zeros --print out | FileCheck %s --check-prefix=LISTS
// LISTS: out: 7000 3.5 1.5 4 3

#include <metal_stdlib>
using namespace metal;

template <typename IdxT = int64_t>
METAL_FUNC IdxT elem_to_loc(IdxT elem, constant const int64_t* strides) {
  return elem * 1000;
}

template <typename IdxT = int64_t>
METAL_FUNC IdxT elem_to_loc(uint3 elem, constant const int64_t* strides) {
  return elem.x * IdxT(strides[1]) + elem.y * IdxT(strides[0]) + elem.z;
}

constant int64_t kStrides[2] = {1, 2};

struct Pair {
  float a;
  int b;
};
float add_fields(Pair p) { return p.a + p.b; }
float weigh(float2 v) { return v.x * 10.0f + v.y; }

// out[y * 4 + x] = in[x * 2 + y]: in read as its transpose.
kernel void gather(device const float* in, device float* out,
                   uint3 index [[thread_position_in_grid]]) {
  auto loc = elem_to_loc<int>({index.x, index.y, index.z}, kStrides);
  out[index.y * 4 + index.x] = in[loc];
}

kernel void lists(device float* out) {
  out[0] = elem_to_loc<int>({7}, kStrides);
  out[1] = add_fields({1.5, 2});
  out[2] = weigh({0, 1.5});
  out[3] = elem_to_loc<int>({1u, 1u, 1u}, kStrides);
  out[4] = ({ float t = 3; t; });
}
