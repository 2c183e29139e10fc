// SIMD-group and quad-group collectives as reductions and scans in MLX and
// llama.cpp use them, on a threadgroup of 40 threads (a full SIMD-group and
// a partial one of 8 lanes: inactive lanes take no part). Lane l holds
// l + 1. Each thread writes what it received (12 values).
// RUN: %msl_check %s
// RUN: tile-run %s --threads-per-threadgroup 40 --grid 1 --arg out=i32:480:zeros --arg quads=i32:40:zeros --print out --print quads | FileCheck %s
// CHECK: ran collectives on the emulator: ok
// Per thread: simd_sum, quad_sum, simd_prefix_exclusive_sum,
// quad_prefix_inclusive_sum, quad_shuffle_xor 1, quad_broadcast 3,
// simd_shuffle_rotate_down 1, simd_max, quad_min - 1, simd_active_threads_mask
// (-1: all 32), quad_ballot(odd lane), quad_active_threads_mask.
// Threads 0 and 1 (quad 0 holds 1..4):
// CHECK-NEXT: out: 528 10 0 1 2 4 2 32 0 -1 10 15 528 10 1 3 1 4 3 32 0 -1 10 15
// Thread 31 (x = 32): quad 7 holds 29..32, the rotation wraps to lane 0.
// CHECK-SAME: 528 122 496 122 31 32 1 32 28 -1 10 15
// Threads 32..39 are SIMD-group 1 with 8 lanes: sums over 1..8, 8 active
// lanes (255); lane 7's rotation reads the missing lane 8: poison (-1).
// CHECK-SAME: 36 10 0 1 2 4 2 8 0 255 10 15
// CHECK-SAME: 36 26 28 26 7 8 -1 8 4 255 10 15{{$}}
// Quad builtins (quad * 1000 + lane in quad * 100 + 10 quads, width 32):
// CHECK-NEXT: quads: 320010 320110 320210 320310 321010 {{.*}} 329310{{$}}

#include <metal_stdlib>
#include <metal_quadgroup>
using namespace metal;

kernel void collectives(device int* out [[buffer(0)]],
                        device int* quads [[buffer(1)]],
                        uint t [[thread_index_in_threadgroup]],
                        ushort lane [[thread_index_in_simdgroup]],
                        ushort quad_lane [[thread_index_in_quadgroup]],
                        ushort quad [[quadgroup_index_in_threadgroup]],
                        ushort nquads [[quadgroups_per_threadgroup]],
                        ushort width [[thread_execution_width]]) {
  int x = int(lane) + 1;
  quads[t] = quad * 1000 + quad_lane * 100 + nquads + width * 10000;
  device int* o = out + 12 * t;
  o[0] = simd_sum(x);
  o[1] = quad_sum(x);
  o[2] = simd_prefix_exclusive_sum(x);
  o[3] = quad_prefix_inclusive_sum(x);
  o[4] = quad_shuffle_xor(x, 1);
  o[5] = quad_broadcast(x, 3);
  o[6] = simd_shuffle_rotate_down(x, 1);
  o[7] = simd_max(x);
  o[8] = quad_min(x) - 1;
  o[9] = int(ulong(simd_active_threads_mask()) == 0xffffffffu ? -1
             : ulong(simd_active_threads_mask()));
  o[10] = int(ushort(quad_ballot(lane % 2 == 1)));
  o[11] = int(ushort(quad_active_threads_mask()));
}
