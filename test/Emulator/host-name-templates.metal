// A templated kernel instantiated under host names, in both spellings real
// code uses (the explicit instantiation with its parameter list, and MLX's
// decltype form); tile-run --kernel selects by host name, also without an
// ABI file. A file with several kernels needs --kernel. (C++ allows no
// attributes on an explicit instantiation: such a file compiles only
// through the emulator, which drops them.)
// RUN: tile-run %s --kernel axpy_f32 --threads-per-threadgroup 8 --grid 1 --arg x=f32:8:ones --arg y=f32:8:ones --arg a=3.0 --print y | FileCheck %s --check-prefix=F32
// F32: ran axpy_f32 on the emulator: ok
// F32-NEXT: y: 4 4 4 4 4 4 4 4
// RUN: tile-run %s --kernel axpy_f16 --threads-per-threadgroup 8 --grid 1 --arg x=f16:8:ones --arg y=f16:8:ones --arg a=0.5 --print y | FileCheck %s --check-prefix=F16
// F16: ran axpy_f16 on the emulator: ok
// F16-NEXT: y: 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
// RUN: tile-run %s --kernel copy --threads-per-threadgroup 8 --grid 1 --arg x=f32:8:ones --arg y=f32:8:zeros --print y | FileCheck %s --check-prefix=COPY
// COPY: y: 1 1 1 1 1 1 1 1
// RUN: not tile-run %s --threads-per-threadgroup 8 --grid 1 2>&1 | FileCheck %s --check-prefix=WHICH
// WHICH: tile-run: {{.*}}host-name-templates.metal: the source has several kernels ('axpy_f32', 'axpy_f16', 'copy'): choose one
// RUN: not tile-run %s --kernel axpy --threads-per-threadgroup 8 --grid 1 2>&1 | FileCheck %s --check-prefix=TEMPLATE
// TEMPLATE: tile-run: {{.*}}: no kernel 'axpy' in the source (its kernels: 'axpy_f32', 'axpy_f16', 'copy'; one made by a macro needs --abi)

#include <metal_stdlib>
using namespace metal;

template <typename T>
[[kernel]] void axpy(device const T* x [[buffer(0)]],
                     device T* y [[buffer(1)]],
                     constant T& a [[buffer(2)]],
                     uint i [[thread_position_in_grid]]) {
  y[i] = a * x[i] + y[i];
}

template [[host_name("axpy_f32")]] [[kernel]] void axpy<float>(
    device const float* x [[buffer(0)]], device float* y [[buffer(1)]],
    constant float& a [[buffer(2)]], uint i [[thread_position_in_grid]]);
template [[host_name("axpy_f16")]] [[kernel]] decltype(axpy<half>) axpy<half>;

[[kernel, max_total_threads_per_threadgroup(64)]]
void copy(device const float* x [[buffer(0)]],
                 device float* y [[buffer(1)]],
                 uint i [[thread_position_in_grid]]) {
  y[i] = x[i];
}
