// A program that loads R and then stores to R in another layout: every
// access to a buffer the kernel both loads and stores is ordered by a
// device barrier, so no thread overwrites an element another has yet to
// read (the emulator reports order-dependent results otherwise).
// RUN: tile-run %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg R=f32:3700:random:4 --arg V=f32:100:random:5 --arg M=100 --arg N=37 --arg K=53 --arg alpha=1.5 --compare | FileCheck %s
// RUN: tile-run --target apple10 %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg R=f32:3700:random:4 --arg V=f32:100:random:5 --arg M=100 --arg N=37 --arg K=53 --arg alpha=1.5 --compare --schedules 3 | FileCheck %s
// CHECK: ran k on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok
// CHECK-NEXT: compare R: {{.*}}: ok

func.func @k(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %R: memref<?xf32>, %V: memref<?xf32>,
             %M: index, %N: index, %K: index, %alpha: f32)
    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %two = arith.constant dense<2.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %r = tile.load %R[%row, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<64x64xf32>
  %r2 = arith.addf %r, %r : tensor<64x64xf32>
  tile.store %r2, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  tile.store %acc, %R[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
