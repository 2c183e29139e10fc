// The matmul of Triton's tutorial 03 without the wrap: A and B read with
// gathers at offsets rows[:, None] * K + ks[None, :] (and ks * N + cols),
// masked by (rows < M) & (ks < K), C written by a scatter masked by
// (rows < M) & (cols < N). tile-gather-to-load makes them tile.load and
// tile.store: on a ragged 65x45x50 problem, on both backends under three
// thread orders, the result matches the interpreter (which runs the
// gathers), and the global traffic is that of @matmul_load, the same kernel
// written with tile.load and tile.store (threadgroups, barriers and MMAs too).
// @matmul_carried advances its offsets in the loop, as the tutorial does:
// once its gathers are loads the carried offsets are dead, canonicalize drops
// them from the loop, and it runs exactly like @matmul_load (barriers too).
// RUN: tile-run %s --kernel matmul_gather --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,GATHER,APPLE9,GRID9
// RUN: tile-run %s --kernel matmul_load --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,LOAD,APPLE9,GRID9
// RUN: tile-run %s --target apple10 --kernel matmul_gather --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,GATHER,APPLE10,GRID10
// RUN: tile-run %s --target apple10 --kernel matmul_load --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,LOAD,APPLE10,GRID10
// RUN: tile-run %s --kernel matmul_carried --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,CARRIED,APPLE9,GRID9
// RUN: tile-run %s --target apple10 --kernel matmul_carried --grid 3,2 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:2925:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s --check-prefixes=CHECK,CARRIED,APPLE10,GRID10
// GATHER: ran matmul_gather on the emulator: ok
// LOAD: ran matmul_load on the emulator: ok
// CARRIED: ran matmul_carried on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// GRID9-NEXT: stats: threadgroups 6, threads 768, threadgroup barriers 24, simdgroup barriers 0, simdgroup MMAs 768, simd collectives 0, tensor ops 0
// APPLE9: stats: buffer A: 26000 bytes read, 0 bytes written
// APPLE9-NEXT: stats: buffer B: 27000 bytes read, 0 bytes written
// GRID10-NEXT: stats: threadgroups 6, threads 768, threadgroup barriers 0, simdgroup barriers 0, simdgroup MMAs 0, simd collectives 0, tensor ops 30
// APPLE10: stats: buffer A: 39000 bytes read, 0 bytes written
// APPLE10-NEXT: stats: buffer B: 45000 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer C: 0 bytes read, 11700 bytes written

// The MSL of the gather kernel reads A and B with float4 vector loads (on
// the interior path); without the rewrite it reads element by element.
// RUN: tile-opt %s --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=MSL
// RUN: tile-opt %s --tile-to-applegpu="target=apple9 gather-to-load=false" | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=NOREWRITE
// MSL-LABEL: {{\[\[}}kernel]] void matmul_gather(
// MSL: *(device const float4*)(&A[
// MSL: *(device const float4*)(&B[
// MSL-LABEL: {{\[\[}}kernel]] void matmul_load(
// NOREWRITE-LABEL: {{\[\[}}kernel]] void matmul_gather(
// NOREWRITE-NOT: device const float4*
// NOREWRITE-LABEL: {{\[\[}}kernel]] void matmul_load(

func.func @matmul_gather(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                         %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row0 = arith.muli %pm, %c32 : index
  %col0 = arith.muli %pn, %c32 : index
  %Mi = arith.index_cast %M : index to i32
  %Ni = arith.index_cast %N : index to i32
  %Ki = arith.index_cast %K : index to i32
  %r0 = arith.index_cast %row0 : index to i32
  %c0i = arith.index_cast %col0 : index to i32
  %ar = tile.arange : tensor<32xi32>
  %r0v = tile.splat %r0 : i32 -> tensor<32xi32>
  %c0v = tile.splat %c0i : i32 -> tensor<32xi32>
  %rows = arith.addi %r0v, %ar : tensor<32xi32>
  %cols = arith.addi %c0v, %ar : tensor<32xi32>
  %Mt = tile.splat %Mi : i32 -> tensor<32x32xi32>
  %Nt = tile.splat %Ni : i32 -> tensor<32x32xi32>
  %Kt = tile.splat %Ki : i32 -> tensor<32x32xi32>
  %rowsA = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %colsB = tile.broadcast %cols dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %inM = arith.cmpi slt, %rowsA, %Mt : tensor<32x32xi32>
  %inN = arith.cmpi slt, %colsB, %Nt : tensor<32x32xi32>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<32xi32>
    %ks = arith.addi %kv, %ar : tensor<32xi32>
    // A[rows, ks]: rows * K + ks where rows < M and ks < K.
    %ksA = tile.broadcast %ks dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %aRow = arith.muli %rowsA, %Kt : tensor<32x32xi32>
    %aOffs = arith.addi %aRow, %ksA : tensor<32x32xi32>
    %inKA = arith.cmpi slt, %ksA, %Kt : tensor<32x32xi32>
    %aMask = arith.andi %inM, %inKA : tensor<32x32xi1>
    %a = tile.gather %A[%aOffs] mask %aMask other %zero : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    // B[ks, cols]: ks * N + cols where ks < K and cols < N.
    %ksB = tile.broadcast %ks dim 0 : tensor<32xi32> -> tensor<32x32xi32>
    %bRow = arith.muli %ksB, %Nt : tensor<32x32xi32>
    %bOffs = arith.addi %bRow, %colsB : tensor<32x32xi32>
    %inKB = arith.cmpi slt, %ksB, %Kt : tensor<32x32xi32>
    %bMask = arith.andi %inKB, %inN : tensor<32x32xi1>
    %b = tile.gather %B[%bOffs] mask %bMask : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  %cRow = arith.muli %rowsA, %Nt : tensor<32x32xi32>
  %cOffs = arith.addi %cRow, %colsB : tensor<32x32xi32>
  %cMask = arith.andi %inM, %inN : tensor<32x32xi1>
  tile.scatter %acc, %C[%cOffs] mask %cMask : tensor<32x32xf32>, memref<?xf32>, tensor<32x32xi32>
  return
}

