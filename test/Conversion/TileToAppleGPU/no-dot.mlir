// RUN: tile-opt %s -split-input-file --tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: %msl_check %t.metal
// Kernels without a dot: each tile is spread over the threads (element e
// of the tile in thread e mod T, slot e / T); elementwise math runs per
// slot; a runtime scalar broadcast stays one scalar. The thread count is
// the largest tile rounded up to a multiple of 32, at most 256.

// CHECK-LABEL: func.func @vector_add
// CHECK-SAME:    applegpu.grid = ["ceildiv(arg3, 256)", "1", "1"]
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[P:.*]] = applegpu.threadgroup_position_in_grid x
// CHECK:         %[[BASE:.*]] = arith.muli %[[P]]
// CHECK:         %[[END:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK:         %[[INSIDE:.*]] = arith.cmpi sle, %[[END]], %arg3 : index
// CHECK:         %[[X:.*]] = scf.if %[[INSIDE]] -> (f32) {
// CHECK-NEXT:      %[[I:.*]] = arith.addi {{%[0-9]+}}, {{%[0-9]+}} : index
// CHECK-NEXT:      memref.load %arg0[%[[I]]]
// CHECK:         } else {
// CHECK:           %[[OK:.*]] = arith.cmpi slt, %{{.*}}, %arg3 : index
// CHECK:           scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:        memref.load %arg0
// CHECK:         %[[Y:.*]] = scf.if %[[INSIDE]] -> (f32) {
// CHECK:           memref.load %arg1
// CHECK:         %[[Z:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:         scf.if %[[INSIDE]] {
// CHECK:           memref.store %[[Z]], %arg2
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        memref.store %[[Z]], %arg2
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

// A 2-D tile scaled by a runtime scalar: 16x16 = 256 elements, 256 threads;
// (row, col) of thread t is (t / 16, t % 16); the scalar is used directly.
// CHECK-LABEL: func.func @scale2d
// CHECK-SAME:    %[[ALPHA:[^:]*]]: f32 {applegpu.buffer = 4 : i32}
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[R:.*]] = arith.divui %[[TID]], %[[C16]] : index
// CHECK:         %[[C:.*]] = arith.remui %[[TID]], %[[C16]] : index
// CHECK:         %[[X:.*]] = memref.load %arg0
// CHECK:         %[[S:.*]] = arith.mulf %[[X]], %[[ALPHA]] : f32
// CHECK:         memref.store %[[S]], %arg1
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

// 100 elements: 128 threads; threads 100..127 hold nothing and must not
// touch memory even without bounds.
// CHECK-LABEL: func.func @ragged
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[C100:.*]] = arith.constant 100 : index
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         %[[HELD:.*]] = arith.cmpi ult, %[[TID]], %[[C100]] : index
// CHECK:         scf.if %[[HELD]] -> (f32) {
// CHECK:           memref.load %arg0
// CHECK:         scf.if %[[HELD]] {
// CHECK:           memref.store
func.func @ragged(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0] : memref<?xf32> -> tensor<100xf32>
  %y = math.exp %x : tensor<100xf32>
  tile.store %y, %Y[%c0] : tensor<100xf32>, memref<?xf32>
  return
}

// -----

// 1000 elements with a stride of 3, over 256 threads: 4 slots per thread,
// the last one held by threads 0..231 only.
// CHECK-LABEL: func.func @strided_1d
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C768:.*]] = arith.constant 768 : index
// CHECK-DAG:     %[[C1000:.*]] = arith.constant 1000 : index
// CHECK-COUNT-3: memref.load %arg0
// CHECK:         %[[E:.*]] = arith.addi %{{.*}}, %[[C768]] : index
// CHECK:         %[[HELD:.*]] = arith.cmpi ult, %[[E]], %[[C1000]] : index
// CHECK:         %[[OFF:.*]] = arith.muli %[[E]], %[[C3]] : index
// CHECK:         scf.if %[[HELD]] -> (f32) {
// CHECK-NEXT:      memref.load %arg0[%[[OFF]]]
// CHECK-COUNT-4: memref.store
func.func @strided_1d(%X: memref<?xf32>, %Y: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %X[%c0] strides [%c3] : memref<?xf32> -> tensor<1000xf32>
  tile.store %x, %Y[%c0] : tensor<1000xf32>, memref<?xf32>
  return
}
