// Races between threadgroups: nothing orders the threadgroups of a
// dispatch, so a buffer element one writes and another reads is a race in
// whatever order the emulator runs them (it used to run "ok": every order
// of whole threadgroups gives the same sum). Reading shared inputs, each
// threadgroup writing its own elements, and atomics are fine.
// The report is the same whatever order the workers ran the threadgroups
// in: the first racy element, a writer and a reader if there are both (the
// lowest-numbered of each), else the two lowest writers.
// RUN: not tile-run %s --kernel accumulate --threads-per-threadgroup 32 --grid 4 --arg total=f32:1:zeros --arg in=f32:4:ones 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: tile-run: kernel 'accumulate': a race between threadgroups: threadgroup (0,0,0) wrote buffer 'total' element 0 and threadgroup (1,0,0) reads it, without atomics
// A threadgroup that reads what another wrote (a hand-made grid-wide step).
// RUN: not tile-run %s --kernel shift --threads-per-threadgroup 4 --grid 2 --arg data=f32:8:ones 2>&1 | FileCheck %s --check-prefix=SHIFT
// SHIFT: a race between threadgroups: threadgroup (0,0,0) wrote buffer 'data' element 0 and threadgroup (1,0,0) reads it
// Two threadgroups storing to one element race too (which store stays
// depends on the order; it used to run "ok" whenever schedule 0 happened
// to match the others), even with the same value: only an atomic store
// is race-free.
// RUN: not tile-run %s --kernel last_writer --threads-per-threadgroup 4 --grid 3 --arg out=f32:1:zeros 2>&1 | FileCheck %s --check-prefix=WW
// WW: tile-run: kernel 'last_writer': a race between threadgroups: threadgroup (0,0,0) wrote buffer 'out' element 0 and threadgroup (1,0,0) writes it, without atomics
// RUN: not tile-run %s --kernel same_flag --threads-per-threadgroup 4 --grid 2 --arg flag=u32:2:zeros 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: a race between threadgroups: threadgroup (0,0,0) wrote buffer 'flag' element 1 and threadgroup (1,0,0) writes it
// A later threadgroup writing what an earlier one only reads is named as
// the writer, whichever of the two ran first.
// RUN: not tile-run %s --kernel read_then_written --threads-per-threadgroup 4 --grid 3 --arg data=f32:2:zeros 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: a race between threadgroups: threadgroup (2,0,0) wrote buffer 'data' element 0 and threadgroup (0,0,0) reads it
// The atomics' bytes count in --stats (they did not).
// RUN: tile-run %s --kernel accumulate_atomic --threads-per-threadgroup 32 --grid 4 --arg total=u32:1:zeros --arg in=u32:4:ones --stats --print total | FileCheck %s --check-prefix=ATOMIC
// ATOMIC: ran accumulate_atomic on the emulator: ok
// ATOMIC: stats: buffer total: 16 bytes read, 16 bytes written
// ATOMIC: total: 4
// RUN: tile-run %s --kernel scale_slices --threads-per-threadgroup 4 --grid 2 --arg data=f32:8:ones --arg factor=f32:1:ones --print data | FileCheck %s --check-prefix=SLICES
// SLICES: data: 2 2 2 2 2 2 2 2

#include <metal_stdlib>
using namespace metal;

kernel void accumulate(device float* total [[buffer(0)]],
                       device const float* in [[buffer(1)]],
                       uint t [[thread_index_in_threadgroup]],
                       uint g [[threadgroup_position_in_grid]]) {
  if (t == 0)
    total[0] += in[g];
}

kernel void shift(device float* data [[buffer(0)]],
                  uint i [[thread_position_in_grid]],
                  uint n [[threads_per_grid]]) {
  data[i] = data[(i + 1) % n] + 1.0f;
}

kernel void accumulate_atomic(device atomic_uint* total [[buffer(0)]],
                              device const uint* in [[buffer(1)]],
                              uint t [[thread_index_in_threadgroup]],
                              uint g [[threadgroup_position_in_grid]]) {
  if (t == 0)
    atomic_fetch_add_explicit(total, in[g], memory_order_relaxed);
}

kernel void scale_slices(device float* data [[buffer(0)]],
                         device const float* factor [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
  data[i] = data[i] * (factor[0] + 1.0f);
}

kernel void last_writer(device float* out [[buffer(0)]],
                        uint t [[thread_index_in_threadgroup]],
                        uint g [[threadgroup_position_in_grid]]) {
  if (t == 0)
    out[0] = float(g);
}

kernel void same_flag(device uint* flag [[buffer(0)]],
                      uint t [[thread_index_in_threadgroup]]) {
  if (t == 1)
    flag[1] = 1;
}

kernel void read_then_written(device float* data [[buffer(0)]],
                              uint t [[thread_index_in_threadgroup]],
                              uint g [[threadgroup_position_in_grid]]) {
  if (t == 0 && g == 0)
    data[1] = data[0];
  if (t == 0 && g == 2)
    data[0] = 2.0f;
}
