// Atomics on device and threadgroup memory, as histogram and reduction
// kernels use them. 4 threadgroups of 64 threads run on several OS threads
// at once, so device atomics must be real atomics. Integer results do not
// depend on the order of the threads; the float sum does (it is exact here,
// the values being small integers), so tile-run leaves its buffer out of
// the bit-for-bit schedule comparison and says so.
// RUN: %msl_check %s
// RUN: tile-run %s --kernel histogram --threads-per-threadgroup 64 --grid 4 --arg data=u32:256:random:7 --arg bins=u32:16:zeros --arg stats=i32:8:zeros --arg fsum=f32:1:zeros --print stats --print fsum 2>&1 | FileCheck %s
// CHECK: tile-run: note: buffer 'fsum' is updated with float atomics, whose result depends on the order of the threads; it was not compared across schedules
// CHECK: ran histogram on the emulator: ok
// stats: total count, min, max, and of all, or of all, xor of all, exchanges
// seen, successful compare-exchanges (one per threadgroup).
// CHECK: stats: 256 0 15 0 15 {{-?[0-9]+}} 4 4
// 4 threadgroups each add 0 + 1 + ... + 63 = 2016.
// CHECK: fsum: 8064
// A kernel whose output depends on the order of atomic increments (slots
// handed out by a counter) is a race the schedules reveal.
// RUN: not tile-run %s --kernel append --threads-per-threadgroup 64 --grid 1 --arg out=u32:64:zeros --arg counter=u32:1:zeros 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: the result depends on the order in which threads run

#include <metal_stdlib>
using namespace metal;

kernel void histogram(device const uint* data [[buffer(0)]],
                      device atomic_uint* bins [[buffer(1)]],
                      device atomic_int* stats [[buffer(2)]],
                      device atomic_float* fsum [[buffer(3)]],
                      uint i [[thread_position_in_grid]],
                      uint t [[thread_index_in_threadgroup]]) {
  threadgroup atomic_uint local_bins[16];
  threadgroup atomic_int exchanges;
  if (t < 16)
    atomic_store_explicit(&local_bins[t], 0u, memory_order_relaxed);
  if (t == 0)
    atomic_store_explicit(&exchanges, 0, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup);

  uint v = data[i];
  atomic_fetch_add_explicit(&local_bins[v], 1u, memory_order_relaxed);
  atomic_fetch_add_explicit(&stats[0], 1, memory_order_relaxed);
  atomic_fetch_min_explicit(&stats[1], int(v), memory_order_relaxed);
  atomic_fetch_max_explicit(&stats[2], int(v), memory_order_relaxed);
  atomic_fetch_and_explicit(&stats[3], int(v), memory_order_relaxed);
  atomic_fetch_or_explicit(&stats[4], int(v), memory_order_relaxed);
  atomic_fetch_xor_explicit(&stats[5], int(v), memory_order_relaxed);
  atomic_fetch_add_explicit(fsum, float(t), memory_order_relaxed);
  // Exactly one thread per threadgroup wins the exchange from 0.
  int expected = 0;
  if (atomic_compare_exchange_weak_explicit(&exchanges, &expected, 1,
                                            memory_order_relaxed,
                                            memory_order_relaxed))
    atomic_fetch_add_explicit(&stats[7], 1, memory_order_relaxed);
  threadgroup_barrier(mem_flags::mem_threadgroup);

  if (t < 16)
    atomic_fetch_add_explicit(&bins[t],
                              atomic_load_explicit(&local_bins[t],
                                                   memory_order_relaxed),
                              memory_order_relaxed);
  if (t == 0)
    atomic_fetch_add_explicit(
        &stats[6],
        atomic_exchange_explicit(&exchanges, 0, memory_order_relaxed),
        memory_order_relaxed);
}

kernel void append(device uint* out [[buffer(0)]],
                   device atomic_uint* counter [[buffer(1)]],
                   uint t [[thread_index_in_threadgroup]]) {
  uint slot = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);
  out[slot] = t;
}
