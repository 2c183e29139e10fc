// Function constants as MLX and llama.cpp write them: program-scope
// constants with an index, is_function_constant_defined, a constant derived
// from others, and [[function_constant]] on an optional buffer parameter.
// tile-run --constant sets them by name or by index; a constant that is not
// set is undefined, as when a Metal pipeline is made without it.
// RUN: tile-run %s --threads-per-threadgroup 4 --grid 1 --arg x=f32:4:ones --arg bias=f32:4:ones --arg out=f32:4:zeros --constant has_bias=true --constant 1=3.5 --print out | FileCheck %s --check-prefix=BIAS
// BIAS: out: 5.5 5.5 5.5 5.5
// RUN: tile-run %s --threads-per-threadgroup 4 --grid 1 --arg x=f32:4:ones --arg bias=f32:4:ones --arg out=f32:4:zeros --print out | FileCheck %s --check-prefix=UNSET
// Neither set: no bias, scale undefined so the kernel uses 2.
// UNSET: out: 2 2 2 2
// RUN: not tile-run %s --threads-per-threadgroup 4 --grid 1 --arg x=f32:4:ones --arg bias=f32:4:ones --arg out=f32:4:zeros --constant has_bais=true 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: tile-run: the kernel source declares no function constant 'has_bais' (it declares: has_bias (0), scale (1))

#include <metal_stdlib>
using namespace metal;

constant bool has_bias [[function_constant(0)]];
constant float scale [[function_constant(1)]];
constant bool has_scale = is_function_constant_defined(scale);

kernel void scale_and_bias(device const float* x [[buffer(0)]],
                           device const float* bias [[buffer(1), function_constant(has_bias)]],
                           device float* out [[buffer(2)]],
                           uint i [[thread_position_in_grid]]) {
  float y = x[i] * (has_scale ? scale : 2.0f);
  if (has_bias)
    y += bias[i] + 1.0f;
  out[i] = y;
}
