// RUN: sh %tile_src_root/test/Emulator/Inputs/expect-exit.sh 1 tile-run %s --threads-per-threadgroup 32 --grid 1 --arg out=f32:32:zeros 2>&1 | FileCheck %s -DFILE=%s
// A compile error in a .metal input is reported against that file (its
// path, as given), not against KERNEL.metal.
// CHECK: tile-run: compiling kernel 'k' with {{.*}} failed
// CHECK-NEXT: [[FILE]]:[[@LINE+5]]:12: error: use of undeclared identifier 'undefined_name'
#include <metal_stdlib>
using namespace metal;

kernel void k(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
  out[i] = undefined_name;
}
