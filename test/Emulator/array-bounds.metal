// Out-of-bounds indexing of fixed-size arrays -- thread-private, threadgroup,
// and arrays of simdgroup_matrix -- is reported like a buffer's (it used to
// corrupt the fiber's stack or the next threadgroup variable and could
// run "ok"): a loop bound 4 -> 5 over `float a[4]`, as fault injection did.
// RUN: tile-run %s --kernel private_sum --threads-per-threadgroup 2 --grid 1 --arg out=f32:2:zeros --arg n=4 --print out | FileCheck %s
// CHECK: ran private_sum on the emulator: ok
// CHECK-NEXT: out: 6 6
// RUN: not tile-run %s --kernel private_sum --threads-per-threadgroup 2 --grid 1 --arg out=f32:2:zeros --arg n=5 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: tile-run: kernel 'private_sum', threadgroup (0,0,0), thread 0: out-of-bounds index 4 of an array of type 'float[4]' at {{.*}}array-bounds.metal:[[# @LINE + 19]]:
// RUN: not tile-run %s --kernel shared_sum --threads-per-threadgroup 8 --grid 1 --arg out=f32:8:zeros --arg n=9 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: out-of-bounds index 8 of an array of type 'threadgroup float[8]' at {{.*}}array-bounds.metal:[[# @LINE + 32]]:
// RUN: tile-run %s --kernel matrices --threads-per-threadgroup 32 --grid 1 --arg out=f32:64:zeros --arg n=2 --print out | FileCheck %s --check-prefix=MATRIX-OK
// MATRIX-OK: out: 3 0 0 0 0 0 0 0 0 3 0
// An array of class type assigned whole is seen from the second element
// past its end: clang's check allows the one-past-the-end address that
// the assignment takes (docs/emulator.md).
// RUN: not tile-run %s --kernel matrices --threads-per-threadgroup 32 --grid 1 --arg out=f32:64:zeros --arg n=4 2>&1 | FileCheck %s --check-prefix=MATRIX
// MATRIX: out-of-bounds index 3 of an array of type 'simdgroup_float8x8[2]'

#include <metal_stdlib>
using namespace metal;

kernel void private_sum(device float* out [[buffer(0)]],
                        constant uint& n [[buffer(1)]],
                        uint i [[thread_position_in_grid]]) {
  float a[4];
  for (uint j = 0; j < n; ++j)
    a[j] = float(j);
  float s = 0.0f;
  for (uint j = 0; j < 4; ++j)
    s += a[j];
  out[i] = s;
}

kernel void shared_sum(device float* out [[buffer(0)]],
                       constant uint& n [[buffer(1)]],
                       uint t [[thread_index_in_threadgroup]]) {
  threadgroup float partial[8];
  partial[t] = 1.0f;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float s = 0.0f;
  for (uint j = 0; j < n; ++j)
    s += partial[j];
  out[t] = s;
}

kernel void matrices(device float* out [[buffer(0)]],
                     constant uint& n [[buffer(1)]]) {
  simdgroup_float8x8 m[2];
  for (uint j = 0; j < n; ++j)
    m[j] = simdgroup_float8x8(float(j + 1));
  simdgroup_float8x8 sum;
  simdgroup_multiply_accumulate(sum, m[0], simdgroup_float8x8(1.0f), m[1]);
  simdgroup_store(sum, out, 8);
}
