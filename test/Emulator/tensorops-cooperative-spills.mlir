// Copies ("spills") of another dot's cooperative tiles on apple10 are part
// of the threadgroup memory plan. Each kernel has two dots of different
// cooperative tensor types (one reads device views, the other staged
// operands) and combines their accumulators, so the lowering copies one of
// them to threadgroup memory where the other's elements are iterated: at a
// store, at a dot's accumulator, at a loop's initial value and at a yield.
// tile-plan-threadgroup-memory gives each such op an
// applegpu.cooperative_spill region of the arena, packed with the other
// buffers (reusing bytes of buffers that are dead by then); the conversion
// carves the copies from it and allocates nothing else.

// RUN: tile-opt %s --tile-assign-layouts=target=apple10 --tile-pipeline-loads --tile-plan-threadgroup-memory | FileCheck %s --check-prefix=PLAN
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | FileCheck %s --check-prefix=IR

// RUN: tile-run %s --kernel spill_at_store --grid 2 --arg A=f32:1440:random:1 \
// RUN:   --arg B=f32:1024:random:2 --arg C=f32:1440:zeros --arg M=45 --arg N=27 \
// RUN:   --compare --target apple10 --schedules 3 | FileCheck %s --check-prefix=STORE
// STORE: ran spill_at_store on the emulator: ok
// STORE-NEXT: compare C: max abs error {{.*}}: ok
// RUN: tile-run %s --kernel spill_at_dot --grid 2 --arg A=f32:1440:random:3 \
// RUN:   --arg B=f32:1024:random:4 --arg C=f32:1440:zeros --arg M=45 --arg N=27 \
// RUN:   --compare --target apple10 --schedules 3 | FileCheck %s --check-prefix=DOT
// DOT: ran spill_at_dot on the emulator: ok
// DOT-NEXT: compare C: max abs error {{.*}}: ok
// RUN: tile-run %s --kernel spill_in_loop --grid 2 --arg A=f32:1440:random:5 \
// RUN:   --arg B=f32:1024:random:6 --arg C=f32:1440:zeros --arg M=45 --arg N=27 \
// RUN:   --compare --target apple10 --schedules 3 | FileCheck %s --check-prefix=LOOP
// LOOP: ran spill_in_loop on the emulator: ok
// LOOP-NEXT: compare C: max abs error {{.*}}: ok

// S = A B (device views) and P = exp(S/8) B (staged); the row maxima of S,
// broadcast back into the cooperative layout, are live in threadgroup
// memory across the store of S + P - max. The store iterates P's elements
// and copies S next to the live row maxima, in bytes the staging of P used
// before.
// PLAN-LABEL: func.func @spill_at_store
// PLAN-SAME:    applegpu.threadgroup_memory = 9216 : i64
// PLAN:         tile.convert_layout {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 4096, reused = false>} : tensor<32x32xf32, #applegpu.cooperative
// PLAN:         tile.dot {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 9216, reused = true>}
// PLAN:         tile.convert_layout {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 128, reused = true>} : {{.*}} -> tensor<32xf32, #applegpu.slice<dim = 1, size = 32, parent = #applegpu.cooperative
// PLAN:         tile.store {{.*}} {applegpu.cooperative_spill = #applegpu.scratch<offset = 128, bytes = 4096, reused = true>}
// IR-LABEL:   func.func @spill_at_store
// IR:           %[[ARENA:.*]] = applegpu.alloc_threadgroup : memref<9216xi8
// IR-NOT:       applegpu.alloc_threadgroup
// IR:           applegpu.threadgroup_view %[[ARENA]][128] : memref<9216xi8, {{.*}}> to memref<1024xf32
// IR-NOT:       applegpu.alloc_threadgroup
// IR-LABEL:   func.func @spill_at_dot
func.func @spill_at_store(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                          %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %eighth = arith.constant dense<0.125> : tensor<32x32xf32>
  %t = arith.mulf %s, %eighth : tensor<32x32xf32>
  %e = math.exp %t : tensor<32x32xf32>
  %b2 = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %pv = tile.dot %e, %b2, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %m = tile.reduce maxnumf %s dim 1 : tensor<32x32xf32> -> tensor<32xf32>
  %m2 = tile.broadcast %m dim 0 : tensor<32xf32> -> tensor<32x32xf32>
  %sum = arith.addf %s, %pv : tensor<32x32xf32>
  %out = arith.subf %sum, %m2 : tensor<32x32xf32>
  tile.store %out, %C[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}

// A third dot accumulates onto S + P: it iterates its own elements and
// copies S, live together with its own staging buffers (disjoint bytes);
// the second dot's staging buffers are dead by then, and shared.
// PLAN-LABEL: func.func @spill_at_dot
// PLAN-SAME:    applegpu.threadgroup_memory = 13312 : i64
// PLAN:         tile.dot {{.*}} {applegpu.scratch = #applegpu.scratch<offset = 0, bytes = 9216, reused = false>}
// PLAN:         tile.dot {{.*}} {applegpu.cooperative_spill = #applegpu.scratch<offset = 0, bytes = 4096, reused = true>, applegpu.scratch = #applegpu.scratch<offset = 4096, bytes = 9216, reused = true>}
func.func @spill_at_dot(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                        %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %s = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %eighth = arith.constant dense<0.125> : tensor<32x32xf32>
  %t = arith.mulf %s, %eighth : tensor<32x32xf32>
  %e = math.exp %t : tensor<32x32xf32>
  %b2 = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %pv = tile.dot %e, %b2, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %sum = arith.addf %s, %pv : tensor<32x32xf32>
  %o = tile.dot %e, %b2, %sum : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %o, %C[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}

// A loop carries S0 + P0 (copied at the loop, before its first iteration)
// and adds S + P each iteration (copied at the yield).
// PLAN-LABEL: func.func @spill_in_loop
// PLAN-SAME:    applegpu.threadgroup_memory = 9216 : i64
// PLAN:         scf.for
// PLAN:           scf.yield {applegpu.cooperative_spill = #applegpu.scratch<offset = 0, bytes = 4096, reused = true>}
// PLAN-NEXT:    } {applegpu.cooperative_spill = #applegpu.scratch<offset = 0, bytes = 4096, reused = true>}
func.func @spill_in_loop(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                         %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %N] : memref<?xf32> -> tensor<32x32xf32>
  %b2 = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %c32] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %eighth = arith.constant dense<0.125> : tensor<32x32xf32>
  %s0 = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %t0 = arith.mulf %s0, %eighth : tensor<32x32xf32>
  %e0 = math.exp %t0 : tensor<32x32xf32>
  %p0 = tile.dot %e0, %b2, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %init = arith.addf %p0, %s0 : tensor<32x32xf32>
  // A and B are loaded again inside the loop: a dot operand loaded outside
  // the loop it runs in would be staged once (tile-assign-layouts), which
  // would give both dots the same cooperative type and nothing to copy.
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
    %ai = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
    %bi = tile.load %B[%c0, %c0] strides [%c32, %c1] bounds [%N, %N] : memref<?xf32> -> tensor<32x32xf32>
    %s = tile.dot %ai, %bi, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %t = arith.mulf %s, %eighth : tensor<32x32xf32>
    %e = math.exp %t : tensor<32x32xf32>
    %pv = tile.dot %e, %b2, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %half = arith.mulf %acc, %eighth : tensor<32x32xf32>
    %x = arith.addf %half, %s : tensor<32x32xf32>
    %next = arith.addf %x, %pv : tensor<32x32xf32>
    scf.yield %next : tensor<32x32xf32>
  }
  tile.store %r, %C[%row, %c0] strides [%c32, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
