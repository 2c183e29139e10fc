// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Kernels without a dot: each tile is spread over the threads, a thread
// holding groups of 4 consecutive elements when the last dimension is a
// multiple of 4 (element e = (s * T + tid) * 4 + i), single elements
// otherwise (e = s * T + tid); elementwise math runs per element; a runtime
// scalar broadcast stays one scalar. The thread count is the number of
// groups of the largest tile rounded up to a multiple of 32, at most 256.

// 256 elements in groups of 4: 64 threads, one group each. Inside the
// bounds and 4-aligned: one vector load per operand; inside but unaligned:
// unchecked scalar loads; at the edge: each element guarded by i < n.
// CHECK-LABEL: func.func @vector_add
// CHECK-SAME:    applegpu.grid = ["ceildiv(n, 256)", "1", "1"]
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 64, 1, 1>
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[P:.*]] = applegpu.threadgroup_position_in_grid x
// CHECK:         %[[BASE:.*]] = arith.muli %[[P]]
// CHECK:         %[[END:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK:         %[[INSIDE:.*]] = arith.cmpi sle, %[[END]], %arg3 : index
// CHECK:         %[[X:.*]]:4 = scf.if %[[INSIDE]] -> (f32, f32, f32, f32) {
// CHECK:           %[[LOW:.*]] = arith.andi %[[BASE]], %[[C3]] : index
// CHECK:           %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : index
// CHECK:           scf.if %[[ALIGNED]] -> (f32, f32, f32, f32) {
// CHECK:             %[[G:.*]] = arith.muli %[[TID]], %[[C4]] : index
// CHECK:             %[[OFF:.*]] = arith.addi %[[BASE]], %[[G]] : index
// CHECK:             %[[V:.*]] = vector.load %arg0[%[[OFF]]] : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4:     vector.extract %[[V]]
// CHECK:           } else {
// CHECK-COUNT-4:     memref.load %arg0
// CHECK:           }
// CHECK:         } else {
// CHECK-COUNT-4:   arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK:         }
// CHECK:         %[[Y:.*]]:4 = scf.if %[[INSIDE]]
// CHECK:           vector.load %arg1
// CHECK-COUNT-4: arith.addf %[[X]]#{{[0-3]}}, %[[Y]]#{{[0-3]}} : f32
// CHECK:         scf.if %[[INSIDE]] {
// CHECK-COUNT-4:   memref.store %{{.*}}, %arg2
// CHECK:         } else {
// CHECK-COUNT-4:   memref.store %{{.*}}, %arg2
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
// scalar is used as it is. Vector loads need the row stride to be a
// multiple of 4 too.
// CHECK-LABEL: func.func @scale2d
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32 {applegpu.buffer = 4 : i32, applegpu.name = "alpha"}
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 64, 1, 1>
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[COLOK:.*]] = arith.cmpi eq
// CHECK:         %[[LDLOW:.*]] = arith.andi %arg2, %{{.*}} : index
// CHECK:         %[[LDOK:.*]] = arith.cmpi eq, %[[LDLOW]], %{{.*}} : index
// CHECK:         %[[ALIGNED:.*]] = arith.andi %[[COLOK]], %[[LDOK]] : i1
// CHECK:         %[[X:.*]]:4 = scf.if %[[ALIGNED]]
// CHECK:           %[[E:.*]] = arith.muli %[[TID]], %[[C4]] : index
// CHECK:           %[[R:.*]] = arith.divui %[[E]], %[[C16]] : index
// CHECK:           %[[C:.*]] = arith.remui %[[E]], %[[C16]] : index
// CHECK:           vector.load %arg0
// CHECK:         } else {
// CHECK-COUNT-4:   memref.load %arg0
// CHECK:         }
// CHECK-COUNT-4: arith.mulf %[[X]]#{{[0-3]}}, %[[ALPHA]] : f32
// CHECK-COUNT-4: memref.store %{{.*}}, %arg1
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

// 99 elements (not a multiple of 4): single elements, 128 threads; threads
// 99..127 hold nothing and must not touch memory even without bounds.
// CHECK-LABEL: func.func @ragged
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[C99:.*]] = arith.constant 99 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[HELD:.*]] = arith.cmpi ult, %[[TID]], %[[C99]] : index
// CHECK:         scf.if %[[HELD]] -> (f32) {
// CHECK:           memref.load %arg0
// CHECK-NOT:     vector.load
// CHECK:         math.exp
// CHECK:         scf.if %[[HELD]] {
// CHECK:           memref.store
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
// CHECK-LABEL: func.func @strided_1d
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C250:.*]] = arith.constant 250 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[HELD:.*]] = arith.cmpi ult, %[[TID]], %[[C250]] : index
// CHECK:         %[[OFF:.*]] = arith.muli %{{.*}}, %[[C3]] : index
// CHECK:         scf.if %[[HELD]] -> (f32) {
// CHECK-NEXT:      memref.load %arg0[%[[OFF]]]
// CHECK-NOT:     vector.load
// CHECK-COUNT-4: memref.store
func.func @strided_1d(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %X[%c0] strides [%c3] : memref<?xf32> -> tensor<1000xf32>
  tile.store %x, %Y[%c0] : tensor<1000xf32>, memref<?xf32>
  return
}