func.func @matmul_load(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                       %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row0 = arith.muli %pm, %c32 : index
  %col0 = arith.muli %pn, %c32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %a = tile.load %A[%row0, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<32x32xf32>
    %b = tile.load %B[%k, %col0] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %acc, %C[%row0, %col0] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}

// As Triton's tutorial writes it: the offsets are computed once and the
// loop (over the K steps) advances them, A's by 32 and B's by 32 * N; the
// K mask is ks < K - k * 32.
func.func @matmul_carried(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                          %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c32i = arith.constant 32 : i32
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row0 = arith.muli %pm, %c32 : index
  %col0 = arith.muli %pn, %c32 : index
  %Mi = arith.index_cast %M : index to i32
  %Ni = arith.index_cast %N : index to i32
  %Ki = arith.index_cast %K : index to i32
  %r0 = arith.index_cast %row0 : index to i32
  %c0i = arith.index_cast %col0 : index to i32
  %ar = tile.arange : tensor<32xi32>
  %r0v = tile.splat %r0 : i32 -> tensor<32xi32>
  %c0v = tile.splat %c0i : i32 -> tensor<32xi32>
  %rows = arith.addi %r0v, %ar : tensor<32xi32>
  %cols = arith.addi %c0v, %ar : tensor<32xi32>
  %Mt = tile.splat %Mi : i32 -> tensor<32x32xi32>
  %Nt = tile.splat %Ni : i32 -> tensor<32x32xi32>
  %Kt = tile.splat %Ki : i32 -> tensor<32x32xi32>
  %rowsA = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %colsB = tile.broadcast %cols dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %ksA = tile.broadcast %ar dim 1 : tensor<32xi32> -> tensor<32x32xi32>
  %ksB = tile.broadcast %ar dim 0 : tensor<32xi32> -> tensor<32x32xi32>
  %inM = arith.cmpi slt, %rowsA, %Mt : tensor<32x32xi32>
  %inN = arith.cmpi slt, %colsB, %Nt : tensor<32x32xi32>
  %aRow = arith.muli %rowsA, %Kt : tensor<32x32xi32>
  %aOffs0 = arith.addi %aRow, %ksA : tensor<32x32xi32>
  %bRow = arith.muli %ksB, %Nt : tensor<32x32xi32>
  %bOffs0 = arith.addi %bRow, %colsB : tensor<32x32xi32>
  %aStep = arith.constant dense<32> : tensor<32x32xi32>
  %bStepS = arith.muli %Ni, %c32i : i32
  %bStep = tile.splat %bStepS : i32 -> tensor<32x32xi32>
  %Kpad = arith.addi %K, %c31 : index
  %steps = arith.divui %Kpad, %c32 : index
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc:3 = tile.for_range %k = %c0 to %steps step %c1 iter_args(%aOffs = %aOffs0, %bOffs = %bOffs0, %a0 = %zero) -> (tensor<32x32xi32>, tensor<32x32xi32>, tensor<32x32xf32>) {
    %ki = arith.index_cast %k : index to i32
    %done = arith.muli %ki, %c32i : i32
    %left = arith.subi %Ki, %done : i32
    %leftv = tile.splat %left : i32 -> tensor<32x32xi32>
    %inKA = arith.cmpi slt, %ksA, %leftv : tensor<32x32xi32>
    %aMask = arith.andi %inM, %inKA : tensor<32x32xi1>
    %a = tile.gather %A[%aOffs] mask %aMask : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    %inKB = arith.cmpi slt, %ksB, %leftv : tensor<32x32xi32>
    %bMask = arith.andi %inKB, %inN : tensor<32x32xi1>
    %b = tile.gather %B[%bOffs] mask %bMask : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    %aNext = arith.addi %aOffs, %aStep : tensor<32x32xi32>
    %bNext = arith.addi %bOffs, %bStep : tensor<32x32xi32>
    tile.yield %aNext, %bNext, %d : tensor<32x32xi32>, tensor<32x32xi32>, tensor<32x32xf32>
  }
  %cRow = arith.muli %rowsA, %Nt : tensor<32x32xi32>
  %cOffs = arith.addi %cRow, %colsB : tensor<32x32xi32>
  %cMask = arith.andi %inM, %inN : tensor<32x32xi1>
  tile.scatter %acc#2, %C[%cOffs] mask %cMask : tensor<32x32xf32>, memref<?xf32>, tensor<32x32xi32>
  return
}
