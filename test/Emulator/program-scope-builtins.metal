// Program-scope built-in variables (MSL 3.0): declared at file scope, read
// in the kernel and its helpers; each thread sees its own values. (They
// used to compile, stay 0 and run "ok".)
// RUN: tile-run %s --threads-per-threadgroup 4,1,1 --grid 3,2,1 --arg out=u32:24:zeros --arg lanes=u32:24:zeros --print out --print lanes | FileCheck %s
// CHECK:      ran write_ids on the emulator: ok
// CHECK-NEXT: out: 0 1 2 3 1004 1005 1006 1007 2008 2009 2010 2011 100000 100001 100002 100003 101004 101005 101006 101007 102008 102009 102010 102011
// CHECK-NEXT: lanes: 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3

#include <metal_stdlib>
using namespace metal;

uint wgID [[threadgroup_position_in_grid]];
uint3 gid [[thread_position_in_grid]];
const ushort lane [[thread_index_in_simdgroup]];
uint2 groups
    [[threadgroups_per_grid]];

static uint flat_index() { return gid.y * 12 + gid.x; }

kernel void write_ids(device uint* out [[buffer(0)]],
                      device uint* lanes [[buffer(1)]]) {
  uint3 g = gid;
  out[flat_index()] = g.x + 1000 * wgID + 100000 * gid.y * (groups.y - 1);
  lanes[flat_index()] = lane;
}
