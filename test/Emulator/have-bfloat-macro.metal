// Apple's compiler defines __HAVE_BFLOAT__ from MSL 3.1 on; candle
// instantiates its bfloat kernels only `#if defined(__HAVE_BFLOAT__)`, with
// macros, so the emulator's macro pre-pass that finds their host names must
// define it as the compile does: `neg_bf16` was "no kernel in the source".
// RUN: tile-run %s --kernel neg_bf16 --threads-per-threadgroup 4 --grid 1 --arg dim=4 --arg input=bf16:4:ones --arg output=bf16:4:zeros --print output | FileCheck %s
// CHECK: ran neg_bf16 on the emulator: ok
// CHECK: output: -1 -1 -1 -1

#include <metal_stdlib>
using namespace metal;

template <typename T>
[[kernel]] void negate(constant size_t &dim, device const T *input,
                       device T *output, uint tid [[thread_position_in_grid]]) {
  if (tid < dim)
    output[tid] = -input[tid];
}

#define make_kernel(name, T)                                                   \
  template [[host_name(name)]] [[kernel]] decltype(negate<T>) negate<T>;

#if defined(__HAVE_BFLOAT__)
#define make_float_kernels(op)                                                 \
  make_kernel(op "_f32", float) make_kernel(op "_bf16", bfloat)
#else
#define make_float_kernels(op) make_kernel(op "_f32", float)
#endif

make_float_kernels("neg")
