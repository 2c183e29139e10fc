// simd_shuffle_and_fill_up/down and quad_shuffle_and_fill_up/down, as
// sliding-window kernels use them: each `modulo`-lane vector of `data` is
// shifted by delta and the lanes shifted in come from the other end of the
// same vector of `filling_data`. Lane l holds data l and filling 100 + l.
// Per lane: simd up (delta 2, modulo 8), simd down (2, 8), simd up (3, the
// whole SIMD-group), quad up (1), quad down (1).
// RUN: %msl_check %s
// RUN: tile-run %s --threads-per-threadgroup 32 --grid 1 --arg out=i32:160:zeros --print out | FileCheck %s
// CHECK: ran shuffle_and_fill on the emulator: ok
// CHECK-NEXT: out: 106 2 129 103 1 107 3 130 0 2 0 4 131 1 3 1 5 0 2 100 2 6 1 107 5 3 7 2 4 6 4 100 3 5 7 5 101 4 6 104 114 10 5 111 9 115 11 6 8 10 8 12 7 9 11 9 13 8 10 108 10 14 9 115 13 11 15 10 12 14 12 108 11 13 15 13 109 12 14 112 122 18 13 119 17 123 19 14 16 18 16 20 15 17 19 17 21 16 18 116 18 22 17 123 21 19 23 18 20 22 20 116 19 21 23 21 117 20 22 120 130 26 21 127 25 131 27 22 24 26 24 28 23 25 27 25 29 24 26 124 26 30 25 131 29 27 31 26 28 30 28 124 27 29 31 29 125 28 30 128{{$}}

#include <metal_stdlib>
#include <metal_quadgroup>
using namespace metal;

kernel void shuffle_and_fill(device int* out [[buffer(0)]],
                             ushort lane [[thread_index_in_simdgroup]]) {
  int data = int(lane), filling = 100 + int(lane);
  device int* o = out + 5 * lane;
  o[0] = simd_shuffle_and_fill_up(data, filling, 2, 8);
  o[1] = simd_shuffle_and_fill_down(data, filling, 2, 8);
  o[2] = simd_shuffle_and_fill_up(data, filling, 3);
  o[3] = quad_shuffle_and_fill_up(data, filling, 1);
  o[4] = quad_shuffle_and_fill_down(data, filling, 1);
}
