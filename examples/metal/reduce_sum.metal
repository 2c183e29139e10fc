// A hand-written Metal compute kernel, the kind tile-run runs without an ABI
// file: every threadgroup sums its slice of `in` into one element of `out`.
// Each thread adds up a strided part of the slice, SIMD-groups fold their lanes
// with simd_sum, and the first SIMD-group folds the partial sums through
// threadgroup memory.
//
//   build/bin/tile-run examples/metal/reduce_sum.metal --kernel reduce_sum \
//       --threads-per-threadgroup 256 --grid 16 \
//       --arg in=f32:4096:random:1 --arg out=f32:16:zeros --arg n=4096 --print out
#include <metal_stdlib>
using namespace metal;

kernel void reduce_sum(device const float* in [[buffer(0)]],
                       device float* out [[buffer(1)]],
                       constant uint& n [[buffer(2)]],
                       uint group [[threadgroup_position_in_grid]],
                       uint groups [[threadgroups_per_grid]],
                       uint tid [[thread_index_in_threadgroup]],
                       uint threads [[threads_per_threadgroup]],
                       uint lane [[thread_index_in_simdgroup]],
                       uint simd [[simdgroup_index_in_threadgroup]],
                       uint simds [[simdgroups_per_threadgroup]]) {
  threadgroup float partial[32];
  // The slice of this threadgroup: ceil(n / groups) elements, the last one shorter.
  uint per_group = (n + groups - 1) / groups;
  uint begin = group * per_group;
  uint end = min(begin + per_group, n);

  float sum = 0.0f;
  for (uint i = begin + tid; i < end; i += threads)
    sum += in[i];
  sum = simd_sum(sum);
  if (lane == 0)
    partial[simd] = sum;
  threadgroup_barrier(mem_flags::mem_threadgroup);

  if (simd == 0) {
    float total = lane < simds ? partial[lane] : 0.0f;
    total = simd_sum(total);
    if (lane == 0)
      out[group] = total;
  }
}
