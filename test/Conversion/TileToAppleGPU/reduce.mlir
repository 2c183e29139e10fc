// RUN: tile-opt %s -split-input-file --tile-assign-layouts --convert-tile-to-applegpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-applegpu | tile-translate --mlir-to-msl -split-input-file > %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
// RUN: %msl_check %t.metal
//
// tile.reduce with the layouts tile-assign-layouts gives it: a row of a
// distributed tile reduced inside one SIMD-group with simd_shuffle_xor (no
// threadgroup memory), and the rows of an accumulator reduced over the
// lanes of each fragment row, then over the SIMD-groups of a block row
// through threadgroup memory when there are several.

// Row softmax (examples/softmax.mlir): 8x128 f32 in groups of 4 over 256
// threads, one round: thread t holds elements 4t .. 4t+3, so each row of
// 32 groups is the 32 lanes of one SIMD-group. Each element is read once
// from device memory (a float4 when aligned and in bounds, else 4 scalar
// reads, masked at the bounds), never again; the max and the sum are
// butterflies of simd_shuffle_xor over the 32 lanes; the broadcasts back
// cost nothing, and no threadgroup memory nor barrier is used.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: memref.load %arg0[
// CHECK-COUNT-4: memref.load %arg0[
// CHECK-NOT:     %arg0
// CHECK-NOT:     applegpu.threadgroup_barrier
// The row maximum: the lane's 4 elements, then 5 shuffles.
// CHECK:         %[[S16:.*]] = applegpu.simd_shuffle_xor %[[L:.*]] mask 16 : f32
// CHECK-NEXT:    %[[M16:.*]] = arith.maximumf %[[L]], %[[S16]] : f32
// CHECK-NEXT:    %[[S8:.*]] = applegpu.simd_shuffle_xor %[[M16]] mask 8 : f32
// CHECK-NEXT:    %[[M8:.*]] = arith.maximumf %[[M16]], %[[S8]] : f32
// CHECK-NEXT:    %[[S4:.*]] = applegpu.simd_shuffle_xor %[[M8]] mask 4 : f32
// CHECK-NEXT:    %[[M4:.*]] = arith.maximumf %[[M8]], %[[S4]] : f32
// CHECK-NEXT:    %[[S2:.*]] = applegpu.simd_shuffle_xor %[[M4]] mask 2 : f32
// CHECK-NEXT:    %[[M2:.*]] = arith.maximumf %[[M4]], %[[S2]] : f32
// CHECK-NEXT:    %[[S1:.*]] = applegpu.simd_shuffle_xor %[[M2]] mask 1 : f32
// CHECK-NEXT:    %[[MAX:.*]] = arith.maximumf %[[M2]], %[[S1]] : f32
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK-NEXT:    arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK-COUNT-4: math.exp
// The row sum, the same way.
// CHECK:         %[[T16:.*]] = applegpu.simd_shuffle_xor %[[K:.*]] mask 16 : f32
// CHECK-NEXT:    %[[A16:.*]] = arith.addf %[[K]], %[[T16]] : f32
// CHECK-NEXT:    %[[T8:.*]] = applegpu.simd_shuffle_xor %[[A16]] mask 8 : f32
// CHECK-NEXT:    %[[A8:.*]] = arith.addf %[[A16]], %[[T8]] : f32
// CHECK-NEXT:    %[[T4:.*]] = applegpu.simd_shuffle_xor %[[A8]] mask 4 : f32
// CHECK-NEXT:    %[[A4:.*]] = arith.addf %[[A8]], %[[T4]] : f32
// CHECK-NEXT:    %[[T2:.*]] = applegpu.simd_shuffle_xor %[[A4]] mask 2 : f32
// CHECK-NEXT:    %[[A2:.*]] = arith.addf %[[A4]], %[[T2]] : f32
// CHECK-NEXT:    %[[T1:.*]] = applegpu.simd_shuffle_xor %[[A2]] mask 1 : f32
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[A2]], %[[T1]] : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NOT:     %arg0
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         memref.store %{{.*}}, %arg1[
// CHECK-NOT:     %arg0
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         return

// MSL-LABEL: kernel softmax ABI:
// MSL:         threads per threadgroup: 256 x 1 x 1
// MSL-NEXT:    threadgroup memory: 0 bytes
// MSL:         void softmax(
// MSL-NOT:     threadgroup float
// MSL-NOT:     threadgroup_barrier
// MSL:         float4 {{v[0-9]+}} = *(device const float4*)(&X[{{v[0-9]+}}]);
// MSL-COUNT-4: = X[
// MSL-COUNT-4: = X[
// MSL-NOT:     X
// MSL-NOT:     threadgroup_barrier
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(16));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(4));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(2));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL:         exp(
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(16));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(4));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(2));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL-NOT:     X
// MSL-NOT:     threadgroup
// MSL:         Y[{{v[0-9]+}}] =
// MSL-NOT:     X
// MSL-NOT:     threadgroup
// MSL:         return;
func.func @softmax(%X: memref<?xf32>, %Y: memref<?xf32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.program_id x : index
  %row = arith.muli %p, %c8 : index
  %x = tile.load %X[%row, %c0] strides [%N, %c1] bounds [%M, %N] {padding = 0xFF800000 : f32}
      : memref<?xf32> -> tensor<8x128xf32>
  %max = tile.reduce maximumf %x dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %max2d = tile.broadcast %max dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %shifted = arith.subf %x, %max2d : tensor<8x128xf32>
  %e = math.exp %shifted : tensor<8x128xf32>
  %sum = tile.reduce add %e dim 1 : tensor<8x128xf32> -> tensor<8xf32>
  %sum2d = tile.broadcast %sum dim 0 : tensor<8xf32> -> tensor<8x128xf32>
  %y = arith.divf %e, %sum2d : tensor<8x128xf32>
  tile.store %y, %Y[%row, %c0] strides [%N, %c1] bounds [%M, %N]
      : tensor<8x128xf32>, memref<?xf32>
  return
}

