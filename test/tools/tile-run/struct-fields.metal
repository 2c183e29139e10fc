// A `constant Params&` struct of arguments given by field on the command
// line (--arg params={M=3,...}): the field types, offsets and padding are the
// compiler's (half after float, uint after half), fields not given are zero.
// RUN: tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={M=-3, N=4000000000, scale=0.5, bias=1.5, K=7, flip=true}" --arg out=f32:8:zeros --print out | FileCheck %s
// CHECK:      ran apply_params on the emulator: ok
// CHECK-NEXT: out: -3 4e+09 0.5 1.5 7 1 0 0
// Fields not given are zero (K, flip, and the rest).
// RUN: tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={scale=2}" --arg out=f32:8:zeros --print out | FileCheck %s --check-prefix=ZERO
// ZERO: out: 0 0 2 0 0 0 0 0
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={M=1,Q=2}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tile-run: parameter 'params' has no field 'Q'; its fields are: M, N, scale, bias, K, flip, lanes, inner
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={N=-1}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tile-run: parameter 'params.N' must be between 0 and 4294967295 (a 32-bit uint), got -1
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={bias=70000}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=HALF
// HALF: tile-run: parameter 'params.bias' (half) cannot hold 70000: it overflows to infinity
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={M=x}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=NOTINT
// NOTINT: tile-run: parameter 'params.M' needs an integer, got 'x'
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={lanes=1}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: tile-run: field 'lanes' of parameter 'params' (float4) cannot be given by name: only whole scalar fields can, not nested structs, bit-fields, arrays or vectors (pass the struct's bytes with @FILE.bin)
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={inner=1}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: tile-run: field 'inner' of parameter 'params' (Inner) cannot be given by name
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={M=1,M=2}" --arg out=f32:8:zeros 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: field 'M' is given twice
// RUN: not tile-run %s --threads-per-threadgroup 1 --grid 1 --arg "params={M=1}" --arg "out={M=1}" 2>&1 | FileCheck %s --check-prefix=BUFFER
// BUFFER: tile-run: parameter 'out' is a buffer: {FIELD=VALUE,...} is for a `constant T&` struct

#include <metal_stdlib>
using namespace metal;

struct Inner {
  int a;
};

struct Params {
  int M;
  uint N;
  float scale;
  half bias;
  uint K;
  bool flip;
  float4 lanes;
  Inner inner;
};

kernel void apply_params(constant Params& params [[buffer(0)]],
                         device float* out [[buffer(1)]],
                         uint tid [[thread_position_in_grid]]) {
  out[0] = float(params.M);
  out[1] = float(params.N);
  out[2] = params.scale;
  out[3] = float(params.bias);
  out[4] = float(params.K);
  out[5] = params.flip ? 1.0f : 0.0f;
  out[6] = params.lanes.x + float(params.inner.a);
}
