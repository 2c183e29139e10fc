// [[buffer(n)]] indices with gaps (0, 2, 3, 4, 5 here; 1 unused), declared
// out of index order, and parameters without an index mixed with explicit
// ones: every parameter binds to its own Metal index, and the ABI's grid
// extent takes its scalar by index ([[buffer(3)]] is n, the 3rd binding is
// scale). The results are checked elementwise against Python's.
// RUN: %python %S/Inputs/npy.py write %t.a.npy '<f4' 12
// RUN: tile-run %s --kernel gapped --abi %S/Inputs/gapped-buffer-indices.json --arg a=@%t.a.npy --arg b=f32:12:random --arg n=10 --arg scale=2.5 --arg out=f32:12:zeros --out out=%t.out.npy --out b=%t.b.npy | FileCheck %s --check-prefix=ABI
// ABI: ran gapped on the emulator: ok
// RUN: %python %S/Inputs/npy.py axpy-check %t.out.npy %t.a.npy %t.b.npy 2.5 10 | FileCheck %s --check-prefix=NUMBERS
// NUMBERS: axpy-check: 12 True
// Without --abi, from the declaration (the grid given):
// RUN: tile-run %s --kernel gapped --threads-per-threadgroup 4 --grid 3 --arg a=@%t.a.npy --arg b=f32:12:random --arg n=10 --arg scale=2.5 --arg out=f32:12:zeros --out out=%t.src.npy | FileCheck %s --check-prefix=SOURCE
// SOURCE: ran gapped on the emulator: ok
// RUN: %python %S/Inputs/npy.py axpy-check %t.src.npy %t.a.npy %t.b.npy 2.5 10 | FileCheck %s --check-prefix=NUMBERS
// Indices Metal assigns (the lowest free one, in declaration order) mixed
// with explicit ones: b=0, out=2, n=3 beside a=1 and scale=6.
// RUN: tile-run %s --kernel mixed --threads-per-threadgroup 4 --grid 3 --arg a=@%t.a.npy --arg b=f32:12:random --arg n=10 --arg scale=2.5 --arg out=f32:12:zeros --out out=%t.mixed.npy | FileCheck %s --check-prefix=MIXED
// MIXED: ran mixed on the emulator: ok
// RUN: %python %S/Inputs/npy.py axpy-check %t.mixed.npy %t.a.npy %t.b.npy 2.5 10 | FileCheck %s --check-prefix=NUMBERS
// A grid extent naming an index no scalar has is refused:
// RUN: sed 's/"index": 3, "divisor"/"index": 1, "divisor"/' %S/Inputs/gapped-buffer-indices.json > %t.bad.json
// RUN: not tile-run %s --kernel gapped --abi %t.bad.json --arg a=@%t.a.npy --arg b=f32:12:random --arg n=10 --arg scale=2.5 --arg out=f32:12:zeros 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: the ABI's grid_extents take extent 0 from {{\[\[}}buffer(1)]], which is not a scalar parameter of the kernel

#include <metal_stdlib>
using namespace metal;

kernel void gapped(device const float* a [[buffer(0)]],
                   device float* out [[buffer(5)]],
                   device const float* b [[buffer(2)]],
                   constant float& scale [[buffer(4)]],
                   constant uint& n [[buffer(3)]],
                   uint i [[thread_position_in_grid]]) {
  if (i < n)
    out[i] = a[i] + scale * b[i];
}

kernel void mixed(device const float* b,
                  device const float* a [[buffer(1)]],
                  device float* out,
                  constant float& scale [[buffer(6)]],
                  constant uint& n,
                  uint i [[thread_position_in_grid]]) {
  if (i < n)
    out[i] = a[i] + scale * b[i];
}
