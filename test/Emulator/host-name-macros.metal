// Kernels instantiated by macros, as MLX writes them: the host names only
// exist once the macros are expanded (with stringized type names), which
// the emulator does with the file's own macros when the name is not in the
// text. Selected by host name, without an ABI file.
// RUN: tile-run %s --kernel scale_float16 --threads-per-threadgroup 4 --grid 1 --arg x=f16:4:ones --arg y=f16:4:zeros --print y | FileCheck %s --check-prefix=F16
// F16: ran scale_float16 on the emulator: ok
// F16-NEXT: y: 2 2 2 2
// RUN: tile-run %s --kernel scale_int32 --threads-per-threadgroup 4 --grid 1 --arg x=i32:4:ones --arg y=i32:4:zeros --print y | FileCheck %s --check-prefix=I32
// I32: ran scale_int32 on the emulator: ok
// I32-NEXT: y: 2 2 2 2
// RUN: not tile-run %s --kernel scale_float64 --threads-per-threadgroup 4 --grid 1 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tile-run: {{.*}}no kernel 'scale_float64' in the source (its kernels: 'scale_float32', 'scale_float16', 'scale_int32'; one made by a macro needs --abi)

#include <metal_stdlib>
using namespace metal;

template <typename T>
[[kernel]] void scale(device const T* x [[buffer(0)]],
                      device T* y [[buffer(1)]],
                      uint i [[thread_position_in_grid]]) {
  y[i] = x[i] * T(2);
}

#define instantiate_kernel(name, func, ...)                                    \
  template [[host_name(name)]] [[kernel]] decltype(func<__VA_ARGS__>)          \
      func<__VA_ARGS__>;

#define instantiate_scale(tname, type)                                         \
  instantiate_kernel("scale_" #tname, scale, type)

instantiate_scale(float32, float)
instantiate_scale(float16, half)
instantiate_scale(int32, int)
