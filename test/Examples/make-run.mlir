// What `make run` prints (keep in sync with the Makefile): the GEMM example
// through the tile-to-applegpu pipeline and the MSL translation. The output
// compiles against the shim and is the same on every run.
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.1.metal
// RUN: tile-opt %tile_src_root/examples/gemm.mlir --tile-to-applegpu=target=apple9 | tile-translate --mlir-to-msl > %t.2.metal
// RUN: cmp %t.1.metal %t.2.metal
// RUN: %msl_check %t.1.metal
// RUN: FileCheck %s < %t.1.metal

// CHECK:      #include <metal_stdlib>
// CHECK:      // kernel matmul ABI:
// CHECK-NEXT: //   {{\[\[}}buffer(0)]] A: device const float* (read)
// CHECK-NEXT: //   {{\[\[}}buffer(1)]] B: device const float* (read)
// CHECK-NEXT: //   {{\[\[}}buffer(2)]] C: device float* (write)
// CHECK-NEXT: //   {{\[\[}}buffer(3)]] M: constant uint&
// CHECK-NEXT: //   {{\[\[}}buffer(4)]] N: constant uint&
// CHECK-NEXT: //   {{\[\[}}buffer(5)]] K: constant uint&
// CHECK-NEXT: //   threads per threadgroup: 128 x 1 x 1
// CHECK-NEXT: //   threadgroup memory: 17920 bytes
// CHECK-NEXT: //   threadgroups per grid: ceildiv(M, 64) x ceildiv(N, 64) x 1
// CHECK-NEXT: //   target: apple9
// CHECK:      {{\[\[}}kernel]] void matmul(
// CHECK:          uint sgid {{\[\[}}simdgroup_index_in_threadgroup]],
// CHECK:        threadgroup float [[TGA:tg[0-9]+]][2304];
// CHECK:        threadgroup float [[TGB:tg[0-9]+]][2176];
// CHECK:        for (int [[K:i[0-9]+]] =
// CHECK:          threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK:          simdgroup_load({{v[0-9]+}}, &[[TGA]][{{v[0-9]+}}], {{v[0-9]+}}, ulong2(0, 0), false);
// CHECK:          simdgroup_multiply_accumulate(
// CHECK:          threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK:        simdgroup_store(
// CHECK:        .thread_elements()[1];
