// GEMM epilogue C = acc / 1.5 with a dense constant tile, fused by tile-fuse-
// epilogue in tile-run's default pipeline: the MSL on the emulator must match
// the tile interpreter at the ragged shapes 100x37x53 and 257x129x65 (64x64
// tiles, K step 32), and tile-opt --tile-fuse-epilogue must really fuse it into
// one tile.epilogue.

// RUN: tile-run %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %s --grid 2,1 --arg A=f32:5300:random:1 --arg B=f32:1961:random:2 --arg C=f32:3700:zeros --arg M=100 --arg N=37 --arg K=53 --compare | FileCheck %s
// RUN: tile-run %s --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s
// RUN: tile-run --target apple10 --schedules 3 %s --grid 5,3 --arg A=f32:16705:random:1 --arg B=f32:8385:random:2 --arg C=f32:33153:zeros --arg M=257 --arg N=129 --arg K=65 --compare | FileCheck %s
// RUN: tile-opt %s --tile-fuse-epilogue | FileCheck %s --check-prefix=FUSED

// CHECK: ran gemm_const_divf on the emulator: ok
// CHECK-NEXT: compare C: max abs error {{.*}}: ok

// The pass gathers the whole epilogue into one tile.epilogue on the loop's
// accumulator, whose result is stored directly: no arith/math op on a 64x64
// tile is left after the loop, and the epilogue body works on scalars.
// FUSED-LABEL: func.func @gemm_const_divf
// FUSED:       %[[ACC:[0-9]+]] = tile.for_range
// FUSED:       tile.yield %{{[0-9]+}} : tensor<64x64xf32>
// FUSED-NEXT:  }
// FUSED-NOT:   {{arith|math}}.{{.*}}tensor<64x64x
// FUSED:       %[[R:[0-9]+]] = tile.epilogue ins(%[[ACC]]{{[ ,].*}}
// FUSED-NOT:   tensor<64x64x
// FUSED:       tile.yield %{{[0-9]+}} : f32
// FUSED-NEXT:  }
// FUSED-NEXT:  tile.store %[[R]], %C[
// FUSED-NOT:   tile.epilogue

func.func @gemm_const_divf(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
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
  %cst = arith.constant dense<1.5> : tensor<64x64xf32>
  %r = arith.divf %acc, %cst : tensor<64x64xf32>
  tile.store %r, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