// -----

// The row maxima of a 32x64 accumulator over the default 2x2 grid: each
// SIMD-group holds a 16x32 block, 2x4 fragments. A lane holds 2 elements
// of one row in each fragment: it combines the 8 of a fragment row, then
// with the lanes holding the same row (xor 1 and xor 8); the 2 SIMD-groups
// of a block row then meet through threadgroup memory (2 partial maxima
// per row, 64 floats). The subtraction uses the maxima where they are;
// storing them converts them to distributed through 32 floats of
// threadgroup memory.
// CHECK-LABEL: func.func @acc_row_max
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[PART:.*]] = applegpu.alloc_threadgroup : memref<64xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[ROWS:.*]] = applegpu.alloc_threadgroup : memref<32xf32, #applegpu.address_space<threadgroup>>
// CHECK:         %[[ACC:.*]]:8 = scf.for
// CHECK:           scf.yield
// CHECK-NEXT:    }
// CHECK-COUNT-8: applegpu.simdgroup_get_element %[[ACC]]#{{[0-3]}}[{{[01]}}]
// CHECK-COUNT-8: applegpu.simdgroup_get_element %[[ACC]]#{{[4-7]}}[{{[01]}}]
// CHECK-COUNT-7: arith.maxnumf
// CHECK-NEXT:    %[[X1:.*]] = applegpu.simd_shuffle_xor %{{.*}} mask 1 : f32
// CHECK-NEXT:    %[[Y1:.*]] = arith.maxnumf %{{.*}}, %[[X1]] : f32
// CHECK-NEXT:    %[[X8:.*]] = applegpu.simd_shuffle_xor %[[Y1]] mask 8 : f32
// CHECK-NEXT:    %[[R0:.*]] = arith.maxnumf %[[Y1]], %[[X8]] : f32
// CHECK-COUNT-7: arith.maxnumf
// CHECK-NEXT:    %[[X1B:.*]] = applegpu.simd_shuffle_xor %{{.*}} mask 1 : f32
// CHECK-NEXT:    %[[Y1B:.*]] = arith.maxnumf %{{.*}}, %[[X1B]] : f32
// CHECK-NEXT:    %[[X8B:.*]] = applegpu.simd_shuffle_xor %[[Y1B]] mask 8 : f32
// CHECK-NEXT:    %[[R1:.*]] = arith.maxnumf %[[Y1B]], %[[X8B]] : f32
// CHECK-NOT:     applegpu.simd_shuffle_xor
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         memref.store %[[R0]], %[[PART]]
// CHECK:         memref.store %[[R1]], %[[PART]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         %[[P0:.*]] = memref.load %[[PART]]
// CHECK:         %[[P1:.*]] = memref.load %[[PART]]
// CHECK-NEXT:    %[[MAX0:.*]] = arith.maxnumf %[[P0]], %[[P1]] : f32
// CHECK:         %[[P2:.*]] = memref.load %[[PART]]
// CHECK:         %[[P3:.*]] = memref.load %[[PART]]
// CHECK-NEXT:    %[[MAX1:.*]] = arith.maxnumf %[[P2]], %[[P3]] : f32
// CHECK-NOT:     memref.load %[[PART]]
// The maxima for the store, as distributed<threads = 128, vector = 4>.
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         memref.store %[[MAX0]], %[[ROWS]]
// CHECK:         memref.store %[[MAX1]], %[[ROWS]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-COUNT-4: memref.load %[[ROWS]]
// CHECK-NOT:     memref.load %[[PART]]
// CHECK-NOT:     memref.load %[[ROWS]]
// CHECK-COUNT-8: arith.subf %{{.*}}, %[[MAX0]] : f32
// CHECK-COUNT-8: arith.subf %{{.*}}, %[[MAX1]] : f32
// CHECK-COUNT-8: applegpu.simdgroup_store %{{.*}}, %arg2[
// CHECK-COUNT-4: memref.store %{{.*}}, %arg3[

