// The compile-time checks of the MSL 4.0 tensor headers of the shim
// (include/tile/Runtime/msl/metal_tensor and MetalPerformancePrimitives/):
// the valid kernel compiles as the emitted MSL is checked (%msl4_check: C++20
// with __METAL_VERSION__ 400); each misuse, enabled by a macro, is rejected
// with Apple's kind of message; without MSL 4.0 the headers say what to do.
//
// RUN: %msl4_check %s
// RUN: not %msl4_check -DBAD_NO_16 %s 2>&1 | FileCheck %s --check-prefix=NO16
// RUN: not %msl4_check -DBAD_M %s 2>&1 | FileCheck %s --check-prefix=BADM
// RUN: not %msl4_check -DBAD_N %s 2>&1 | FileCheck %s --check-prefix=BADN
// RUN: not %msl4_check -DBAD_LEFT %s 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: not %msl4_check -DBAD_RIGHT %s 2>&1 | FileCheck %s --check-prefix=RIGHT
// RUN: not %msl4_check -DBAD_OTHER_OP %s 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not %msl4_check -DBAD_MIX %s 2>&1 | FileCheck %s --check-prefix=MIX
// RUN: not %msl4_check -DBAD_CONST %s 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not %msl4_check -DBAD_TYPES %s 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not %msl4_check -DBAD_SCOPE %s 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: not %msl4_check -DBAD_TEMPORARY %s 2>&1 | FileCheck %s --check-prefix=TEMPORARY
// RUN: not %msl4_check -DBAD_UNQUALIFIED_K %s 2>&1 | FileCheck %s --check-prefix=UNQUALIFIED
// RUN: not %msl4_check -DBAD_METAL_K %s 2>&1 | FileCheck %s --check-prefix=METALK
// RUN: not %msl_check %s 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: not %msl_check -D__METAL_VERSION__=400 %s 2>&1 | FileCheck %s --check-prefix=CXX17
//
// NO16: error: static assertion failed{{.*}}matmul2d: at least one of m and n must be a multiple of 16
// BADM: error: static assertion failed{{.*}}matmul2d: m must be 1, 2, 4 or a multiple of 8
// BADN: error: static assertion failed{{.*}}matmul2d: n must be 1, 2, 4 or a multiple of 8
// LEFT: error: static assertion failed{{.*}}matmul2d::run: the left operand's type is not the Left type of the get_destination_cooperative_tensor<Left, Right, T> that made the destination
// RIGHT: error: static assertion failed{{.*}}matmul2d::run: the right operand's type is not the Right type
// OTHER: error: static assertion failed{{.*}}matmul2d::run: the destination cooperative tensor was made by another matmul2d
// MIX: error: static assertion failed{{.*}}matmul2d: Input types must match (half and bfloat operands cannot be mixed)
// CONST: error: static assertion failed{{.*}}matmul2d: tensor element types must not be const
// TYPES: error: static assertion failed{{.*}}matmul2d: unsupported element types (supported: half x half -> float or half, bfloat x bfloat -> float or bfloat, float x float -> float)
// SCOPE: error: static assertion failed{{.*}}matmul2d: the execution scope must be execution_simdgroup or execution_simdgroups<N>
// TEMPORARY: error: no matching member function for call to 'run'
// UNQUALIFIED: error: use of undeclared identifier 'dynamic_length_v'
// METALK: error: no template named 'dynamic_length_v' in namespace 'metal'
// VERSION: error: "<metal_tensor> needs Metal Shading Language 4.0: compile with -std=metal4.0
// VERSION: error: "<MetalPerformancePrimitives/MetalPerformancePrimitives.h> needs Metal Shading Language 4.0
// CXX17: error: "MSL 4.0 (__METAL_VERSION__ >= 400) needs C++20 on the host: compile with -std=c++20 -D__METAL_VERSION__=400"

#include <metal_stdlib>
#include <metal_simdgroup_matrix>
#include <metal_tensor>
#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>
using namespace metal;

