// A kernel that includes its project's own headers, as MLX's and
// llama.cpp's do: `#include "..."` relative to the file (and again from the
// header, relative to it), `#include <...>` through -I, macros from -D
// (Metal's preprocessorMacros). out = in * SCALE + kOffset.
// RUN: tile-run %s --kernel scale_offset -I %S/Inputs/headers/include --threads-per-threadgroup 4 --grid 1 --arg in=f32:4:ones --arg out=f32:4:zeros --print out | FileCheck %s
// CHECK: ran scale_offset on the emulator: ok
// CHECK-NEXT: out: 2.5 2.5 2.5 2.5
// RUN: tile-run %s --kernel scale_offset -I%S/Inputs/headers/include -D SCALE=3 -DUSE_PAIR --threads-per-threadgroup 4 --grid 1 --arg in=f32:4:ones --arg out=f32:4:zeros --print out | FileCheck %s --check-prefix=DEFINED
// DEFINED: out: 3.5 3.5 3.5 3.5
// Without -I the angle include is left to the compiler, which does not find it.
// RUN: not tile-run %s --kernel scale_offset --threads-per-threadgroup 4 --grid 1 --arg in=f32:4:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=NOTFOUND
// NOTFOUND: local-headers.metal:[[# @LINE + 13]]:10: fatal error: 'mylib/offset.h' file not found
// A diagnostic in a header names the header and its line.
// RUN: not tile-run %s --kernel scale_offset -I %S/Inputs/headers/include -DBREAK_IN_HEADER --threads-per-threadgroup 4 --grid 1 --arg in=f32:4:ones --arg out=f32:4:zeros 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: headers/kernels/utils.h:11:2: error: "an error in the header is reported at its line"
// A kernel template of a header instantiated by a header's macro (MLX).
// RUN: tile-run %s -I %S/Inputs/headers/include --kernel negate_f16 --threads-per-threadgroup 4 --grid 1 --arg in=f16:4:ones --arg out=f16:4:zeros --print out | FileCheck %s --check-prefix=MLX
// MLX: ran negate_f16 on the emulator: ok
// MLX-NEXT: out: -2 -2 -2 -2
// RUN: not tile-run %s -D 1X --threads-per-threadgroup 4 --grid 1 2>&1 | FileCheck %s --check-prefix=BADMACRO
// BADMACRO: tile-run: macro '1X': expected NAME or NAME=VALUE, NAME an identifier

#include <metal_stdlib>
#include "Inputs/headers/kernels/utils.h"
#include <mylib/offset.h>
#include "Inputs/headers/kernels/utils.h"
using namespace metal;

kernel void scale_offset(device const float* in [[buffer(0)]],
                         device float* out [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
#ifdef USE_PAIR
  Pair p = {scaled(in[i]), kOffset};
  out[i] = p.first + p.second;
#else
  out[i] = scaled(in[i]) + kOffset;
#endif
}

instantiate_kernel("negate_f32", negate, float)
instantiate_kernel("negate_f16", negate, half)
