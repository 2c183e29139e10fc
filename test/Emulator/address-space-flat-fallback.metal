// Valid MSL that clang refuses with address spaces as types: a conditional
// expression mixing a struct in a buffer with a plain one (MLX's sort.h,
// `i < n ? in[i] : ValT(init)` for complex64_t). Such a source compiles as
// it did before address spaces were types (flat), and runs.
// RUN: tile-run %s --kernel pick --threads-per-threadgroup 4 --grid 1 --arg n=2 --arg in=@%S/Inputs/four-pairs.bin --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran pick on the emulator: ok
// CHECK-NEXT: out: 3 7 -1 -1
// The error that sends it flat names an object in an address space
// ("incompatible operand types ('const __global pair_t' and 'pair_t')"):
// one compile with address spaces as types, then one flat (counted by a
// compiler wrapper that logs each; compile-error-once.metal).
// RUN: rm -rf %t.cache %t.log
// RUN: env TILE_RUN_CACHE=%t.cache TILE_MSL_CXX=%S/Inputs/logging-clang++ TME_TEST_REAL_CXX=%host_cxx TME_TEST_COMPILE_LOG=%t.log tile-run %s --kernel pick --threads-per-threadgroup 4 --grid 1 --arg n=2 --arg in=@%S/Inputs/four-pairs.bin --arg out=f32:4:zeros --print out | FileCheck %s
// RUN: FileCheck %s --check-prefix=COMPILES < %t.log
// COMPILES: typed
// COMPILES-NEXT: flat
// COMPILES-NOT: {{typed|flat}}

#include <metal_stdlib>
using namespace metal;

struct pair_t {
  float a;
  float b;
  pair_t(float x) thread : a(x), b(0) {}
  float sum() const { return a + b; }
};

kernel void pick(constant uint& n, device const pair_t* in,
                 device float* out, uint i [[thread_position_in_grid]]) {
  pair_t p = i < n ? in[i] : pair_t(-1.0f);
  out[i] = p.sum();
}
