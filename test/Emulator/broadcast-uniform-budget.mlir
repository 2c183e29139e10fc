// Two 64x64x32 f32 dots fill the 32 KiB of threadgroup memory exactly;
// a broadcast of a uniform vector (a tile.splat) needs no buffer, so the
// kernel still compiles and runs.
// RUN: tile-run %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg R=f32:3700:random:4 --arg V=f32:100:random:5 --arg M=100 --arg N=37 --arg K=53 --arg alpha=1.5 --compare | FileCheck %s
// RUN: tile-run --target apple10 %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg R=f32:3700:random:4 --arg V=f32:100:random:5 --arg M=100 --arg N=37 --arg K=53 --arg alpha=1.5 --compare --schedules 3 | FileCheck %s
// CHECK: ran k on the emulator: ok
// CHECK-NEXT: compare C: {{.*}}: ok

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
  %a2 = tile.load %A[%row, %c32] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
  %b2 = tile.load %B[%c32, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
  %d2 = tile.dot %a2, %b2, %acc : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %sv = tile.splat %alpha : f32 -> tensor<64xf32>
  %bv = tile.broadcast %sv dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %s = arith.addf %d2, %bv : tensor<64x64xf32>
  tile.store %s, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
