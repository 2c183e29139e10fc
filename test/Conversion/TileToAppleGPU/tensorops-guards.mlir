// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=MSL
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | tile-translate --mlir-to-msl -o %t.metal
// RUN: %msl4_check %t.metal
// What the tensor-ops backend does the way Apple's examples and published
// Metal 4 code do (issue 25):
// - a staged matmul2d whose K is not a multiple of 32 takes the dynamic K
//   (a static one is reported to compute wrong results on macOS 26.1);
//   a K that is one keeps it static;
// - the cooperative accumulator is zeroed only where is_valid_element;
// - a cooperative store into a view clipped to the bounds is skipped when
//   the view is empty, like the matmul2d of an empty part.

// CHECK-LABEL: func.func @staged_k16
// CHECK: applegpu.cooperative_destination : !applegpu.cooperative_tensor<f32, #applegpu.matmul2d<m = 16, n = 16, k = dynamic, mode = multiply_accumulate, scope = simdgroup>, !applegpu.tensor<threadgroup, f16>, !applegpu.tensor<threadgroup, f16>>
// MSL-LABEL: void staged_k16(
// MSL: using matmul2d_0 = mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(16, 16, mpp::tensor_ops::dynamic_length_v<int>,
// MSL: auto [[CT:ct[0-9]+]] = matmul2d_0().get_destination_cooperative_tensor<
// MSL-NEXT: for (int [[I:i[0-9]+]] = 0; [[I]] < [[CT]].get_capacity(); ++[[I]])
// MSL-NEXT:   if ([[CT]].is_valid_element([[I]]))
// MSL-NEXT:     [[CT]][[[I]]] = 0.0f;
func.func @staged_k16(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant dense<2.0> : tensor<16x16xf16>
  %a = tile.load %A[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<16x16xf16>
  // Computed, so staged through threadgroup memory.
  %a2 = arith.mulf %a, %two : tensor<16x16xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a2, %b, %z : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @staged_k32
// CHECK: applegpu.cooperative_destination : !applegpu.cooperative_tensor<f32, #applegpu.matmul2d<m = 16, n = 16, k = 32, mode = multiply_accumulate, scope = simdgroup>
func.func @staged_k32(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %two = arith.constant dense<2.0> : tensor<16x32xf16>
  %a = tile.load %A[%c0, %c0] strides [%c32, %c1] : memref<?xf16> -> tensor<16x32xf16>
  %b = tile.load %B[%c0, %c0] strides [%c16, %c1] : memref<?xf16> -> tensor<32x16xf16>
  %a2 = arith.mulf %a, %two : tensor<16x32xf16>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tile.dot %a2, %b, %z : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xf32>
  tile.store %d, %C[%c0, %c0] strides [%c16, %c1] : tensor<16x16xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @bounded_store
// CHECK: applegpu.matmul2d %
// CHECK: %[[NONEMPTY:.*]] = arith.andi
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK-NEXT: %[[VIEW:.*]] = applegpu.make_tensor
// CHECK-NEXT: applegpu.cooperative_store %{{.*}}, %[[VIEW]]
// CHECK-NEXT: }
// MSL-LABEL: void bounded_store(
// MSL: matmul2d_0().run(
// MSL: if ((({{v[0-9]+}} > 0) && ({{v[0-9]+}} > 0))) {
// MSL-NEXT: tensor<device float, dextents<int32_t, 2>, tensor_inline> [[TV:tv[0-9]+]](
// MSL-NEXT: .store([[TV]]);
// MSL-NEXT: }
func.func @bounded_store(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                         %M: index, %N: index)
    attributes {tile.kernel, tile.simdgroups = array<i64: 1, 1>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %pm = tile.program_id x : index
  %row = arith.muli %pm, %c32 : index
  %a = tile.load %A[%row, %c0] strides [%c32, %c1] bounds [%M, %c32] : memref<?xf16> -> tensor<32x32xf16>
  %b = tile.load %B[%c0, %c0] strides [%N, %c1] bounds [%c32, %N] : memref<?xf16> -> tensor<32x32xf16>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %b, %z : tensor<32x32xf16>, tensor<32x32xf16> -> tensor<32x32xf32>
  tile.store %d, %C[%row, %c0] strides [%N, %c1] bounds [%M, %N] : tensor<32x32xf32>, memref<?xf32>
  return
}
