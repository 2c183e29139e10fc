// Address-space mistakes in a kernel are compile errors, as with Apple's
// compiler, now that the emulator compiles address spaces as types (they
// used to run: one flat address space). Without a mistake the kernel runs.
// RUN: tile-run %s --kernel scale --threads-per-threadgroup 4 --grid 1 --arg factor=f32:1:ones --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran scale on the emulator: ok
// CHECK-NEXT: out: 0 1 2 3
// A threadgroup pointer passed where a device pointer is required:
// RUN: not tile-run %s -D THREADGROUP_AS_DEVICE --kernel scale --threads-per-threadgroup 4 --grid 1 --arg factor=f32:1:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=TG
// TG: address-space-mistakes.metal:[[# @LINE + 22]]:{{[0-9]+}}: error: no matching function for call to 'store'
// TG: note: candidate function not viable: no known conversion from '__local float[4]' to '__global float *' for 1st argument
// A constant buffer passed where a device one is required:
// RUN: not tile-run %s -D CONSTANT_AS_DEVICE --kernel scale --threads-per-threadgroup 4 --grid 1 --arg factor=f32:1:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=CONST
// CONST: address-space-mistakes.metal:[[# @LINE + 20]]:{{[0-9]+}}: error: no matching function for call to 'load'
// A write through a constant pointer:
// RUN: not tile-run %s -D WRITE_CONSTANT --kernel scale --threads-per-threadgroup 4 --grid 1 --arg factor=f32:1:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=WRITE
// WRITE: address-space-mistakes.metal:[[# @LINE + 19]]:{{[0-9]+}}: error: read-only variable is not assignable

#include <metal_stdlib>
using namespace metal;

METAL_FUNC void store(device float* out, uint i, float v) { out[i] = v; }
METAL_FUNC float load(device const float* in) { return in[0]; }

kernel void scale(constant float* factor [[buffer(0)]],
                  device float* out [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
  threadgroup float staged[4];
  staged[i] = float(i) * factor[0];
  threadgroup_barrier(mem_flags::mem_threadgroup);
#if defined(THREADGROUP_AS_DEVICE)
  store(staged, i, staged[i]);
#elif defined(CONSTANT_AS_DEVICE)
  store(out, i, load(factor));
#elif defined(WRITE_CONSTANT)
  factor[0] = 2.0f;
#else
  store(out, i, staged[i]);
#endif
}

// A mistake costs one compile, not another one flat (compile-error-once):
// RUN: rm -rf %t.cache %t.log
// RUN: env TILE_RUN_CACHE=%t.cache TILE_MSL_CXX=%S/Inputs/logging-clang++ TME_TEST_REAL_CXX=%host_cxx TME_TEST_COMPILE_LOG=%t.log not tile-run %s -D WRITE_CONSTANT --kernel scale --threads-per-threadgroup 4 --grid 1 --arg factor=f32:1:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: FileCheck %s --check-prefix=COMPILES < %t.log
// COMPILES: typed
// COMPILES-NOT: {{typed|flat}}
