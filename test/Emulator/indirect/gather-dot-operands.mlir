// The matmul of Triton's tutorial 03 addressed as it does: A's rows and B's
// columns wrap modulo M and N, K is masked, both operands are gathers that
// feed tile.dot (staged like any computed operand). Ragged 65x45x50, both
// backends; each program reads its A rows and B columns once per K step
// (the global read counts).
// RUN: tile-run %s --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:3900:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s
// RUN: tile-run %s --target apple10 --arg A=f32:3250:random:1 --arg B=f32:2250:random:2 --arg C=f32:3900:zeros --arg M=65 --arg N=45 --arg K=50 --compare --schedules 3 --stats | FileCheck %s
// CHECK: ran matmul_wrap on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// CHECK: stats: buffer A: 38400 bytes read, 0 bytes written
// CHECK-NEXT: stats: buffer B: 38400 bytes read, 0 bytes written

func.func @matmul_wrap(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                       %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
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
  %Mv = tile.splat %Mi : i32 -> tensor<32xi32>
  %Nv = tile.splat %Ni : i32 -> tensor<32xi32>
  %rowsRaw = arith.addi %r0v, %ar : tensor<32xi32>
  %rows = arith.remsi %rowsRaw, %Mv : tensor<32xi32>
  %colsRaw = arith.addi %c0v, %ar : tensor<32xi32>
  %cols = arith.remsi %colsRaw, %Nv : tensor<32xi32>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
    %ki = arith.index_cast %k : index to i32
    %kv = tile.splat %ki : i32 -> tensor<32xi32>
    %ks = arith.addi %kv, %ar : tensor<32xi32>
    // A[rows, ks]: rows * K + ks, valid where ks < K.
    %rowsA = tile.broadcast %rows dim 0 : tensor<32xi32> -> tensor<32x32xi32>
    %ksA = tile.broadcast %ks dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %Kv2 = tile.splat %Ki : i32 -> tensor<32x32xi32>
    %aRow = arith.muli %rowsA, %Kv2 : tensor<32x32xi32>
    %aOffs = arith.addi %aRow, %ksA : tensor<32x32xi32>
    %aMask = arith.cmpi slt, %ksA, %Kv2 : tensor<32x32xi32>
    %a = tile.gather %A[%aOffs] mask %aMask : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    // B[ks, cols]: ks * N + cols, valid where ks < K.
    %ksB = tile.broadcast %ks dim 0 : tensor<32xi32> -> tensor<32x32xi32>
    %colsB = tile.broadcast %cols dim 1 : tensor<32xi32> -> tensor<32x32xi32>
    %Nv2 = tile.splat %Ni : i32 -> tensor<32x32xi32>
    %bRow = arith.muli %ksB, %Nv2 : tensor<32x32xi32>
    %bOffs = arith.addi %bRow, %colsB : tensor<32x32xi32>
    %bMask = arith.cmpi slt, %ksB, %Kv2 : tensor<32x32xi32>
    %b = tile.gather %B[%bOffs] mask %bMask : memref<?xf32>, tensor<32x32xi32> -> tensor<32x32xf32>
    %d = tile.dot %a, %b, %a0 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    tile.yield %d : tensor<32x32xf32>
  }
  tile.store %acc, %C[%row0, %col0] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
