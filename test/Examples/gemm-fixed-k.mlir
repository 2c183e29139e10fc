// A GEMM whose K (96) is known at compile time: tile-unroll turns the K loop
// into three dots chained through the accumulator, with the K offsets 0, 32
// and 64 in the loads; canonicalize then leaves no loop.
// RUN: tile-opt %s --tile-unroll --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @matmul_k96
// CHECK-NOT:     tile.for_range
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
// CHECK:         %[[A0:.*]] = tile.load %{{.*}}[%{{.*}}, %[[C0]]]
// CHECK:         %[[B0:.*]] = tile.load %{{.*}}[%[[C0]], %{{.*}}]
// CHECK:         %[[D0:.*]] = tile.dot %[[A0]], %[[B0]], %[[ZERO]]
// CHECK:         %[[A1:.*]] = tile.load %{{.*}}[%{{.*}}, %[[C32]]]
// CHECK:         %[[B1:.*]] = tile.load %{{.*}}[%[[C32]], %{{.*}}]
// CHECK:         %[[D1:.*]] = tile.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK:         %[[A2:.*]] = tile.load %{{.*}}[%{{.*}}, %[[C64]]]
// CHECK:         %[[B2:.*]] = tile.load %{{.*}}[%[[C64]], %{{.*}}]
// CHECK:         %[[D2:.*]] = tile.dot %[[A2]], %[[B2]], %[[D1]]
// CHECK:         tile.store %[[D2]]
func.func @matmul_k96(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                      %M: index, %N: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c64 : index
  %col = arith.muli %pn, %c64 : index
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = tile.for_range %k = %c0 to %c96 step %c32 iter_args(%a0 = %zero) -> (tensor<64x64xf32>) {
    %a = tile.load %A[%row, %k] strides [%c96, %c1] bounds [%M, %c96] : memref<?xf32> -> tensor<64x32xf32>
    %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%c96, %N] : memref<?xf32> -> tensor<32x64xf32>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  tile.store %acc, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