#if defined(BAD_NO_16)
#define M_N 8, 8
#elif defined(BAD_M)
#define M_N 12, 16
#elif defined(BAD_N)
#define M_N 16, 3
#else
#define M_N 32, 16
#endif
#ifdef BAD_SCOPE
#define SCOPE execution_thread
#else
#define SCOPE execution_simdgroup
#endif

[[kernel]] void checks(device const half* A [[buffer(0)]],
                       device const float* F [[buffer(1)]],
                       device float* D [[buffer(2)]],
                       device const bfloat* H [[buffer(3)]],
                       uint t [[thread_index_in_threadgroup]]) {
  tensor<device half, dextents<int32_t, 2>, tensor_inline> a((device half*)A, dextents<int32_t, 2>(32, 32), array<int32_t, 2>({1, 32}));
  tensor<device float, dextents<int32_t, 2>, tensor_inline> f((device float*)F, dextents<int32_t, 2>(32, 32), array<int32_t, 2>({1, 32}));
  tensor<device bfloat, dextents<int32_t, 2>, tensor_inline> h((device bfloat*)H, dextents<int32_t, 2>(32, 32), array<int32_t, 2>({1, 32}));
  tensor<device float, dextents<int32_t, 2>, tensor_inline> d(D, dextents<int32_t, 2>(32, 32), array<int32_t, 2>({1, 32}));
  threadgroup half tg[1024];
  tg[t] = A[t];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  auto b = tensor(tg + 0, dextents<int32_t, 2>(16, 32), array<int32_t, 2>({1, 16}));
  auto c = mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), SCOPE>().get_destination_cooperative_tensor<tensor<device half, dextents<int32_t, 2>, tensor_inline>, decltype(b), float>();
  for (int i = 0; i < c.get_capacity(); ++i)
    c[i] = 0.0f;
#if defined(BAD_LEFT)
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), SCOPE>().run(f, b, c);
#elif defined(BAD_RIGHT)
  auto a16 = a.slice<16, 32>(0, 0);
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), SCOPE>().run(a, a16, c);
#elif defined(BAD_OTHER_OP)
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, true, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), SCOPE>().run(a, b, c);
#elif defined(BAD_MIX)
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply), SCOPE>().run(a, h, d);
#elif defined(BAD_CONST)
  tensor<device const half, dextents<int32_t, 2>, tensor_inline> ac(A, dextents<int32_t, 2>(32, 32), array<int32_t, 2>({1, 32}));
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply), SCOPE>().run(ac, b, d);
#elif defined(BAD_TEMPORARY)
  // Apple's run takes its operands by non-const lvalue reference.
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N), SCOPE>().run(a, b.slice(0, 0), c);
#elif defined(BAD_UNQUALIFIED_K)
  // dynamic_length_v is mpp::tensor_ops's, not metal's.
  constexpr int k = dynamic_length_v<int>;
#elif defined(BAD_METAL_K)
  constexpr int k = metal::dynamic_length_v<int>;
#elif defined(BAD_TYPES)
  auto ch = mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply), SCOPE>().get_destination_cooperative_tensor<decltype(f), decltype(f), half>();
  (void)ch;
#else
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, false, false, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), SCOPE>().run(a, b, c);
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, 32, false, false, true, mpp::tensor_ops::matmul2d_descriptor::mode::multiply), SCOPE>().run(f, f, d);
  mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(M_N, mpp::tensor_ops::dynamic_length_v<int>, true, true, false, mpp::tensor_ops::matmul2d_descriptor::mode::multiply), execution_simdgroups<4>>().run(h, h, d);
#endif
  for (int i = 0; i < c.get_capacity(); ++i) {
    if (!c.is_valid_element(i))
      continue;
    auto p = c.get_multidimensional_index(i);
    D[p[1] * 32 + p[0]] = c[i] + c.get(i);
    c.set(i, 0.0f);
  }
  c.store(d);
  c.load(d);
  D[0] = float(d.get_extent(0) + d.get_stride(1)) + float(d.get_rank());
}
