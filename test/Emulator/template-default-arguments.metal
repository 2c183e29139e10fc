// A host-name instantiation's parameter types are read with the template's
// arguments substituted. A template parameter with a default
// (`typename IdxT = int64_t`, MLX's unary_g and copy_g) was taken to be
// named after its default, so `constant const int64_t* strides` became
// `int*` for IdxT = int and the generated call did not compile; a
// parameter left to its default takes the default.
// RUN: tile-run %s --kernel strided_int --threads-per-threadgroup 4 --grid 1 --arg in=f32:8:random:2 --arg out=f32:4:zeros --arg strides=i64:1:ones --arg step=1 --print in --print out | FileCheck %s --check-prefix=INT
// INT: in: [[A:[^ ]+]] [[B:[^ ]+]] [[C:[^ ]+]] [[D:[^ ]+]] {{.*}}
// INT: out: [[A]] [[B]] [[C]] [[D]]
// RUN: tile-run %s --kernel strided_default --threads-per-threadgroup 4 --grid 1 --arg in=f32:8:random:2 --arg out=f32:4:zeros --arg strides=i64:1:ones --arg step=2 --print in --print out | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: in: [[A:[^ ]+]] {{[^ ]+}} [[C:[^ ]+]] {{[^ ]+}} [[E:[^ ]+]] {{[^ ]+}} [[G:[^ ]+]] {{[^ ]+}}
// DEFAULT: out: [[A]] [[C]] [[E]] [[G]]

#include <metal_stdlib>
using namespace metal;

template <typename T, int N = 1, typename IdxT = int64_t>
[[kernel]] void strided(device const T* in, device T* out,
                        constant const int64_t* strides,
                        constant const IdxT& step,
                        uint i [[thread_position_in_grid]]) {
  out[i] = in[IdxT(i) * IdxT(strides[0]) * step * N];
}

template [[host_name("strided_int")]] [[kernel]] void strided<float, 1, int>(
    device const float*, device float*, constant const int64_t*,
    constant const int&, uint);
template [[host_name("strided_default")]] [[kernel]] void strided<float>(
    device const float*, device float*, constant const int64_t*,
    constant const int64_t&, uint);
