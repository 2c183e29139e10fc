// RUN: not tile-opt %s --tile-assign-layouts=target=apple9 --convert-tile-to-applegpu=target=apple10 2>&1 | FileCheck %s
// Layouts chosen for one backend are not lowered with the other.
// CHECK: error: the kernel's layouts are for the simdgroup_matrix backend, but backend=auto on apple10 means the tensor-ops backend; run tile-assign-layouts with the same target and backend
func.func @mismatch(%A: memref<?xf16>, %C: memref<?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %a, %z : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  tile.store %d, %C[%c0, %c0] strides [%c32, %c1] : tensor<32x32xf32>, memref<?xf32>
  return
}
