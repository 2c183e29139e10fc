// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu=target=apple9 | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.metal
// RUN: %msl_check %t.metal
// The README's GEMM, examples/gemm.mlir (64x64 output tile, K step 32, 2x2
// SIMD groups), on the simdgroup_matrix backend (docs/architecture.md, "Two
// backends for `tile.dot`"):
// 128 threads; A and B staged in threadgroup memory with rows padded by 16
// bytes (64 x 36 and 32 x 68 floats); each SIMD group owns a 32x32 quarter
// of the accumulator as 4x4 fragments carried by the K loop; per 8-wide K
// step it loads its 4 A and 4 B fragments once and does 16 MMAs; the store
// takes simdgroup_store inside the bounds and a guarded path at the edges.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32> {applegpu.access = "read", applegpu.buffer = 0 : i32, applegpu.name = "A"}
// CHECK-SAME:    %[[B:[^:]*]]: memref<?xf32> {applegpu.access = "read", applegpu.buffer = 1 : i32, applegpu.name = "B"}
// CHECK-SAME:    %[[C:[^:]*]]: memref<?xf32> {applegpu.access = "write", applegpu.buffer = 2 : i32, applegpu.name = "C"}
// CHECK-SAME:    %[[M:[^:]*]]: index {applegpu.buffer = 3 : i32, applegpu.name = "M"}
// CHECK-SAME:    %[[N:[^:]*]]: index {applegpu.buffer = 4 : i32, applegpu.name = "N"}
// CHECK-SAME:    %[[K:[^:]*]]: index {applegpu.buffer = 5 : i32, applegpu.name = "K"}
// CHECK-SAME:    applegpu.grid = ["ceildiv(M, 64)", "ceildiv(N, 64)", "1"]
// CHECK-SAME:    applegpu.kernel
// CHECK-SAME:    applegpu.target = "apple9"
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[TGA:.*]] = applegpu.alloc_threadgroup : memref<2304xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.alloc_threadgroup : memref<2176xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[LDA:.*]] = arith.constant 36 : index
// CHECK-DAG:     %[[LDB:.*]] = arith.constant 68 : index
// CHECK:         applegpu.thread_index_in_threadgroup : index
// CHECK:         applegpu.simdgroup_index_in_threadgroup : index
// CHECK:         applegpu.thread_index_in_simdgroup : index
// CHECK:         %[[PX:.*]] = applegpu.threadgroup_position_in_grid x : index
// CHECK:         %[[PY:.*]] = applegpu.threadgroup_position_in_grid y : index
// CHECK:         %[[ZERO:.*]] = applegpu.simdgroup_fill %{{.*}} : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
// CHECK:         %[[ACC:.*]]:16 = scf.for %[[KK:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%{{.*}} = %[[ZERO]], {{.*}}) -> ({{(!applegpu.simdgroup_matrix<8x8xf32>, )+}}!applegpu.simdgroup_matrix<8x8xf32>) {
// A: 64x32 = 2048 elements over 128 threads, 16 each in 4 groups of 4
// consecutive columns. Inside [M, K] with K and the column offset multiples
// of 4, each group is one vector load; inside but unaligned, 16 unchecked
// loads; at the edges, 16 guarded loads.
// CHECK:           %[[AIN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:           %[[AV:.*]]:16 = scf.if %[[AIN]] -> ({{(f32, )+}}f32) {
// CHECK:             %[[ALIGNED:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:             scf.if %[[ALIGNED]] -> ({{(f32, )+}}f32) {
// CHECK-NOT:           scf.if
// CHECK-COUNT-4:       vector.load %[[A]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK-NOT:           memref.load
// CHECK:             } else {
// CHECK-NOT:           scf.if
// CHECK-COUNT-16:      memref.load %[[A]]
// CHECK:           } else {
// CHECK-COUNT-16:    scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:          memref.load %[[A]]
// CHECK-NOT:       memref.load %[[A]]
// CHECK-NOT:       vector.load %[[A]]
// CHECK:           scf.if %{{.*}} -> ({{(f32, )+}}f32) {
// CHECK-COUNT-4:     vector.load %[[B]]
// CHECK-COUNT-16:    memref.load %[[B]]
// CHECK-COUNT-16:    memref.load %[[B]]
// CHECK-COUNT-16:  memref.store %{{.*}}, %[[TGA]]
// CHECK-COUNT-16:  memref.store %{{.*}}, %[[TGB]]
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[LDA]]
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[LDB]]
// CHECK-COUNT-16:  applegpu.simdgroup_mma
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGA]]
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGB]]
// CHECK-COUNT-16:  applegpu.simdgroup_mma
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGA]]
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGB]]
// CHECK-COUNT-16:  applegpu.simdgroup_mma
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGA]]
// CHECK-COUNT-4:   applegpu.simdgroup_load %[[TGB]]
// CHECK-COUNT-16:  applegpu.simdgroup_mma
// CHECK-NOT:       applegpu.simdgroup_load
// CHECK:           applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:           scf.yield
// The store: fast path when the whole tile is inside [M, N].
// CHECK:         %[[INTERIOR:.*]] = arith.andi
// CHECK:         scf.if %[[INTERIOR]] {
// CHECK-COUNT-16:  applegpu.simdgroup_store %{{.*}}, %[[C]][%{{.*}}] stride %[[N]] : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xf32>
// CHECK:         } else {
// CHECK-COUNT-32:  applegpu.simdgroup_get_element
// CHECK-NOT:       applegpu.simdgroup_store
// CHECK:         }
// CHECK:         return
