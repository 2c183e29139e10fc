// The barrier a reused staging buffer needs (tile-plan-threadgroup-memory):
// the reduction's one-float buffer and the dot's staging of A share the
// arena's first bytes; every thread reads the reduction's total, then the
// threads stage A there. Staging writes without a barrier of its own, so
// the plan marks the dot's staging `reused` and the conversion puts a
// barrier before it (the kernel's third). The emulator's race check is the
// oracle: the MSL as generated passes, and with that barrier deleted a
// thread of another SIMD-group reads the total after thread 0 overwrote it.

// DEFINE: %{args} = --arg X=f32:32:random:1 --arg A=f32:1024:random:2 --arg B=f32:1024:random:3 --arg C=f32:1024:zeros
// RUN: tile-opt %s --tile-to-applegpu | tile-translate --mlir-to-msl > %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// RUN: tile-run %s %{args} --run-msl %t.metal --compare | FileCheck %s --check-prefix=RIGHT
// RUN: awk '/threadgroup_barrier/ { if (++n == 3) next } { print }' %t.metal > %t.nobarrier.metal
// RUN: not tile-run %s %{args} --run-msl %t.nobarrier.metal --compare 2>&1 | FileCheck %s --check-prefix=RACE

// MSL:      threadgroup float tg_arena[2304];
// MSL-NEXT: auto [[A:tg[0-9]+]] = tg_arena;
// MSL-NEXT: auto {{tg[0-9]+}} = tg_arena + 1152;
// MSL-NEXT: auto [[TOTAL:tg[0-9]+]] = tg_arena;
// MSL:      threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:        [[TOTAL]][0] = {{v[0-9]+}};
// MSL:      threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL-NEXT: float {{v[0-9]+}} = [[TOTAL]][0];
// MSL-NOT:  [[A]]{{\[}}
// MSL:      threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL-NEXT: #pragma unroll
// MSL-NEXT: for
// MSL:        [[A]]{{\[}}

// RIGHT: compare C: {{.*}}: ok
// RACE: tile-run: kernel 'reduce_then_dot'{{.*}}: a race on threadgroup memory (byte 0)

func.func @reduce_then_dot(%X: memref<?xf32>, %A: memref<?xf32>,
    %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> tensor<32xf32>
  %s = tile.reduce add %x dim 0 : tensor<32xf32> -> f32
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %sp = tile.splat %s : f32 -> tensor<32x32xf32>
  %as = arith.mulf %a, %sp : tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %as, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
