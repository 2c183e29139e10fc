// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Kernels without a dot: each tile is spread over the threads, a thread
// holding groups of 4 consecutive elements when the last dimension is a
// multiple of 4 (element e = (s * T + tid) * 4 + i), single elements
// otherwise (e = s * T + tid), in a thread-private array of its slots;
// elementwise math runs per element, in one loop over the slots; a runtime
// scalar broadcast reaches the math unchanged. The thread count is the
// number of groups of the largest tile rounded up to a multiple of 32, at
// most 256.

// 256 elements in groups of 4: 64 threads, one group each. Inside the
// bounds and 4-aligned: one vector load per operand; inside but unaligned:
// unchecked scalar loads (a loop of 4); at the edge: each element guarded
// by i < n. The store is unguarded inside, guarded at the edge. The inside
// test (base + 256 <= n) is made anew for each load and for the store.
// CHECK-LABEL: func.func @vector_add
// CHECK-SAME:    applegpu.grid = ["ceildiv(n, 256)", "1", "1"]
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 64, 1, 1>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[P:.*]] = applegpu.threadgroup_position_in_grid x
// CHECK:         %[[BASE:.*]] = arith.muli %[[P]], %[[C256]]
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         %[[END:.*]] = arith.addi %[[BASE]], %[[C256]] : index
// CHECK:         %[[INSIDE:.*]] = arith.cmpi sle, %[[END]], %arg3 : index
// CHECK:         scf.if %[[INSIDE]] {
// CHECK:           %[[LOW:.*]] = arith.andi %[[BASE]], %[[C3]] : index
// CHECK:           %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : index
// CHECK:           scf.if %[[ALIGNED]] {
// CHECK:             %[[G:.*]] = arith.muli %[[TID]], %[[C4]] : index
// CHECK:             %[[OFF:.*]] = arith.addi %[[BASE]], %[[G]] : index
// CHECK:             %[[V:.*]] = vector.load %arg0[%[[OFF]]] : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4:     vector.extract %[[V]]
// CHECK:           } else {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           arith.cmpi
// CHECK:               %[[L:.*]] = memref.load %arg0
// CHECK-NEXT:          memref.store %[[L]], %[[X]][%[[S]]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             %[[I:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK-NEXT:        %[[OK:.*]] = arith.cmpi slt, %[[I]], %arg3 : index
// CHECK-NEXT:        %[[L:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:          memref.load %arg0[%[[I]]]
// CHECK:             memref.store %[[L]], %[[X]][%[[S]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[YEND:.*]] = arith.addi %[[BASE]], %[[C256]] : index
// CHECK-NEXT:    %[[YINSIDE:.*]] = arith.cmpi sle, %[[YEND]], %arg3 : index
// CHECK-NEXT:    scf.if %[[YINSIDE]] {
// CHECK:             vector.load %arg1
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               memref.load %arg1
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:          memref.load %arg1
// CHECK:             memref.store %{{.*}}, %[[Y]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// The sum: one loop over the 4 elements.
// CHECK:         scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[A:.*]] = memref.load %[[X]][%[[S]]]
// CHECK-NEXT:      %[[B:.*]] = memref.load %[[Y]][%[[S]]]
// CHECK-NEXT:      %[[Z:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      memref.store %[[Z]], %[[X]][%[[S]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[ZEND:.*]] = arith.addi %[[BASE]], %[[C256]] : index
// CHECK-NEXT:    %[[ZINSIDE:.*]] = arith.cmpi sle, %[[ZEND]], %arg3 : index
// CHECK-NEXT:    scf.if %[[ZINSIDE]] {
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:         scf.if
// CHECK:             memref.store %{{.*}}, %arg2
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             %[[OK:.*]] = arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK-NEXT:        scf.if %[[OK]] {
// CHECK-NEXT:          memref.store %{{.*}}, %arg2
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     applegpu.simdgroup
func.func @vector_add(%X: memref<?xf32>, %Y: memref<?xf32>, %Z: memref<?xf32>, %n: index)
    attributes {tile.kernel} {
  %c256 = arith.constant 256 : index
  %p = tile.program_id x : index
  %i = arith.muli %p, %c256 : index
  %x = tile.load %X[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %y = tile.load %Y[%i] bounds [%n] : memref<?xf32> -> tensor<256xf32>
  %z = arith.addf %x, %y : tensor<256xf32>
  tile.store %z, %Z[%i] bounds [%n] : tensor<256xf32>, memref<?xf32>
  return
}

// -----

// A 2-D tile scaled by a runtime scalar: 16x16 = 64 groups of 4, 64
// threads; thread t holds row (4t) / 16, columns (4t) % 16 .. + 3. The
// scalar reaches the multiply unchanged (through a 4-element array filled
// with it). Vector loads need the row stride to be a multiple of 4 too.
// CHECK-LABEL: func.func @scale2d
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32 {applegpu.buffer = 4 : i32, applegpu.name = "alpha"}
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 64, 1, 1>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         %[[COLOK:.*]] = arith.cmpi eq
// CHECK:         %[[LDLOW:.*]] = arith.andi %arg2, %{{.*}} : index
// CHECK:         %[[LDOK:.*]] = arith.cmpi eq, %[[LDLOW]], %{{.*}} : index
// CHECK:         %[[ALIGNED:.*]] = arith.andi %[[COLOK]], %[[LDOK]] : i1
// CHECK:         scf.if %[[ALIGNED]]
// CHECK:           %[[E:.*]] = arith.muli %[[TID]], %[[C4]] : index
// CHECK:           %[[R:.*]] = arith.divui %[[E]], %[[C16]] : index
// CHECK:           %[[C:.*]] = arith.remui %[[E]], %[[C16]] : index
// CHECK:           vector.load %arg0
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             memref.load %arg0
// CHECK-NEXT:        memref.store %{{.*}}, %[[X]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// The splat of alpha stays the scalar argument.
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[XS:.*]] = memref.load %[[X]][%[[S]]]
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[XS]], %[[ALPHA]] : f32
// CHECK-NEXT:      memref.store %[[Y]], %[[X]][%[[S]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[YS:.*]] = memref.load %[[X]][%[[S]]]
// CHECK:           memref.store %[[YS]], %arg1
// CHECK-NEXT:    }
func.func @scale2d(%X: memref<?xf32>, %Y: memref<?xf32>, %ld: index, %i: index, %alpha: f32)
    attributes {tile.kernel} {
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%i, %i] strides [%ld, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %a = tile.splat %alpha : f32 -> tensor<16x16xf32>
  %y = arith.mulf %x, %a : tensor<16x16xf32>
  tile.store %y, %Y[%i, %i] strides [%ld, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// -----

// 99 elements (not a multiple of 4): single elements, 128 threads, one
// slot each (no loop); threads 99..127 hold nothing and must not touch
// memory even without bounds (the test of the thread is made again for
// the store).
// CHECK-LABEL: func.func @ragged
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[C99:.*]] = arith.constant 99 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[X:.*]] = memref.alloca() : memref<1xf32>
// CHECK:         %[[HELD:.*]] = arith.cmpi ult, %[[TID]], %[[C99]] : index
// CHECK:         scf.if %[[HELD]] -> (f32) {
// CHECK:           memref.load %arg0
// CHECK-NOT:     vector.load
// CHECK-NOT:     scf.for
// CHECK:         math.exp
// CHECK-NOT:     memref.store %{{.*}}, %arg1
// CHECK:         %[[SHELD:.*]] = arith.cmpi ult, %[[TID]], %[[C99]] : index
// CHECK-NOT:     memref.store %{{.*}}, %arg1
// CHECK:         scf.if %[[SHELD]] {
// CHECK-NEXT:      memref.store %{{.*}}, %arg1
func.func @ragged(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] : memref<?xf32> -> tensor<99xf32>
  %y = math.exp %x : tensor<99xf32>
  tile.store %y, %Y[%c0] : tensor<99xf32>, memref<?xf32>
  return
}

