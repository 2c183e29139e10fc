// half and bfloat arithmetic rounds at every operation, as on the GPU's
// 16-bit ALUs. clang keeps such intermediates in float on a host without
// half instructions (excess precision), which hid what the GPU does: 300h *
// 300h overflows half (the emulator gave 90 where the GPU gives inf), and
// 256 + 1 rounds back to 256 in bfloat (1 where the GPU gives 0).
// RUN: %python -c "import numpy as np; np.save('%t.npy', np.full(2, 300, np.float16))"
// RUN: tile-run %s --kernel rounding --threads-per-threadgroup 1 --grid 1 --arg x=@%t.npy --arg y=bf16:2:ones --arg out=f32:3:zeros --print out | FileCheck %s
// CHECK: out: inf 0 0.5

#include <metal_stdlib>
using namespace metal;

kernel void rounding(device const half *x, device const bfloat *y,
                     device float *out) {
  half a = x[0];
  out[0] = float((a * a) / 1000.0h);            // inf: a * a overflows
  bfloat b = y[0] * bfloat(256.0f);
  out[1] = float((b + bfloat(1.0f)) - b);       // 0: 257 rounds to 256
  half c = x[1] / 600.0h;                       // exact: a float stays one
  out[2] = float(c);
}
