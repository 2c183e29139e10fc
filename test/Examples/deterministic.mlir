// The same input always gives byte-identical output, through every pass.
// RUN: tile-opt %tile_src_root/examples/gemm_relu.mlir --tile-unroll=factor=3 --canonicalize --cse --tile-for-range-to-scf > %t.a
// RUN: tile-opt %tile_src_root/examples/gemm_relu.mlir --tile-unroll=factor=3 --canonicalize --cse --tile-for-range-to-scf > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s < %t.a

// CHECK-LABEL: func.func @matmul_relu
// CHECK-COUNT-2: scf.for
// CHECK:         arith.maximumf