// -----

// 1000 elements with a stride of 3: 250 groups of 4 over 256 threads, so
// threads 250..255 hold nothing; a non-unit stride rules out vector loads.
// Each of the 4 slots (a loop) is guarded by its group's thread holding it.
// CHECK-LABEL: func.func @strided_1d
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C250:.*]] = arith.constant 250 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[GROUP:.*]] = arith.addi %{{.*}}, %[[TID]] : index
// CHECK-NEXT:      %[[HELD:.*]] = arith.cmpi ult, %[[GROUP]], %[[C250]] : index
// CHECK:           %[[OFF:.*]] = arith.muli %{{.*}}, %[[C3]] : index
// CHECK-NEXT:      %[[L:.*]] = scf.if %[[HELD]] -> (f32) {
// CHECK-NEXT:        memref.load %arg0[%[[OFF]]]
// CHECK:           memref.store %[[L]], %[[X]][%[[S]]]
// CHECK-NEXT:    }
// CHECK-NOT:     vector.load
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[GROUP:.*]] = arith.addi %{{.*}}, %[[TID]] : index
// CHECK-NEXT:      %[[HELD:.*]] = arith.cmpi ult, %[[GROUP]], %[[C250]] : index
// CHECK:           %[[V:.*]] = memref.load %[[X]][%[[S]]]
// CHECK-NEXT:      scf.if %[[HELD]] {
// CHECK-NEXT:        memref.store %[[V]], %arg1
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @strided_1d(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %X[%c0] strides [%c3] : memref<?xf32> -> tensor<1000xf32>
  tile.store %x, %Y[%c0] : tensor<1000xf32>, memref<?xf32>
  return
}
