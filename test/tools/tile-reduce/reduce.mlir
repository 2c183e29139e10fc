// tile-reduce shrinks a failing input with a test script. The script calls
// an input interesting (exit code 1, mlir-reduce's convention) when
// tile-to-applegpu with relaxed-f32=false on apple10 refuses its f32 dot.
// Reduced with passes (symbol-dce, then canonicalize), the file still makes
// the script say so and still holds the dot, but has lost the helper
// functions the error does not need. (MLIR's reduction-tree mode erases ops
// regardless of their uses; on tile kernels, whose ops all feed a store,
// it finds nothing to remove without reduction patterns of the dialect.)
// RUN: printf '#!/bin/sh\nif tile-opt "$1" "--tile-to-applegpu=target=apple10 relaxed-f32=false" 2>&1 | grep -q "relaxed-f32=false forbids"; then exit 1; fi\nexit 0\n' > %t.interesting.sh
// RUN: chmod +x %t.interesting.sh
// RUN: not %t.interesting.sh %s
// RUN: tile-reduce %s --opt-reduction-pass='opt-pass=symbol-dce,canonicalize test=%t.interesting.sh' -o %t.small.mlir
// RUN: not %t.interesting.sh %t.small.mlir
// RUN: FileCheck %s < %t.small.mlir
// CHECK-NOT: func.func private
// CHECK: tile.dot
// CHECK-NOT: func.func private
func.func @gemm_exp(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>,
                    %M: index, %N: index, %K: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pm = tile.program_id x : index
  %pn = tile.program_id y : index
  %row = arith.muli %pm, %c32 : index
  %col = arith.muli %pn, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%K, %c1] bounds [%M, %K] : memref<?xf32> -> tensor<32x32xf32>
  %b = tile.load %B[%c0, %col] strides [%N, %c1] bounds [%K, %N] : memref<?xf32> -> tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %z : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  %e = math.exp %d : tensor<32x32xf32>
  tile.store %e, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  %x = tile.load %D[%row, %col] strides [%N, %c1] bounds [%M, %N] : memref<?xf32> -> tensor<32x32xf32>
  %y = math.exp %x : tensor<32x32xf32>
  tile.store %y, %D[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}

func.func private @unused_helper(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

func.func private @another_unused_helper(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %y = arith.muli %x, %c2 : index
  return %y : index
}
