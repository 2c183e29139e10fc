// What real kernels use of the standard library beyond what tile-mlir
// emits: the M_*_F constants (MLX's erf and gelu), divide, the matrix types
// and <metal_logging> (current MLX includes it everywhere).
// RUN: %msl_check %s
// RUN: tile-run %s --kernel constants --threads-per-threadgroup 1 --grid 1 --arg out=f32:6:zeros --print out | FileCheck %s --check-prefix=CONST
// CONST: out: 0.707106769 1.12837923 3.14159274 2.71828175 0.693147182 3
// RUN: tile-run %s --kernel transform --threads-per-threadgroup 2 --grid 1 --arg points=f32:8:ones --arg out=f32:8:zeros --print out | FileCheck %s --check-prefix=MATRIX
// MATRIX: ran transform on the emulator: ok
// MATRIX-NEXT: out: 3 4 5 6 3 4 5 6

#include <metal_stdlib>
#include <metal_logging>
using namespace metal;

constant os_log logger("org.example.kernels", "tests");

kernel void constants(device float* out [[buffer(0)]]) {
  out[0] = M_SQRT1_2_F;
  out[1] = M_2_SQRTPI_F;
  out[2] = M_PI_F;
  out[3] = M_E_F;
  out[4] = float(M_LN2_H) > 0.69f ? M_LN2_F : 0.0f;
  out[5] = divide(6.0f, 2.0f) * divide(float2(1.0f), float2(1.0f)).y;
  logger.log_info("constants written: %f", out[0]);
  os_log_default.log("done");
}

// Translates by (2, 3, 4) and mirrors w: columns of a 4x4 matrix, then
// transposed twice; w = -1 * determinant (-1) * 6.
kernel void transform(device const float4* points [[buffer(0)]],
                      device float4* out [[buffer(1)]],
                      uint i [[thread_position_in_grid]]) {
  float4x4 m(float4(1, 0, 0, 0), float4(0, 1, 0, 0), float4(0, 0, 1, 0),
             float4(2, 3, 4, -1));
  float4x4 identity(1.0f);
  float4x4 t = transpose(transpose(m)) * identity;
  float4 p = t * points[i];
  float2x2 twice = float2x2(2, 0, 0, 2);
  p.w *= determinant(m) * (twice * float2(3, 0)).x;
  out[i] = p;
}
