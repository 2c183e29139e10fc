// RUN: tile-opt %s -split-input-file --convert-tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-applegpu --applegpu-prepare-for-emission | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// RUN: %msl_check %t.metal
// tile.convert_layout through threadgroup memory reads where its buffer is
// from the plan of tile-plan-threadgroup-memory: its #applegpu.scratch
// region of the arena, whose size the kernel's applegpu.threadgroup_memory
// gives. Every element is written once by the thread that holds it (after
// a barrier: earlier readers of the bytes are done), then, after another
// barrier, each thread reads the elements its new layout gives it.

!d4 = tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
!d1 = tensor<128xf32, #applegpu.distributed<threads = 32, vector = 1>>

// A plan written by hand: the conversion's 512 bytes at offset 512 of a
// 1024-byte arena.
// CHECK-LABEL: func.func @planned
// CHECK:         %[[ARENA:.*]] = applegpu.alloc_threadgroup : memref<1024xi8, #applegpu.address_space<threadgroup>>
// CHECK:         %[[BUF:.*]] = applegpu.threadgroup_view %[[ARENA]][512] : memref<1024xi8, #applegpu.address_space<threadgroup>> to memref<128xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<128xf32, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    memref.load %[[BUF]][%[[TID]]]
// MSL-LABEL:   void planned(
// MSL:           threadgroup float tg_arena[256];
// MSL-NEXT:      auto [[BUF:tg[0-9]+]] = tg_arena + 128;
// MSL:           [[BUF]]{{\[}}
func.func @planned(%X: memref<?xf32>, %Y: memref<?xf32>)
    attributes {tile.kernel, applegpu.threadgroup_memory = 1024 : i64} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> !d4
  %y = tile.convert_layout %x {applegpu.scratch = #applegpu.scratch<offset = 512, bytes = 512, reused = false>} : !d4 -> !d1
  tile.store %y, %Y[%c0] strides [%c1] : !d1, memref<?xf32>
  return
}

// -----

!d4 = tensor<128xf32, #applegpu.distributed<threads = 32, vector = 4>>
!d1 = tensor<128xf32, #applegpu.distributed<threads = 32, vector = 1>>

// Without a plan (tile-plan-threadgroup-memory did not run), the conversion
// plans the kernel itself: the arena is the conversion's 512 bytes.
// CHECK-LABEL: func.func @unplanned
// CHECK:         %[[ARENA:.*]] = applegpu.alloc_threadgroup : memref<512xi8, #applegpu.address_space<threadgroup>>
// CHECK:         applegpu.threadgroup_view %[[ARENA]][0] : memref<512xi8, #applegpu.address_space<threadgroup>> to memref<128xf32, #applegpu.address_space<threadgroup>>
// MSL-LABEL:   void unplanned(
// MSL:           threadgroup float tg_arena[128];
// MSL-NEXT:      auto {{tg[0-9]+}} = tg_arena;
func.func @unplanned(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0] strides [%c1] : memref<?xf32> -> !d4
  %y = tile.convert_layout %x : !d4 -> !d1
  tile.store %y, %Y[%c0] strides [%c1] : !d1, memref<?xf32>
  return
}
