// RUN: tile-opt %s --tile-for-range-to-scf --canonicalize --tile-assign-layouts=target=apple10 | FileCheck %s --check-prefix=LAYOUTS
// RUN: tile-opt %s --tile-for-range-to-scf --canonicalize --tile-assign-layouts=target=apple10 --canonicalize --convert-tile-to-applegpu=target=apple10 | FileCheck %s
// RUN: tile-opt %s --tile-to-applegpu=target=apple10 | tile-translate --mlir-to-msl | FileCheck %s --check-prefix=MSL
// RUN: tile-opt %s "--tile-to-applegpu=target=apple8 backend=tensorops" | tile-translate --mlir-to-msl -o %t.metal
// RUN: %msl4_check %t.metal
// The tensor-ops backend (target apple10, or backend=tensorops): the dot's
// loaded operands are read through device tensor views, the accumulator is a
// cooperative tensor updated in place by one matmul2d per SIMD group, the
// epilogue runs per valid cooperative element, and the result is stored
// element by element (it is not the accumulator itself).

// LAYOUTS-LABEL: func.func @gemm_f16_bias
// LAYOUTS: tile.load {{.*}} -> tensor<64x32xf16, #applegpu.view>
// LAYOUTS: tile.load {{.*}} -> tensor<32x64xf16, #applegpu.view>
// LAYOUTS: tile.dot {{.*}} -> tensor<64x64xf32, #applegpu.cooperative<simdgroups = [2, 2]>>
// LAYOUTS: tile.convert_layout {{.*}} -> tensor<64xf32, #applegpu.slice<dim = 0, size = 64, parent = #applegpu.cooperative<simdgroups = [2, 2]>>>

// CHECK-LABEL: func.func @gemm_f16_bias
// CHECK: %[[ACC:.*]] = applegpu.cooperative_destination : !applegpu.cooperative_tensor<f32, #applegpu.matmul2d<m = 32, n = 32, k = dynamic, transpose_right, mode = multiply_accumulate, scope = simdgroup>, !applegpu.tensor<device, f16>, !applegpu.tensor<device, f16>>
// CHECK: applegpu.cooperative_fill %[[ACC]], %{{.*}}
// CHECK: scf.for
// A SIMD group's view starts at its origin clamped to the bounds: a view
// past M is empty and never read, but row * K must not overflow (issue 25).
// CHECK:   %[[AROW:.*]] = arith.minsi %{{.*}}, %arg4 : index
// CHECK-NEXT: arith.muli %[[AROW]], %arg6 : index
// CHECK:   scf.if
// CHECK:     %[[A:.*]] = applegpu.make_tensor %arg0[%{{.*}}] extents [%{{.*}}, %{{.*}}] strides [%c1, %arg6]
// CHECK:     %[[B:.*]] = applegpu.make_tensor %arg1[%{{.*}}] extents [%{{.*}}, %{{.*}}] strides [%c1, %arg6]
// CHECK:     applegpu.matmul2d %[[A]], %[[B]], %[[ACC]]
// CHECK: %[[CAP:.*]] = applegpu.cooperative_capacity %[[ACC]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[CAP]]
// CHECK:   applegpu.cooperative_is_valid %[[ACC]][%[[I]]]
// CHECK:   applegpu.cooperative_position %[[ACC]][%[[I]]]
// CHECK:   applegpu.cooperative_get %[[ACC]][%[[I]]]
// CHECK:   arith.addf
// CHECK:   arith.maximumf
// CHECK:   memref.store

// MSL: #include <metal_tensor>
// MSL: #include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
// MSL: MSL 4.0 (-std=metal4.0
// MSL: using matmul2d_0 = mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(32, 32, mpp::tensor_ops::dynamic_length_v<int>, false, true, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), execution_simdgroup>;
// MSL: auto [[CT:ct[0-9]+]] = matmul2d_0().get_destination_cooperative_tensor<tensor<device half, dextents<int32_t, 2>, tensor_inline>, tensor<device half, dextents<int32_t, 2>, tensor_inline>, float>();
// MSL: tensor<device half, dextents<int32_t, 2>, tensor_inline> [[TA:tv[0-9]+]]((device half*)A + {{.*}}, dextents<int32_t, 2>({{.*}}), array<int32_t, 2>({{.*}}));
// MSL: matmul2d_0().run([[TA]], {{tv[0-9]+}}, [[CT]]);
// MSL: [[CT]].get_capacity()
// MSL: [[CT]].is_valid_element(
// MSL: [[CT]].get_multidimensional_index(
func.func @gemm_f16_bias(%A: memref<?xf16>, %Bt: memref<?xf16>, %C: memref<?xf32>,
                         %Bias: memref<?xf32>, %M: index, %N: index, %K: index)
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
    %a = tile.load %A[%row, %k] strides [%K, %c1] bounds [%M, %K] : memref<?xf16> -> tensor<64x32xf16>
    // B given transposed (N x K row-major): unit stride along the tile's rows.
    %b = tile.load %Bt[%k, %col] strides [%c1, %K] bounds [%K, %N] : memref<?xf16> -> tensor<32x64xf16>
    %d = tile.dot %a, %b, %a0 : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    tile.yield %d : tensor<64x64xf32>
  }
  %bias = tile.load %Bias[%col] bounds [%N] : memref<?xf32> -> tensor<64xf32>
  %bias2d = tile.broadcast %bias dim 1 : tensor<64xf32> -> tensor<64x64xf32>
  %sum = arith.addf %acc, %bias2d : tensor<64x64xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %relu = arith.maximumf %sum, %z : tensor<64x64xf32>
  tile.store %relu, %C[%row, %col] strides [%N, %c1] bounds [%M, %N] : tensor<64x64xf32>, memref<?xf32>
  return
}
