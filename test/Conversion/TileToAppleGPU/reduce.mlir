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
// threads, one round: thread t holds elements 4t .. 4t+3 (a 4-element
// array), so each row of 32 groups is the 32 lanes of one SIMD-group. Each
// element is read once from device memory (a float4 when aligned and in
// bounds, else a loop of 4 scalar reads, masked at the bounds where they
// read -inf), never again; the max and the sum are butterflies of
// simd_shuffle_xor over the 32 lanes; the broadcasts back only fill the
// lane's 4-element array with the result, and no threadgroup memory nor
// barrier is used. The elementwise math is one loop over the 4 elements.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 256, 1, 1>
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK-DAG:     %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NOT:         scf.if
// CHECK:             memref.load %arg0[
// CHECK:       } else {
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        memref.load %arg0[
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[NEGINF]] : f32
// CHECK-NOT:     %arg0
// CHECK-NOT:     applegpu.threadgroup_barrier
// The row maximum: the lane's 4 elements, then 5 shuffles.
// CHECK:         %[[L0:.*]] = memref.load %[[X]][%[[C0]]]
// CHECK-NEXT:    %[[L1:.*]] = memref.load %[[X]][%[[C1]]]
// CHECK-NEXT:    %[[L2:.*]] = memref.load %[[X]][%[[C2]]]
// CHECK-NEXT:    %[[L3:.*]] = memref.load %[[X]][%[[C3]]]
// CHECK-NEXT:    %[[L01:.*]] = arith.maximumf %[[L0]], %[[L1]] : f32
// CHECK-NEXT:    %[[L012:.*]] = arith.maximumf %[[L01]], %[[L2]] : f32
// CHECK-NEXT:    %[[L:.*]] = arith.maximumf %[[L012]], %[[L3]] : f32
// CHECK-NEXT:    %[[S16:.*]] = applegpu.simd_shuffle_xor %[[L]] mask 16 : f32
// CHECK-NEXT:    %[[M16:.*]] = arith.maximumf %[[L]], %[[S16]] : f32
// CHECK-NEXT:    %[[S8:.*]] = applegpu.simd_shuffle_xor %[[M16]] mask 8 : f32
// CHECK-NEXT:    %[[M8:.*]] = arith.maximumf %[[M16]], %[[S8]] : f32
// CHECK-NEXT:    %[[S4:.*]] = applegpu.simd_shuffle_xor %[[M8]] mask 4 : f32
// CHECK-NEXT:    %[[M4:.*]] = arith.maximumf %[[M8]], %[[S4]] : f32
// CHECK-NEXT:    %[[S2:.*]] = applegpu.simd_shuffle_xor %[[M4]] mask 2 : f32
// CHECK-NEXT:    %[[M2:.*]] = arith.maximumf %[[M4]], %[[S2]] : f32
// CHECK-NEXT:    %[[S1:.*]] = applegpu.simd_shuffle_xor %[[M2]] mask 1 : f32
// CHECK-NEXT:    %[[MAX:.*]] = arith.maximumf %[[M2]], %[[S1]] : f32
// x - max and exp: the maximum in each of the 4 elements, then one loop
// each.
// CHECK-NEXT:    %[[D:.*]] = memref.alloca() : memref<4xf32>
// CHECK-COUNT-4: memref.store %[[MAX]], %[[D]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT:      %[[MI:.*]] = memref.load %[[D]][%[[I]]]
// CHECK-NEXT:      %[[DI:.*]] = arith.subf %[[XI]], %[[MI]] : f32
// CHECK-NEXT:      memref.store %[[DI]], %[[D]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[DI:.*]] = memref.load %[[D]][%[[I]]]
// CHECK-NEXT:      %[[EI:.*]] = math.exp %[[DI]] : f32
// CHECK-NEXT:      memref.store %[[EI]], %[[D]][%[[I]]]
// CHECK-NEXT:    }
// The row sum, the same way.
// CHECK-NEXT:    %[[K0:.*]] = memref.load %[[D]][%[[C0]]]
// CHECK-NEXT:    %[[K1:.*]] = memref.load %[[D]][%[[C1]]]
// CHECK-NEXT:    %[[K2:.*]] = memref.load %[[D]][%[[C2]]]
// CHECK-NEXT:    %[[K3:.*]] = memref.load %[[D]][%[[C3]]]
// CHECK-NEXT:    %[[K01:.*]] = arith.addf %[[K0]], %[[K1]] : f32
// CHECK-NEXT:    %[[K012:.*]] = arith.addf %[[K01]], %[[K2]] : f32
// CHECK-NEXT:    %[[K:.*]] = arith.addf %[[K012]], %[[K3]] : f32
// CHECK-NEXT:    %[[T16:.*]] = applegpu.simd_shuffle_xor %[[K]] mask 16 : f32
// CHECK-NEXT:    %[[A16:.*]] = arith.addf %[[K]], %[[T16]] : f32
// CHECK-NEXT:    %[[T8:.*]] = applegpu.simd_shuffle_xor %[[A16]] mask 8 : f32
// CHECK-NEXT:    %[[A8:.*]] = arith.addf %[[A16]], %[[T8]] : f32
// CHECK-NEXT:    %[[T4:.*]] = applegpu.simd_shuffle_xor %[[A8]] mask 4 : f32
// CHECK-NEXT:    %[[A4:.*]] = arith.addf %[[A8]], %[[T4]] : f32
// CHECK-NEXT:    %[[T2:.*]] = applegpu.simd_shuffle_xor %[[A4]] mask 2 : f32
// CHECK-NEXT:    %[[A2:.*]] = arith.addf %[[A4]], %[[T2]] : f32
// CHECK-NEXT:    %[[T1:.*]] = applegpu.simd_shuffle_xor %[[A2]] mask 1 : f32
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[A2]], %[[T1]] : f32
// CHECK-NEXT:    %[[Y:.*]] = memref.alloca() : memref<4xf32>
// CHECK-COUNT-4: memref.store %[[SUM]], %[[Y]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[EI:.*]] = memref.load %[[D]][%[[I]]]
// CHECK-NEXT:      %[[SI:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT:      %[[YI:.*]] = arith.divf %[[EI]], %[[SI]] : f32
// CHECK-NEXT:      memref.store %[[YI]], %[[Y]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NOT:     %arg0
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK:         memref.load %[[Y]]
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
// MSL:         float [[TILE:tile[0-9]+]][4];
// MSL:         float4 {{v[0-9]+}} = *(device const float4*)(&X[{{.*}}]);
// MSL:         [[TILE]][0] =
// MSL:         #pragma unroll
// MSL-NEXT:    for (int [[I:i[0-9]+]] = 0; [[I]] < 4; [[I]] += 1) {
// MSL:           = X[
// MSL:         #pragma unroll
// MSL-NEXT:    for (int [[J:i[0-9]+]] = 0; [[J]] < 4; [[J]] += 1) {
// MSL:           = X[
// MSL:           (-INFINITY)
// MSL-NOT:     X
// MSL-NOT:     threadgroup_barrier
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(16));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(4));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(2));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL:         #pragma unroll
// MSL:         exp(
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(16));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(8));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(4));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(2));
// MSL:         simd_shuffle_xor({{v[0-9]+}}, ushort(1));
// MSL-NOT:     X
// MSL-NOT:     threadgroup
// MSL:         Y[{{.*}}] =
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
// SIMD-group holds a 16x32 block, 2x4 fragments (an array of 8). A lane
// holds 2 elements of one row in each fragment: it reads the 8 fragments
// and combines the 8 elements of a fragment row, then with the lanes
// holding the same row (xor 1 and xor 8); the 2 SIMD-groups of a block row
// then meet through threadgroup memory (2 partial maxima per row, 64
// floats). The subtraction uses the maxima where they are (the lane's 16
// elements against an array of 8 copies of each row's maximum, in one
// loop); storing them converts them to distributed through 32 floats of
// threadgroup memory.
// CHECK-LABEL: func.func @acc_row_max
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 128, 1, 1>
// CHECK-DAG:     %[[PART:.*]] = applegpu.threadgroup_view {{.*}} to memref<64xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[ROWS:.*]] = applegpu.threadgroup_view {{.*}} to memref<32xf32, #applegpu.address_space<threadgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<8x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         scf.for
// CHECK:           applegpu.simdgroup_mma
// CHECK:           applegpu.threadgroup_barrier
// CHECK-NEXT:    }
// Fragments 0-3 are the first fragment row, 4-7 the second.
// CHECK-NEXT:    %[[F0:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[F1:.*]] = memref.load %[[ACC]][%[[C1]]]
// CHECK-NEXT:    %[[F2:.*]] = memref.load %[[ACC]][%[[C2]]]
// CHECK-NEXT:    %[[F3:.*]] = memref.load %[[ACC]][%[[C3]]]
// CHECK-NEXT:    %[[F4:.*]] = memref.load %[[ACC]][%[[C4]]]
// CHECK-NEXT:    %[[F5:.*]] = memref.load %[[ACC]][%[[C5]]]
// CHECK-NEXT:    %[[F6:.*]] = memref.load %[[ACC]][%[[C6]]]
// CHECK-NEXT:    %[[F7:.*]] = memref.load %[[ACC]][%[[C7]]]
// CHECK-NEXT:    %[[E0:.*]] = applegpu.simdgroup_get_element %[[F0]][0]
// CHECK-NEXT:    %[[E1:.*]] = applegpu.simdgroup_get_element %[[F0]][1]
// CHECK-NEXT:    %[[E2:.*]] = applegpu.simdgroup_get_element %[[F1]][0]
// CHECK-NEXT:    %[[E3:.*]] = applegpu.simdgroup_get_element %[[F1]][1]
// CHECK-NEXT:    %[[E4:.*]] = applegpu.simdgroup_get_element %[[F2]][0]
// CHECK-NEXT:    %[[E5:.*]] = applegpu.simdgroup_get_element %[[F2]][1]
// CHECK-NEXT:    %[[E6:.*]] = applegpu.simdgroup_get_element %[[F3]][0]
// CHECK-NEXT:    %[[E7:.*]] = applegpu.simdgroup_get_element %[[F3]][1]
// CHECK-NEXT:    %[[E8:.*]] = applegpu.simdgroup_get_element %[[F4]][0]
// CHECK-NEXT:    %[[E9:.*]] = applegpu.simdgroup_get_element %[[F4]][1]
// CHECK-NEXT:    %[[E10:.*]] = applegpu.simdgroup_get_element %[[F5]][0]
// CHECK-NEXT:    %[[E11:.*]] = applegpu.simdgroup_get_element %[[F5]][1]
// CHECK-NEXT:    %[[E12:.*]] = applegpu.simdgroup_get_element %[[F6]][0]
// CHECK-NEXT:    %[[E13:.*]] = applegpu.simdgroup_get_element %[[F6]][1]
// CHECK-NEXT:    %[[E14:.*]] = applegpu.simdgroup_get_element %[[F7]][0]
// CHECK-NEXT:    %[[E15:.*]] = applegpu.simdgroup_get_element %[[F7]][1]
// CHECK-NEXT:    arith.maxnumf %[[E0]], %[[E1]] : f32
// CHECK-COUNT-5: arith.maxnumf
// CHECK-NEXT:    %[[L0:.*]] = arith.maxnumf %{{.*}}, %[[E7]] : f32
// CHECK-NEXT:    %[[X1:.*]] = applegpu.simd_shuffle_xor %[[L0]] mask 1 : f32
// CHECK-NEXT:    %[[Y1:.*]] = arith.maxnumf %[[L0]], %[[X1]] : f32
// CHECK-NEXT:    %[[X8:.*]] = applegpu.simd_shuffle_xor %[[Y1]] mask 8 : f32
// CHECK-NEXT:    %[[R0:.*]] = arith.maxnumf %[[Y1]], %[[X8]] : f32
// CHECK-NEXT:    arith.maxnumf %[[E8]], %[[E9]] : f32
// CHECK-COUNT-5: arith.maxnumf
// CHECK-NEXT:    %[[L1:.*]] = arith.maxnumf %{{.*}}, %[[E15]] : f32
// CHECK-NEXT:    %[[X1B:.*]] = applegpu.simd_shuffle_xor %[[L1]] mask 1 : f32
// CHECK-NEXT:    %[[Y1B:.*]] = arith.maxnumf %[[L1]], %[[X1B]] : f32
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
// The subtraction, on the accumulator's 16 lane elements.
// CHECK:         %[[X:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NEXT:    scf.for %[[F:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:      %[[M:.*]] = memref.load %[[ACC]][%[[F]]]
// CHECK:           applegpu.simdgroup_get_element %[[M]][0]
// CHECK:           applegpu.simdgroup_get_element %[[M]][1]
// CHECK:         }
// CHECK-NEXT:    %[[B:.*]] = memref.alloca() : memref<16xf32>
// CHECK-COUNT-8: memref.store %[[MAX0]], %[[B]]
// CHECK-COUNT-8: memref.store %[[MAX1]], %[[B]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT:      %[[BI:.*]] = memref.load %[[B]][%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.subf %[[XI]], %[[BI]] : f32
// CHECK-NEXT:      memref.store %[[S]], %[[X]][%[[I]]]
// CHECK-NEXT:    }
// Back into 8 fragments, stored as 2x4.
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:           applegpu.simdgroup_set_element
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_store %{{.*}}, %arg2[
// The maxima: 4 per thread, for threads 0..7.
// CHECK:         %[[MV:.*]] = memref.alloca() : memref<4xf32>
// CHECK-COUNT-4: memref.store %{{.*}}, %[[MV]]
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[HELD:.*]] = arith.cmpi ult, %{{.*}}, %[[C8]] : index
// CHECK:           scf.if %[[HELD]] {
// CHECK-NEXT:        memref.store %{{.*}}, %arg3[

