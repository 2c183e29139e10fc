// MSL's static_cast between half and bfloat (MLX's fp8.h writes
// `static_cast<bfloat16_t>(this->operator float16_t())`, and its copy
// kernels instantiate static_cast<U>(src[i]) from half to bfloat): clang
// refuses any conversion between _Float16 and __bf16, so these did not
// compile. They convert through float, rounding once.
// RUN: tile-run %s --kernel copy_float16bfloat16 --threads-per-threadgroup 4 --grid 1 --arg src=f16:4:random:3 --arg dst=bf16:4:zeros --print src --print dst | FileCheck %s --check-prefix=TOBF
// TOBF: src: -0.772949219 0.400634766 0.225952148 -0.854492188
// TOBF: dst: -0.7734375 0.400390625 0.225585938 -0.85546875
// RUN: tile-run %s --kernel copy_bfloat16float16 --threads-per-threadgroup 4 --grid 1 --arg src=bf16:4:random:3 --arg dst=f16:4:zeros --print src --print dst | FileCheck %s --check-prefix=TOHALF
// TOHALF: src: [[V:.*]]
// TOHALF: dst: [[V]]
// A struct's conversion operator to bfloat built on its one to half.
// RUN: tile-run %s --kernel from_fp8 --threads-per-threadgroup 4 --grid 1 --arg out=bf16:4:zeros --print out | FileCheck %s --check-prefix=FP8
// FP8: out: 0 0.5 1 1.5
// Vectors convert element by element, as in Metal (clang's static_cast
// between vectors of one size reinterprets the bits: int4 from float4 gave
// 1092616192 for 10.0f).
// RUN: tile-run %s --kernel vector_casts --threads-per-threadgroup 1 --grid 1 --arg out=i32:4:zeros --arg b=bf16:4:zeros --print out --print b | FileCheck %s --check-prefix=VEC
// VEC: out: 10 -2 0 7
// VEC: b: 10 -2.5 0.25 7.5

#include <metal_stdlib>
using namespace metal;

typedef bfloat bfloat16_t;
typedef half float16_t;

template <typename T, typename U>
[[kernel]] void copy_v(device const T* src, device U* dst,
                       uint index [[thread_position_in_grid]]) {
  dst[index] = static_cast<U>(src[index]);
}

#define instantiate_copy(tname, itype, otype)                                  \
  template [[host_name("copy_" #tname)]] [[kernel]] void copy_v<itype, otype>( \
      device const itype*, device otype*, uint);

instantiate_copy(float16bfloat16, float16_t, bfloat16_t)
instantiate_copy(bfloat16float16, bfloat16_t, float16_t)

struct fp8_like {
  uint8_t bits;
  operator float16_t() thread { return float16_t(float(bits) * 0.5f); }
  operator bfloat16_t() thread {
    return static_cast<bfloat16_t>(this->operator float16_t());
  }
};

kernel void from_fp8(device bfloat16_t* out,
                     uint i [[thread_position_in_grid]]) {
  fp8_like f{uint8_t(i)};
  out[i] = f;
}

kernel void vector_casts(device int4* out, device bfloat4* b) {
  float4 x = float4(10.0f, -2.5f, 0.25f, 7.5f);
  out[0] = static_cast<int4>(x);
  b[0] = static_cast<bfloat4>(static_cast<half4>(x));
}