// MSL-LABEL: kernel acc_row_max ABI:
// MSL:         threads per threadgroup: 128 x 1 x 1
// MSL:         void acc_row_max(
// MSL:         threadgroup float [[PART:tg[0-9]+]][64];
// MSL-NEXT:    threadgroup float [[ROWS:tg[0-9]+]][32];
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL-NOT:     simd_shuffle_xor
// MSL:         threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:         [[PART]][{{v[0-9]+}}] =
// MSL:         threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:         = [[PART]][{{v[0-9]+}}];
// MSL:         threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:         [[ROWS]][{{v[0-9]+}}] =
// MSL:         threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:         = [[ROWS]][{{v[0-9]+}}];
// MSL:         simdgroup_store(
// MSL:         Mx[{{v[0-9]+}}] =
// MSL:         return;
func.func @acc_row_max(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                       %Mx: memref<?xf32>, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<32x64xf32>) {
    %a = tile.load %A[%c0, %k] strides [%K, %c1] : memref<?xf32> -> tensor<32x32xf32>
    %b = tile.load %B[%k, %c0] strides [%c64, %c1] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x64xf32> -> tensor<32x64xf32>
    scf.yield %d : tensor<32x64xf32>
  }
  %m = tile.reduce maxnumf %acc dim 1 : tensor<32x64xf32> -> tensor<32xf32>
  %m2d = tile.broadcast %m dim 0 : tensor<32xf32> -> tensor<32x64xf32>
  %s = arith.subf %acc, %m2d : tensor<32x64xf32>
  tile.store %s, %C[%c0, %c0] strides [%c64, %c1] : tensor<32x64xf32>, memref<?xf32>
  tile.store %m, %Mx[%c0] : tensor<32xf32>, memref<?xf32>
  return
}

// -----

// tile.simdgroups = [4, 1]: a SIMD-group holds whole rows of the 32x16
// accumulator (8x16, 1x2 fragments), so the row sums need the shuffles
// only: no threadgroup memory beyond the two staging buffers of the dot
// operands, and no barrier but the one that ends the multiply. The
// division uses the sums where they are.
// CHECK-LABEL: func.func @acc_row_sum_4x1
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK:         applegpu.alloc_threadgroup : memref<640xf32, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    applegpu.alloc_threadgroup : memref<320xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.alloc_threadgroup
// K = 16: two steps of two 8x8 products; the second gives the fragments.
// CHECK-COUNT-2: applegpu.simdgroup_mma
// CHECK:         %[[F0:.*]] = applegpu.simdgroup_mma
// CHECK-NEXT:    %[[F1:.*]] = applegpu.simdgroup_mma
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F0]][0]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F0]][1]
// CHECK-NEXT:    %[[E2:.*]] = applegpu.simdgroup_get_element %[[F1]][0]
// CHECK-NEXT:    %[[E3:.*]] = applegpu.simdgroup_get_element %[[F1]][1]
// CHECK-NEXT:    %[[S01:.*]] = arith.addf %[[E0]], %[[E1]] : f32
// CHECK-NEXT:    %[[S012:.*]] = arith.addf %[[S01]], %[[E2]] : f32
// CHECK-NEXT:    %[[S0123:.*]] = arith.addf %[[S012]], %[[E3]] : f32
// CHECK-NEXT:    %[[X1:.*]] = applegpu.simd_shuffle_xor %[[S0123]] mask 1 : f32
// CHECK-NEXT:    %[[Y1:.*]] = arith.addf %[[S0123]], %[[X1]] : f32
// CHECK-NEXT:    %[[X8:.*]] = applegpu.simd_shuffle_xor %[[Y1]] mask 8 : f32
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[Y1]], %[[X8]] : f32
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK-NOT:     memref.load
// CHECK-COUNT-4: arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK-COUNT-2: applegpu.simdgroup_store

// MSL-LABEL: kernel acc_row_sum_4x1 ABI:
// MSL:         threads per threadgroup: 128 x 1 x 1
// MSL-NEXT:    threadgroup memory: 3840 bytes
// MSL:         simdgroup_multiply_accumulate(
// MSL:         threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL-NOT:     threadgroup
// MSL:         simdgroup_store(
// MSL-NOT:     threadgroup
// MSL:         return;
func.func @acc_row_sum_4x1(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 4, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.0> : tensor<32x16xf32>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<32x16xf32>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf32> -> tensor<16x16xf32>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf32>, tensor<16x16xf32> -> tensor<32x16xf32>
  %s = tile.reduce add %d dim 1 : tensor<32x16xf32> -> tensor<32xf32>
  %s2d = tile.broadcast %s dim 0 : tensor<32xf32> -> tensor<32x16xf32>
  %y = arith.divf %d, %s2d : tensor<32x16xf32>
  tile.store %y, %C[%c0, %c0] strides [%c16, %c1] : tensor<32x16xf32>, memref<?xf32>
  return
}
