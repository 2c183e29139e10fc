// tile.reduce of a dot accumulator (#applegpu.fragments, 2x2 SIMD-groups of
// a 64x64 tile, K loop with tile.for_range, K step 32) on the ragged GEMM
// 100x37x53 (2x1 programs): row and column maxima (maxnumf) and sums (add)
// of C = A @ B, the row sums of relu(C) (an elementwise op between the dot
// and the reduction, fused into a tile.epilogue), and C itself. Rows of the
// accumulator are combined across lane bits 0 and 3 and across the 2
// SIMD-groups of a row in threadgroup memory; columns across lane bits 1, 2,
// 4 and the 2 SIMD-groups of a column. Padding rows/columns of the tile are
// 0 (A and B are loaded with zero padding) and take part. The MSL on the
// emulator (3 thread orders, and for the apple7 target) must match the tile
// interpreter. Program (pm, pn) stores its row results at [pn * M + row],
// its column results at [pm * N + col].

// RUN: tile-run %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 \
// RUN:   --arg C=f32:3700:zeros --arg RowMax=f32:100:zeros --arg RowSum=f32:100:zeros \
// RUN:   --arg ColMax=f32:74:zeros --arg ColSum=f32:74:zeros \
// RUN:   --arg RowReluSum=f32:100:zeros --arg M=100 --arg N=37 --arg K=53 --compare \
// RUN:   --schedules 3 | FileCheck %s
// RUN: tile-run %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 \
// RUN:   --arg C=f32:3700:zeros --arg RowMax=f32:100:zeros --arg RowSum=f32:100:zeros \
// RUN:   --arg ColMax=f32:74:zeros --arg ColSum=f32:74:zeros \
// RUN:   --arg RowReluSum=f32:100:zeros --arg M=100 --arg N=37 --arg K=53 --compare \
// RUN:   --target apple7 | FileCheck %s
// CHECK: ran dot_reduce_2x2 on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok
// CHECK-NEXT: compare RowMax: max abs error {{.*}}: ok
// CHECK-NEXT: compare RowSum: max abs error {{.*}}: ok
// CHECK-NEXT: compare ColMax: max abs error {{.*}}: ok
// CHECK-NEXT: compare ColSum: max abs error {{.*}}: ok
// CHECK-NEXT: compare RowReluSum: max abs error {{.*}}: ok

func.func @dot_reduce_2x2(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                          %RowMax: memref<?xf32>, %RowSum: memref<?xf32>,
                          %ColMax: memref<?xf32>, %ColSum: memref<?xf32>,
                          %RowReluSum: memref<?xf32>,
                          %M: index, %N: index, %K: index)
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
  %acc = tile.for_range %k = %c0 to %K step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  // Per row: results of program (pm, pn) at [pn * M + row].
  %rbase = arith.muli %pn, %M : index
  %ridx = arith.addi %rbase, %row : index
  %rend = arith.addi %rbase, %M : index
  %rmax = tile.reduce maxnumf %acc dim 1 : tensor<64x64xf32> -> tensor<64xf32>
  tile.store %rmax, %RowMax[%ridx] bounds [%rend] : tensor<64xf32>, memref<?xf32>
  %rsum = tile.reduce add %acc dim 1 : tensor<64x64xf32> -> tensor<64xf32>
  tile.store %rsum, %RowSum[%ridx] bounds [%rend] : tensor<64xf32>, memref<?xf32>
  // An elementwise op between the dot and the reduction (relu, fused
  // into a tile.epilogue on the accumulator).
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %relu = arith.maximumf %acc, %z : tensor<64x64xf32>
  %rrelu = tile.reduce add %relu dim 1 : tensor<64x64xf32> -> tensor<64xf32>
  tile.store %rrelu, %RowReluSum[%ridx] bounds [%rend] : tensor<64xf32>, memref<?xf32>
  // Per column: at [pm * N + col].
  %cbase = arith.muli %pm, %N : index
  %cidx = arith.addi %cbase, %col : index
  %cend = arith.addi %cbase, %N : index
  %cmax = tile.reduce maxnumf %acc dim 0 : tensor<64x64xf32> -> tensor<64xf32>
  tile.store %cmax, %ColMax[%cidx] bounds [%cend] : tensor<64xf32>, memref<?xf32>
  %csum = tile.reduce add %acc dim 0 : tensor<64x64xf32> -> tensor<64xf32>
  tile.store %csum, %ColSum[%cidx] bounds [%cend] : tensor<64xf32>, memref<?xf32>
  return
}
