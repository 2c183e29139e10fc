// RUN: tile-opt %s -emit-bytecode | tile-opt | FileCheck %s
// RUN: tile-opt %s -emit-bytecode | tile-opt -emit-bytecode | tile-opt | FileCheck %s
// RUN: tile-opt %s -emit-bytecode | head -c 4 | FileCheck %s --check-prefix=MAGIC
// Every tile op, its attributes (enum dim, padding, swizzle pattern/block,
// num_stages) and the dialect's discardable attributes survive a round trip
// through MLIR bytecode. MAGIC checks that the stream really is bytecode
// ("ML\xEFR"), not text.

// MAGIC: {{^}}ML{{.}}R{{$}}

// CHECK: module attributes {tile.target = "apple8"}
// CHECK-LABEL: func.func @kernel
// CHECK-SAME:    (%[[A:.*]]: memref<?xf16>, %[[B:.*]]: memref<?xf16>, %[[C:.*]]: memref<?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[K:.*]]: index, %[[ALPHA:.*]]: f32)
// CHECK-SAME:    attributes {tile.kernel, tile.simdgroups = array<i64: 2, 4>, tile.target = "apple9"}
// CHECK:         %[[PX:.*]] = tile.program_id x : index
// CHECK-NEXT:    %[[PY:.*]] = tile.program_id y : index
// CHECK-NEXT:    %[[GX:.*]] = tile.num_programs x : index
// CHECK-NEXT:    %[[GZ:.*]] = tile.num_programs z : index
// CHECK-NEXT:    %[[SM:.*]], %[[SN:.*]] = tile.swizzle %[[PX]], %[[PY]] {block = 8 : i64, pattern = "grouped"} : index
// CHECK:         %[[ACC:.*]] = tile.for_range %[[KK:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<32x32xf32>) {
// CHECK-NEXT:      %[[TA:.*]] = tile.load %[[A]][%{{.*}}, %[[KK]]] strides [%[[K]], %{{.*}}] bounds [%[[M]], %[[K]]] {padding = 0.000000e+00 : f16} : memref<?xf16> -> tensor<32x16xf16>
// CHECK-NEXT:      %[[TB:.*]] = tile.load %[[B]][%[[KK]], %{{.*}}] strides [%[[N]], %{{.*}}] bounds [%[[K]], %[[N]]] : memref<?xf16> -> tensor<16x32xf16>
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[A0]] : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
// CHECK-NEXT:      tile.yield %[[D]] : tensor<32x32xf32>
// CHECK-NEXT:    } {num_stages = 3 : i64}
// CHECK-NEXT:    %[[S:.*]] = tile.splat %[[ALPHA]] : f32 -> tensor<32x32xf32>
// CHECK-NEXT:    %[[Y:.*]] = arith.mulf %[[ACC]], %[[S]] : tensor<32x32xf32>
// CHECK-NEXT:    tile.store %[[Y]], %[[C]][%{{.*}}, %{{.*}}] strides [%[[N]], %{{.*}}] bounds [%[[M]], %[[N]]] : tensor<32x32xf32>, memref<?xf32>
// CHECK-NEXT:    tile.for_range %{{.*}} = %[[GX]] to %[[GZ]] step %{{.*}} {
// CHECK-NEXT:      tile.store %[[Y]], %[[C]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
module attributes {tile.target = "apple8"} {
  func.func @kernel(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                    %M: index, %N: index, %K: index, %alpha: f32)
      attributes {tile.kernel, tile.simdgroups = array<i64: 2, 4>, tile.target = "apple9"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %px = tile.program_id x : index
    %py = tile.program_id y : index
    %gx = tile.num_programs x : index
    %gz = tile.num_programs z : index
    %m, %n = tile.swizzle %px, %py {pattern = "grouped", block = 8} : index
    %row = arith.muli %m, %c32 : index
    %col = arith.muli %n, %c32 : index
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %acc = tile.for_range %k = %c0 to %K step %c16 iter_args(%a0 = %zero) -> (tensor<32x32xf32>) {
      %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] {padding = 0.0 : f16}
          : memref<?xf16> -> tensor<32x16xf16>
      %b = tile.load %B[%k, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf16> -> tensor<16x32xf16>
      %d = tile.dot %a, %b, %a0 : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
      tile.yield %d : tensor<32x32xf32>
    } {num_stages = 3}
    %s = tile.splat %alpha : f32 -> tensor<32x32xf32>
    %y = arith.mulf %acc, %s : tensor<32x32xf32>
    tile.store %y, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
    tile.for_range %i = %gx to %gz step %c1 {
      tile.store %y, %C[%i, %col] strides [%N, %c1] : tensor<32x32xf32>, memref<?xf32>
    }
    return
  }
}
