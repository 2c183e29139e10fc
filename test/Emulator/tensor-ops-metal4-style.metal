// A Metal 4 GEMM written the way published Metal 4 code writes one (not
// the way tile-mlir emits it): `using namespace mpp::tensor_ops;` and
// unqualified tensor-ops names, packed tensor views made from buffer
// pointers, a constexpr descriptor with a dynamic K, an op object at
// execution_simdgroups<4>, slices per threadgroup, a cooperative
// destination zeroed element by element behind is_valid_element, then
// stored. It must compile against the shim exactly as against Apple's
// headers (the same names in the same namespaces) and compute C = A x B.
//
// RUN: %msl4_check %s
// RUN: not %msl4_check -DONLY_METAL %s 2>&1 | FileCheck %s --check-prefix=ONLY-METAL
// RUN: tile-run %s --abi %S/Inputs/metal4_style_matmul.json --kernel tiled_matmul --grid 2,1 --arg A=f16:2560:ones --arg B=f16:2560:ones --arg C=f32:4096:zeros --arg M=64 --arg N=64 --arg K=40 --print C | FileCheck %s --check-prefix=TILED
// RUN: tile-run %s --abi %S/Inputs/metal4_style_matmul.json --kernel rows_of_16 --grid 1,2 --arg A=f16:768:ones --arg B=f16:768:ones --arg C=f32:1024:zeros --arg M=32 --arg N=32 --arg K=24 --print C | FileCheck %s --check-prefix=ROWS
//
// Without `using namespace mpp::tensor_ops;` the unqualified names are
// undeclared, as with Apple's compiler:
// ONLY-METAL-DAG: error: use of undeclared identifier 'matmul2d_descriptor'
// ONLY-METAL-DAG: error: use of undeclared identifier 'dynamic_length_v'
//
// TILED: ran tiled_matmul on the emulator: ok
// TILED-NEXT: C:{{( 40)+$}}
// ROWS: ran rows_of_16 on the emulator: ok
// ROWS-NEXT: C:{{( 24)+$}}

#include <metal_stdlib>
#include <metal_tensor>
#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
using namespace metal;
#ifndef ONLY_METAL
using namespace mpp::tensor_ops;
#endif

// The two spellings of one SIMD-group are one scope, as in Apple's headers.
static_assert(__is_same(execution_simdgroup, execution_simdgroups<1>));

constant constexpr int TILE_M = 64, TILE_N = 32;

// Four SIMD-groups, each threadgroup a 64 x 32 tile of C.
[[kernel]] void tiled_matmul(device half *A [[buffer(0)]],
                             device half *B [[buffer(1)]],
                             device float *C [[buffer(2)]],
                             constant uint &M [[buffer(3)]],
                             constant uint &N [[buffer(4)]],
                             constant uint &K [[buffer(5)]],
                             uint2 tgid [[threadgroup_position_in_grid]]) {
  // Row-major matrices: dimension 0 (the contiguous one) is the column.
  auto a = tensor<device half, dextents<int32_t, 2>, tensor_inline>(
      A, dextents<int32_t, 2>(K, M));
  auto b = tensor<device half, dextents<int32_t, 2>, tensor_inline>(
      B, dextents<int32_t, 2>(N, K));
  auto c = tensor<device float, dextents<int32_t, 2>, tensor_inline>(
      C, dextents<int32_t, 2>(N, M));

  constexpr auto desc = matmul2d_descriptor(
      TILE_M, TILE_N, dynamic_length_v<int>, false, false, false,
      matmul2d_descriptor::mode::multiply_accumulate);
  matmul2d<desc, execution_simdgroups<4>> op;

  auto tileA = a.slice(0, tgid.y * TILE_M);
  auto tileB = b.slice(tgid.x * TILE_N, 0);
  auto tileC = c.slice(tgid.x * TILE_N, tgid.y * TILE_M);

  static_assert(decltype(op)::descriptor.m == TILE_M &&
                __is_same(decltype(op)::scope, execution_simdgroups<4>));
  auto acc = op.get_destination_cooperative_tensor<decltype(tileA),
                                                   decltype(tileB), float>();
  for (uint16_t i = 0; i < acc.get_capacity(); ++i)
    if (acc.is_valid_element(i))
      acc[i] = 0;
  op.run(tileA, tileB, acc);
  acc.store(tileC);
}

// One SIMD-group per threadgroup, a 16 x 32 tile of C straight into a
// tensor view: the descriptor's K left to its default (read from the
// operands), the op named by its type.
[[kernel]] void rows_of_16(device half *A [[buffer(0)]],
                           device half *B [[buffer(1)]],
                           device float *C [[buffer(2)]],
                           constant uint &M [[buffer(3)]],
                           constant uint &N [[buffer(4)]],
                           constant uint &K [[buffer(5)]],
                           uint2 tgid [[threadgroup_position_in_grid]]) {
  tensor<device half, dextents<int32_t, 2>, tensor_inline> a(
      A, dextents<int32_t, 2>(K, M));
  tensor<device half, dextents<int32_t, 2>, tensor_inline> b(
      B, dextents<int32_t, 2>(N, K));
  tensor<device float, dextents<int32_t, 2>, tensor_inline> c(
      C, dextents<int32_t, 2>(N, M));
  using Op = matmul2d<matmul2d_descriptor(16, 32), execution_simdgroup>;
  auto rowsA = a.slice(0, tgid.y * 16);
  auto rowsC = c.slice(0, tgid.y * 16);
  Op().run(rowsA, b, rowsC);
}
