// Threadgroup data copied as a struct: each thread writes the fields of
// its element one by one (the struct's padding bytes stay unwritten), then
// reads a neighbour's element whole, by struct assignment and by memcpy of
// a larger struct (which the compiler turns into a library call the
// emulator's access callbacks do not see). Neither is a read of unwritten
// memory; reading a field nobody wrote still is.
// RUN: %msl_check %s
// RUN: tile-run %s --kernel copy_structs --threads-per-threadgroup 32 --grid 2 --arg out=f32:64:zeros --print out | FileCheck %s
// CHECK: ran copy_structs on the emulator: ok
// CHECK-NEXT: out: 4.5 6.5 8.5 10.5 {{.*}} 62.5 64.5 2.5 4.5 {{.*}} 64.5 2.5{{$}}
// RUN: not tile-run %s --kernel read_unwritten --threads-per-threadgroup 32 --grid 1 --arg out=f32:32:zeros 2>&1 | FileCheck %s --check-prefix=UNWRITTEN
// UNWRITTEN: tile-run: {{.*}}threadgroup memory{{.*}}

#include <metal_stdlib>
using namespace metal;

struct Sample {
  float value; // 4 bytes
  half weight; // 2 bytes, then 2 bytes of padding nobody writes
};

struct Block {
  Sample samples[12]; // 96 bytes: copied by memcpy
  uint count;
  uchar tag; // 3 bytes of padding
};

kernel void copy_structs(device float* out [[buffer(0)]],
                         uint t [[thread_index_in_threadgroup]],
                         uint i [[thread_position_in_grid]]) {
  threadgroup Sample samples[32];
  threadgroup Block blocks[2];
  threadgroup Block whole;       // only ever written as a whole
  threadgroup Sample pairs[2];   // likewise
  samples[t].value = float(t) + 1.0f;
  samples[t].weight = 0.5h;
  if (t < 2) {
    for (uint k = 0; k < 12; ++k) {
      blocks[t].samples[k].value = float(k);
      blocks[t].samples[k].weight = 1.0h;
    }
    blocks[t].count = 12;
    blocks[t].tag = 7;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  Sample s = samples[(t + 1) % 32];           // struct assignment
  Block b;
  __builtin_memcpy(&b, &blocks[t % 2], sizeof b); // memcpy
  threadgroup_barrier(mem_flags::mem_threadgroup);
  if (t == 0) {
    blocks[1] = b; // threadgroup <- thread copy, then read field by field
    whole = b;
    pairs[0] = samples[3]; // threadgroup <- threadgroup, padding included
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[i] = s.value * 2.0f + float(s.weight) + float(blocks[1].count - 12) +
           b.samples[11].value - 11.0f + float(whole.count - 12) +
           float(whole.tag - 7) + pairs[0].value - 4.0f;
}

kernel void read_unwritten(device float* out [[buffer(0)]],
                           uint t [[thread_index_in_threadgroup]]) {
  threadgroup Sample samples[32];
  samples[t].weight = 1.0h;
  threadgroup_barrier(mem_flags::mem_threadgroup);
  out[t] = samples[(t + 1) % 32].value; // nobody wrote .value
}
