// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// The Metal 4 tensor-ops types, attributes and ops round-trip, also through
// the generic form.

!dev = memref<?xf16>
!tg = memref<2048xf16, #applegpu.address_space<threadgroup>>
!view = !applegpu.tensor<device, f16>
!tgview = !applegpu.tensor<threadgroup, f16>
#op = #applegpu.matmul2d<m = 32, n = 16, k = dynamic, transpose_right, mode = multiply_accumulate, scope = simdgroup>
!acc = !applegpu.cooperative_tensor<f32, #op, !view, !tgview>

// CHECK-LABEL: func.func @tensor_ops
func.func @tensor_ops(%A: !dev, %C: memref<?xf32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %tg = applegpu.alloc_threadgroup : !tg
  // CHECK: applegpu.make_tensor %{{.*}}[%{{.*}}] extents [%{{.*}}, %{{.*}}] strides [%{{.*}}, %{{.*}}] : memref<?xf16> -> !applegpu.tensor<device, f16>
  %a = applegpu.make_tensor %A[%i] extents [%n, %n] strides [%c1, %n] : !dev -> !view
  // CHECK: applegpu.make_tensor {{.*}} -> !applegpu.tensor<threadgroup, f16>
  %b = applegpu.make_tensor %tg[%c0] extents [%n, %n] strides [%c1, %n] : !tg -> !tgview
  // CHECK: applegpu.tensor_slice %{{.*}}[%{{.*}}, %{{.*}}] : !applegpu.tensor<device, f16>
  %s = applegpu.tensor_slice %a[%c0, %i] : !view
  // CHECK: applegpu.tensor_slice %{{.*}}[%{{.*}}, %{{.*}}] sizes [32, 16] : !applegpu.tensor<device, f16> -> !applegpu.tensor<device, f16, 32x16>
  %t = applegpu.tensor_slice %a[%c0, %i] sizes [32, 16] : !view -> !applegpu.tensor<device, f16, 32x16>
  // CHECK: %[[ACC:.*]] = applegpu.cooperative_destination : !applegpu.cooperative_tensor<f32, #applegpu.matmul2d<m = 32, n = 16, k = dynamic, transpose_right, mode = multiply_accumulate, scope = simdgroup>, !applegpu.tensor<device, f16>, !applegpu.tensor<threadgroup, f16>>
  %acc = applegpu.cooperative_destination : !acc
  // CHECK: applegpu.cooperative_fill %[[ACC]], %{{.*}} : !applegpu.cooperative_tensor<{{.*}}>, f32
  applegpu.cooperative_fill %acc, %zero : !acc, f32
  // CHECK: applegpu.matmul2d %{{.*}}, %{{.*}}, %[[ACC]] {op = #applegpu.matmul2d<m = 32, n = 16, k = dynamic, transpose_right, mode = multiply_accumulate, scope = simdgroup>}
  applegpu.matmul2d %s, %b, %acc {op = #op} : !view, !tgview, !acc
  // CHECK: applegpu.cooperative_capacity %[[ACC]]
  %cap = applegpu.cooperative_capacity %acc : !acc
  // CHECK: applegpu.cooperative_is_valid %[[ACC]][%{{.*}}]
  %ok = applegpu.cooperative_is_valid %acc[%c0] : !acc
  // CHECK: applegpu.cooperative_position %[[ACC]][%{{.*}}]
  %row, %col = applegpu.cooperative_position %acc[%c0] : !acc
  // CHECK: applegpu.cooperative_get %[[ACC]][%{{.*}}] : {{.*}} -> f32
  %x = applegpu.cooperative_get %acc[%c0] : !acc -> f32
  // CHECK: applegpu.cooperative_set %{{.*}}, %[[ACC]][%{{.*}}] : f32, !applegpu.cooperative_tensor
  applegpu.cooperative_set %x, %acc[%cap] : f32, !acc
  %cv = applegpu.make_tensor %C[%i] extents [%n, %n] strides [%c1, %n] : memref<?xf32> -> !applegpu.tensor<device, f32>
  // CHECK: applegpu.cooperative_load %[[ACC]], %{{.*}} : {{.*}}, !applegpu.tensor<device, f32>
  applegpu.cooperative_load %acc, %cv : !acc, !applegpu.tensor<device, f32>
  // CHECK: applegpu.cooperative_store %[[ACC]], %{{.*}} : {{.*}}, !applegpu.tensor<device, f32>
  applegpu.cooperative_store %acc, %cv : !acc, !applegpu.tensor<device, f32>
  // A tensor destination and the other scopes and flags.
  // CHECK: applegpu.matmul2d {{.*}} {op = #applegpu.matmul2d<m = 16, n = 64, k = 32, transpose_left, relaxed_precision, mode = multiply, scope = simdgroups<4>>}
  %f = applegpu.make_tensor %C[%i] extents [%n, %n] strides [%c1, %n] : memref<?xf32> -> !applegpu.tensor<device, f32>
  applegpu.matmul2d %a, %a, %f {op = #applegpu.matmul2d<m = 16, n = 64, k = 32, transpose_left, relaxed_precision, mode = multiply, scope = simdgroups<4>>} : !view, !view, !applegpu.tensor<device, f32>
  return
}

// CHECK-LABEL: func.func @layouts
// CHECK-SAME: tensor<64x64xf32, #applegpu.cooperative<simdgroups = [2, 2]>>
// CHECK-SAME: tensor<64x32xf16, #applegpu.view>
// CHECK-SAME: tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.cooperative<simdgroups = [2, 2]>>>
func.func @layouts(%a: tensor<64x64xf32, #applegpu.cooperative<simdgroups = [2, 2]>>,
                   %b: tensor<64x32xf16, #applegpu.view>,
                   %c: tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.cooperative<simdgroups = [2, 2]>>>) {
  return
}
