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
// CHECK-DAG:     %[[TGA:.*]] = applegpu.threadgroup_view {{.*}} to memref<2304xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[TGB:.*]] = applegpu.threadgroup_view {{.*}} to memref<2176xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[LDA:.*]] = arith.constant 36 : index
// CHECK-DAG:     %[[LDB:.*]] = arith.constant 68 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         applegpu.thread_index_in_threadgroup : index
// CHECK:         applegpu.simdgroup_index_in_threadgroup : index
// CHECK:         applegpu.thread_index_in_simdgroup : index
// CHECK:         %[[PX:.*]] = applegpu.threadgroup_position_in_grid x : index
// CHECK:         %[[PY:.*]] = applegpu.threadgroup_position_in_grid y : index
// The accumulator: the SIMD group's 16 fragments in a thread-private array,
// zeroed by a 16-iteration loop and carried by the K loop in place (the
// K loop has no iter_args).
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<16x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:    %[[ZERO:.*]] = applegpu.simdgroup_fill %[[PAD]] : f32 -> !applegpu.simdgroup_matrix<8x8xf32>
// CHECK-NEXT:    scf.for %[[F:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:      memref.store %[[ZERO]], %[[ACC]][%[[F]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[KK:.*]] = %[[C0]] to %[[K]] step %[[C32]] {
// A: 64x32 = 2048 elements over 128 threads, 16 slots each in 4 groups of
// 4 consecutive columns, loaded into a 16-element array. Inside [M, K]
// with K and the column offset multiples of 4, each group is one vector
// load (a loop of 4); inside but unaligned, 16 unchecked loads (a loop of
// 16); at the edges, 16 guarded loads that read the padding 0.0 outside.
// CHECK-NEXT:      %[[AS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           %[[AIN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT:      scf.if %[[AIN]] {
// CHECK:             %[[ALIGNED:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT:        scf.if %[[ALIGNED]] {
// CHECK-NEXT:          scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:             scf.if
// CHECK-NOT:             memref.load
// CHECK:                 vector.load %[[A]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK-NOT:             vector.load
// CHECK-COUNT-4:         memref.store %{{.*}}, %[[AS]]
// CHECK-NEXT:          }
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NOT:             scf.if
// CHECK:                 %[[X:.*]] = memref.load %[[A]]
// CHECK-NEXT:            memref.store %[[X]], %[[AS]][%[[S]]]
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               %[[X:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            arith.addi
// CHECK-NEXT:            memref.load %[[A]]
// CHECK-NEXT:            scf.yield
// CHECK-NEXT:          } else {
// CHECK-NEXT:            scf.yield %[[PAD]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          memref.store %[[X]], %[[AS]][%[[S]]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NOT:       memref.load %[[A]]
// CHECK-NOT:       vector.load %[[A]]
// B (32x64) the same way: vector loads, unchecked loads, guarded loads.
// CHECK:           %[[BS:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           scf.if %{{.*}} {
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               vector.load %[[B]]
// CHECK:             scf.for %{{.*}} = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               memref.load %[[B]]
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:               scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            arith.addi
// CHECK-NEXT:            memref.load %[[B]]
// Both are staged into threadgroup memory, 16 slots each, then one barrier.
// CHECK:           scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:             %[[X:.*]] = memref.load %[[AS]][%[[S]]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGA]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %[[S:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK:             %[[X:.*]] = memref.load %[[BS]][%[[S]]]
// CHECK-NEXT:        memref.store %[[X]], %[[TGB]]
// CHECK-NEXT:      }
// CHECK-NEXT:      applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// Four 8-wide K steps; each loads the SIMD group's 4 A and 4 B fragments
// once into arrays and does 4x4 = 16 MMAs on the accumulator array.
// CHECK-NEXT:      scf.for %[[KS:.*]] = %[[C0]] to %[[C32]] step %[[C8]] {
// CHECK-NEXT:        %[[AF:.*]] = memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:        scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               %[[X:.*]] = applegpu.simdgroup_load %[[TGA]][%{{.*}}] stride %[[LDA]]
// CHECK-NEXT:          memref.store %[[X]], %[[AF]][%[[FI]]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[BF:.*]] = memref.alloca() : memref<4x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:        scf.for %[[FJ:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:               %[[X:.*]] = applegpu.simdgroup_load %[[TGB]][%{{.*}}] stride %[[LDB]]
// CHECK-NEXT:          memref.store %[[X]], %[[BF]][%[[FJ]]]
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:          scf.for %[[FJ:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:            %[[ROW:.*]] = arith.muli %[[FI]], %[[C4]] : index
// CHECK-NEXT:            %[[F:.*]] = arith.addi %[[ROW]], %[[FJ]] : index
// CHECK-NEXT:            %[[CF:.*]] = memref.load %[[ACC]][%[[F]]]
// CHECK-NEXT:            %[[AFI:.*]] = memref.load %[[AF]][%[[FI]]]
// CHECK-NEXT:            %[[BFJ:.*]] = memref.load %[[BF]][%[[FJ]]]
// CHECK-NEXT:            %[[D:.*]] = applegpu.simdgroup_mma %[[AFI]], %[[BFJ]], %[[CF]]
// CHECK-NEXT:            memref.store %[[D]], %[[ACC]][%[[F]]]
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    }
// The store: fast path when the whole tile is inside [M, N], one
// simdgroup_store per fragment (4x4 loop); else each lane stores its 2
// elements of each fragment under a bounds guard.
// CHECK:         %[[INTERIOR:.*]] = arith.andi
// CHECK-NEXT:    scf.if %[[INTERIOR]] {
// CHECK:           scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:        scf.for %[[FJ:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           scf.if
// CHECK:               %[[X:.*]] = memref.load %[[ACC]]
// CHECK-NEXT:          applegpu.simdgroup_store %[[X]], %[[C]][%{{.*}}] stride %[[N]] : !applegpu.simdgroup_matrix<8x8xf32>, memref<?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for %[[FI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:        scf.for %[[FJ:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:           applegpu.simdgroup_store
// CHECK:               %[[X:.*]] = memref.load %[[ACC]]
// CHECK-NEXT:          %[[E0:.*]] = applegpu.simdgroup_get_element %[[X]][0]
// CHECK-NOT:           applegpu.simdgroup_store
// CHECK:               scf.if %{{.*}} {
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            arith.addi
// CHECK-NEXT:            memref.store %[[E0]], %[[C]]
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[E1:.*]] = applegpu.simdgroup_get_element %[[X]][1]
// CHECK-NOT:           applegpu.simdgroup_store
// CHECK:               scf.if %{{.*}} {
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            arith.addi
// CHECK-NEXT:            memref.store %[[E1]], %[[C]]
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