// MSL-LABEL: kernel acc_row_max ABI:
// MSL:         threads per threadgroup: 128 x 1 x 1
// MSL:         void acc_row_max(
// The reductions reuse the bytes the dot staged its operands in.
// MSL:         threadgroup float tg_arena[3328];
// MSL-NEXT:    auto {{tg[0-9]+}} = tg_arena;
// MSL-NEXT:    auto {{tg[0-9]+}} = tg_arena + 1152;
// MSL-NEXT:    auto [[PART:tg[0-9]+]] = tg_arena;
// MSL-NEXT:    auto [[ROWS:tg[0-9]+]] = tg_arena;
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
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         applegpu.threadgroup_view {{.*}} to memref<640xf32, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    applegpu.threadgroup_view {{.*}} to memref<320xf32, #applegpu.address_space<threadgroup>>
// CHECK-NOT:     applegpu.alloc_threadgroup
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-NOT:     applegpu.alloc_threadgroup
// K = 16: two 8-wide steps (a loop), each a loop of 2 MMAs (one A
// fragment, two B fragments); the second gives the fragments.
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<2x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C16]] step %[[C8]] {
// CHECK-NEXT:      memref.alloca() : memref<1x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK:           applegpu.simdgroup_load
// CHECK:           memref.alloca() : memref<2x!applegpu.simdgroup_matrix<8x8xf32>>
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:             applegpu.simdgroup_load
// CHECK:           scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NOT:           scf.for
// CHECK:             applegpu.simdgroup_mma
// CHECK-NOT:         applegpu.simdgroup_mma
// CHECK:             memref.store %{{.*}}, %[[ACC]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    %[[F0:.*]] = memref.load %[[ACC]][%[[C0]]]
// CHECK-NEXT:    %[[F1:.*]] = memref.load %[[ACC]][%[[C1]]]
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
// The division: the lane's 4 elements (from the 2 fragments) over an
// array holding the sum 4 times, in one loop; no threadgroup memory.
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK-NOT:     #applegpu.address_space<threadgroup>
// CHECK:         %[[X:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:           applegpu.simdgroup_get_element
// CHECK:         %[[B:.*]] = memref.alloca() : memref<4xf32>
// CHECK-COUNT-4: memref.store %[[SUM]], %[[B]]
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[XI:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT:      %[[BI:.*]] = memref.load %[[B]][%[[I]]]
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[XI]], %[[BI]] : f32
// CHECK-NEXT:      memref.store %[[Q]], %[[X]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NOT:     applegpu.threadgroup_barrier
// CHECK-NOT:     #applegpu.address_space<threadgroup>
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:           applegpu.simdgroup_store

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

// -----

// Columns of 8x100 i32 on 224 threads: 25 groups of 4 per row neither
// divide nor are a multiple of 224 (this used to be refused). Column group
// cg is owned by thread cg (tid < 25). The thread's group goes to
// threadgroup memory (one round: 224 x 4), and each owner folds positions
// tid + 25, tid + 50, ... < 200 (the 200 groups) onto the group it holds
// itself; owners publish their totals (one row: 25 x 4) and every thread
// reads those of its slot's column. math.absi goes to MSL's abs.
// CHECK-LABEL: func.func @cols_through_memory
// CHECK-SAME:    applegpu.threads_per_threadgroup = array<i32: 224, 1, 1>
// CHECK:         %[[STAGE:.*]] = applegpu.threadgroup_view {{.*}} to memref<896xi32, #applegpu.address_space<threadgroup>>
// CHECK-NEXT:    %[[ROW:.*]] = applegpu.threadgroup_view {{.*}} to memref<100xi32, #applegpu.address_space<threadgroup>>
// CHECK:         %[[TID:.*]] = applegpu.thread_index_in_threadgroup
// CHECK:         math.absi
// CHECK:         %[[H0:.*]] = memref.load %{{.*}}[%c0] : memref<4xi32>
// CHECK:         %[[OWNER:.*]] = arith.cmpi ult, %[[TID]], %c25 : index
// CHECK-NEXT:    applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    %[[HELD:.*]] = arith.cmpi ult, %[[TID]], %c200 : index
// CHECK-NEXT:    %[[AT:.*]] = arith.muli %[[TID]], %c4 : index
// CHECK-NEXT:    scf.if %[[HELD]] {
// CHECK-NEXT:      memref.store %[[H0]], %[[STAGE]][%[[AT]]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[TID]], %c25 : index
// CHECK-NEXT:    %[[SUMS:.*]]:4 = scf.for %[[P:.*]] = %[[NEXT]] to %c200 step %c25 iter_args(%[[ACC:.*]] = %[[H0]], {{.*}}) -> (i32, i32, i32, i32) {
// CHECK-NEXT:      %[[BASE:.*]] = arith.muli %[[P]], %c4 : index
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[STAGE]][%[[BASE]]]
// CHECK-NEXT:      arith.addi %[[ACC]], %[[X]] : i32
// CHECK:         scf.if %[[OWNER]] {
// CHECK-NEXT:      memref.store %[[SUMS]]#0, %[[ROW]]
// CHECK:         applegpu.threadgroup_barrier mem_flags<mem_threadgroup>
// CHECK:         %[[COL:.*]] = arith.remui %{{.*}}, %c100 : index
// CHECK-NEXT:    memref.load %[[ROW]][%[[COL]]]
// MSL-LABEL:   void cols_through_memory(
// MSL:           abs(
func.func @cols_through_memory(%X: memref<?xi32>, %Y: memref<?xi32>, %M: index, %N: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %p = tile.program_id x : index
  %col = arith.muli %p, %c100 : index
  %x = tile.load %X[%c0, %col] strides [%N, %c1] bounds [%M, %N]
      : memref<?xi32> -> tensor<8x100xi32>
  %a = math.absi %x : tensor<8x100xi32>
  %s = tile.reduce add %a dim 0 : tensor<8x100xi32> -> tensor<100xi32>
  tile.store %s, %Y[%col] bounds [%N] : tensor<100xi32>, memref<?xi32>
  return
}
