// A kernel's own macros do not reach into the emulator's generated entry
// (`#define N 8`, `#define value`, `#define out`...); a long list of
// warnings does not push the compiler's error out of the message; the
// macro pre-pass that finds kernels declared by macros sees the ABI's MSL
// version (copy_old exists only before Metal 3.1).
// RUN: tile-run %s --kernel hygienic --threads-per-threadgroup 8 --grid 1 --arg in=f32:8:ones --arg out=f32:8:zeros --print out | FileCheck %s
// CHECK: ran hygienic on the emulator: ok
// CHECK-NEXT: out: 8 8 8 8 8 8 8 8
// RUN: not tile-run %s -DWITH_ERROR --kernel hygienic --threads-per-threadgroup 8 --grid 1 --arg in=f32:8:ones --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: macro-hygiene.metal:[[# @LINE + 29]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared_name'
// RUN: tile-run %s --abi %S/Inputs/macro_version.json --kernel copy_old --grid 1 --arg src=f32:4:ones --arg dst=f32:4:zeros --print dst | FileCheck %s --check-prefix=VERSION
// VERSION: dst: 1 1 1 1

#include <metal_stdlib>
using namespace metal;

#define N 8
#define T float
#define X 0
#define V 1
#define p q
#define n 3
#define value 2
#define pointer void
#define args argv
#define bv 7

[[deprecated("old")]] inline float old_scale(float x) { return x * float(N); }
#define CALL4(e) e e e e
#define CALL256(e) CALL4(CALL4(CALL4(CALL4(e))))

kernel void hygienic(device const T* in [[buffer(0)]],
                     device T* out [[buffer(1)]],
                     uint i [[thread_position_in_grid]]) {
  float s = 0.0f;
  CALL256(s = old_scale(in[i]);)
  out[i] = s;
#ifdef WITH_ERROR
  out[i] = undeclared_name;
#endif
}

#define declare_copy(name)                                                   \
  kernel void name(device const float* src [[buffer(0)]],                    \
                   device float* dst [[buffer(1)]],                          \
                   uint i [[thread_position_in_grid]]) {                     \
    dst[i] = src[i];                                                         \
  }
#if __METAL_VERSION__ < 310
declare_copy(copy_old)
#endif
